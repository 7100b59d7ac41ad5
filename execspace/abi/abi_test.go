package abi

import "testing"

func TestReduceOps(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ops   []ReduceOp
		op    ReduceOp
		has   bool
		names string
	}{
		{"none", nil, OpSum, false, "none"},
		{"supported", []ReduceOp{OpSum, OpMin, OpMax, OpCustom}, OpMax, true, "sum, min, max, custom"},
		{"unsupported", []ReduceOp{OpSum, OpMin, OpMax}, OpProd, false, "sum, min, max"},
		{"loc", []ReduceOp{OpMinLoc, OpMaxLoc}, OpMaxLoc, true, "minloc, maxloc"},
		{"host only", []ReduceOp{OpSum}, OpHostOnly, false, "sum"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &KernelSpec{Form: FormReduce, ReduceOps: tc.ops}
			if got := s.HasReduceOp(tc.op); got != tc.has {
				t.Errorf("HasReduceOp(%s) = %v, want %v", tc.op, got, tc.has)
			}
			if got := s.ReduceOpsString(); got != tc.names {
				t.Errorf("ReduceOpsString() = %q, want %q", got, tc.names)
			}
		})
	}
}

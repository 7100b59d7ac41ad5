package frontend

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/interp"
	"github.com/gokkos/gokkos/kernelc/ir"
	"github.com/gokkos/gokkos/views"
)

func TestCrossPackageInstantiation(t *testing.T) {
	res, err := Load(Config{Dir: filepath.Join("testdata", "xpkg", "user")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatal(res.Errors)
	}
	names := map[string]*ir.Kernel{}
	for _, k := range res.Kernels {
		names[k.IR.Name] = k.IR
	}
	f := names["tmpl.Frontier[user.bump]"]
	if f == nil {
		t.Fatalf("instantiation not translated; kernels: %v", names)
	}
	if f.Form != abi.FormRange {
		t.Errorf("form %s", f.Form)
	}
	if !strings.HasPrefix(f.Pos, "kernelc/frontend/testdata/xpkg/tmpl/tmpl.go:") {
		t.Errorf("Pos %q", f.Pos)
	}
	var params []string
	for _, p := range f.Params {
		params = append(params, p.Name)
	}
	if want := []string{"Op.By", "Dist"}; !slices.Equal(params, want) {
		t.Errorf("params %v, want %v", params, want)
	}
	if !slices.Equal(f.Params[0].Field, []int{0, 0}) || f.Params[0].Kind != abi.KindInt32 {
		t.Errorf("Op.By param %+v", f.Params[0].Param)
	}
	if !f.Params[1].Written {
		t.Error("Dist is written but not marked")
	}
	dump := f.String()
	if !strings.Contains(dump, "%k.Op.By") || !strings.Contains(dump, "% 2:i32") {
		t.Errorf("operator not inlined:\n%s", dump)
	}
}

func TestAnalysis(t *testing.T) {
	res, err := Load(Config{Dir: filepath.Join("testdata", "xpkg", "user")})
	if err != nil {
		t.Fatal(err)
	}
	var k *ir.Kernel
	for _, x := range res.Kernels {
		if x.IR.Name == "user.Stats" {
			k = x.IR
		}
	}
	if k == nil {
		t.Fatal("user.Stats not translated")
	}
	tests := []struct {
		param   string
		written bool
	}{{"X", false}, {"Y", false}, {"W", true}}
	for i, tc := range tests {
		t.Run(tc.param, func(t *testing.T) {
			p := k.Params[i]
			if p.Name != tc.param || p.Written != tc.written {
				t.Errorf("param %s written=%v, want %s written=%v", p.Name, p.Written, tc.param, tc.written)
			}
		})
	}
	ro := 0
	ir.Walk(k.Body, func(s ir.Stmt) bool {
		if ld, ok := s.(*ir.Load); ok && ld.ReadOnly {
			ro++
		}
		return true
	})
	if ro != 2 {
		t.Errorf("%d read-only loads, want 2", ro)
	}
	if k.Init == nil || k.Join == nil {
		t.Fatal("Init/Join not translated")
	}
	want := []abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax, abi.OpCustom}
	if !slices.Equal(k.ReduceOps, want) {
		t.Errorf("ReduceOps %v, want %v", k.ReduceOps, want)
	}
	if k.Value != (abi.Value{Kind: abi.KindFloat64}) {
		t.Errorf("Value %+v", k.Value)
	}
}

// TestPointerAliases checks that the pointer uses the kernel subset allows translate and
// update the accumulator: aliases, pointer parameters and results, pointer receivers.
func TestPointerAliases(t *testing.T) {
	res, err := Load(Config{Dir: filepath.Join("testdata", "alias")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 {
		t.Fatal(res.Errors)
	}
	if len(res.Kernels) != 1 {
		t.Fatalf("%d kernels, want 1", len(res.Kernels))
	}
	k := res.Kernels[0].IR
	const n = 20
	x := views.New1D[float64]("x", n)
	want := 0.0
	for i := range n {
		x.Set(i, float64(i))
		want += float64(i) + 10
	}
	mem := &interp.Memory{}
	slots, err := interp.Bind(k, struct{ X views.View1D[float64] }{x}, mem)
	if err != nil {
		t.Fatal(err)
	}
	r, err := interp.Run(k, slots, mem, interp.Config{Begin: 0, End: n, Op: abi.OpSum})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Float(abi.KindFloat64); got != want {
		t.Errorf("sum %v, want %v\n%s", got, want, k)
	}
}

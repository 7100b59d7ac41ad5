package prefetch

import (
	"testing"
	"unsafe"
)

// TestLineNeverFaults asks for lines at addresses a load would fault on (nil, an unmapped
// page, a non-canonical address) and at ordinary ones, with Line, four at a time in every
// position with Lines4, and with Elements at indices far outside the arrays, and checks that
// memory reads the same after. The pointers are made outside any allocation on purpose, so the race detector's
// pointer checks are off for this function.
//
//go:nocheckptr
func TestLineNeverFaults(t *testing.T) {
	data := []int64{1, 2, 3}
	cases := []struct {
		name string
		p    unsafe.Pointer
	}{
		{"nil", nil},
		{"low page", unsafe.Add(nil, 8)},
		{"non-canonical", unsafe.Add(nil, 1<<62)},
		{"slice element", unsafe.Pointer(&data[1])},
		{"one past the end", unsafe.Add(unsafe.Pointer(&data[2]), 8)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			Line(c.p)
			ok := unsafe.Pointer(&data[0])
			Lines4(c.p, ok, ok, ok)
			Lines4(ok, c.p, ok, ok)
			Lines4(ok, ok, c.p, ok)
			Lines4(ok, ok, ok, c.p)
			idx := []int32{0, 2, -1, 1 << 30, -1 << 31}
			Elements(c.p, ok, ok, idx)
			Elements(ok, c.p, c.p, idx)
			Elements(c.p, c.p, c.p, nil)
			if data[0] != 1 || data[1] != 2 || data[2] != 3 {
				t.Fatalf("data changed to %v", data)
			}
		})
	}
}

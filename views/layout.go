package views

import "fmt"

// Layout says how a View2D maps (i, j) to memory.
type Layout uint8

const (
	// LayoutRight is row-major: j varies fastest (C order). It is the zero value and the host's
	// natural layout.
	LayoutRight Layout = iota
	// LayoutLeft is column-major: i varies fastest (Fortran order), the layout that gives
	// coalesced access on GPUs when consecutive threads take consecutive i.
	LayoutLeft
)

// String returns "LayoutRight" or "LayoutLeft", or "Layout(n)" for a value that is neither.
func (l Layout) String() string {
	switch l {
	case LayoutRight:
		return "LayoutRight"
	case LayoutLeft:
		return "LayoutLeft"
	}
	return fmt.Sprintf("Layout(%d)", uint8(l))
}

// checkLayout rejects a Layout value that is neither LayoutRight nor LayoutLeft.
func checkLayout(fn, label string, l Layout) error {
	if l != LayoutRight && l != LayoutLeft {
		return fmt.Errorf("views: %s %q: invalid layout %v; want LayoutRight or LayoutLeft", fn, label, l)
	}
	return nil
}

func strides(l Layout, n0, n1 int) (s0, s1 int) {
	if l == LayoutLeft {
		return 1, n0
	}
	return n1, 1
}

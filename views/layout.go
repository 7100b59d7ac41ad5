package views

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

// String returns "LayoutRight" or "LayoutLeft".
func (l Layout) String() string {
	if l == LayoutLeft {
		return "LayoutLeft"
	}
	return "LayoutRight"
}

func strides(l Layout, n0, n1 int) (s0, s1 int) {
	if l == LayoutLeft {
		return 1, n0
	}
	return n1, 1
}

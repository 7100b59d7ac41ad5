package views

import (
	"fmt"
	"unsafe"

	"github.com/gokkos/gokkos/internal/prefetch"
)

// View2D is a two-dimensional view of n0 × n1 elements of type T in a memory space, in
// LayoutRight (row-major) or LayoutLeft (column-major). Copies share elements. The zero View2D is
// empty. Concurrency and space rules are those of View1D.
type View2D[T Scalar] struct {
	ptr    unsafe.Pointer
	dev    uintptr
	n0, n1 int
	hn0    int // n0 when host-accessible, else 0
	s0, s1 int // strides in elements
	layout Layout
	a      *alloc
}

// New2D allocates a zero-filled host view of n0 × n1 elements. It panics if an extent is
// negative, the size overflows or exceeds the host's memory, or layout is neither LayoutRight
// nor LayoutLeft.
func New2D[T Scalar](label string, n0, n1 int, layout Layout) View2D[T] {
	n, err := product2D("New2D", label, n0, n1)
	if err == nil {
		err = checkLayout("New2D", label, layout)
	}
	if err == nil {
		err = checkHostAlloc[T]("New2D", label, n)
	}
	if err != nil {
		panic(err.Error())
	}
	return hostView2D(label, hostData[T](n), n0, n1, layout, false)
}

// Wrap2D returns a host view of n0 × n1 elements over data without copying. It panics if data
// does not have exactly n0*n1 elements or layout is neither LayoutRight nor LayoutLeft.
func Wrap2D[T Scalar](label string, data []T, n0, n1 int, layout Layout) View2D[T] {
	n, err := product2D("Wrap2D", label, n0, n1)
	if err == nil {
		err = checkLayout("Wrap2D", label, layout)
	}
	if err != nil {
		panic(err.Error())
	}
	if len(data) != n {
		panic(fmt.Sprintf("views: Wrap2D %q: %d elements for a %d×%d view", label, len(data), n0, n1))
	}
	return hostView2D(label, data, n0, n1, layout, true)
}

func hostView2D[T Scalar](label string, data []T, n0, n1 int, layout Layout, unmanaged bool) View2D[T] {
	s0, s1 := strides(layout, n0, n1)
	v := View2D[T]{n0: n0, n1: n1, hn0: n0, s0: s0, s1: s1, layout: layout, a: newHostAlloc(label, data, unmanaged)}
	if len(data) > 0 {
		v.ptr = unsafe.Pointer(&data[0])
	}
	return v
}

func product2D(fn, label string, n0, n1 int) (int, error) {
	if err := checkExtent(fn, label, n0); err != nil {
		return 0, err
	}
	if err := checkExtent(fn, label, n1); err != nil {
		return 0, err
	}
	if n1 != 0 && n0 > (1<<62)/n1 {
		return 0, fmt.Errorf("views: %s: %d×%d elements overflow for view %q", fn, n0, n1, label)
	}
	return n0 * n1, nil
}

// Alloc2D allocates a zero-filled n0 × n1 view in space. Errors are those of Alloc1D, and a
// layout that is neither LayoutRight nor LayoutLeft.
func Alloc2D[T Scalar](space MemorySpace, label string, n0, n1 int, layout Layout) (View2D[T], error) {
	n, err := product2D("Alloc2D", label, n0, n1)
	if err == nil {
		err = checkLayout("Alloc2D", label, layout)
	}
	if err != nil {
		return View2D[T]{}, err
	}
	flat, err := Alloc1D[T](space, label, n)
	if err != nil {
		return View2D[T]{}, err
	}
	s0, s1 := strides(layout, n0, n1)
	return View2D[T]{ptr: flat.ptr, dev: flat.devAddr(), n0: n0, n1: n1, hn0: min(int(flat.hn), n0), s0: s0, s1: s1, layout: layout, a: flat.al()}, nil
}

// Label returns the view's label.
func (v View2D[T]) Label() string {
	if v.a == nil {
		return ""
	}
	return v.a.label
}

// Space returns the view's memory space.
func (v View2D[T]) Space() MemorySpace {
	if v.a == nil {
		return HostSpace
	}
	return v.a.space
}

// Layout returns the view's layout.
func (v View2D[T]) Layout() Layout { return v.layout }

// Len returns the number of elements, n0 × n1.
func (v View2D[T]) Len() int { return v.n0 * v.n1 }

// Extent returns the extent of dimension d (0 or 1).
func (v View2D[T]) Extent(d int) int {
	switch d {
	case 0:
		return v.n0
	case 1:
		return v.n1
	}
	panic(fmt.Sprintf("views: Extent(%d) of two-dimensional view %q", d, v.Label()))
}

// Stride returns the distance in elements between neighbours along dimension d (0 or 1).
func (v View2D[T]) Stride(d int) int {
	if d == 0 {
		return v.s0
	}
	return v.s1
}

// At returns element (i, j). It panics if an index is out of range, the view is not
// host-accessible, or it was freed.
func (v View2D[T]) At(i, j int) T {
	// At is a call anyway (beyond the inlining budget), so it also checks for freed views.
	if uint(i) >= uint(v.hn0) || uint(j) >= uint(v.n1) || v.a.freed.Load() { // hn0 > 0 implies a
		outOfRange2D(v.a, i, j, v.n0, v.n1)
	}
	return *(*T)(unsafe.Add(v.ptr, uintptr(i*v.s0+j*v.s1)*unsafe.Sizeof(*new(T))))
}

// Prefetch asks the memory system for the cache line of element (i, j) ahead of a load of it,
// as View1D.Prefetch does: a hint that never panics and changes no value.
func (v View2D[T]) Prefetch(i, j int) {
	if uint(i) < uint(v.hn0) && uint(j) < uint(v.n1) {
		prefetch.Line(unsafe.Add(v.ptr, uintptr(i*v.s0+j*v.s1)*unsafe.Sizeof(*new(T))))
	}
}

// Set stores x in element (i, j), with the checks of At.
func (v View2D[T]) Set(i, j int, x T) {
	if uint(i) >= uint(v.hn0) || uint(j) >= uint(v.n1) || v.a.freed.Load() { // hn0 > 0 implies a
		outOfRange2D(v.a, i, j, v.n0, v.n1)
	}
	*(*T)(unsafe.Add(v.ptr, uintptr(i*v.s0+j*v.s1)*unsafe.Sizeof(*new(T)))) = x
}

// outOfRange2D is outOfRange for two-dimensional views over allocation a.
//
//go:noinline
func outOfRange2D(a *alloc, i, j, n0, n1 int) {
	label := ""
	if a != nil {
		label = a.label
		if a.freed.Load() {
			panic(freedMessage(label, fmt.Sprintf("(%d, %d)", i, j)))
		}
		if !a.space.HostAccessible() {
			panic(fmt.Sprintf("views: view %q lives in %s memory and cannot be accessed on the host (index (%d, %d)); copy it to a host mirror with DeepCopy", label, a.space.Name(), i, j))
		}
	}
	panic(fmt.Sprintf("views: index (%d, %d) out of range for view %q of extents (%d, %d)", i, j, label, n0, n1))
}

// Row returns row i as a View1D sharing memory (contiguous in LayoutRight).
func (v View2D[T]) Row(i int) View1D[T] {
	if uint(i) >= uint(v.n0) {
		panic(fmt.Sprintf("views: row %d out of range for view %q of extents (%d, %d)", i, v.Label(), v.n0, v.n1))
	}
	return v.line(i*v.s0, v.n1, v.s1)
}

// Col returns column j as a View1D sharing memory (contiguous in LayoutLeft).
func (v View2D[T]) Col(j int) View1D[T] {
	if uint(j) >= uint(v.n1) {
		panic(fmt.Sprintf("views: column %d out of range for view %q of extents (%d, %d)", j, v.Label(), v.n0, v.n1))
	}
	return v.line(j*v.s1, v.n0, v.s0)
}

func (v View2D[T]) line(off, n, stride int) View1D[T] {
	r := View1D[T]{sb: stride * int(sizeOf[T]())}
	boff := uintptr(off) * sizeOf[T]()
	if v.ptr != nil {
		r.hn = uint(n)
		r.ptr = unsafe.Add(v.ptr, boff)
		r.d = &desc{a: v.a, n: n}
	} else {
		r.d = &desc{a: v.a, n: n, dev: v.dev + boff}
	}
	return r
}

// Flat returns the elements as a View1D in memory order. It panics if the view is not
// contiguous (a subview).
func (v View2D[T]) Flat() View1D[T] {
	if !v.contiguous() {
		panic(fmt.Sprintf("views: Flat of non-contiguous view %q", v.Label()))
	}
	return v.line(0, v.Len(), 1)
}

func (v View2D[T]) contiguous() bool {
	if v.layout == LayoutRight {
		return v.s1 == 1 && (v.s0 == v.n1 || v.n0 <= 1)
	}
	return v.s0 == 1 && (v.s1 == v.n0 || v.n1 <= 1)
}

// Fill sets every element to x.
func (v View2D[T]) Fill(x T) error {
	if v.contiguous() {
		return v.Flat().Fill(x)
	}
	for i := 0; i < v.n0; i++ {
		if err := v.Row(i).Fill(x); err != nil {
			return err
		}
	}
	return nil
}

// Free releases the view's memory now; see View1D.Free. Element access (At, Set, AtomicAdd) on
// a freed View2D panics in every build.
func (v View2D[T]) Free() { v.a.free() }

// String describes the view.
func (v View2D[T]) String() string {
	return fmt.Sprintf("View2D[%s] %q (%s, %d×%d, %s)", TypeName[T](), v.Label(), v.Space().Name(), v.n0, v.n1, v.layout)
}

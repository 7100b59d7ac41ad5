package views

import (
	"fmt"
	"unsafe"

	"github.com/gokkos/gokkos/internal/hugepage"
	"github.com/gokkos/gokkos/internal/prefetch"
)

// View1D is a one-dimensional view: n elements of type T in a memory space, possibly with a
// stride (a column of a LayoutRight View2D, say). Copies of a View1D share its elements.
//
// The zero View1D is an empty view with no label in no space; Len returns 0 and every element
// access panics. Element access (At, Set) and the atomics are safe for concurrent use in the sense
// of Go's memory model: plain At/Set of one element from several goroutines is a data race, the
// atomics are not. Methods that touch elements panic when the view's space is not host-accessible;
// DeepCopy, Fill and the mirror functions work in every space.
type View1D[T Scalar] struct {
	// A View1D has at most four word-sized fields so that the compiler keeps it in registers
	// inside kernels instead of copying it to memory at every element access.
	ptr unsafe.Pointer // host address of element 0; nil unless host-accessible
	hn  uint           // extent when host-accessible, else 0: one comparison guards both cases
	sb  int            // stride in bytes (the element size when contiguous)
	d   *desc          // allocation, and extent and address of device views
}

// desc is the part of a View1D that element access does not need. Host views share their
// allocation's desc (their extent is hn); device views and their subviews have their own.
type desc struct {
	a   *alloc
	n   int     // extent of a device view
	dev uintptr // device address of element 0
}

// al returns the view's allocation, nil for the zero view.
func (v View1D[T]) al() *alloc {
	if v.d == nil {
		return nil
	}
	return v.d.a
}

// devAddr returns the device address of element 0, 0 for host views.
func (v View1D[T]) devAddr() uintptr {
	if v.d == nil {
		return 0
	}
	return v.d.dev
}

// New1D allocates a zero-filled host view of n elements. It panics if n is negative, or if the
// size overflows or exceeds the host's memory.
func New1D[T Scalar](label string, n int) View1D[T] {
	if err := checkHostAlloc[T]("New1D", label, n); err != nil {
		panic(err.Error())
	}
	return hostView1D(label, hostData[T](n), false)
}

// hostData returns the zeroed memory of a host view of n elements: its capacity rounded up to
// whole 32-bit words, so that atomics on 8- and 16-bit elements, which work on the aligned
// word that holds the element, stay inside the allocation, and large allocations marked for
// huge pages (hugepage.Advise).
func hostData[T Scalar](n int) []T {
	sz := int(sizeOf[T]())
	data := make([]T, n, (n*sz+3)/4*4/sz)
	if n > 0 {
		hugepage.Advise(unsafe.Pointer(&data[0]), n*sz)
	}
	return data
}

// Wrap1D returns a host view over data without copying (Kokkos' unmanaged view). The view and
// data share memory; the view keeps data reachable.
func Wrap1D[T Scalar](label string, data []T) View1D[T] {
	return hostView1D(label, data, true)
}

func hostView1D[T Scalar](label string, data []T, unmanaged bool) View1D[T] {
	a := newHostAlloc(label, data, unmanaged)
	v := View1D[T]{hn: uint(len(data)), sb: int(sizeOf[T]()), d: &desc{a: a, n: len(data)}}
	if len(data) > 0 {
		v.ptr = unsafe.Pointer(&data[0])
	}
	return v
}

// Alloc1D allocates a view of n zero-filled elements in space. Running out of memory, a negative
// n, a size in bytes that overflows, or a space that cannot allocate views returns an error
// naming the label and the size (elements and bytes per element); no view is returned then.
func Alloc1D[T Scalar](space MemorySpace, label string, n int) (View1D[T], error) {
	if err := checkExtent("Alloc1D", label, n); err != nil {
		return View1D[T]{}, err
	}
	if space == nil || space.HostAccessible() {
		if err := checkHostAlloc[T]("Alloc1D", label, n); err != nil {
			return View1D[T]{}, err
		}
		return New1D[T](label, n), nil
	}
	mem, ok := space.(DeviceMemory)
	if !ok {
		return View1D[T]{}, fmt.Errorf("views: Alloc1D %q: memory space %s cannot allocate views", label, space.Name())
	}
	if _, err := checkBytes("Alloc1D", label, n, int64(sizeOf[T]())); err != nil {
		return View1D[T]{}, err
	}
	a, err := newDeviceAlloc[T](mem, label, int64(n))
	if err != nil {
		return View1D[T]{}, err
	}
	v := View1D[T]{sb: int(sizeOf[T]()), d: &desc{a: a, n: n, dev: a.dev}}
	if n > 0 {
		if err := mem.Fill(a.dev, a.elemSize, 0, int64(n)); err != nil {
			a.free()
			return View1D[T]{}, fmt.Errorf("views: Alloc1D %q: zero fill: %w", label, err)
		}
	}
	return v, nil
}

// Label returns the label the view was allocated with.
func (v View1D[T]) Label() string {
	if a := v.al(); a != nil {
		return a.label
	}
	return ""
}

// Space returns the view's memory space (HostSpace for the zero view).
func (v View1D[T]) Space() MemorySpace {
	if a := v.al(); a != nil {
		return a.space
	}
	return HostSpace
}

// Len returns the number of elements.
func (v View1D[T]) Len() int {
	if v.ptr != nil || v.d == nil {
		return int(v.hn)
	}
	return v.d.n
}

// Extent returns the extent of dimension d, which must be 0.
func (v View1D[T]) Extent(d int) int {
	if d != 0 {
		panic(fmt.Sprintf("views: Extent(%d) of one-dimensional view %q", d, v.Label()))
	}
	return v.Len()
}

// Stride returns the distance in elements between consecutive elements.
func (v View1D[T]) Stride() int { return v.sb / int(sizeOf[T]()) }

// Contiguous reports whether the elements are adjacent in memory.
func (v View1D[T]) Contiguous() bool { return v.sb == int(sizeOf[T]()) || v.Len() <= 1 }

// At returns element i. It panics if i is out of range or the view is not host-accessible, and
// in race-detector builds if the view was freed (see Free).
func (v View1D[T]) At(i int) T {
	// At, Set and addr inline to a comparison and a load or store, well within the compiler's
	// inlining budget, so that small helpers made of a few accesses inline too: a check for
	// freed views would make them calls, about three times slower in a triad loop, so only
	// race-detector builds (where raceEnabled is a constant true) have it.
	if raceEnabled {
		checkFreed(v.d, i, v.hn)
	}
	if uint(i) >= v.hn {
		panic(accessError{v.d, i, v.hn})
	}
	return *(*T)(unsafe.Add(v.ptr, i*v.sb))
}

// Prefetch asks the memory system for the cache line of element i ahead of a load of it: a
// hint with no effect on any value. It never panics: an index out of range, a view that is
// not host-accessible and a zero view ask for nothing. On the host it is one prefetch
// instruction (internal/prefetch) behind a call; in a kernel translated for a device it asks
// for the element's line in the L2 cache (global memory only). It pays only where the line
// would otherwise miss the caches when it is loaded, some hundreds of cycles later. Safe for
// concurrent use.
func (v View1D[T]) Prefetch(i int) {
	if uint(i) < v.hn {
		prefetch.Line(unsafe.Add(v.ptr, i*v.sb))
	}
}

// Set stores x in element i. It panics if i is out of range or the view is not host-accessible,
// and in race-detector builds if the view was freed (see Free).
func (v View1D[T]) Set(i int, x T) {
	if raceEnabled {
		checkFreed(v.d, i, v.hn)
	}
	if uint(i) >= v.hn {
		panic(accessError{v.d, i, v.hn})
	}
	*(*T)(unsafe.Add(v.ptr, i*v.sb)) = x
}

// addr returns the address of element i after the same checks as At.
func (v View1D[T]) addr(i int) *T {
	if raceEnabled {
		checkFreed(v.d, i, v.hn)
	}
	if uint(i) >= v.hn {
		panic(accessError{v.d, i, v.hn})
	}
	return (*T)(unsafe.Add(v.ptr, i*v.sb))
}

// checkFreed panics like outOfRange when element i of a view of host extent n described by d
// lies in a freed allocation.
func checkFreed(d *desc, i int, n uint) {
	if uint(i) < n && d.a.freed.Load() {
		outOfRange(d, i, n)
	}
}

// accessError is the value that a bad element access panics with: an index out of range, a
// freed view, or one that is not host-accessible. The accessors build it in place rather than
// call a function that formats the message, which keeps them, and the atomic element
// operations, small enough for the compiler to inline; the message is formatted when printed
// (from the allocation's state then: freed or not).
type accessError struct {
	d *desc // the view's description
	i int   // the index
	n uint  // the view's host extent (0 when it is not host-accessible)
}

// Error returns the message: what went wrong, the view's label and the index.
func (e accessError) Error() string {
	label := ""
	if e.d != nil && e.d.a != nil {
		a := e.d.a
		label = a.label
		if a.freed.Load() {
			return freedMessage(label, fmt.Sprint(e.i))
		}
		if !a.space.HostAccessible() {
			return fmt.Sprintf("views: view %q lives in %s memory and cannot be accessed on the host (index %d); copy it to a host mirror with DeepCopy", label, a.space.Name(), e.i)
		}
	}
	return fmt.Sprintf("views: index %d out of range for view %q of extent %d", e.i, label, e.n)
}

// outOfRange panics with the accessError of element i of a view of host extent n described by
// d. It is not generic and not inlined, for callers that are not element accessors.
//
//go:noinline
func outOfRange(d *desc, i int, n uint) {
	panic(accessError{d, i, n})
}

// Data returns the view's elements as a Go slice that shares memory with the view. It panics if
// the view is not host-accessible, not contiguous, or freed.
func (v View1D[T]) Data() []T {
	n := v.Len()
	if n == 0 {
		return nil
	}
	if v.hn == 0 || v.d.a.freed.Load() {
		outOfRange(v.d, 0, v.hn)
	}
	if !v.Contiguous() {
		panic(fmt.Sprintf("views: Data of view %q with stride %d: elements are not contiguous", v.Label(), v.Stride()))
	}
	return unsafe.Slice((*T)(v.ptr), n)
}

// Span returns elements [lo, hi) as a Go slice that shares memory with the view, or nil when
// the view is not host-accessible, not contiguous, freed, or [lo, hi) is empty or not within it.
// It never panics; generated host loops use it to run a chunk of a range kernel over plain
// slices (without a bounds check and stride per access) and fall back to At and Set, which
// panic where they must, when it returns nil. It costs a few comparisons.
func (v View1D[T]) Span(lo, hi int) []T {
	if lo < 0 || hi <= lo || uint(hi) > v.hn || v.sb != int(sizeOf[T]()) || v.d.a.freed.Load() {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Add(v.ptr, lo*v.sb)), hi-lo)
}

// Sub returns the subview of elements [begin, end), sharing memory with v. It panics if the range
// is not within the view.
func (v View1D[T]) Sub(begin, end int) View1D[T] {
	n := v.Len()
	if begin < 0 || end < begin || end > n {
		panic(fmt.Sprintf("views: subview [%d, %d) out of range for view %q of extent %d", begin, end, v.Label(), n))
	}
	s := v
	off := uintptr(begin * v.sb)
	if v.ptr != nil {
		s.hn = uint(end - begin)
		if s.hn > 0 {
			s.ptr = unsafe.Add(v.ptr, off)
		} else {
			s.ptr, s.d = nil, &desc{a: v.d.a} // Len of a view without ptr reads d.n
		}
	} else if v.d != nil {
		s.d = &desc{a: v.d.a, n: end - begin, dev: v.d.dev + off}
	}
	return s
}

// Fill sets every element to x. On a device space it uses the device's memset where possible.
func (v View1D[T]) Fill(x T) error {
	n := v.Len()
	if n == 0 {
		return nil
	}
	if v.al().isFreed() {
		return fmt.Errorf("views: Fill of freed view %q", v.Label())
	}
	if v.ptr != nil {
		if v.Contiguous() {
			s := v.Data()
			for i := range s {
				s[i] = x
			}
			return nil
		}
		for i := 0; i < n; i++ {
			v.Set(i, x)
		}
		return nil
	}
	mem := v.al().space.(DeviceMemory)
	if !v.Contiguous() {
		return fmt.Errorf("views: Fill of strided device view %q is not supported", v.Label())
	}
	return mem.Fill(v.devAddr(), int(sizeOf[T]()), bitsOf(x), int64(n))
}

// Free releases the view's memory now instead of when it becomes unreachable. Every copy and
// subview of the view becomes unusable: launches whose kernels hold it fail, DeepCopy and Fill
// return errors, Data panics and Span returns nil, and element access panics naming the view,
// except At, Set and the atomics of a host View1D outside race-detector builds, which keep the
// cost of an element access to one comparison: there they read and write the elements the view
// had, which stay allocated while a view refers to them. Freeing a host view only drops gokkos'
// accounting; the garbage collector reclaims the memory. Free is idempotent.
func (v View1D[T]) Free() { v.al().free() }

// String describes the view, such as `View1D[float64] "x" (Host, 100)`.
func (v View1D[T]) String() string {
	return fmt.Sprintf("View1D[%s] %q (%s, %d)", TypeName[T](), v.Label(), v.Space().Name(), v.Len())
}

func bitsOf[T Scalar](x T) uint64 {
	switch sizeOf[T]() {
	case 1:
		return uint64(*(*uint8)(unsafe.Pointer(&x)))
	case 2:
		return uint64(*(*uint16)(unsafe.Pointer(&x)))
	case 4:
		return uint64(*(*uint32)(unsafe.Pointer(&x)))
	}
	return *(*uint64)(unsafe.Pointer(&x))
}

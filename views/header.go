package views

import (
	"fmt"
	"unsafe"
)

// Header is the type-independent description of a view that device backends marshal into kernel
// arguments. Application code does not need it.
type Header struct {
	Label    string
	Space    MemorySpace
	Host     unsafe.Pointer // address of element 0 when host-accessible, else nil
	Device   uintptr        // device address of element 0 when in a device space, else 0
	Rank     int            // 1 or 2
	Extent   [2]int
	Stride   [2]int // in elements
	ElemSize int    // bytes per element; 0 for a zero view
	Freed    bool
}

// raw1D and raw2D mirror the memory layout of View1D[T] and View2D[T], which does not depend on T.
type raw1D struct {
	ptr unsafe.Pointer
	hn  uint
	sb  int
	d   *desc
}

type raw2D struct {
	ptr    unsafe.Pointer
	dev    uintptr
	n0, n1 int
	hn0    int
	s0, s1 int
	layout Layout
	a      *alloc
}

func init() {
	if unsafe.Sizeof(raw1D{}) != unsafe.Sizeof(View1D[int8]{}) || unsafe.Sizeof(raw2D{}) != unsafe.Sizeof(View2D[float64]{}) {
		panic("views: internal layout mismatch")
	}
}

// HeaderAt reads the header of the view of the given rank (1 for View1D, 2 for View2D, of any
// element type) stored at p. It panics for another rank.
func HeaderAt(p unsafe.Pointer, rank int) Header {
	var h Header
	var a *alloc
	switch rank {
	case 1:
		r := (*raw1D)(p)
		h = Header{Host: r.ptr, Rank: 1, Extent: [2]int{int(r.hn), 1}, Stride: [2]int{r.sb, 0}}
		if r.d != nil {
			a, h.Device = r.d.a, r.d.dev
			if r.ptr == nil {
				h.Extent[0] = r.d.n
			}
		}
	case 2:
		r := (*raw2D)(p)
		h = Header{Host: r.ptr, Device: r.dev, Rank: 2, Extent: [2]int{r.n0, r.n1}, Stride: [2]int{r.s0, r.s1}}
		a = r.a
	default:
		panic(fmt.Sprintf("views: HeaderAt with rank %d", rank))
	}
	h.Space = HostSpace
	if a != nil {
		h.Label, h.Space, h.ElemSize, h.Freed = a.label, a.space, a.elemSize, a.isFreed()
	}
	if rank == 1 {
		if h.ElemSize > 0 {
			h.Stride[0] /= h.ElemSize // raw1D keeps its stride in bytes
		} else {
			h.Stride[0] = 1
		}
	}
	return h
}

// Header returns v's header.
func (v View1D[T]) Header() Header { return HeaderAt(unsafe.Pointer(&v), 1) }

// Header returns v's header.
func (v View2D[T]) Header() Header { return HeaderAt(unsafe.Pointer(&v), 2) }

package portable

import (
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/profile"
	"github.com/gokkos/gokkos/views"
)

// fillSerialMax is the largest view, in elements, that Fill writes on the calling goroutine
// on a host space: below it, waking the workers costs more than the writes.
const fillSerialMax = 1 << 16

// Fill sets every element of v to x on space s (nil: the default space), like Kokkos'
// deep_copy of a value into a view with an execution space argument. On a host space the
// workers write disjoint pieces of a contiguous view of more than 65,536 elements
// concurrently (views.View1D.Fill writes on the calling goroutine alone); smaller and strided
// views are written by the caller. On a device space it is the memory space's fill
// (views.View1D.Fill), which may still be running when Fill returns, in order with the
// space's kernels. It costs one pass over the view's bytes.
//
// Errors name the label: a freed view, a view the space cannot address (device memory on a
// host space), a closed space. Fill is safe for concurrent use on different views; it is a
// launch, and shows in profiles and traces (portable.AddHooks) as a parallel for.
func Fill[T views.Scalar](s execspace.Space, label string, v views.View1D[T], x T) error {
	s, err := resolve(s)
	if err != nil {
		return launchError("Fill", label, s, err)
	}
	region := profile.Begin(profile.For, label, s.Name())
	err = fill(s, v, x)
	profile.End(region, 0)
	if err != nil {
		return launchError("Fill", label, s, err)
	}
	return nil
}

func fill[T views.Scalar](s execspace.Space, v views.View1D[T], x T) error {
	h, ok := s.(execspace.HostExecutor)
	if !ok {
		return v.Fill(x)
	}
	if sp := v.Space(); sp != nil && !sp.HostAccessible() {
		return notHostAccessible(v.Label(), sp.Name())
	}
	n := v.Len()
	data := v.Span(0, n)
	if n <= fillSerialMax || data == nil || h.Workers() < 2 {
		return v.Fill(x) // also the error of a freed view
	}
	// Pieces of 4096 elements or more, several per worker so that a slow one is covered.
	chunk := max(4096, n/(4*h.Workers()))
	return h.ForRange(0, n, chunk, execspace.Static, func(_ *execspace.Worker, lo, hi int) {
		part := data[lo:hi]
		for i := range part {
			part[i] = x
		}
	})
}

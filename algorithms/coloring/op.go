package coloring

import "github.com/gokkos/gokkos/views"

// propagate is color propagation's edge operator: v takes u's color when it is larger, and
// then joins the next worklist.
type propagate struct {
	Color views.View1D[int32]
}

// Visit offers u's color to v.
func (o propagate) Visit(u, v int32, e int64) bool {
	c := o.Color.AtomicLoad(int(u))
	if o.Color.AtomicLoad(int(v)) >= c {
		return false
	}
	return o.Color.AtomicMax(int(v), c) < c
}

// Pending is always true: in a pull step a vertex takes the largest color of all its
// in-neighbors in the worklist.
func (o propagate) Pending(v int32) bool { return true }

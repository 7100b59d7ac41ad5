package coloring

import "github.com/gokkos/gokkos/views"

// propagate is color propagation's edge operator: v takes u's color when it is larger, and
// then joins the next worklist.
type propagate struct {
	Color views.View1D[int32]
}

// Correcting reports that propagate is label-correcting (colors only grow, to the same fixed point in any order of visits), so that fused
// steps may run local rounds with it.
func (o propagate) Correcting() bool { return true }

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

// PendingWord reports every vertex pending.
func (o propagate) PendingWord(w int) uint32 { return ^uint32(0) }

// Pull offers u's color to v in a pull step and never stops the scan early. Other threads
// read v's color as their own in-neighbor's, so the update stays atomic.
func (o propagate) Pull(u, v int32, e int64) (bool, bool) { return o.Visit(u, v, e), false }

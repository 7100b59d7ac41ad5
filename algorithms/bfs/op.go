package bfs

import "github.com/gokkos/gokkos/views"

// visit is BFS's edge operator: the first visit of an unvisited vertex claims it by setting
// its parent with a compare-and-swap, stores its level Depth+1 and puts it in the next
// worklist.
type visit struct {
	Parent views.View1D[int32]
	Level  views.View1D[int32]
	Depth  int32
}

// Visit claims v for u.
func (o visit) Visit(u, v int32, e int64) bool {
	if o.Parent.AtomicLoad(int(v)) >= 0 {
		return false
	}
	if !o.Parent.AtomicCompareAndSwap(int(v), -1, u) {
		return false
	}
	o.Level.Set(int(v), o.Depth+1)
	return true
}

// Pending reports whether v is still unvisited.
func (o visit) Pending(v int32) bool { return o.Parent.AtomicLoad(int(v)) < 0 }

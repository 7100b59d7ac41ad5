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

// Pending reports whether v is still unvisited. Only pull steps call it, in which v's thread
// alone touches v's entries, so plain loads suffice.
func (o visit) Pending(v int32) bool { return o.Parent.At(int(v)) < 0 }

// PendingWord returns the unvisited vertices among 32w, ..., 32w+31 as a mask.
func (o visit) PendingWord(w int) uint32 {
	var m uint32
	lo := w * 32
	hi := min(lo+32, o.Parent.Len())
	for v := lo; v < hi; v++ {
		if o.Parent.At(v) < 0 {
			m |= uint32(1) << uint(v-lo)
		}
	}
	return m
}

// Pull claims v for u in a pull step, where v's thread alone writes v's entries; v is then
// done.
func (o visit) Pull(u, v int32, e int64) (bool, bool) {
	o.Parent.Set(int(v), u)
	o.Level.Set(int(v), o.Depth+1)
	return true, true
}

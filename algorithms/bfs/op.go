package bfs

import "github.com/gokkos/gokkos/views"

// visit is BFS's edge operator: a visit of v from u offers v the level level[u]+1 and takes it
// with a compare-and-swap when v is unvisited (level -1) or has a larger level, then records u
// as v's parent and puts v in the next worklist: one atomic operation per claimed vertex, as in
// GAP's top-down step. In level-synchronous steps the first visit of a vertex is the only one
// that succeeds (every later one offers the same level), as with a claim of the parent; in fused
// steps with local rounds (frontier.CorrectingOp) a vertex may be claimed at a level that a
// visit from another team lowers later, and its parent then needs the repair of fixParents.
// Push steps take the level from u rather than from Depth so that fused steps
// (frontier.PushLevels), which run several levels with one operator, store the right one.
//
// Pull steps read the visited bitmap (bit v of word v>>5), which duplicates "parent[v] >= 0"
// in N/8 bytes so that a word tells which of 32 vertices are still pending. Push steps do not
// keep it up to date (that would cost a second atomic per claimed vertex): BFS rebuilds it
// from the parents when it switches to pull steps, and merges each pull step's new worklist
// into it.
type visit struct {
	Parent  views.View1D[int32]
	Level   views.View1D[int32]
	Visited views.View1D[uint32]
	Depth   int32
	// Local lets fused steps run local rounds (see Correcting).
	Local bool
}

// Visit offers v the level after u's.
func (o visit) Visit(u, v int32, e int64) bool {
	l := o.Level.AtomicLoad(int(u)) + 1
	for {
		// -1 (unvisited) compares above every level.
		cur := o.Level.AtomicLoad(int(v))
		if uint32(cur) <= uint32(l) {
			return false
		}
		if o.Level.AtomicCompareAndSwap(int(v), cur, l) {
			break
		}
	}
	o.Parent.AtomicStore(int(v), u)
	return true
}

// Correcting reports whether fused steps may run local rounds with visit: it is
// label-correcting (levels only decrease, to the same result in any order of visits), and
// BFS allows them (Local) where no pull step is to follow.
func (o visit) Correcting() bool { return o.Local }

// Pending reports whether v is still unvisited.
func (o visit) Pending(v int32) bool {
	return o.Visited.AtomicLoad(int(v>>5))&(uint32(1)<<uint(v&31)) == 0
}

// PendingWord returns the unvisited vertices among 32w, ..., 32w+31 as a mask.
func (o visit) PendingWord(w int) uint32 { return ^o.Visited.AtomicLoad(w) }

// Pull claims v for u in a pull step, where v's thread alone writes v's parent and level;
// v is then done. The visited bitmap is not touched: BFS merges the step's new worklist into
// it afterwards, a word at a time.
func (o visit) Pull(u, v int32, e int64) (bool, bool) {
	o.Parent.Set(int(v), u)
	o.Level.Set(int(v), o.Depth+1)
	return true, true
}

// reach is the edge operator of a search that records only which vertices it reaches
// (Options.ReachOnly): the visited bitmap is the result and the claim. A push step claims v by
// an atomic OR of its bit, after a plain-looking atomic load that finds most visited vertices
// in N/8 bytes (a bitmap that stays in a core's cache, where the parents and levels are 8 bytes
// per vertex): one atomic operation per claimed vertex, and no level or parent store. A pull
// step changes nothing in the operator's arrays: BFS merges the step's new worklist into the
// bitmap, as for visit.
type reach struct {
	Visited views.View1D[uint32]
	// Local lets fused steps run local rounds (see Correcting).
	Local bool
}

// Correcting reports whether fused steps may run local rounds with reach: it is
// label-correcting (a claim is final, whatever the order of visits), and BFS allows them
// (Local) where no pull step is to follow.
func (o reach) Correcting() bool { return o.Local }

// Visit claims v.
func (o reach) Visit(u, v int32, e int64) bool {
	w, bit := int(v>>5), uint32(1)<<uint(v&31)
	if o.Visited.AtomicLoad(w)&bit != 0 {
		return false
	}
	return o.Visited.AtomicOr(w, bit)&bit == 0
}

// Pending reports whether v is still unvisited.
func (o reach) Pending(v int32) bool {
	return o.Visited.AtomicLoad(int(v>>5))&(uint32(1)<<uint(v&31)) == 0
}

// PendingWord returns the unvisited vertices among 32w, ..., 32w+31 as a mask.
func (o reach) PendingWord(w int) uint32 { return ^o.Visited.AtomicLoad(w) }

// Pull reports that v joins the next worklist and is done.
func (o reach) Pull(u, v int32, e int64) (bool, bool) { return true, true }

package bfs

import "github.com/gokkos/gokkos/views"

// visit is BFS's edge operator. A vertex's level and parent live in one 64-bit word of State
// (see packState), so that a visit of v from u claims v with one compare-and-swap that sets
// both: it offers v the level level[u]+1 and takes it when v is unvisited (level -1) or has a
// larger level. A claim then touches one cache line of v, as GAP's top-down step does with its
// parent array; a level and a parent in two arrays would cost two. In level-synchronous steps
// the first visit of a vertex is the only one that succeeds (every later one offers the same
// level); in fused steps with local rounds (frontier.CorrectingOp) a vertex may be claimed at
// a level that a visit from another team lowers later, and its parent then needs the repair
// of fixParents. Fused steps (frontier.PushLevels), which run several levels with one operator,
// and every step once local rounds have run take the level from u's state; the other push
// steps take it from Depth (see Fused).
//
// Pull steps read the visited bitmap (bit v of word v>>5), which duplicates "level[v] >= 0"
// in N/8 bytes so that a word tells which of 32 vertices are still pending. Push steps do not
// keep it up to date (that would cost a second atomic per claimed vertex): BFS rebuilds it
// from the states when it switches to pull steps, and merges each pull step's new worklist
// into it.
type visit struct {
	State   views.View1D[uint64]
	Visited views.View1D[uint32]
	Depth   int32
	// Local lets fused steps run local rounds (see Correcting); on devices they then visit as
	// visitMin.
	Local bool
	// Fused marks the operator of fused steps (frontier.PushLevels), which run several levels
	// with one operator: a visit then reads u's level from its state. Level-synchronous steps
	// without local rounds, whose sources are all at level Depth, take it from Depth and spare
	// a load of each source's state.
	Fused bool
}

// visitMin is visit for fused steps with local rounds on a device: it claims v with one
// atomic minimum of its state instead of a load and a compare-and-swap. A local round waits
// for the slowest member's chain of dependent accesses, and that takes one round trip to memory
// out of the chain. The minimum also takes a smaller parent at v's level (a visit that offers
// the same level and then reports false); local rounds repair the parents anyway. It is a type
// of its own so that the kernels of level-synchronous steps, which keep the load first (it
// spares an atomic for each of the many visits of an already claimed vertex), do not carry its
// path and its registers.
type visitMin visit

// unreached is the state of a vertex that no search reached: level and parent -1.
const unreached = ^uint64(0)

// packState returns the state of a vertex at level l with parent p: the level in the high 32
// bits, the parent in the low 32 bits, so that states compare as unsigned integers by level
// first, and an unreached vertex (level -1) compares above every reached one.
func packState(l, p int32) uint64 { return uint64(uint32(l))<<32 | uint64(uint32(p)) }

// stateLevel returns the level of state s.
func stateLevel(s uint64) int32 { return int32(uint32(s >> 32)) }

// stateParent returns the parent of state s.
func stateParent(s uint64) int32 { return int32(uint32(s)) }

// Visit offers v the level after u's.
func (o visit) Visit(u, v int32, e int64) bool {
	l := o.Depth + 1
	if o.Fused || o.Local {
		l = stateLevel(o.State.AtomicLoad(int(u))) + 1
	}
	claim := packState(l, u)
	for {
		// -1 (unvisited) compares above every level.
		cur := o.State.AtomicLoad(int(v))
		if uint32(cur>>32) <= uint32(l) {
			return false
		}
		if o.State.AtomicCompareAndSwap(int(v), cur, claim) {
			return true
		}
	}
}

// Visit offers v the level after u's.
func (o visitMin) Visit(u, v int32, e int64) bool {
	l := stateLevel(o.State.AtomicLoad(int(u))) + 1
	// -1 (unvisited) compares above every level.
	return uint32(o.State.AtomicMin(int(v), packState(l, u))>>32) > uint32(l)
}

// Correcting reports true: visitMin only runs local rounds.
func (o visitMin) Correcting() bool { return true }

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

// Pull claims v for u in a pull step, where v's thread alone writes v's state; v is then
// done. The visited bitmap is not touched: BFS merges the step's new worklist into it
// afterwards, a word at a time.
func (o visit) Pull(u, v int32, e int64) (bool, bool) {
	o.State.Set(int(v), packState(o.Depth+1, u))
	return true, true
}

// reach is the edge operator of a search that records only which vertices it reaches
// (Options.ReachOnly): the visited bitmap is the result and the claim. A push step claims v by
// an atomic OR of its bit, after a plain-looking atomic load that finds most visited vertices
// in N/8 bytes (a bitmap that stays in a core's cache, where the parents and levels are 8 bytes
// per vertex): one atomic operation per claimed vertex, and no level or parent store. Pull
// does not call the operator to claim: on host spaces BFS runs frontier.PullReach, which adds
// the step's claims to the bitmap as it goes; on devices a plain pull step, whose new worklist
// BFS merges into the bitmap, as for visit.
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

package bfs

import (
	"math/bits"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/views"
)

// The template's kernels instantiated with BFS's operator, named here so that the kernel
// translator generates them.
var _ = []any{
	frontier.PushThread[visit]{}, frontier.PushTeam[visit]{},
	frontier.PushLocal[visit]{}, frontier.PushGlobal[visit]{},
	frontier.PullStep[visit]{}, frontier.PushFused[visit]{}, frontier.PushFused[visitMin]{},
	frontier.PushThread[reach]{}, frontier.PushTeam[reach]{},
	frontier.PushLocal[reach]{}, frontier.PushGlobal[reach]{},
	frontier.PullStep[reach]{}, frontier.PullReachStep[reach]{}, frontier.PushFused[reach]{},
}

// pushLevels runs fused steps (frontier.PushLevels) with op, or, for a visit with local rounds
// on a device, with visitMin, which claims by atomic minimum.
func pushLevels[O searchOp[O]](f *frontier.Frontier, op O, most int) ([]frontier.Step, error) {
	if v, ok := any(op).(visit); ok {
		v.Fused = true
		if v.Local && f.Space().Info().Device {
			return frontier.PushLevels(f, visitMin(v), most)
		}
		return frontier.PushLevels(f, v, most)
	}
	return frontier.PushLevels(f, op, most)
}

// levelSteps is the most fused push steps of one frontier.PushLevels call.
const levelSteps = 1024

// setRoot makes Root its own parent at level 0.
//
//gokkos:kernel
type setRoot struct {
	State views.View1D[uint64]
	Root  int32
}

// Run sets the root's state.
func (k setRoot) Run(int) { k.State.Set(int(k.Root), packState(0, k.Root)) }

// unpackStates writes the levels and parents of the states into the arrays that BFS returns.
//
//gokkos:kernel
type unpackStates struct {
	State         views.View1D[uint64]
	Level, Parent views.View1D[int32]
}

// Run unpacks vertex v's state.
func (k unpackStates) Run(v int) {
	s := k.State.At(v)
	k.Level.Set(v, stateLevel(s))
	k.Parent.Set(v, stateParent(s))
}

// setRootBit marks Root in the visited bitmap, which it expects cleared of everything but
// other roots.
//
//gokkos:kernel
type setRootBit struct {
	Visited views.View1D[uint32]
	Root    int32
}

// Run sets the root's bit.
func (k setRootBit) Run(int) {
	w := int(k.Root >> 5)
	k.Visited.Set(w, k.Visited.At(w)|uint32(1)<<uint(k.Root&31))
}

// markVisited rebuilds word w of the visited bitmap from the states.
//
//gokkos:kernel
type markVisited struct {
	State   views.View1D[uint64]
	Visited views.View1D[uint32]
}

// Run rebuilds word w.
func (k markVisited) Run(w int) {
	var word uint32
	hi := min(w*32+32, k.State.Len())
	for v := w * 32; v < hi; v++ {
		// The complement's sign bit is 1 for a visited vertex (level >= 0): no branch,
		// which the mix of visited and unvisited vertices in a word would mispredict.
		word |= (^uint32(k.State.At(v)>>32) >> 31) << uint(v-w*32)
	}
	k.Visited.Set(w, word)
}

// mergeVisited ORs a bitmap worklist into the visited bitmap.
//
//gokkos:kernel
type mergeVisited struct {
	Visited, Bits views.View1D[uint32]
}

// Run merges word w.
func (k mergeVisited) Run(w int) { k.Visited.Set(w, k.Visited.At(w)|k.Bits.At(w)) }

// claimedBits turns Before, a copy of the visited bitmap taken before a push step, into the
// bitmap of the vertices that the step claimed.
//
//gokkos:kernel
type claimedBits struct {
	Visited, Before views.View1D[uint32]
}

// Run computes word w.
func (k claimedBits) Run(w int) { k.Before.Set(w, k.Visited.At(w)&^k.Before.At(w)) }

// reachedEdges sums the out-degrees of the reached vertices: the edges a traversal examines,
// the numerator of TEPS.
//
//gokkos:kernel
type reachedEdges struct {
	G     dgraph.CSR
	Level views.View1D[int32]
}

// Run adds vertex v's degree if it was reached.
func (k reachedEdges) Run(v int, acc *int64) {
	if k.Level.At(v) >= 0 {
		*acc += k.G.Degree(int32(v))
	}
}

// fixParents repairs the parents after fused steps with local rounds: a vertex claimed at a
// level that a later visit from another team lowered may keep a parent that is not on the
// level before its own (the claims raced), so every edge u→v with level[v] = level[u]+1
// gives v the parent u when v's parent is not on the level before v's. Several such u may
// try; the compare-and-swap keeps the first, and each is a right parent. Levels do not
// change here.
//
//gokkos:kernel
type fixParents struct {
	G     dgraph.CSR
	State views.View1D[uint64]
}

// Run checks the out-edges of vertex u.
func (k fixParents) Run(u int) {
	l := stateLevel(k.State.AtomicLoad(u))
	if l < 0 {
		return
	}
	for e := k.G.Begin(int32(u)); e < k.G.End(int32(u)); e++ {
		v := int(k.G.Adj.At(int(e)))
		s := k.State.AtomicLoad(v)
		if stateLevel(s) == l+1 && stateLevel(k.State.AtomicLoad(int(stateParent(s)))) != l {
			k.State.AtomicCompareAndSwap(v, s, packState(l+1, int32(u)))
		}
	}
}

// deepest finds the largest level.
//
//gokkos:kernel
type deepest struct {
	Level views.View1D[int32]
}

// Run takes vertex v's level.
func (k deepest) Run(v int, acc *int64) { *acc = max(*acc, int64(k.Level.At(v))) }

// levelSizes counts the vertices of every level (Count[d] for level d), after fused steps
// with local rounds, whose steps do not each cover one level.
//
//gokkos:kernel
type levelSizes struct {
	Level views.View1D[int32]
	Count views.View1D[int64]
}

// Run counts vertex v.
func (k levelSizes) Run(v int) {
	if l := k.Level.At(v); l >= 0 {
		k.Count.AtomicAdd(int(l), 1)
	}
}

// reachedBits counts the reached vertices of a ReachOnly search: the set bits of the visited
// bitmap (words past the last vertex's are zero: the bitmap is cleared before a search).
//
//gokkos:kernel
type reachedBits struct {
	Visited views.View1D[uint32]
}

// Run counts word w.
func (k reachedBits) Run(w int, acc *int64) { *acc += int64(bits.OnesCount32(k.Visited.At(w))) }

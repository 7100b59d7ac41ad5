package bfs

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/views"
)

// The template's kernels instantiated with BFS's operator, named here so that the kernel
// translator generates them.
var _ = []any{
	frontier.PushThread[visit]{}, frontier.PushTeam[visit]{},
	frontier.PushLocal[visit]{}, frontier.PushGlobal[visit]{},
	frontier.PullStep[visit]{}, frontier.PushFused[visit]{},
	frontier.PushThread[reach]{}, frontier.PushTeam[reach]{},
	frontier.PushLocal[reach]{}, frontier.PushGlobal[reach]{},
	frontier.PullStep[reach]{}, frontier.PushFused[reach]{},
}

// levelSteps is the most fused push steps of one frontier.PushLevels call.
const levelSteps = 1024

// setRoot makes Root its own parent at level 0.
//
//gokkos:kernel
type setRoot struct {
	Parent, Level views.View1D[int32]
	Root          int32
}

// Run sets the root's entries.
func (k setRoot) Run(int) {
	k.Parent.Set(int(k.Root), k.Root)
	k.Level.Set(int(k.Root), 0)
}

// setRootBit marks Root in the visited bitmap, which it expects cleared.
//
//gokkos:kernel
type setRootBit struct {
	Visited views.View1D[uint32]
	Root    int32
}

// Run sets the root's bit.
func (k setRootBit) Run(int) {
	k.Visited.Set(int(k.Root>>5), uint32(1)<<uint(k.Root&31))
}

// markVisited rebuilds word w of the visited bitmap from the parents.
//
//gokkos:kernel
type markVisited struct {
	Parent  views.View1D[int32]
	Visited views.View1D[uint32]
}

// Run rebuilds word w.
func (k markVisited) Run(w int) {
	var word uint32
	hi := min(w*32+32, k.Parent.Len())
	for v := w * 32; v < hi; v++ {
		// The complement's sign bit is 1 for a visited vertex (parent >= 0): no branch,
		// which the mix of visited and unvisited vertices in a word would mispredict.
		word |= (^uint32(k.Parent.At(v)) >> 31) << uint(v-w*32)
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

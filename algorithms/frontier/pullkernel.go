package frontier

import (
	"math/bits"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/views"
)

// PullStep is the pull (bottom-up) kernel: every vertex v that Op.Pending reports scans its
// in-edges (In, the in-edge CSR) for sources in the current worklist Cur (a bitmap) and calls
// Op.Visit on each until v is no longer pending; v joins Next when a Visit returned true.
// With PerWord, iteration i handles the 32 vertices of bitmap word i and stores the word
// whole (no atomics, the host's choice); otherwise iteration i handles vertex i and sets its
// bit with an atomic OR in a cleared Next (one thread per vertex, the device's choice). The
// reduction result is the number of vertices added to Next.
//
//gokkos:kernel
type PullStep[Op PullOp] struct {
	In      dgraph.CSR
	Cur     views.View1D[uint32]
	Next    views.View1D[uint32]
	PerWord bool
	Op      Op
}

// Run pulls for word or vertex i.
func (k PullStep[Op]) Run(i int, acc *int64) {
	if k.PerWord {
		var word uint32
		lo := i * 32
		hi := min(lo+32, k.In.N)
		for v := lo; v < hi; v++ {
			if k.pull(int32(v)) {
				word |= uint32(1) << uint(v-lo)
			}
		}
		k.Next.Set(i, word)
		*acc += int64(bits.OnesCount32(word))
		return
	}
	if k.pull(int32(i)) {
		k.Next.AtomicOr(i>>5, uint32(1)<<uint(i&31))
		*acc += 1
	}
}

// pull scans v's in-edges and reports whether v joins the next worklist.
func (k PullStep[Op]) pull(v int32) bool {
	if !k.Op.Pending(v) {
		return false
	}
	joined := false
	end := k.In.End(v)
	for e := k.In.Begin(v); e < end; e++ {
		u := k.In.Adj.At(int(e))
		if k.Cur.At(int(u>>5))&(uint32(1)<<uint(u&31)) == 0 {
			continue
		}
		if k.Op.Visit(u, v, e) {
			joined = true
			if !k.Op.Pending(v) {
				break
			}
		}
	}
	return joined
}

package frontier

import (
	"math/bits"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/views"
)

// PullStep is the pull (bottom-up) kernel: every pending vertex v scans its in-edges (In, the
// in-edge CSR) for sources in the current worklist Cur (a bitmap) and calls Op.Pull on each
// until Pull reports v done; v joins Next when a Pull reported it joined. With Words > 0,
// iteration i handles the Words bitmap words starting at word i*Words, asking the operator
// for each word's pending mask (Op.PendingWord) and storing each word of Next whole, without
// atomics: the host's choice. With Words == 0, iteration i handles vertex i, asks Op.Pending
// and sets its bit of a cleared Next with an atomic OR: one thread per vertex, the device's
// choice. The reduction result's Val counts the vertices added to Next (Loc is 0).
//
//gokkos:kernel
type PullStep[Op PullOp] struct {
	In    dgraph.CSR
	Cur   views.View1D[uint32]
	Next  views.View1D[uint32]
	Words int
	Op    Op
}

// Init starts an accumulator at zero.
func (k PullStep[Op]) Init(dst *Count) { *dst = Count{} }

// Join adds src into dst.
func (k PullStep[Op]) Join(dst *Count, src Count) { joinCounts(dst, src) }

// Run pulls for the words or the vertex of iteration i. The scan of a vertex's in-edges is
// written out here rather than in a method of the kernel, so that the host does not copy the
// kernel value for every vertex.
func (k PullStep[Op]) Run(i int, acc *Count) {
	first, last := i, i+1
	if k.Words > 0 {
		first, last = i*k.Words, min((i+1)*k.Words, k.Next.Len())
	}
	off, adj, cur := k.In.Offsets, k.In.Adj, k.Cur
	for w := first; w < last; w++ {
		// Bit b of mask stands for vertex base+b.
		var mask uint32
		base := w * 32
		if k.Words > 0 {
			mask = k.Op.PendingWord(w)
			if rest := k.In.N - base; rest < 32 {
				mask &= uint32(1)<<uint(rest) - 1
			}
		} else {
			base = i
			if k.Op.Pending(int32(i)) {
				mask = 1
			}
		}
		var word uint32
		for mask != 0 {
			b := bits.TrailingZeros32(mask)
			mask &= mask - 1
			v := int32(base + b)
			joined := false
			end := int(off.At(int(v) + 1))
			for e := int(off.At(int(v))); e < end; e++ {
				u := adj.At(e)
				if cur.At(int(u>>5))&(uint32(1)<<uint(u&31)) == 0 {
					continue
				}
				j, done := k.Op.Pull(u, v, int64(e))
				joined = joined || j
				if done {
					break
				}
			}
			if joined {
				word |= uint32(1) << uint(b)
				acc.Val++
			}
		}
		if k.Words > 0 {
			k.Next.Set(w, word)
		} else if word != 0 {
			k.Next.AtomicOr(i>>5, uint32(1)<<uint(i&31))
		}
	}
}

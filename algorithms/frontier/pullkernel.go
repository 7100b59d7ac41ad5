package frontier

import (
	"math/bits"
	"sync/atomic"

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

// PullReachStep is PullStep for frontier.PullReach: Reached, the set of every vertex reached
// so far, takes the place of the worklist's bitmap. Its words are read with atomic loads, and
// the step adds the vertices it claims to it as it goes (a word at once when its 32 vertices
// are done, with Words > 0; each vertex at once, with Words == 0), so that vertices scanned
// later in the step find them. Next receives the claimed vertices as PullStep's does. It is a
// kernel of its own, rather than a flag of PullStep, so that plain pull steps keep their code.
//
//gokkos:kernel
type PullReachStep[Op PullOp] struct {
	In      dgraph.CSR
	Reached views.View1D[uint32]
	Next    views.View1D[uint32]
	Words   int
	Op      Op
}

// Init starts an accumulator at zero.
func (k PullReachStep[Op]) Init(dst *Count) { *dst = Count{} }

// Join adds src into dst.
func (k PullReachStep[Op]) Join(dst *Count, src Count) { joinCounts(dst, src) }

// Run pulls for the words or the vertex of iteration i, as PullStep.Run does.
func (k PullReachStep[Op]) Run(i int, acc *Count) {
	first, last := i, i+1
	if k.Words > 0 {
		first, last = i*k.Words, min((i+1)*k.Words, k.Next.Len())
	}
	off, adj, reached := k.In.Offsets, k.In.Adj, k.Reached
	for w := first; w < last; w++ {
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
				if reached.AtomicLoad(int(u>>5))&(uint32(1)<<uint(u&31)) == 0 {
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
			if word != 0 {
				reached.AtomicOr(w, word)
			}
		} else if word != 0 {
			k.Next.AtomicOr(i>>5, uint32(1)<<uint(i&31))
			reached.AtomicOr(i>>5, uint32(1)<<uint(i&31))
		}
	}
}

// pullStepHost is PullStep with Words > 0 on a host space whose views are contiguous host
// memory: the same walk with the offsets, the in-adjacency and both bitmaps read as Go slices,
// which spares each in-edge's two view accesses their stride arithmetic. The scan of a
// vertex's in-edges, the step's inner loop, then compiles to a load, a bitmap test and a
// branch per edge; Op's methods are called once per word (PendingWord) and once per edge whose
// source is in the worklist (Pull). It is a host kernel (not translated): Pull launches it only
// on host spaces.
//
// With grow, it is PullReachStep's host form: cur is then the reached bitmap.
type pullStepHost[Op PullOp] struct {
	PullStep[Op]
	off       []int64
	adj       []int32
	cur, next []uint32
	grow      bool
}

// newPullStepHost returns k's host form, or false when a view is not contiguous host memory.
func newPullStepHost[Op PullOp](k PullStep[Op]) (pullStepHost[Op], bool) {
	h := pullStepHost[Op]{PullStep: k,
		off: k.In.Offsets.Span(0, k.In.Offsets.Len()), adj: k.In.Adj.Span(0, k.In.Adj.Len()),
		cur: k.Cur.Span(0, k.Cur.Len()), next: k.Next.Span(0, k.Next.Len())}
	ok := k.Words > 0 && (h.off != nil || k.In.Offsets.Len() == 0) && (h.adj != nil || k.In.Adj.Len() == 0) &&
		(h.cur != nil || k.Cur.Len() == 0) && (h.next != nil || k.Next.Len() == 0)
	return h, ok
}

// Run pulls for the words of iteration i.
func (k pullStepHost[Op]) Run(i int, acc *Count) {
	if k.grow {
		k.growRun(i, acc)
		return
	}
	first, last := i*k.Words, min((i+1)*k.Words, len(k.next))
	off, adj, cur := k.off, k.adj, k.cur
	for w := first; w < last; w++ {
		mask := k.Op.PendingWord(w)
		base := w * 32
		if rest := k.In.N - base; rest < 32 {
			mask &= uint32(1)<<uint(rest) - 1
		}
		var word uint32
		for mask != 0 {
			b := bits.TrailingZeros32(mask)
			mask &= mask - 1
			v := base + b
			joined := false
			end := off[v+1]
			for e := off[v]; e < end; e++ {
				u := adj[e]
				if cur[u>>5]&(uint32(1)<<uint(u&31)) == 0 {
					continue
				}
				j, done := k.Op.Pull(u, int32(v), e)
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
		k.next[w] = word
	}
}

// growRun is Run with grow: the same walk, whose reads of cur are atomic loads (other workers add
// their words to it meanwhile) and which adds each word's claims to cur when the word is done.
func (k pullStepHost[Op]) growRun(i int, acc *Count) {
	first, last := i*k.Words, min((i+1)*k.Words, len(k.next))
	off, adj, cur := k.off, k.adj, k.cur
	for w := first; w < last; w++ {
		mask := k.Op.PendingWord(w)
		base := w * 32
		if rest := k.In.N - base; rest < 32 {
			mask &= uint32(1)<<uint(rest) - 1
		}
		var word uint32
		for mask != 0 {
			b := bits.TrailingZeros32(mask)
			mask &= mask - 1
			v := base + b
			joined := false
			end := off[v+1]
			for e := off[v]; e < end; e++ {
				u := adj[e]
				if atomic.LoadUint32(&cur[u>>5])&(uint32(1)<<uint(u&31)) == 0 {
					continue
				}
				j, done := k.Op.Pull(u, int32(v), e)
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
		k.next[w] = word
		if word != 0 {
			atomic.OrUint32(&cur[w], word)
		}
	}
}

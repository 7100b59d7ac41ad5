package frontier

import (
	"sync"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// PushThread is the Baseline push kernel: one vertex per thread. Team l takes the chunk of
// Chunk slots starting at l*Chunk, and its thread r takes slots r, r+TeamSize, ... of the
// chunk, walking each vertex's out-edges and calling Op.Visit on each. In queue mode every
// thread handles at most Out.Buffer edges between two flushes of its buffer (a team scan and
// one atomic per team); the number of flush rounds is agreed on by a team reduction.
//
// PushThread and the template's other kernel types are exported so that the kernel
// translator can name their instantiations with an operator from another package; Push
// launches them, and algorithms do not build them directly. The reduction result counts the
// vertices added to the next worklist and their out-edges (see Count).
//
//gokkos:kernel
type PushThread[Op EdgeOp] struct {
	G     dgraph.CSR
	In    Worklist
	Out   sink
	Chunk int
	Op    Op
}

// Init starts an accumulator at zero.
func (k PushThread[Op]) Init(dst *Count) { *dst = Count{} }

// Join adds src into dst.
func (k PushThread[Op]) Join(dst *Count, src Count) { joinCounts(dst, src) }

// RunTeam expands the team's chunk.
func (k PushThread[Op]) RunTeam(m teams.Member, acc *Count) {
	buf := teams.ThreadScratch[int32](m, 0, k.Out.Buffer)
	ts := m.TeamSize()
	first := m.LeagueRank() * k.Chunk
	last := min(first+k.Chunk, k.In.Size)
	if ts == 1 {
		k.runAlone(m, buf, first, last, acc)
		return
	}
	s := first + m.TeamRank()
	u := int32(-1)
	var e, end int64
	budget := k.Out.budget()
	for {
		c := 0
		for left := budget; left > 0; {
			if e >= end {
				if s >= last {
					break
				}
				u = k.In.Vertex(s)
				s += ts
				if u >= 0 {
					e, end = k.G.Begin(u), k.G.End(u)
				}
				continue
			}
			v := k.G.Adj.At(int(e))
			if k.Op.Visit(u, v, e) {
				var added bool
				if c, added = k.Out.put(buf, c, v); added {
					k.Out.count(acc, k.G, v)
				}
			}
			e++
			left--
		}
		k.Out.flush(m, buf, c)
		more := 0
		if e < end || s < last {
			more = 1
		}
		if teams.TeamReduce(m, more, teams.Max) == 0 {
			break
		}
	}
}

// runAlone is RunTeam for a team of one thread (the host's): it walks the chunk vertex by
// vertex in a plain loop over each adjacency, which lets a CPU overlap the random accesses of
// consecutive edges, and flushes whenever the buffer is full.
func (k PushThread[Op]) runAlone(m teams.Member, buf views.View1D[int32], first, last int, acc *Count) {
	budget := k.Out.budget()
	c := 0
	for s := first; s < last; s++ {
		u := k.In.Vertex(s)
		if u < 0 {
			continue
		}
		end := k.G.End(u)
		for e := k.G.Begin(u); e < end; e++ {
			v := k.G.Adj.At(int(e))
			if !k.Op.Visit(u, v, e) {
				continue
			}
			var added bool
			if c, added = k.Out.put(buf, c, v); added {
				k.Out.count(acc, k.G, v)
			}
			if c == budget {
				k.Out.flush(m, buf, c)
				c = 0
			}
		}
	}
	k.Out.flush(m, buf, c)
}

// visitPiece is the number of edges a host visit loop takes per call.
const visitPiece = 1024

// visitSpans is the most spans a host visit loop takes per call.
const visitSpans = 128

// visitBuffer is the memory of a host kernel's visit loop calls: the spans of a call and the
// targets it improved.
type visitBuffer struct {
	hits  [visitPiece]int32
	spans [visitSpans]portable.VisitSpan
}

// visitBuffers holds visitBuffers. A host kernel passes its buffer's arrays to the generated
// loop through a function value, which makes them escape: arrays of its own would be 6 KB of
// garbage per team and step, and the heap, given back to the system between collections, then
// faulted fresh pages inside the steps.
var visitBuffers = sync.Pool{New: func() any { return new(visitBuffer) }}

// visitEach is what a generated host visit loop does, by one call of Op.Visit per edge: it
// visits the edges of spans (indices into adj) and writes the targets of the calls that
// returned true to hits, returning their number. Host kernels call it when the generated loop
// declines (a view of the operator is not a contiguous host view).
func visitEach[Op EdgeOp](op *Op, spans []portable.VisitSpan, adj []int32, hits []int32) int {
	got := 0
	for _, sp := range spans {
		for e := sp.Begin; e < sp.End; e++ {
			if v := adj[e]; (*op).Visit(sp.U, v, e) {
				hits[got] = v
				got++
			}
		}
	}
	return got
}

// pushThreadHost is PushThread on a host space whose teams have one member, when the
// operator's package holds a generated visit loop (portable.HostVisit): the same walk as
// runAlone, but each adjacency goes to Visit, Op.Visit inlined into a loop with the
// operator's view accesses as slice accesses, in pieces of up to visitPiece edges, instead of
// one dynamic call of Op.Visit per edge. It is a host kernel (not translated): Push launches
// it only on host spaces.
type pushThreadHost[Op EdgeOp] struct {
	PushThread[Op]
	Visit func(op *Op, spans []portable.VisitSpan, adj []int32, hits []int32) int
}

// RunTeam expands the team's chunk.
func (k pushThreadHost[Op]) RunTeam(m teams.Member, acc *Count) {
	buf := teams.ThreadScratch[int32](m, 0, k.Out.Buffer)
	first := m.LeagueRank() * k.Chunk
	last := min(first+k.Chunk, k.In.Size)
	adj := k.G.Adj.Span(0, k.G.Adj.Len())
	if adj == nil {
		k.runAlone(m, buf, first, last, acc)
		return
	}
	op := k.Op
	off := k.G.Offsets // read directly: CSR.Begin and End are just over Go's inlining budget
	// A queue without deduplication takes the loop's hits in the thread's buffer itself.
	if q, o := buf.Span(0, buf.Len()), off.Span(0, off.Len()); !k.Out.Bitmap && !k.Out.Dedup && len(q) >= visitPiece && o != nil {
		k.runQueue(m, buf, q, adj, o, first, last, acc)
		return
	}
	vb := visitBuffers.Get().(*visitBuffer)
	defer visitBuffers.Put(vb)
	hits, span := vb.hits[:], vb.spans[:1]
	budget := k.Out.budget()
	fast := newHostBits(k.Out)
	c := 0
	ahead := newLookahead(k.In, off, adj, first, last, op)
	ahead.prime(first)
	for s := first; s < last; s++ {
		ahead.fetch(s)
		u := k.In.Vertex(s)
		if u < 0 {
			continue
		}
		for e, end := off.At(int(u)), off.At(int(u)+1); e < end; {
			n := min(end-e, visitPiece)
			span[0] = portable.VisitSpan{U: u, Begin: e, End: e + n}
			got := k.Visit(&op, span, adj, hits)
			if got < 0 { // a view of the operator is not a contiguous host view
				got = visitEach(&op, span, adj, hits)
			}
			for _, v := range hits[:got] {
				var added bool
				if c, added = fast.put(&k.Out, buf, c, v); added {
					k.Out.count(acc, k.G, v)
				}
				if c == budget {
					k.Out.flush(m, buf, c)
					c = 0
				}
			}
			e += n
		}
	}
	k.Out.flush(m, buf, c)
}

// runQueue is RunTeam for a queue sink without deduplication: the visit loop writes the targets
// it improved straight into the thread's buffer q (buf's memory, of at least visitPiece
// entries), which is flushed whenever the next piece of edges might not fit, and their count
// and sampled degrees are taken per piece (countAll) rather than by two calls per target.
func (k pushThreadHost[Op]) runQueue(m teams.Member, buf views.View1D[int32], q, adj []int32, off []int64, first, last int, acc *Count) {
	op := k.Op
	vb := visitBuffers.Get().(*visitBuffer)
	defer visitBuffers.Put(vb)
	span := vb.spans[:1]
	c := 0
	ahead := newLookahead(k.In, k.G.Offsets, adj, first, last, op)
	ahead.prime(first)
	for s := first; s < last; s++ {
		ahead.fetch(s)
		u := k.In.Vertex(s)
		if u < 0 || int(u)+1 >= len(off) {
			continue
		}
		for e, end := off[u], off[u+1]; e < end; {
			n := min(end-e, visitPiece)
			if c+int(n) > len(q) {
				k.Out.flush(m, buf, c)
				c = 0
			}
			span[0] = portable.VisitSpan{U: u, Begin: e, End: e + n}
			got := k.Visit(&op, span, adj, q[c:c+int(n)])
			if got < 0 { // a view of the operator is not a contiguous host view
				got = visitEach(&op, span, adj, q[c:c+int(n)])
			}
			k.Out.countAll(acc, off, q[c:c+got])
			c += got
			e += n
		}
	}
	k.Out.flush(m, buf, c)
}

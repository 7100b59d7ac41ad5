package scc

import (
	"time"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Trimming removes size-1 components: an active vertex with no active in-neighbour, or no active
// out-neighbour, of its own subgraph (self loops aside) is a component by itself. Removing it
// can make its neighbours trimmable, so trimming repeats: each pass checks only the neighbours
// of the vertices the previous pass removed (a worklist), and a thread also follows chains (see
// chainLimit), so that a long path is trimmed in a few passes rather than one pass per vertex.
// The first pass depends on what is known. When every vertex is still active, a pass removes
// the vertices of in- or out-degree zero from the offsets alone, reading no neighbour. On a
// graph without self loops every other vertex has an out-neighbour and an in-neighbour other
// than itself, all active, so it can become trimmable only when all of them on one side are
// gone, and it is then a neighbour of a removed vertex: when that pass removed few vertices,
// the next pass checks their neighbours only (none: nothing is left to trim), and otherwise it
// sweeps every vertex, as it does on a graph with self loops (a vertex whose only out- or
// in-edges are self loops is trimmable without a removed neighbour; New counts them). Later
// runs of trimming, with some vertices assigned, sweep every vertex or check a list the method
// keeps of its active vertices.

// queueFraction: when the degree pass removes at most N/queueFraction vertices, the next pass
// checks their neighbours rather than every vertex.
const queueFraction = 64

// trimByDegree removes active vertex v when it has no out-edge or no in-edge at all. The
// result counts the removed vertices.
//
//gokkos:kernel
type trimByDegree struct {
	Off, ROff views.View1D[int64]
	St        views.View1D[uint32]
	Comp      views.View1D[int32]
}

// Run checks vertex v.
func (k trimByDegree) Run(v int, acc *int64) {
	if k.St.At(v)&stDone != 0 {
		return
	}
	if k.Off.At(v) == k.Off.At(v+1) || k.ROff.At(v) == k.ROff.At(v+1) {
		k.St.Set(v, k.St.At(v)|stDone)
		k.Comp.Set(v, int32(v))
		*acc += 1
	}
}

// trimQueue queues the neighbours of every done vertex (after trimByDegree, the vertices it
// removed) that are neither done nor queued (see trimStep.enqueue), and counts them.
//
//gokkos:kernel
type trimQueue struct {
	Off, ROff views.View1D[int64]
	Adj, RAdj views.View1D[int32]
	St        views.View1D[uint32]
	Next      views.View1D[int32]
	Tail      views.View1D[int32]
}

// Run queues the neighbours of v if v is done. Other threads may be setting v's queued bit
// meanwhile, so its status is read atomically.
func (k trimQueue) Run(v int, acc *int64) {
	if k.St.AtomicLoad(v)&stDone == 0 {
		return
	}
	*acc += k.queue(k.Off, k.Adj, v) + k.queue(k.ROff, k.RAdj, v)
}

// queue queues the neighbours of v among adj[off[v]:off[v+1]] that are neither done nor queued,
// and returns how many it queued.
func (k trimQueue) queue(off views.View1D[int64], adj views.View1D[int32], v int) int64 {
	var n int64
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		if w := int(adj.At(int(e))); k.St.AtomicLoad(w)&(stDone|stTQ) == 0 {
			n += enqueue(k.St, k.Next, k.Tail, w)
		}
	}
	return n
}

// trimStep checks one vertex: vertex i in the first sweep, or the i-th entry of Queue later. A
// trimmed vertex becomes its own component; of its active neighbours, the first that its removal
// makes trimmable is trimmed next by the same thread, and the others are queued onto Next unless
// they are queued already. The result counts trimmed vertices in the high 32 bits and queued ones
// in the low 32 bits.
//
//gokkos:kernel
type trimStep struct {
	Off, ROff views.View1D[int64]
	Adj, RAdj views.View1D[int32]
	Sub       views.View1D[int32]
	St        views.View1D[uint32]
	Comp      views.View1D[int32]
	Queue     views.View1D[int32]
	FromQueue bool
	Next      views.View1D[int32]
	Tail      views.View1D[int32]
	OneSub    bool // every active vertex is in one subgraph: neighbours' subgraphs need no check
}

// live reports whether v has an active neighbour other than itself in subgraph c among
// adj[off[v]:off[v+1]]; with oneSub every active vertex is in c.
func live(off views.View1D[int64], adj views.View1D[int32], st views.View1D[uint32], sub views.View1D[int32], oneSub bool, v int, c int32) bool {
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		w := int(adj.At(int(e)))
		if w != v && st.AtomicLoad(w)&stDone == 0 && (oneSub || sub.At(w) == c) {
			return true
		}
	}
	return false
}

// trimmable reports whether v, active in subgraph c, lacks an in- or an out-neighbour.
func (k trimStep) trimmable(v int, c int32) bool {
	return !live(k.Off, k.Adj, k.St, k.Sub, k.OneSub, v, c) || !live(k.ROff, k.RAdj, k.St, k.Sub, k.OneSub, v, c)
}

// enqueue queues w unless it is queued already, and returns how many it queued.
func (k trimStep) enqueue(w int) int64 { return enqueue(k.St, k.Next, k.Tail, w) }

// enqueue appends w to next (its length in tail[0]) unless w's queued bit in st is set
// already, sets the bit, and returns how many it queued.
func enqueue(st views.View1D[uint32], next, tail views.View1D[int32], w int) int64 {
	if st.AtomicOr(w, stTQ)&stTQ != 0 {
		return 0
	}
	next.Set(int(tail.AtomicAdd(0, 1)), int32(w))
	return 1
}

// neighbours goes over the active neighbours of the trimmed vertex v in subgraph c among
// adj[off[v]:off[v+1]]: while next is negative the first one that is now trimmable becomes next,
// to be trimmed by the calling thread, and the others are queued. It returns next and the count
// of queued vertices.
func (k trimStep) neighbours(off views.View1D[int64], adj views.View1D[int32], v int, c int32, next int) (int, int64) {
	var n int64
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		w := int(adj.At(int(e)))
		if w == v || w == next || k.St.AtomicLoad(w)&(stDone|stTQ) != 0 || (!k.OneSub && k.Sub.At(w) != c) {
			continue
		}
		if next < 0 && k.trimmable(w, c) {
			next = w
			continue
		}
		n += k.enqueue(w)
	}
	return next, n
}

// Run checks one vertex and follows the chain of vertices its removal makes trimmable, up to
// chainLimit of them; the vertex the chain stops at is queued. Only the thread whose atomic OR
// sets a vertex's done bit assigns it.
func (k trimStep) Run(i int, acc *int64) {
	v := i
	if k.FromQueue {
		v = int(k.Queue.At(i))
		k.St.AtomicAnd(v, ^stTQ)
	}
	for step := 0; v >= 0; step++ {
		if step == chainLimit {
			*acc += k.enqueue(v)
			return
		}
		if k.St.AtomicLoad(v)&stDone != 0 {
			return
		}
		c := k.Sub.At(v)
		if !k.trimmable(v, c) || k.St.AtomicOr(v, stDone)&stDone != 0 {
			return
		}
		k.Comp.Set(v, int32(v))
		next, a := k.neighbours(k.Off, k.Adj, v, c, -1)
		next, b := k.neighbours(k.ROff, k.RAdj, v, c, next)
		*acc += 1<<32 + a + b
		v = next
	}
}

// trim removes size-1 components until none is left and returns how many it removed.
func (s *state) trim() (int, error) { return s.trimFrom(views.View1D[int32]{}, -1) }

// trimDegree is trim that stops after the degree pass (when every vertex is active) unless the
// complete trimming would cost little after it: when the pass removed at most N/queueFraction
// vertices of a graph without self loops, the next pass checks only their neighbours, and
// trimDegree goes on to the end like trim. It returns how many vertices it removed and whether
// it trimmed completely.
func (s *state) trimDegree() (int, bool, error) { return s.trimming(views.View1D[int32]{}, -1, true) }

// trimFrom is trim whose first pass checks the size vertices of list instead of sweeping every
// vertex (size < 0: sweep), so that later rounds of a method that keeps a worklist of its
// active vertices do not touch finished parts. The degree-only pass runs only when every vertex
// is active and no list is given.
func (s *state) trimFrom(list views.View1D[int32], size int) (int, error) {
	n, _, err := s.trimming(list, size, false)
	return n, err
}

// trimming is trimFrom, or trimDegree with degree set: it returns the vertices removed and
// whether the trimming is complete.
func (s *state) trimming(list views.View1D[int32], size int, degree bool) (int, bool, error) {
	if s.active == 0 || size == 0 {
		return 0, true, nil
	}
	t0 := time.Now()
	defer func() { s.stats.TrimTime += time.Since(t0) }()
	f, err := s.worklistsFor()
	if err != nil {
		return 0, false, err
	}
	k := trimStep{
		Off: s.out.Offsets, Adj: s.out.Adj, ROff: s.in.Offsets, RAdj: s.in.Adj,
		Sub: s.sub, St: s.st, Comp: s.comp, Next: f.cur, Tail: f.tails,
		// Runs start with every vertex active in one subgraph, and every step that splits a
		// subgraph also assigns at least one vertex (its pivot, or the largest signature), so
		// while every vertex is active there is one subgraph.
		OneSub: s.active == s.n,
	}
	var removed int
	queue := false // the first pass queues the neighbours of what the degree pass removed
	if s.active == s.n && size < 0 {
		d, err := count(s, "scc.trim.degree", trimByDegree{Off: s.out.Offsets, ROff: s.in.Offsets, St: s.st, Comp: s.comp})
		if err != nil {
			return 0, false, err
		}
		removed = int(d)
		s.stats.TrimPasses++
		if d == 0 && s.loops == 0 {
			return 0, true, nil // nothing removed, no self loops: nothing is trimmable (see above)
		}
		// Self loops need the sweep (see above); so do many removed vertices, whose edges
		// would cost more to queue than the sweep's first neighbours.
		queue = s.loops == 0 && d <= int64(s.n/queueFraction)
		if degree && !queue {
			s.active -= removed
			s.stats.Trimmed += removed
			return removed, false, nil
		}
	}
	if err := f.tails.Fill(0); err != nil {
		return removed, false, err
	}
	var r int64
	switch {
	case queue:
		r, err = count(s, "scc.trim.queue", trimQueue{Off: s.out.Offsets, ROff: s.in.Offsets, Adj: s.out.Adj, RAdj: s.in.Adj, St: s.st, Next: f.cur, Tail: f.tails})
	case size < 0:
		r, err = count(s, "scc.trim.sweep", k)
	default:
		first := k
		first.Queue, first.FromQueue = list, true
		pol := portable.Range(0, size).WithSchedule(portable.Dynamic).WithChunk(512)
		err = portable.ParallelReduce(s.space, "scc.trim.list", pol, first, portable.Sum(&r))
	}
	if err != nil {
		return removed, false, err
	}
	s.stats.TrimPasses++
	removed += hi(r)
	queued := lo(r)
	for queued > 0 {
		if err := f.tails.Fill(0); err != nil {
			return removed, false, err
		}
		k.Queue, k.FromQueue, k.Next = f.cur, true, f.next
		pol := portable.Range(0, queued).WithSchedule(portable.Dynamic).WithChunk(64)
		if err := portable.ParallelReduce(s.space, "scc.trim.pass", pol, k, portable.Sum(&r)); err != nil {
			return removed, false, err
		}
		s.stats.TrimPasses++
		f.cur, f.next = f.next, f.cur
		removed += hi(r)
		queued = lo(r)
	}
	s.active -= removed
	s.stats.Trimmed += removed
	return removed, true, nil
}

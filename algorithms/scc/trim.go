package scc

import (
	"time"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Trimming removes size-1 components: an active vertex with no active in-neighbour, or no active
// out-neighbour, of its own subgraph (self loops aside) is a component by itself. Removing it
// can make its neighbours trimmable, so trimming repeats: the first pass sweeps every vertex, and
// each later pass checks only the neighbours of the vertices the previous pass removed (a
// worklist), so that a long chain costs one short pass per vertex rather than a sweep.

// trimStep checks one vertex: vertex i in the first sweep, or the i-th entry of Queue later. A
// trimmed vertex becomes its own component and queues its active neighbours that are not
// queued yet onto Next. The result counts trimmed vertices in the high 32 bits and queued ones
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
}

// live reports whether v has an active neighbour other than itself in subgraph c among
// adj[off[v]:off[v+1]].
func live(off views.View1D[int64], adj views.View1D[int32], st views.View1D[uint32], sub views.View1D[int32], v int, c int32) bool {
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		w := int(adj.At(int(e)))
		if w != v && st.AtomicLoad(w)&stDone == 0 && sub.At(w) == c {
			return true
		}
	}
	return false
}

// enqueue queues v's active neighbours in subgraph c that are not queued, and returns how many
// it queued.
func (k trimStep) enqueue(off views.View1D[int64], adj views.View1D[int32], v int, c int32) int64 {
	var n int64
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		w := int(adj.At(int(e)))
		if w == v || k.St.AtomicLoad(w)&(stDone|stTQ) != 0 || k.Sub.At(w) != c {
			continue
		}
		if k.St.AtomicOr(w, stTQ)&stTQ == 0 {
			k.Next.Set(int(k.Tail.AtomicAdd(0, 1)), int32(w))
			n++
		}
	}
	return n
}

// Run checks one vertex.
func (k trimStep) Run(i int, acc *int64) {
	v := i
	if k.FromQueue {
		v = int(k.Queue.At(i))
		k.St.AtomicAnd(v, ^stTQ)
	}
	if k.St.AtomicLoad(v)&stDone != 0 {
		return
	}
	c := k.Sub.At(v)
	if live(k.Off, k.Adj, k.St, k.Sub, v, c) && live(k.ROff, k.RAdj, k.St, k.Sub, v, c) {
		return
	}
	k.St.AtomicOr(v, stDone)
	k.Comp.Set(v, int32(v))
	*acc += 1<<32 + k.enqueue(k.Off, k.Adj, v, c) + k.enqueue(k.ROff, k.RAdj, v, c)
}

// trim removes size-1 components until none is left and returns how many it removed.
func (s *state) trim() (int, error) {
	if s.active == 0 {
		return 0, nil
	}
	t0 := time.Now()
	defer func() { s.stats.TrimTime += time.Since(t0) }()
	f, err := s.frontierFor()
	if err != nil {
		return 0, err
	}
	k := trimStep{
		Off: s.g.out.Offsets, Adj: s.g.out.Adj, ROff: s.g.in.Offsets, RAdj: s.g.in.Adj,
		Sub: s.sub, St: s.st, Comp: s.comp, Next: f.cur, Tail: f.tails,
	}
	if err := f.tails.Fill(0); err != nil {
		return 0, err
	}
	r, err := count(s, "scc.trim.sweep", k)
	if err != nil {
		return 0, err
	}
	s.stats.TrimPasses++
	removed, queued := hi(r), lo(r)
	for queued > 0 {
		if err := f.tails.Fill(0); err != nil {
			return removed, err
		}
		k.Queue, k.FromQueue, k.Next = f.cur, true, f.next
		pol := portable.Range(0, queued).WithSchedule(portable.Dynamic).WithChunk(64)
		if err := portable.ParallelReduce(s.space, "scc.trim.pass", pol, k, portable.Sum(&r)); err != nil {
			return removed, err
		}
		s.stats.TrimPasses++
		f.cur, f.next = f.next, f.cur
		removed += hi(r)
		queued = lo(r)
	}
	s.active -= removed
	s.stats.Trimmed += removed
	return removed, nil
}

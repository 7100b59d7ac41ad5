package frontier

import (
	"sync/atomic"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
)

// binStepsHost is BinSteps on a host space, when the operator's package holds a generated
// visit loop (portable.HostVisit) and every array is a contiguous host view: the same steps,
// but the walk of a chunk gathers the adjacencies of the entries it expands into spans of up
// to visitPiece edges in all, which go to Visit, Op.Visit inlined into a loop over slices, in
// one call; it prefetches the offsets, keys and marks of the entries ahead (lookahead) and
// the first edges of each span it gathers, and the bins and keys are read and written as
// slices. It is a host kernel (not translated): RunBins launches it only on host spaces. Its
// RunTeam is BinSteps' with the host expansion.
type binStepsHost[Op BinOp] struct {
	BinSteps[Op]
	Visit func(op *Op, spans []portable.VisitSpan, adj []int32, hits []int32) int
	// Hubs, when not nil, is where members leave the vertices of Hubs.edges out-edges or more
	// that they meet in a step, for the league to share out (hubShare).
	Hubs *hubShare
}

// binSlices is the host form's arrays as slices.
type binSlices struct {
	adj                                []int32
	off                                []int64
	pool, fill, next, stack, tail, own []int32
	head, count                        []int32
	keys, done                         []uint32
}

// slices returns the arrays as slices, or ok false when one is not a contiguous host view.
func (k binStepsHost[Op]) slices() (b binSlices, ok bool) {
	kv, isKV := any(k.Op).(KeyViewer)
	if !isKV {
		return b, false
	}
	keys := kv.KeyView()
	b = binSlices{adj: k.G.Adj.Span(0, k.G.Adj.Len()), off: k.G.Offsets.Span(0, k.G.Offsets.Len()),
		pool: k.Pool.Span(0, k.Pool.Len()), fill: k.Len.Span(0, k.Len.Len()), next: k.Next.Span(0, k.Next.Len()),
		stack: k.Stack.Span(0, k.Stack.Len()), tail: k.Tail.Span(0, k.Tail.Len()), own: k.Own.Span(0, k.Own.Len()),
		head: k.Head.Span(0, k.Head.Len()), count: k.Count.Span(0, k.Count.Len()),
		keys: keys.Span(0, keys.Len()), done: k.Done.Span(0, k.Done.Len())}
	ok = b.adj != nil && b.off != nil && b.pool != nil && b.fill != nil && b.next != nil && b.stack != nil &&
		b.tail != nil && b.own != nil && b.head != nil && b.count != nil && b.keys != nil && b.done != nil
	return b, ok
}

// RunTeam runs the steps.
func (k binStepsHost[Op]) RunTeam(m teams.Member) {
	o := k.start(m)
	b, fast := k.slices()
	vb := visitBuffers.Get().(*visitBuffer)
	defer visitBuffers.Put(vb)
	// One lookahead over the whole pool, made once: each chunk's walk sets its window.
	var ahead lookahead
	if fast {
		ahead = newLookahead(Worklist{Size: len(b.pool), Queue: k.Pool}, k.G.Offsets, b.adj, 0, len(b.pool), k.Op)
		ahead.keys, ahead.done = b.keys, b.done
	}
	cur := int64(0)
	for step := 0; ; step++ {
		set := k.offer(o, step, cur)
		m.LeagueBarrier()
		cur = k.Tally.AtomicLoad(set)
		if k.finished(o, step, cur) {
			return
		}
		k.publish(o, cur, set)
		m.LeagueBarrier()
		chunks := k.Tally.AtomicLoad(set + 1)
		for c := k.Tally.AtomicAdd(set+2, 1); c < chunks; c = k.Tally.AtomicAdd(set+2, 1) {
			if fast {
				k.expandHost(o, k.List.At(int(c)), cur, &b, &ahead, vb)
			} else {
				k.expand(o, k.List.At(int(c)), cur)
			}
		}
		for c := k.detach(o, cur, chunks, m); c >= 0; c = k.detach(o, cur, chunks, m) {
			if fast {
				k.expandHost(o, c, cur, &b, &ahead, vb)
			} else {
				k.expand(o, c, cur)
			}
			k.recycle(o, c)
		}
		m.LeagueBarrier()
		// Every member reads the same count here: hubs are left only before the barrier
		// above, and the count is cleared only after the one below.
		if k.Hubs != nil && k.Hubs.n.Load() > 0 {
			k.expandHubs(o, &b, vb)
			m.LeagueBarrier()
			if o == 0 {
				k.Hubs.clear()
			}
		}
	}
}

// repeatDegree is the out-degree from which host binned steps mark a vertex expanded at its
// key (Done) and skip its repeats; below it they expand a repeat again.
const repeatDegree = 16

// expandHost is expand through the generated visit loop and slices, which marks and skips
// repeats only for vertices of repeatDegree out-edges or more, leaves hubs (Hubs) to the
// league when there is room, and relaxes the edges of the entries it expands in calls of up to
// visitPiece edges and visitSpans spans.
func (k *binStepsHost[Op]) expandHost(o int, c int32, cur int64, b *binSlices, ahead *lookahead, vb *visitBuffer) {
	first := int(c) * binChunk
	last := first + int(b.fill[c])
	op := k.Op
	pool, keys, done, off := b.pool[first:last], b.keys, b.done, b.off
	shift := min(uint(k.Shift), 63)
	ahead.window(first, last)
	n, room := 0, int64(visitPiece) // spans gathered; edges the call has room for
	for i, u := range pool {
		ahead.entry(first + i)
		key := atomic.LoadUint32(&keys[u])
		if int64(key)>>(shift&63) < cur {
			continue // stale: see ready
		}
		e, end := off[u], off[u+1]
		if end-e >= repeatDegree {
			// A repeat (see ready) is skipped only where it would cost many edges: on the
			// host the mark's atomic store is a fenced exchange, which a vertex of few edges
			// pays more often than its repeats would cost.
			if atomic.LoadUint32(&done[u]) == key {
				continue
			}
			atomic.StoreUint32(&done[u], key)
		}
		if k.Hubs != nil && end-e >= k.Hubs.edges && k.Hubs.leave(u) {
			continue
		}
		ahead.span(e, end)
		for e < end {
			m := min(end-e, room)
			vb.spans[n] = portable.VisitSpan{U: u, Begin: e, End: e + m}
			n++
			room -= m
			e += m
			if room == 0 || n == visitSpans {
				k.relax(&op, o, vb.spans[:n], b, vb.hits[:])
				n, room = 0, visitPiece
			}
		}
	}
	if n > 0 {
		k.relax(&op, o, vb.spans[:n], b, vb.hits[:])
	}
}

// relax relaxes the edges of spans with op, filing the vertices they improve into member o's
// bins by their keys; hits has room for every edge of the spans.
func (k *binStepsHost[Op]) relax(op *Op, o int, spans []portable.VisitSpan, b *binSlices, hits []int32) {
	got := k.Visit(op, spans, b.adj, hits)
	if got < 0 { // a view of the operator is not a contiguous host view
		got = visitEach(op, spans, b.adj, hits)
	}
	// The arrays are taken into locals and the shift bounded, so that the loop neither
	// reloads them after each store nor checks for shifts past the key's width.
	keys, tail, fill, pool := b.keys, b.tail, b.fill, b.pool
	shift := min(uint(k.Shift), 63)
	ring := o * k.Slots
	mask := uint64(k.Slots - 1)
	for _, v := range hits[:got] {
		bin := ring + int(uint64(atomic.LoadUint32(&keys[v]))>>(shift&63)&mask)
		t := tail[bin]
		if t < 0 || fill[t] == binChunk {
			if t = k.grow(o, bin, b); t < 0 {
				continue
			}
		}
		at := fill[t]
		pool[int(t)*binChunk+int(at)] = v
		fill[t] = at + 1
	}
}

// expandHubs is member o's share of the hubs left in a step: it takes pieces of h.piece edges
// of each hub in turn, starting at hub o mod count, until every piece is taken.
func (k *binStepsHost[Op]) expandHubs(o int, b *binSlices, vb *visitBuffer) {
	h := k.Hubs
	n := int(h.n.Load())
	op := k.Op
	for i := range n {
		j := (o + i) % n
		u := h.hubs[j]
		first, end := b.off[u], b.off[u+1]
		for {
			e := first + (h.taken[j].Add(1)-1)*h.piece
			if e >= end {
				break
			}
			for stop := min(e+h.piece, end); e < stop; e += visitPiece {
				vb.spans[0] = portable.VisitSpan{U: u, Begin: e, End: min(e+visitPiece, stop)}
				k.relax(&op, o, vb.spans[:1], b, vb.hits[:])
			}
		}
	}
}

// grow is file's taking of a new chunk for bin, over slices: it returns the chunk, or -1 with
// the overflow flag raised.
func (k *binStepsHost[Op]) grow(o, bin int, b *binSlices) int32 {
	top := b.own[2*o]
	if top == 0 {
		k.Tally.Set(binOverflow, 1)
		return -1
	}
	top--
	b.own[2*o] = top
	c := b.stack[o*k.PerOwner+int(top)]
	b.fill[c] = 0
	b.next[c] = -1
	if t := b.tail[bin]; t < 0 {
		b.head[bin] = c
	} else {
		b.next[t] = c
	}
	b.tail[bin] = c
	b.count[bin]++
	return c
}

// A hub (a vertex of many out-edges, as R-MAT graphs have) met in a binned step is expanded by
// the member that meets it, alone, while the rest of the league waits at the step's barrier:
// the source of a search from the vertex of largest degree is a step of one vertex. On the
// host, where a member is a worker, that can be most of a step's time. Members instead leave
// the hubs they meet in a hubShare, and after the step's barrier every member takes pieces
// of their edges, behind one more barrier in the steps that had hubs.

// hubEdges is the default out-degree from which a host binned step shares a vertex's edges
// out (Tuning.BinHub); a piece is a quarter of it.
const hubEdges = 8192

// maxHubs is the most hubs a step shares out; further ones are expanded by the member that
// meets them.
const maxHubs = 256

// hubShare holds the hubs left in a binned step and the pieces taken of each. Its zero value
// is empty. Members leave hubs concurrently; it is cleared by one member while no other
// touches it. A nil *hubShare takes no hubs.
type hubShare struct {
	edges int64 // the out-degree from which a vertex is a hub
	piece int64 // the edges of a piece
	n     atomic.Int64
	hubs  [maxHubs]int32
	taken [maxHubs]atomic.Int64
}

// newHubShare returns a share for hubs of at least edges out-edges (0: hubEdges), or nil
// when edges is negative.
func newHubShare(edges int) *hubShare {
	switch {
	case edges < 0:
		return nil
	case edges == 0:
		edges = hubEdges
	}
	return &hubShare{edges: int64(edges), piece: max(int64(edges)/4, 1)}
}

// leave records hub u and reports whether it did: false for a nil share or a full one.
func (h *hubShare) leave(u int32) bool {
	if h == nil {
		return false
	}
	// A slot is claimed before it is written: readers look only after the step's barrier.
	i := h.n.Add(1) - 1
	if i >= maxHubs {
		h.n.Add(-1)
		return false
	}
	h.hubs[i] = u
	return true
}

// clear empties the share for the next step.
func (h *hubShare) clear() {
	n := min(int(h.n.Load()), maxHubs)
	for i := range n {
		h.taken[i].Store(0)
	}
	h.n.Store(0)
}

package frontier

import (
	"unsafe"

	"github.com/gokkos/gokkos/internal/prefetch"
	"github.com/gokkos/gokkos/views"
)

// A host push step over a queue walks its vertices in the queue's order, which is random in
// the graph: each vertex's offsets and the first line of its adjacency miss the caches, and a
// loop that expands one vertex's edges before it reads the next vertex waits for memory twice
// per vertex, more than the edges' own work on a graph of average degree 16. A lookahead asks
// the CPU for those lines some slots ahead (internal/prefetch): the offsets of the vertex
// lookOffsets slots ahead and, from the offsets it asked for earlier, the adjacency of the
// vertex lookEdges slots ahead, so that the misses of consecutive vertices overlap.

// EdgeViewer is implemented by an edge operator that reads one element of a view per edge (an
// edge weight): host push steps then ask for the line of the first edge of each vertex ahead
// in that view too, as they do in the adjacency. EdgeView returns the view, a contiguous
// views.View1D of float64, int64, uint64, float32, int32 or uint32 indexed like the
// adjacency, or nil when the operator reads none. Only host push steps call it, once per
// launch; kernels never do, so it need not be in the kernel subset of Go.
type EdgeViewer interface {
	EdgeView() any
}

// Distances of the lookahead, in worklist slots.
const (
	lookOffsets = 16
	lookEdges   = 8
	lookSpan    = 16 // edges whose lines are asked for, from the first: both ends of a short adjacency, which often straddles two lines
)

// lookahead prefetches for a host walk of a queue's slots [first, last); its zero value (a
// bitmap worklist, whose slots come in vertex order, or views that are not host memory)
// does nothing.
type lookahead struct {
	queue []int32
	off   []int64
	adj   []int32
	last  int
	edge  unsafe.Pointer // the first element of the operator's edge view, or nil
	size  uintptr        // its element size
	edges int64          // its length
	// keys and done, when not nil, are 32-bit arrays indexed by vertex whose elements of the
	// vertex lookOffsets slots ahead are asked for with its offsets (binned steps, which read
	// both before they decide whether to expand the vertex).
	keys, done []uint32
	next       int // the first slot whose entry lines a window's walk has not asked for
}

// newLookahead returns the lookahead of a walk of in's slots [first, last).
func newLookahead(in Worklist, off views.View1D[int64], adj []int32, first, last int, op any) lookahead {
	if in.Bitmap || last-first <= lookEdges {
		return lookahead{}
	}
	q := in.Queue.Span(0, in.Queue.Len())
	o := off.Span(0, off.Len())
	if q == nil || o == nil || len(adj) == 0 {
		return lookahead{}
	}
	l := lookahead{queue: q, off: o, adj: adj, last: last}
	if ev, ok := op.(EdgeViewer); ok {
		switch w := ev.EdgeView().(type) {
		case views.View1D[float64]:
			l.edge, l.size, l.edges = first1(w.Span(0, w.Len()))
		case views.View1D[int64]:
			l.edge, l.size, l.edges = first1(w.Span(0, w.Len()))
		case views.View1D[uint64]:
			l.edge, l.size, l.edges = first1(w.Span(0, w.Len()))
		case views.View1D[float32]:
			l.edge, l.size, l.edges = first1(w.Span(0, w.Len()))
		case views.View1D[int32]:
			l.edge, l.size, l.edges = first1(w.Span(0, w.Len()))
		case views.View1D[uint32]:
			l.edge, l.size, l.edges = first1(w.Span(0, w.Len()))
		}
	}
	return l
}

// first1 returns the address of s's first element, the element size and the length (nil, 0, 0
// for an empty slice).
func first1[T any](s []T) (unsafe.Pointer, uintptr, int64) {
	if len(s) == 0 {
		return nil, 0, 0
	}
	return unsafe.Pointer(&s[0]), unsafe.Sizeof(s[0]), int64(len(s))
}

// window sets the walk to the slots [first, last) of the same queue, for a lookahead made
// once and used for many walks (binned steps' chunks), and asks for the offsets (and keys and
// done marks) of its first lookOffsets slots. Such a walk calls entry at each slot and span
// for each adjacency it will expand, in place of fetch.
func (l *lookahead) window(first, last int) {
	if l.queue == nil {
		return
	}
	l.last, l.next = last, first
	l.entries()
}

// entry asks, at slot s of a window's walk, for the offsets (and keys and done marks) of the
// next lookOffsets slots when those of slot s+lookOffsets have not been asked for: in batches
// of lookOffsets slots, each one call of prefetch.Elements.
func (l *lookahead) entry(s int) {
	if s+lookOffsets >= l.next && l.next < l.last {
		l.entries()
	}
}

// entries asks for the offsets (and keys and done marks) of slots [next, next+lookOffsets).
func (l *lookahead) entries() {
	hi := min(l.next+lookOffsets, l.last)
	if l.next >= hi || hi > len(l.queue) {
		return
	}
	prefetch.Elements(unsafe.Pointer(unsafe.SliceData(l.off)), unsafe.Pointer(unsafe.SliceData(l.keys)),
		unsafe.Pointer(unsafe.SliceData(l.done)), l.queue[l.next:hi])
	l.next = hi
}

// span asks for the lines of the first and the last of the first lookSpan of the edges
// [b, end), in the adjacency and the operator's edge view: a walk that gathers adjacencies
// before it expands them asks for each as it gathers it.
func (l *lookahead) span(b, end int64) {
	e := min(b+lookSpan, end)
	if l.queue == nil || b < 0 || e > int64(len(l.adj)) || b >= e {
		return
	}
	var w0, w1 unsafe.Pointer
	if e <= l.edges {
		w0, w1 = unsafe.Add(l.edge, uintptr(b)*l.size), unsafe.Add(l.edge, uintptr(e-1)*l.size)
	}
	prefetch.Lines4(unsafe.Pointer(&l.adj[b]), unsafe.Pointer(&l.adj[e-1]), w0, w1)
}

// prime asks for the lines of the walk's first slots, which no earlier fetch covered: the
// offsets (and keys and done marks) of the first lookOffsets slots and the adjacency of the
// first lookEdges. The offsets it then reads for the adjacency miss together rather than one
// after another as the walk would meet them.
func (l *lookahead) prime(first int) {
	if l.queue == nil {
		return
	}
	stop := min(first+lookOffsets, l.last)
	for p := first; p < stop; p++ {
		l.offsets(p)
	}
	stop = min(first+lookEdges, l.last)
	for p := first; p < stop; p++ {
		l.edgesOf(p)
	}
}

// fetch asks for the lines that slot s+lookOffsets and slot s+lookEdges will need: the
// offsets (and keys and done marks) of the first, the lines of the first and the last of the
// first lookSpan edges of the second (in the adjacency and the operator's edge view). Each
// slot's lines go in one call (prefetch.Lines4; an address it has no line for is nil): the call,
// not the prefetch, was most of a prefetch's cost in a host loop.
func (l *lookahead) fetch(s int) {
	if l.queue == nil {
		return
	}
	if p := s + lookOffsets; p < l.last {
		l.offsets(p)
	}
	if p := s + lookEdges; p < l.last {
		l.edgesOf(p)
	}
}

// offsets asks for the lines of the offsets (and key and done mark) of slot p's vertex.
func (l *lookahead) offsets(p int) {
	if v := l.queue[p]; v >= 0 && int(v) < len(l.off) {
		var k, d unsafe.Pointer
		if int(v) < len(l.keys) && int(v) < len(l.done) {
			k, d = unsafe.Pointer(&l.keys[v]), unsafe.Pointer(&l.done[v])
		}
		prefetch.Lines4(unsafe.Pointer(&l.off[v]), k, d, nil)
	}
}

// edgesOf asks for the lines of the first and the last of the first lookSpan edges of slot
// p's vertex, in the adjacency and the operator's edge view.
func (l *lookahead) edgesOf(p int) {
	if v := l.queue[p]; v >= 0 && int(v) < len(l.off) {
		b := l.off[v]
		end := b
		if int(v)+1 < len(l.off) {
			end = l.off[v+1]
		}
		l.span(b, end)
	}
}

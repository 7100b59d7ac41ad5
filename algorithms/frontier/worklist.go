package frontier

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Worklist is the kernel-facing form of a worklist S_i: either a queue of vertex ids or a
// bitmap with one bit per vertex. Kernels walk it by slot: slot s in [0, Slots()) holds the
// vertex Vertex(s), or -1 when the slot is empty (a clear bit of a bitmap). It holds only
// scalars and views, so kernels of other packages may embed it; Frontier.Worklist returns
// the current one.
type Worklist struct {
	// Bitmap selects the bitmap form; Queue is used otherwise.
	Bitmap bool
	// Size is the number of vertices in the queue form, or the number of vertices of the
	// graph in the bitmap form (the number of slots in both cases).
	Size int
	// Queue holds the vertex ids of the queue form in its first Size elements.
	Queue views.View1D[int32]
	// Bits holds the bitmap form: vertex v is present when bit v&31 of word v>>5 is set.
	Bits views.View1D[uint32]
}

// Slots returns the number of slots: the queue length or the vertex count.
func (w Worklist) Slots() int { return w.Size }

// Vertex returns the vertex in slot s, or -1 if the slot is empty.
func (w Worklist) Vertex(s int) int32 {
	if w.Bitmap {
		if w.Bits.At(s>>5)&(uint32(1)<<uint(s&31)) != 0 {
			return int32(s)
		}
		return -1
	}
	return w.Queue.At(s)
}

// Contains reports whether vertex v is in a bitmap worklist. It must not be called on a queue.
func (w Worklist) Contains(v int32) bool {
	return w.Bits.At(int(v>>5))&(uint32(1)<<uint(v&31)) != 0
}

// sink is where a push step puts the vertices whose Visit returned true: a queue filled
// through per-thread buffers and team scans, or a bitmap filled with atomic ORs.
type sink struct {
	Bitmap bool
	Queue  views.View1D[int32]
	Tail   views.View1D[int64] // one element: the queue's length so far
	Bits   views.View1D[uint32]
	// Dedup asks the queue form to drop vertices already queued in this step, by stamping
	// Stamp[v] with Iter; operators whose Visit returns true at most once per vertex and
	// step need none.
	Dedup bool
	Stamp views.View1D[int32]
	Iter  int32
	// Buffer is the number of entries of each thread's buffer, which bounds the edges a
	// thread handles between two flushes.
	Buffer int
	// Sample is the inspector's sampling stride for the new vertices' degrees (see count):
	// a power of two.
	Sample int
}

// count records v, new to the next worklist, in acc: Val counts the vertices and Loc
// estimates their out-edges. The first 64 vertices a thread adds are counted exactly;
// beyond that every s-th one counts s times its degree, with s = Sample up to 4,096 added
// vertices, 4·Sample up to 65,536 and 16·Sample beyond (the strata's bounds are multiples of
// their strides, so the estimate stays unbiased). A degree is a random read of the offsets,
// which on the host waits for the next claim's compare-and-swap: at one in Sample it took
// 15% of a 16-core push step that adds two million vertices; large steps keep thousands of
// samples at the wider strides. Sample is a power of two, so that the tests are masks (a
// 64-bit division per added vertex is a long instruction sequence on GPUs).
func (o *sink) count(acc *Count, g dgraph.CSR, v int32) {
	// The degree is read from the offsets here rather than with CSR.Degree, which is too
	// large for Go to inline into this method on the host.
	if w := sampleWeight(acc.Val, o.Sample); w != 0 {
		acc.Loc += w * int(g.Offsets.At(int(v)+1)-g.Offsets.At(int(v)))
	}
	acc.Val++
}

// countAll is count for each vertex of vs in turn, with the offsets as a Go slice: what host
// kernels that buffer a piece of targets at once call, with the accumulator in registers.
func (o *sink) countAll(acc *Count, off []int64, vs []int32) {
	val, loc := acc.Val, acc.Loc
	for _, v := range vs {
		if w := sampleWeight(val, o.Sample); w != 0 {
			loc += w * int(off[v+1]-off[v])
		}
		val++
	}
	acc.Val, acc.Loc = val, loc
}

// sampleWeight returns how many times the degree of the val-th vertex a thread adds (from
// 0) counts in the estimate of count: 1 for each of the first 64 or when sample is at most
// 1, the stratum's stride for every stride-th vertex beyond, and 0 for the others.
func sampleWeight(val int64, sample int) int {
	if val < 64 || sample <= 1 {
		return 1
	}
	s := sample
	if val >= 1<<12 {
		s *= 4
	}
	if val >= 1<<16 {
		s *= 4
	}
	if val&int64(s-1) == 0 {
		return s
	}
	return 0
}

// budget returns the edges a thread may handle before the next flush: the buffer size for
// a queue, unbounded for a bitmap (which needs no flush).
func (o *sink) budget() int {
	if o.Bitmap {
		return 1 << 62
	}
	return o.Buffer
}

// put records v, whose Visit returned true, and reports whether v is new to the next
// worklist: set in a bitmap, or buffered for a queue (c is the count of buffered entries,
// which put returns updated).
func (o *sink) put(buf views.View1D[int32], c int, v int32) (int, bool) {
	if o.Bitmap {
		w, bit := int(v>>5), uint32(1)<<uint(v&31)
		if o.Bits.AtomicLoad(w)&bit != 0 || o.Bits.AtomicOr(w, bit)&bit != 0 {
			return c, false
		}
		return c, true
	}
	if o.Dedup {
		if o.Stamp.AtomicLoad(int(v)) == o.Iter || o.Stamp.AtomicExchange(int(v), o.Iter) == o.Iter {
			return c, false
		}
	}
	buf.Set(c, v)
	return c + 1, true
}

// flush appends the c buffered entries of every member of the team to the queue: a team scan
// of the counts gives each member its offset, and member 0 reserves the team's total with one
// atomic addition. Every member must call it (a no-op for bitmaps).
func (o *sink) flush(m teams.Member, buf views.View1D[int32], c int) {
	if o.Bitmap {
		return
	}
	prefix, total := teams.TeamScan(m, int64(c))
	var base int64
	if m.TeamRank() == 0 && total > 0 {
		base = o.Tail.AtomicAdd(0, total)
	}
	base = teams.Broadcast(m, base, 0)
	at := int(base + prefix)
	for j := 0; j < c; j++ {
		o.Queue.Set(at+j, buf.At(j))
	}
}

// Count is the reduction value of the template's push and pull kernels: Val is the number of
// vertices added to the next worklist and Loc an estimate of the number of their out-edges
// (exact for small steps, sampled for large ones; see Tuning.EdgeSample), so that every step
// leaves the next worklist's size and edge count for the inspector. The kernels' Init and Join
// methods sum both fields.
type Count = portable.ValLoc[int64]

// joinCounts adds src into dst.
func joinCounts(dst *Count, src Count) {
	dst.Val += src.Val
	dst.Loc += src.Loc
}

package frontier

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// slotDegreeScan stores in Pre[s] the exclusive prefix sum of the degrees of the worklist's
// slots before s, for s in [0, Slots()]; Pre[Slots()] is the worklist's number of edges.
//
//gokkos:kernel
type slotDegreeScan struct {
	G   dgraph.CSR
	In  Worklist
	Pre views.View1D[int64]
}

// Run adds slot s's degree.
func (k slotDegreeScan) Run(s int, acc *int64, final bool) {
	if final {
		k.Pre.Set(s, *acc)
	}
	if s < k.In.Size {
		if u := k.In.Vertex(s); u >= 0 {
			*acc += k.G.Degree(u)
		}
	}
}

// PushGlobal is the GlobalCollapse push kernel (global Manhattan collapse, Algorithm 5 of
// Slota, Rajamanickam and Madduri). Pre holds the exclusive prefix sums of the degrees of
// every slot of the worklist (Total edges in all), computed beforehand by a ParallelScan.
// Team l takes the equal edge range [l*Total/L, (l+1)*Total/L) for a league of L teams; in
// each round its thread r takes edge numbers base+r, base+r+TeamSize, ... (Buffer of them),
// finds the owning slot of the first by binary search in Pre and of the others by walking
// forward, and flushes its buffer at the end of the round. The reduction result is the
// number of vertices added to the next worklist.
//
//gokkos:kernel
type PushGlobal[Op EdgeOp] struct {
	G     dgraph.CSR
	In    Worklist
	Out   sink
	Pre   views.View1D[int64]
	Total int64
	Op    Op
}

// Init starts an accumulator at zero.
func (k PushGlobal[Op]) Init(dst *Count) { *dst = Count{} }

// Join adds src into dst.
func (k PushGlobal[Op]) Join(dst *Count, src Count) { joinCounts(dst, src) }

// RunTeam expands the team's edge range.
func (k PushGlobal[Op]) RunTeam(m teams.Member, acc *Count) {
	buf := teams.ThreadScratch[int32](m, 0, k.Out.Buffer)
	league := int64(m.LeagueSize())
	l := int64(m.LeagueRank())
	lo := l * k.Total / league
	hi := (l + 1) * k.Total / league
	ts := int64(m.TeamSize())
	per := ts * int64(k.Out.Buffer)
	if k.Out.Bitmap {
		per = hi - lo
	}
	for base := lo; base < hi; base += per {
		c := 0
		stop := min(hi, base+per)
		idx := base + int64(m.TeamRank())
		i := owner(k.Pre, k.In.Size, idx)
		for ; idx < stop; idx += ts {
			for k.Pre.At(i+1) <= idx {
				i++
			}
			u := k.In.Vertex(i)
			e := k.G.Begin(u) + idx - k.Pre.At(i)
			v := k.G.Adj.At(int(e))
			if k.Op.Visit(u, v, e) {
				var added bool
				if c, added = k.Out.put(buf, c, v); added {
					k.Out.count(acc, k.G, v)
				}
			}
		}
		k.Out.flush(m, buf, c)
	}
}

// pushGlobalHost is PushGlobal on a host space whose teams have one member, when the
// operator's package holds a generated visit loop (portable.HostVisit): each team walks the
// slots its edge range covers and hands every piece of an adjacency inside the range to
// Visit, Op.Visit inlined into a loop over a slice, instead of finding each edge's slot and
// calling Op.Visit once per edge. A worklist of a few hubs (the first steps of a search on a
// skewed graph) then costs a few nanoseconds per edge, as a Baseline step does, while its
// edges are still shared evenly by the workers. It is a host kernel (not translated): Push
// launches it only on host spaces. Its piece loop is pushThreadHost's, written out in both:
// as a shared method, called once per vertex, it made SSSP's host steps 2-8% slower on the
// 2-core machine.
type pushGlobalHost[Op EdgeOp] struct {
	PushGlobal[Op]
	Visit func(op *Op, spans []portable.VisitSpan, adj []int32, hits []int32) int
}

// RunTeam expands the team's edge range.
func (k pushGlobalHost[Op]) RunTeam(m teams.Member, acc *Count) {
	buf := teams.ThreadScratch[int32](m, 0, k.Out.Buffer)
	adj := k.G.Adj.Span(0, k.G.Adj.Len())
	league := int64(m.LeagueSize())
	l := int64(m.LeagueRank())
	lo := l * k.Total / league
	hi := (l + 1) * k.Total / league
	if lo >= hi {
		k.Out.flush(m, buf, 0)
		return
	}
	op := k.Op
	vb := visitBuffers.Get().(*visitBuffer)
	defer visitBuffers.Put(vb)
	hits, span := vb.hits[:], vb.spans[:1]
	budget := k.Out.budget()
	fast := newHostBits(k.Out)
	c := 0
	for i := owner(k.Pre, k.In.Size, lo); i < k.In.Size; i++ {
		first, next := k.Pre.At(i), k.Pre.At(i+1)
		if first >= hi {
			break
		}
		u := k.In.Vertex(i)
		if u < 0 || next <= lo {
			continue
		}
		begin := k.G.Begin(u)
		from, to := begin+max(lo, first)-first, begin+min(hi, next)-first
		for e := from; e < to; {
			n := min(to-e, visitPiece)
			got := -1
			if adj != nil {
				span[0] = portable.VisitSpan{U: u, Begin: e, End: e + n}
				got = k.Visit(&op, span, adj, hits)
			}
			if got < 0 { // a view is not a contiguous host view
				got = 0
				for j := e; j < e+n; j++ {
					if v := k.G.Adj.At(int(j)); op.Visit(u, v, j) {
						hits[got] = v
						got++
					}
				}
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

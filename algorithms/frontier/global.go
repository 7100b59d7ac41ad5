package frontier

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
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

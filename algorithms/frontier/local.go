package frontier

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// PushLocal is the LocalCollapse push kernel (local Manhattan collapse, Algorithm 4 of Slota,
// Rajamanickam and Madduri). Team l takes the Chunk slots starting at l*Chunk, stores their
// vertices and the exclusive prefix sums of their degrees in team scratch (a thread-range
// scan), and then splits the chunk's edges evenly over its threads: in each round thread r
// takes the chunk's edge numbers base+r, base+r+TeamSize, ... (Buffer of them), finds the
// vertex owning its first edge by binary search in the prefix sums and the following ones by
// walking forward, and flushes its buffer at the end of the round. The reduction result is
// the vertices added to the next worklist and their out-edges (see Count).
//
//gokkos:kernel
type PushLocal[Op EdgeOp] struct {
	G     dgraph.CSR
	In    Worklist
	Out   sink
	Chunk int
	Op    Op
}

// Init starts an accumulator at zero.
func (k PushLocal[Op]) Init(dst *Count) { *dst = Count{} }

// Join adds src into dst.
func (k PushLocal[Op]) Join(dst *Count, src Count) { joinCounts(dst, src) }

// RunTeam expands the team's chunk.
func (k PushLocal[Op]) RunTeam(m teams.Member, acc *Count) {
	buf := teams.ThreadScratch[int32](m, 0, k.Out.Buffer)
	pre := teams.TeamScratch[int64](m, 0, k.Chunk+1)
	ver := teams.TeamScratch[int32](m, 0, k.Chunk)
	first := m.LeagueRank() * k.Chunk
	n := min(k.Chunk, k.In.Size-first)
	total := teams.ThreadScan(m, 0, n, func(i int, a *int64, final bool) {
		u := k.In.Vertex(first + i)
		var d int64
		if u >= 0 {
			d = k.G.Degree(u)
		}
		if final {
			pre.Set(i, *a)
			ver.Set(i, u)
		}
		*a += d
	})
	if m.TeamRank() == 0 {
		pre.Set(n, total)
	}
	m.Barrier()
	ts := int64(m.TeamSize())
	per := ts * int64(k.Out.Buffer)
	if k.Out.Bitmap {
		per = total
	}
	for base := int64(0); base < total; base += per {
		c := 0
		stop := min(total, base+per)
		idx := base + int64(m.TeamRank())
		i := owner(pre, n, idx)
		for ; idx < stop; idx += ts {
			for pre.At(i+1) <= idx {
				i++
			}
			u := ver.At(i)
			e := k.G.Begin(u) + idx - pre.At(i)
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

// owner returns the slot i in [0, n) with pre[i] <= idx < pre[i+1], for pre non-decreasing
// with pre[0] <= idx < pre[n] (the last such slot when several are empty). Outside that range
// it returns the nearest end.
func owner(pre views.View1D[int64], n int, idx int64) int {
	lo, hi := 0, n-1
	for lo < hi {
		mid := int(uint(lo+hi+1) >> 1)
		if pre.At(mid) <= idx {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return max(lo, 0)
}

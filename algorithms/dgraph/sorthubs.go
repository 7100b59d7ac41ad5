package dgraph

import (
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// hubDegree is the largest adjacency that one thread sorts. A longer one, a hub's, is sorted by
// a team: on a GPU a thread heap-sorting the hundred thousand in-edges of an R-MAT hub takes
// most of a second, longer than the rest of the graph's build together.
const hubDegree = 64

// hubTeam is the team size of the kernels with one team per hub (one member on host
// spaces).
const hubTeam = 256

// countHubs counts the vertices of degree above hubDegree.
//
//gokkos:kernel
type countHubs struct {
	Offsets views.View1D[int64]
}

// Run counts vertex v if it is a hub.
func (k countHubs) Run(v int, acc *int64) {
	if k.Offsets.At(v+1)-k.Offsets.At(v) > hubDegree {
		*acc += 1
	}
}

// listHubs writes the vertices of degree above hubDegree to Hubs, in increasing order.
//
//gokkos:kernel
type listHubs struct {
	Offsets views.View1D[int64]
	Hubs    views.View1D[int32]
}

// Run places vertex v if it is a hub.
func (k listHubs) Run(v int, acc *int64, final bool) {
	if k.Offsets.At(v+1)-k.Offsets.At(v) > hubDegree {
		if final {
			k.Hubs.Set(int(*acc), int32(v))
		}
		*acc += 1
	}
}

// sortHubs sorts the adjacency of vertex Hubs[l] in team l with a bitonic sorting network:
// the d edges are padded (virtually: the padding sorts last and is never touched) to p, the
// next power of two, and each of the log p stages of log-many steps is one pass of p/2
// compare-exchanges spread over the team's members, with a barrier between steps. The first
// step of each stage compares mirrored positions, so that every comparison orders its pair
// ascending and the padding never moves. A team of one member (the host's) heap-sorts instead.
//
//gokkos:kernel
type sortHubs struct {
	G    CSR
	Hubs views.View1D[int32]
}

// RunTeam sorts one hub's edges.
func (k sortHubs) RunTeam(m teams.Member) {
	v := int(k.Hubs.At(m.LeagueRank()))
	lo, hi := int(k.G.Offsets.At(v)), int(k.G.Offsets.At(v+1))
	weighted := k.G.Weighted()
	ts, r := m.TeamSize(), m.TeamRank()
	if ts == 1 {
		sortEdges(k.G.Adj, k.G.Weights, weighted, lo, hi)
		return
	}
	n := hi - lo
	p := 1
	for p < n {
		p *= 2
	}
	for size := 2; size <= p; size *= 2 {
		half := size / 2
		for t := r; t < p/2; t += ts {
			i := t/half*size + t%half
			j := t/half*size + size - 1 - t%half
			if j < n && edgeLess(k.G.Adj, k.G.Weights, weighted, lo+j, lo+i) {
				edgeSwap(k.G.Adj, k.G.Weights, weighted, lo+i, lo+j)
			}
		}
		m.Barrier()
		for stride := half / 2; stride > 0; stride /= 2 {
			for t := r; t < p/2; t += ts {
				i := t/stride*2*stride + t%stride
				j := i + stride
				if j < n && edgeLess(k.G.Adj, k.G.Weights, weighted, lo+j, lo+i) {
					edgeSwap(k.G.Adj, k.G.Weights, weighted, lo+i, lo+j)
				}
			}
			m.Barrier()
		}
	}
}

// hubsOf returns the vertices of degree above hubDegree of the CSR with offsets off, in a view
// of space's memory that the caller frees, and their number; no view when there are none.
func hubsOf(space execspace.Space, off views.View1D[int64]) (views.View1D[int32], int, error) {
	n := off.Len() - 1
	var nh int64
	if err := portable.ParallelReduce(space, "dgraph: count hubs", portable.Range(0, n), countHubs{Offsets: off}, portable.Sum(&nh)); err != nil || nh == 0 {
		return views.View1D[int32]{}, 0, err
	}
	hubs, err := alloc[int32](space.Memory(), "dgraph hubs", int(nh))
	if err != nil {
		return hubs, 0, err
	}
	var total int64
	if err := portable.ParallelScan(space, "dgraph: list hubs", portable.Range(0, n), listHubs{Offsets: off, Hubs: hubs}, &total); err != nil {
		hubs.Free()
		return views.View1D[int32]{}, 0, err
	}
	return hubs, int(nh), nil
}

// perHub is the team policy of kernels with one team per hub.
func perHub(nh int) portable.TeamPolicy {
	return portable.Teams(nh, hubTeam).WithSchedule(portable.Dynamic).WithChunk(1)
}

// sortAll sorts every vertex's adjacency in g: one thread per vertex of degree at most
// hubDegree, one team per hub.
func sortAll(space execspace.Space, g CSR, label string) error {
	if err := portable.ParallelFor(space, label, perVertex(g.N), sortAdjacency{G: g}); err != nil {
		return err
	}
	hubs, nh, err := hubsOf(space, g.Offsets)
	if err != nil || nh == 0 {
		return err
	}
	defer hubs.Free()
	return portable.ParallelForTeam(space, label+" (hubs)", perHub(nh), sortHubs{G: g, Hubs: hubs})
}

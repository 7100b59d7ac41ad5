package dgraph

import (
	"math"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// edgeUnmatched reports whether edge e, u→v with weight w, of a CSR whose vertex u's edges
// start at begin, lacks a reverse of its own: e, the k-th of the equal edges u→v of weight w in
// u's sorted adjacency, is matched when v's adjacency holds at least k+1 edges v→u of weight w
// (weights compared bit for bit). Distinct edges are matched with distinct reverses, so no edge
// is unmatched exactly when the CSR equals its transpose. An edge out of order in u's adjacency
// counts as unmatched, so that unsorted graphs are reported not symmetric. A binary search
// finds the reverse.
func edgeUnmatched(g CSR, u int32, begin, e int) bool {
	weighted := g.Weights.Len() > 0
	if e > begin && edgeLess(g.Adj, g.Weights, weighted, e, e-1) {
		return true
	}
	v := g.Adj.At(e)
	var w float64
	if weighted {
		w = g.Weights.At(e)
	}
	rank := 0
	for f := e - 1; f >= begin && g.Adj.At(f) == v && (!weighted || math.Float64bits(g.Weights.At(f)) == math.Float64bits(w)); f-- {
		rank++
	}
	// The first edge of v's adjacency not ordered before u→v's reverse (u, w).
	a, b := int(g.Offsets.At(int(v))), int(g.Offsets.At(int(v)+1))
	end := b
	for a < b {
		mid := (a + b) / 2
		x := g.Adj.At(mid)
		before := x < u
		if x == u && weighted {
			y := g.Weights.At(mid)
			before = y < w || (y != y && w == w)
		}
		if before {
			a = mid + 1
		} else {
			b = mid
		}
	}
	q := a + rank
	return q >= end || g.Adj.At(q) != u || (weighted && math.Float64bits(g.Weights.At(q)) != math.Float64bits(w))
}

// unmatchedSample counts the unmatched edges among Samples edges spread evenly over the CSR:
// any of them proves the graph not symmetric, which spares directed graphs the full check. A
// binary search over the offsets finds each edge's source.
//
//gokkos:kernel
type unmatchedSample struct {
	G       CSR
	Samples int
}

// Run checks sample s.
func (k unmatchedSample) Run(s int, acc *int64) {
	g := k.G
	e := int(int64(s) * g.NumEdges() / int64(k.Samples))
	lo, hi := 0, g.N-1 // the source: the last vertex whose edges start at or before e
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if int(g.Offsets.At(mid)) <= e {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if edgeUnmatched(g, int32(lo), int(g.Offsets.At(lo)), e) {
		*acc += 1
	}
}

// symmetrySamples is the number of edges unmatchedSample checks.
const symmetrySamples = 4096

// unmatchedLight counts the unmatched edges (edgeUnmatched) of the vertices of degree at most
// hubDegree, one thread per vertex.
//
//gokkos:kernel
type unmatchedLight struct {
	G CSR
}

// Run checks vertex u's edges unless u is a hub.
func (k unmatchedLight) Run(u int, acc *int64) {
	begin, end := int(k.G.Offsets.At(u)), int(k.G.Offsets.At(u+1))
	if end-begin > hubDegree {
		return
	}
	for e := begin; e < end; e++ {
		if edgeUnmatched(k.G, int32(u), begin, e) {
			*acc += 1
		}
	}
}

// unmatchedHubs counts the unmatched edges of hub Hubs[l] in team l, the edges spread over the
// team's members.
//
//gokkos:kernel
type unmatchedHubs struct {
	G    CSR
	Hubs views.View1D[int32]
}

// RunTeam checks one hub's edges.
func (k unmatchedHubs) RunTeam(m teams.Member, acc *int64) {
	u := k.Hubs.At(m.LeagueRank())
	begin, end := int(k.G.Offsets.At(int(u))), int(k.G.Offsets.At(int(u)+1))
	for e := begin + m.TeamRank(); e < end; e += m.TeamSize() {
		if edgeUnmatched(k.G, u, begin, e) {
			*acc += 1
		}
	}
}

// Symmetric reports whether the graph equals its transpose: every vertex's out-edges, in
// order and with their weights, are its in-edges. Graphs built by FromEdgeList, graph.Build
// or graph.CSR.Transpose have sorted adjacency, so for them this is the graph-theoretic
// property (graph.BuildOptions{Symmetrize: true, Dedup: true} makes such graphs); a graph
// with unsorted adjacency is reported not symmetric. The first call checks every edge for its
// reverse on the graph's space (a binary search each: O(M log D) work for the largest degree D;
// no transpose is built), after a sample of 4096 edges that settles most directed graphs in
// microseconds; the answer is cached.
func (g *Graph) Symmetric() (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return false, errFreed
	}
	if g.sym != 0 {
		return g.sym == 1, nil
	}
	var bad int64
	if m := g.out.NumEdges(); m > 0 {
		k := unmatchedSample{G: g.out, Samples: int(min(m, symmetrySamples))}
		if err := portable.ParallelReduce(g.space, "dgraph: symmetry check (sample)", portable.Range(0, k.Samples), k, portable.Sum(&bad)); err != nil {
			return false, err
		}
		if bad > 0 {
			g.sym = -1
			return false, nil
		}
	}
	if err := portable.ParallelReduce(g.space, "dgraph: symmetry check", perVertex(g.out.N), unmatchedLight{G: g.out}, portable.Sum(&bad)); err != nil {
		return false, err
	}
	hubs, nh, err := hubsOf(g.space, g.out.Offsets)
	if err != nil {
		return false, err
	}
	if nh > 0 {
		var hb int64
		err := portable.ParallelReduceTeam(g.space, "dgraph: symmetry check (hubs)", perHub(nh), unmatchedHubs{G: g.out, Hubs: hubs}, portable.Sum(&hb))
		hubs.Free()
		if err != nil {
			return false, err
		}
		bad += hb
	}
	g.sym = -1
	if bad == 0 {
		g.sym = 1
	}
	return g.sym == 1, nil
}

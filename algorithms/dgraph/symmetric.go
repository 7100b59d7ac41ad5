package dgraph

import (
	"math"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// edgeUnmatched reports whether edge e, u→v with weight w, of a CSR whose vertex u's edges
// start at begin, lacks a reverse of its own: e, the k-th of the equal edges u→v of weight w in
// u's sorted adjacency, is matched when v's adjacency holds at least k+1 edges v→u of weight w
// (weights compared bit for bit), so that distinct edges are matched with distinct reverses.
// An unmatched edge proves the CSR different from its transpose. An edge out of order in u's
// adjacency counts as unmatched, so that unsorted graphs are reported not symmetric. A binary
// search finds the reverse.
func edgeUnmatched(g CSR, u int32, begin, e int) bool {
	return outOfOrder(g, begin, e) || reverseMissing(g, u, begin, e)
}

// outOfOrder reports whether edge e of a vertex whose edges start at begin sorts before the
// edge preceding it.
func outOfOrder(g CSR, begin, e int) bool {
	return e > begin && edgeLess(g.Adj, g.Weights, g.Weights.Len() > 0, e, e-1)
}

// reverseMissing is edgeUnmatched's search for the reverse, for an edge known to be in order.
func reverseMissing(g CSR, u int32, begin, e int) bool {
	weighted := g.Weights.Len() > 0
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

// unmatchedMark is what an unmatched edge adds to the symmetry check's sum: more than the
// balance of any graph's edges can offset.
const unmatchedMark = int64(1) << 40

// edgeBalance is edge e's term in the symmetry check's sum, for e of vertex u whose edges are
// [begin, end). Order the vertices by (degree, id). An edge toward a lower vertex is looked up:
// unmatchedMark if it has no reverse of its own (or is out of order), else +1. An edge toward a
// higher vertex counts -1 without a lookup, and a self loop 0. The sum is zero exactly when
// every downward edge has a distinct reverse and the upward edges are as many, that is when
// the reverses pair the two sets one to one and the CSR equals its transpose. Each search runs
// in the adjacency of the endpoint of smaller degree, and only half the edges search.
func edgeBalance(g CSR, u int32, begin, end, e int) int64 {
	if outOfOrder(g, begin, e) {
		return unmatchedMark
	}
	v := g.Adj.At(e)
	if v == u {
		return 0
	}
	du, dv := end-begin, int(g.Offsets.At(int(v)+1)-g.Offsets.At(int(v)))
	if dv > du || (dv == du && v > u) {
		return -1
	}
	if reverseMissing(g, u, begin, e) {
		return unmatchedMark
	}
	return 1
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

// unmatchedLight sums the edgeBalance terms of the edges of the vertices of degree at most
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
		*acc += edgeBalance(k.G, int32(u), begin, end, e)
	}
}

// unmatchedHubs sums the edgeBalance terms of the edges of hub Hubs[l] in team l, the edges
// spread over the team's members.
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
		*acc += edgeBalance(k.G, u, begin, end, e)
	}
}

// Symmetric reports whether the graph equals its transpose: every vertex's out-edges, in
// order and with their weights, are its in-edges. Graphs built by FromEdgeList, graph.Build
// or graph.CSR.Transpose have sorted adjacency, so for them this is the graph-theoretic
// property (graph.BuildOptions{Symmetrize: true, Dedup: true} makes such graphs); a graph
// with unsorted adjacency is reported not symmetric. The first call checks every edge for its
// reverse on the graph's space (binary searches in the smaller endpoint's adjacency for half
// of the edges, see edgeBalance: O(M log D) work for the largest degree D; no transpose is
// built), after a sample of 4096 edges that settles most directed graphs in microseconds; the
// answer is cached.
func (g *Graph) Symmetric() (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return false, errFreed
	}
	return symmetric(g.space, g.out, &g.sym)
}

// SymmetricEdges reports whether every edge's reverse is an edge, as many times, whatever the
// weights: Symmetric for the graph without its weights, which is what the connectivity of a
// graph depends on (a strongly connected component of a graph with this property is a weakly
// connected one). It costs what Symmetric costs and is cached apart from it; a graph whose
// Symmetric answer is already true needs no check.
func (g *Graph) SymmetricEdges() (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return false, errFreed
	}
	if g.sym == 1 || g.out.Weights.Len() == 0 {
		return symmetric(g.space, g.out, &g.sym)
	}
	c := g.out
	c.Weights = views.View1D[float64]{}
	return symmetric(g.space, c, &g.symEdges)
}

// symmetric reports whether c equals its transpose, from the answer cached in *known (0:
// unknown, 1: yes, -1: no) or by the sampled and the full check, whose answer it caches.
func symmetric(space execspace.Space, c CSR, known *int8) (bool, error) {
	if *known != 0 {
		return *known == 1, nil
	}
	var bad int64
	if m := c.NumEdges(); m > 0 {
		k := unmatchedSample{G: c, Samples: int(min(m, symmetrySamples))}
		if err := portable.ParallelReduce(space, "dgraph: symmetry check (sample)", portable.Range(0, k.Samples), k, portable.Sum(&bad)); err != nil {
			return false, err
		}
		if bad > 0 {
			*known = -1
			return false, nil
		}
	}
	sym, err := balanced(space, c)
	if err != nil {
		return false, err
	}
	*known = -1
	if sym {
		*known = 1
	}
	return sym, nil
}

// balanced reports whether the edgeBalance terms of all of c's edges sum to zero, that is
// whether c equals its transpose: one thread per light vertex, one team per hub.
func balanced(space execspace.Space, c CSR) (bool, error) {
	var sum int64
	if err := portable.ParallelReduce(space, "dgraph: symmetry check", perVertex(c.N), unmatchedLight{G: c}, portable.Sum(&sum)); err != nil {
		return false, err
	}
	hubs, nh, err := hubsOf(space, c.Offsets)
	if err != nil {
		return false, err
	}
	if nh > 0 {
		var hs int64
		err := portable.ParallelReduceTeam(space, "dgraph: symmetry check (hubs)", perHub(nh), unmatchedHubs{G: c, Hubs: hubs}, portable.Sum(&hs))
		hubs.Free()
		if err != nil {
			return false, err
		}
		sum += hs
	}
	return sum == 0, nil
}

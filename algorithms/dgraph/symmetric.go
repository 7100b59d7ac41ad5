package dgraph

import "github.com/gokkos/gokkos/portable"

// asymmetry counts, over the edges of vertex u, those that break the symmetric shortcut: an
// edge out of order or repeated (the check needs strictly increasing destinations), or an edge
// u→v whose reverse v→u with the same weight is missing.
//
//gokkos:kernel
type asymmetry struct {
	G CSR
}

// Run checks vertex u's out-edges.
func (k asymmetry) Run(u int, acc *int64) {
	lo, hi := k.G.Offsets.At(u), k.G.Offsets.At(u+1)
	for e := lo; e < hi; e++ {
		v := k.G.Adj.At(int(e))
		if e > lo && k.G.Adj.At(int(e-1)) >= v {
			*acc += 1
			continue
		}
		// Binary search for u among v's (sorted) out-neighbors.
		a, b := k.G.Offsets.At(int(v)), k.G.Offsets.At(int(v)+1)
		for a < b {
			mid := a + (b-a)/2
			if k.G.Adj.At(int(mid)) < int32(u) {
				a = mid + 1
			} else {
				b = mid
			}
		}
		if a == k.G.Offsets.At(int(v)+1) || k.G.Adj.At(int(a)) != int32(u) {
			*acc += 1
			continue
		}
		if k.G.Weights.Len() > 0 && k.G.Weights.At(int(a)) != k.G.Weights.At(int(e)) {
			*acc += 1
		}
	}
}

// Symmetric reports whether the graph equals its transpose as the algorithms see it: every
// vertex's destinations strictly increase (sorted, no duplicates) and every edge u→v has the
// reverse edge v→u with the same weight. Graphs built with graph.BuildOptions{Symmetrize: true,
// Dedup: true} are symmetric. The first call runs one kernel over the edges (O(M log d)); the
// answer is cached.
func (g *Graph) Symmetric() (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return false, errFreed
	}
	if g.sym == 0 {
		var bad int64
		if err := portable.ParallelReduce(g.space, "dgraph: symmetry check", perVertex(g.out.N), asymmetry{G: g.out}, portable.Sum(&bad)); err != nil {
			return false, err
		}
		g.sym = -1
		if bad == 0 {
			g.sym = 1
		}
	}
	return g.sym == 1, nil
}

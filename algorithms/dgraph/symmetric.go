package dgraph

import "github.com/gokkos/gokkos/portable"

// mismatches counts the positions where two CSRs of the same shape differ: offsets,
// destinations, or weights compared bit for bit.
//
//gokkos:kernel
type mismatches struct {
	A, B CSR
}

// Run compares vertex v's offsets and edges.
func (k mismatches) Run(v int, acc *int64) {
	lo, hi := k.A.Offsets.At(v), k.A.Offsets.At(v+1)
	if lo != k.B.Offsets.At(v) || hi != k.B.Offsets.At(v+1) {
		*acc += 1
		return
	}
	weighted := k.A.Weights.Len() > 0
	for e := lo; e < hi; e++ {
		if k.A.Adj.At(int(e)) != k.B.Adj.At(int(e)) {
			*acc += 1
		} else if weighted && k.A.Weights.At(int(e)) != k.B.Weights.At(int(e)) {
			*acc += 1
		}
	}
}

// Symmetric reports whether the graph equals its transpose: every vertex's out-edges, in
// order and with their weights, are its in-edges. Graphs built by FromEdgeList, graph.Build
// or graph.CSR.Transpose have sorted adjacency, so for them this is the graph-theoretic
// property (graph.BuildOptions{Symmetrize: true, Dedup: true} makes such graphs); a graph
// with unsorted adjacency is reported not symmetric. The first call builds the transpose on
// the graph's space and compares it with the out-edges (O(N+M) work); the answer is cached,
// and so is the transpose when it differs, for In.
func (g *Graph) Symmetric() (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return false, errFreed
	}
	if g.sym != 0 {
		return g.sym == 1, nil
	}
	t, err := transpose(g.space, g.out)
	if err != nil {
		return false, err
	}
	var bad int64
	k := mismatches{A: g.out, B: t}
	if g.out.Weighted() != t.Weighted() {
		bad = 1
	} else if err := portable.ParallelReduce(g.space, "dgraph: symmetry check", perVertex(g.out.N), k, portable.Sum(&bad)); err != nil {
		t.Free()
		return false, err
	}
	if bad == 0 {
		g.sym = 1
		t.Free()
		return true, nil
	}
	g.sym = -1
	g.in, g.inBuilt = t, true
	return false, nil
}

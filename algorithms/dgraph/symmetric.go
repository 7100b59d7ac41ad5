package dgraph

import (
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// offsetMismatches counts the offsets where two CSRs of the same vertex count differ.
//
//gokkos:kernel
type offsetMismatches struct {
	A, B views.View1D[int64]
}

// Run compares offset i.
func (k offsetMismatches) Run(i int, acc *int64) {
	if k.A.At(i) != k.B.At(i) {
		*acc += 1
	}
}

// edgeMismatches counts the edges where two CSRs with equal offsets differ: destinations, or
// weights compared bit for bit. One edge per index, so that a hub's edges are spread over
// many threads.
//
//gokkos:kernel
type edgeMismatches struct {
	A, B CSR
}

// Run compares edge e.
func (k edgeMismatches) Run(e int, acc *int64) {
	if k.A.Adj.At(e) != k.B.Adj.At(e) {
		*acc += 1
	} else if k.A.Weights.Len() > 0 && k.A.Weights.At(e) != k.B.Weights.At(e) {
		*acc += 1
	}
}

// mismatches counts the differences between a and b, of the same vertex count and both
// weighted or both not: offsets first, then, when those agree, edges.
func mismatches(space execspace.Space, a, b CSR) (int64, error) {
	var bad int64
	if err := portable.ParallelReduce(space, "dgraph: symmetry check (offsets)", portable.Range(0, a.N+1), offsetMismatches{A: a.Offsets, B: b.Offsets}, portable.Sum(&bad)); err != nil || bad > 0 {
		return bad, err
	}
	err := portable.ParallelReduce(space, "dgraph: symmetry check (edges)", portable.Range(0, a.Adj.Len()), edgeMismatches{A: a, B: b}, portable.Sum(&bad))
	return bad, err
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
	bad := int64(1)
	if g.out.Weighted() == t.Weighted() {
		if bad, err = mismatches(g.space, g.out, t); err != nil {
			t.Free()
			return false, err
		}
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

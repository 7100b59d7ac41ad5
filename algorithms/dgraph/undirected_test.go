package dgraph_test

import (
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
)

// TestUndirected checks Undirected on every test graph against the host CSR: each vertex's
// neighbours are its out-neighbours in order followed by its in-neighbours (the transpose's, in
// order), there are no weights, and the result is its own transpose.
func TestUndirected(t *testing.T) {
	s := space(t)
	for _, c := range edgeLists() {
		t.Run(c.name, func(t *testing.T) {
			h, err := graph.Build(c.el, graph.BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			g, err := dgraph.New(s, h)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Free()
			u, err := g.Undirected()
			if err != nil {
				t.Fatal(err)
			}
			defer u.Free()
			got, err := u.Host()
			if err != nil {
				t.Fatal(err)
			}
			tr := h.Transpose()
			if got.N != h.N || got.Weights != nil || int64(len(got.Adj)) != 2*h.NumEdges() {
				t.Fatalf("%d vertices, %d edges, weights %v; want %d, %d, none", got.N, len(got.Adj), got.Weights != nil, h.N, 2*h.NumEdges())
			}
			for v := int32(0); int(v) < h.N; v++ {
				want := append(slices.Clone(h.Neighbors(v)), tr.Neighbors(v)...)
				if nb := got.Neighbors(v); !slices.Equal(nb, want) {
					t.Fatalf("vertex %d: %v, want %v", v, nb, want)
				}
			}
			in, err := u.In()
			if err != nil {
				t.Fatal(err)
			}
			if in != u.Out() {
				t.Fatal("In of the undirected graph is not its out-edges")
			}
			if sym, err := u.Symmetric(); err != nil || !sym {
				t.Fatalf("Symmetric: %v, %v", sym, err)
			}
		})
	}
}

package dgraph_test

import (
	"math"
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
			h, g := onSpace(t, s, c.el)
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

// TestDegreeCV checks the degree spread against values worked by hand: a star's out-degrees
// alone (4, 0, 0, 0, 0: mean 0.8, standard deviation 1.6) and with its in-degrees (4, 1, 1, 1, 1:
// mean 1.6, standard deviation 1.2), a graph without edges, and in-edges of the wrong size.
func TestDegreeCV(t *testing.T) {
	s := space(t)
	star, err := graph.Build(&graph.EdgeList{N: 5, Src: []int32{0, 0, 0, 0}, Dst: []int32{1, 2, 3, 4}}, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := dgraph.New(s, star)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	in, err := g.In()
	if err != nil {
		t.Fatal(err)
	}
	bare, err := dgraph.New(s, &graph.CSR{N: 3, Offsets: []int64{0, 0, 0, 0}, Adj: []int32{}})
	if err != nil {
		t.Fatal(err)
	}
	defer bare.Free()
	for _, c := range []struct {
		name string
		g    *dgraph.Graph
		in   dgraph.CSR
		want float64
	}{
		{"out-degrees", g, dgraph.CSR{}, 2},
		{"out- and in-degrees", g, in, 0.75},
		{"no edges", bare, dgraph.CSR{}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := c.g.DegreeCV(c.in)
			if err != nil || math.Abs(got-c.want) > 1e-12 {
				t.Fatalf("DegreeCV = %v, %v; want %v", got, err, c.want)
			}
		})
	}
	if _, err := bare.DegreeCV(in); err == nil {
		t.Fatal("no error for in-edges of 5 vertices on a graph of 3")
	}
}

package dgraph_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
)

func space(t testing.TB) execspace.Space {
	t.Helper()
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// edgeLists is the test set of edge lists: empty, isolated vertices, self loops and
// duplicates, weighted, skewed and regular.
// onSpace builds el's CSR on the host and copies it to space s; the copy is freed when the
// test ends.
func onSpace(t testing.TB, s execspace.Space, el *graph.EdgeList) (*graph.CSR, *dgraph.Graph) {
	t.Helper()
	h, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := dgraph.New(s, h)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Free)
	return h, g
}

func edgeLists() []struct {
	name string
	el   *graph.EdgeList
} {
	weighted := graph.RMAT(8, 8, 3)
	graph.AddRandomWeights(weighted, 1, 10, true, 4)
	return []struct {
		name string
		el   *graph.EdgeList
	}{
		{"empty", &graph.EdgeList{}},
		{"isolated", &graph.EdgeList{N: 5, Src: []int32{}, Dst: []int32{}}},
		{"loops-and-duplicates", &graph.EdgeList{N: 4, Src: []int32{0, 0, 1, 1, 2, 3, 3, 0}, Dst: []int32{0, 1, 1, 2, 0, 3, 1, 1}}},
		{"weighted-duplicates", &graph.EdgeList{N: 3, Src: []int32{0, 0, 0, 1, 2}, Dst: []int32{1, 1, 2, 2, 2}, W: []float64{5, 2, 1, 3, 4}}},
		{"rmat", graph.RMAT(10, 8, 1)},
		{"rmat-weighted", weighted},
		{"grid", graph.Grid(13, 17, 0)},
		{"smallworld", graph.SmallWorld(500, 2)},
	}
}

func TestFromEdgeListMatchesBuild(t *testing.T) {
	s := space(t)
	for _, tc := range edgeLists() {
		for _, opt := range []graph.BuildOptions{{}, {DropSelfLoops: true}, {Dedup: true}, {Symmetrize: true}, {Symmetrize: true, Dedup: true, DropSelfLoops: true}} {
			t.Run(fmt.Sprintf("%s/%+v", tc.name, opt), func(t *testing.T) {
				want, err := graph.Build(tc.el, opt)
				if err != nil {
					t.Fatal(err)
				}
				g, err := dgraph.FromEdgeList(s, tc.el, opt)
				if err != nil {
					t.Fatal(err)
				}
				defer g.Free()
				got, err := g.Host()
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(want) {
					t.Fatalf("got %v, want %v\noffsets %v / %v\nadj %v / %v", got, want, got.Offsets, want.Offsets, got.Adj, want.Adj)
				}
			})
		}
	}
}

func TestNewAndIn(t *testing.T) {
	s := space(t)
	for _, tc := range edgeLists() {
		t.Run(tc.name, func(t *testing.T) {
			h, g := onSpace(t, s, tc.el)
			if g.N() != h.N || g.NumEdges() != h.NumEdges() || g.Weighted() != (h.Weighted() && h.NumEdges() > 0) {
				t.Fatalf("got %v for %v", g, h)
			}
			back, err := g.Host()
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(h) {
				t.Fatalf("round trip: got %v, want %v", back, h)
			}
			in, err := g.In()
			if err != nil {
				t.Fatal(err)
			}
			ht, err := hostOf(in)
			if err != nil {
				t.Fatal(err)
			}
			if want := h.Transpose(); !ht.Equal(want) {
				t.Fatalf("In: got %v, want %v\n%v\n%v", ht, want, ht.Adj, want.Adj)
			}
			tr, err := g.Transpose()
			if err != nil {
				t.Fatal(err)
			}
			if ht2, _ := tr.Host(); !ht2.Equal(h.Transpose()) {
				t.Fatal("Transpose differs from graph.CSR.Transpose")
			}
			// The transpose's in-edges are the graph's out-edges (TestTransposeShares checks
			// that freeing it leaves the graph whole).
			trIn, err := tr.In()
			if err != nil {
				t.Fatal(err)
			}
			if hin, err := hostOf(trIn); err != nil || !hin.Equal(h) {
				t.Fatalf("transpose's In: got %v (%v), want the graph itself", hin, err)
			}
			tr.Free()
			md, err := g.MaxDegree()
			if err != nil {
				t.Fatal(err)
			}
			if want := h.Stats().Max; md != want {
				t.Fatalf("MaxDegree %d, want %d", md, want)
			}
		})
	}
}

// hostOf copies a CSR to a host graph through a temporary Graph-free path.
func hostOf(c dgraph.CSR) (*graph.CSR, error) {
	return dgraph.HostCSR(c)
}

func TestSymmetric(t *testing.T) {
	s := space(t)
	cases := []struct {
		name string
		el   *graph.EdgeList
		opt  graph.BuildOptions
		want bool
	}{
		{"empty", &graph.EdgeList{}, graph.BuildOptions{}, true},
		{"path", &graph.EdgeList{N: 3, Src: []int32{0, 1}, Dst: []int32{1, 2}}, graph.BuildOptions{}, false},
		{"path-symmetrized", &graph.EdgeList{N: 3, Src: []int32{0, 1}, Dst: []int32{1, 2}}, graph.BuildOptions{Symmetrize: true}, true},
		{"duplicates", &graph.EdgeList{N: 2, Src: []int32{0, 0, 1}, Dst: []int32{1, 1, 0}}, graph.BuildOptions{}, false},
		{"weights-differ", &graph.EdgeList{N: 2, Src: []int32{0, 1}, Dst: []int32{1, 0}, W: []float64{1, 2}}, graph.BuildOptions{}, false},
		{"rmat-undirected", graph.RMAT(9, 4, 5), graph.BuildOptions{Symmetrize: true, Dedup: true}, true},
		{"grid", graph.Grid(5, 7, 0), graph.BuildOptions{}, true},
		{"multi-edges both ways", &graph.EdgeList{N: 2, Src: []int32{0, 0, 1, 1}, Dst: []int32{1, 1, 0, 0}}, graph.BuildOptions{}, true},
		{"multi-edges, weights differ", &graph.EdgeList{N: 2, Src: []int32{0, 0, 1, 1}, Dst: []int32{1, 1, 0, 0}, W: []float64{1, 2, 1, 1}}, graph.BuildOptions{}, false},
		{"isolated ends", &graph.EdgeList{N: 6, Src: []int32{2, 3}, Dst: []int32{3, 2}}, graph.BuildOptions{}, true},
		{"signed zeros", &graph.EdgeList{N: 2, Src: []int32{0, 1}, Dst: []int32{1, 0}, W: []float64{0, math.Copysign(0, -1)}}, graph.BuildOptions{}, false},
		{"NaN weights", &graph.EdgeList{N: 2, Src: []int32{0, 1}, Dst: []int32{1, 0}, W: []float64{math.NaN(), math.NaN()}}, graph.BuildOptions{}, true},
		{"self loops", &graph.EdgeList{N: 3, Src: []int32{0, 1, 1, 2}, Dst: []int32{0, 2, 1, 1}}, graph.BuildOptions{}, true},
	}
	// The graphs that are symmetric but for their weights.
	weightsOnly := map[string]bool{"weights-differ": true, "multi-edges, weights differ": true, "signed zeros": true}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := dgraph.FromEdgeList(s, tc.el, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Free()
			got, err := g.Symmetric()
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Fatalf("Symmetric() = %v, want %v", got, tc.want)
			}
			// SymmetricEdges ignores the weights, asked after Symmetric and on a fresh graph.
			wantEdges := tc.want || weightsOnly[tc.name]
			fresh, err := dgraph.FromEdgeList(s, tc.el, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer fresh.Free()
			for i, h := range []*dgraph.Graph{g, fresh} {
				if got, err := h.SymmetricEdges(); err != nil || got != wantEdges {
					t.Fatalf("graph %d: SymmetricEdges() = %v, %v; want %v", i, got, err, wantEdges)
				}
			}
			in, err := g.In()
			if err != nil {
				t.Fatal(err)
			}
			if tc.want && in != g.Out() {
				t.Fatal("a symmetric graph's In should be its Out")
			}
		})
	}
}

// TestSymmetricRandom compares Symmetric with the definition, a CSR equal to its transpose,
// on random multigraphs with few distinct weights, half of them symmetrized, and on a
// symmetric graph whose adjacency is out of order (not symmetric by that definition).
func TestSymmetricRandom(t *testing.T) {
	s := space(t)
	rng := rand.New(rand.NewPCG(3, 5))
	for i := range 60 {
		n := 1 + rng.IntN(12)
		el := &graph.EdgeList{N: n}
		for range rng.IntN(40) {
			el.Src = append(el.Src, int32(rng.IntN(n)))
			el.Dst = append(el.Dst, int32(rng.IntN(n)))
			el.W = append(el.W, float64(rng.IntN(2)))
		}
		if i%3 == 0 {
			el.W = nil
		}
		h, _ := graph.Build(el, graph.BuildOptions{Symmetrize: i%2 == 0})
		g, err := dgraph.New(s, h)
		if err != nil {
			t.Fatal(err)
		}
		got, err := g.Symmetric()
		if err != nil {
			t.Fatal(err)
		}
		if want := h.Equal(h.Transpose()); got != want {
			t.Fatalf("graph %d (%d vertices, %v): Symmetric() = %v, want %v", i, n, el, got, want)
		}
		g.Free()
	}
	// Vertex 0's edges listed 1, 2, 1: each has a reverse where a search expects it, but 0
	// has three out-edges and two in-edges.
	unsorted := &graph.CSR{N: 3, Offsets: []int64{0, 3, 4, 5}, Adj: []int32{1, 2, 1, 0, 0}}
	g, err := dgraph.New(s, unsorted)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	if sym, err := g.Symmetric(); err != nil || sym {
		t.Fatalf("unsorted adjacency: Symmetric() = %v, %v; want false", sym, err)
	}
}

func TestErrors(t *testing.T) {
	s := space(t)
	if _, err := dgraph.New(s, nil); err == nil {
		t.Error("New(nil) succeeded")
	}
	if _, err := dgraph.New(s, &graph.CSR{N: 2, Offsets: []int64{0, 1, 1}, Adj: []int32{5}}); err == nil {
		t.Error("New accepted an out-of-range edge")
	}
	if _, err := dgraph.FromEdgeList(s, &graph.EdgeList{N: 2, Src: []int32{0}, Dst: []int32{2}}, graph.BuildOptions{}); err == nil {
		t.Error("FromEdgeList accepted an out-of-range edge")
	}
	if _, err := dgraph.FromEdgeList(s, nil, graph.BuildOptions{}); err == nil {
		t.Error("FromEdgeList(nil) succeeded")
	}
	g, err := dgraph.New(s, &graph.CSR{N: 1, Offsets: []int64{0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	g.Free()
	g.Free()
	if _, err := g.In(); err == nil {
		t.Error("In after Free succeeded")
	}
}

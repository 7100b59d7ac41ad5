package graph_test

import (
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
)

func TestCSRAccessors(t *testing.T) {
	g := csrOf([][]int32{{1, 2}, {2}, {}, {0, 1, 2}}, [][]float64{{1, 2}, {3}, {}, {4, 5, 6}})
	if got := g.NumEdges(); got != 6 {
		t.Errorf("NumEdges = %d, want 6", got)
	}
	wantDeg := []int64{2, 1, 0, 3}
	for v, d := range wantDeg {
		if got := g.Degree(int32(v)); got != d {
			t.Errorf("Degree(%d) = %d, want %d", v, got, d)
		}
	}
	if got := g.Neighbors(3); !slices.Equal(got, []int32{0, 1, 2}) {
		t.Errorf("Neighbors(3) = %v", got)
	}
	if got := g.NeighborWeights(0); !slices.Equal(got, []float64{1, 2}) {
		t.Errorf("NeighborWeights(0) = %v", got)
	}
	if got := cap(g.Neighbors(0)); got != 2 {
		t.Errorf("cap(Neighbors(0)) = %d, want 2 so appends cannot clobber vertex 1", got)
	}
	if got, want := g.String(), "CSR{N: 4, M: 6, weighted}"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if !g.Weighted() {
		t.Error("Weighted = false")
	}
	var empty graph.CSR
	if empty.NumEdges() != 0 || empty.Validate() != nil || empty.String() != "CSR{N: 0, M: 0, unweighted}" {
		t.Errorf("zero CSR: edges %d, validate %v, %q", empty.NumEdges(), empty.Validate(), empty.String())
	}
	if (&graph.CSR{N: 1, Offsets: []int64{0, 0}}).NeighborWeights(0) != nil {
		t.Error("NeighborWeights of an unweighted graph is not nil")
	}
}

func TestCSRValidate(t *testing.T) {
	tests := []struct {
		name string
		g    graph.CSR
		want string // substring of the error, "" for valid
	}{
		{"valid", graph.CSR{N: 2, Offsets: []int64{0, 1, 2}, Adj: []int32{1, 0}}, ""},
		{"empty with offsets", graph.CSR{N: 0, Offsets: []int64{0}}, ""},
		{"negative n", graph.CSR{N: -1}, "vertex count -1"},
		{"short offsets", graph.CSR{N: 2, Offsets: []int64{0, 1}, Adj: []int32{1}}, "2 offsets for 2 vertices"},
		{"nonzero first", graph.CSR{N: 1, Offsets: []int64{1, 1}, Adj: []int32{0}}, "Offsets[0] = 1"},
		{"decreasing", graph.CSR{N: 2, Offsets: []int64{0, 2, 1}, Adj: []int32{0}}, "offsets decrease at vertex 1"},
		{"edge count", graph.CSR{N: 1, Offsets: []int64{0, 1}, Adj: []int32{0, 0}}, "Offsets[N] = 1 but len(Adj) = 2"},
		{"id too big", graph.CSR{N: 2, Offsets: []int64{0, 1, 1}, Adj: []int32{2}}, "destination 2 out of range"},
		{"id negative", graph.CSR{N: 2, Offsets: []int64{0, 1, 1}, Adj: []int32{-1}}, "destination -1 out of range"},
		{"weights", graph.CSR{N: 1, Offsets: []int64{0, 1}, Adj: []int32{0}, Weights: []float64{}}, "0 weights for 1 edges"},
		{"edges without offsets", graph.CSR{Adj: []int32{0}}, "no offsets"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.g.Validate()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Validate = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate = %v, want error containing %q", err, tc.want)
			}
		})
	}
}

func TestStats(t *testing.T) {
	// Degrees 0, 1, 2, 3, 0, 6.
	g := csrOf([][]int32{{}, {0}, {0, 1}, {0, 1, 2}, {}, {0, 1, 2, 3, 4, 5}}, nil)
	s := g.Stats()
	if s.N != 6 || s.M != 12 || s.Min != 0 || s.Max != 6 || s.Zero != 2 {
		t.Errorf("Stats = %+v", s)
	}
	if s.Mean != 2 {
		t.Errorf("Mean = %v, want 2", s.Mean)
	}
	// Deviations -2 -1 0 1 -2 4: squares 4 1 0 1 4 16 = 26, /6.
	if want := math.Sqrt(26.0 / 6); math.Abs(s.StdDev-want) > 1e-12 {
		t.Errorf("StdDev = %v, want %v", s.StdDev, want)
	}
	// Buckets: 0 -> [0]; 1 -> [1,2); 2,3 -> [2,4); 6 -> [4,8).
	if want := []int64{2, 1, 2, 1}; !slices.Equal(s.Histogram, want) {
		t.Errorf("Histogram = %v, want %v", s.Histogram, want)
	}
	str := s.String()
	for _, want := range []string{"vertices 6, edges 12", "degree 0: 2", "degree [2, 4): 2", "degree [4, 8): 1"} {
		if !strings.Contains(str, want) {
			t.Errorf("String() = %q, missing %q", str, want)
		}
	}
	if z := (&graph.CSR{}).Stats(); z.N != 0 || z.Histogram != nil {
		t.Errorf("empty Stats = %+v", z)
	}
}

func TestTranspose(t *testing.T) {
	g := csrOf([][]int32{{1, 2}, {2}, {0}, {0, 1, 2}}, [][]float64{{1, 2}, {3}, {4}, {5, 6, 7}})
	want := csrOf([][]int32{{2, 3}, {0, 3}, {0, 1, 3}, {}}, [][]float64{{4, 5}, {1, 6}, {2, 3, 7}, {}})
	for _, tr := range []func(*graph.CSR) *graph.CSR{(*graph.CSR).Transpose, graph.TransposeWide} {
		got := tr(g)
		if !got.Equal(want) {
			t.Errorf("Transpose = %s, want %s", describe(got), describe(want))
		}
	}
	if got := (&graph.CSR{}).Transpose(); got.N != 0 || got.Validate() != nil {
		t.Errorf("Transpose(empty) = %s", describe(got))
	}
}

func TestTransposeLarge(t *testing.T) {
	el := randomEdgeList(5000, 200000, true, 7)
	g := mustBuild(t, el, graph.BuildOptions{})
	// Reference: build the reversed edge list.
	rev := &graph.EdgeList{N: el.N, Src: el.Dst, Dst: el.Src, W: el.W}
	want := mustBuild(t, rev, graph.BuildOptions{})
	for _, procs := range []int{1, 2, 5} {
		old := runtime.GOMAXPROCS(procs)
		got := g.Transpose()
		runtime.GOMAXPROCS(old)
		if err := got.Validate(); err != nil {
			t.Fatal(err)
		}
		// Build orders duplicates by weight, Transpose by source; compare
		// the adjacency exactly and the weights as multisets per vertex.
		if !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Adj, want.Adj) {
			t.Fatalf("GOMAXPROCS=%d: transpose adjacency differs from the reversed build", procs)
		}
		if !got.Transpose().Equal(g) {
			t.Fatalf("GOMAXPROCS=%d: transpose of transpose differs from the graph", procs)
		}
	}
}

func TestEdgeListAndEqual(t *testing.T) {
	g := csrOf([][]int32{{1, 2}, {}, {0}}, [][]float64{{0.5, 1.5}, {}, {2.5}})
	el := g.EdgeList()
	if el.N != 3 || !slices.Equal(el.Src, []int32{0, 0, 2}) || !slices.Equal(el.Dst, []int32{1, 2, 0}) ||
		!slices.Equal(el.W, []float64{0.5, 1.5, 2.5}) {
		t.Fatalf("EdgeList = %+v", el)
	}
	back := mustBuild(t, el, graph.BuildOptions{})
	if !back.Equal(g) {
		t.Fatalf("Build(EdgeList()) = %s, want %s", describe(back), describe(g))
	}
	h := csrOf([][]int32{{1, 2}, {}, {0}}, [][]float64{{0.5, 1.5}, {}, {3}})
	if g.Equal(h) {
		t.Error("Equal ignores a weight difference")
	}
	if g.Equal(csrOf([][]int32{{1, 2}, {}, {0}}, nil)) {
		t.Error("Equal ignores missing weights")
	}
	if !(&graph.CSR{}).Equal(&graph.CSR{Offsets: []int64{0}}) {
		t.Error("empty graphs with and without offsets differ")
	}
}

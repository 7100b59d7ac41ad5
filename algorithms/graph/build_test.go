package graph_test

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
)

func TestBuildSmall(t *testing.T) {
	// Edges: 2->0, 0->1, 0->1 (dup), 1->1 (loop), 2->1, 0->2.
	el := &graph.EdgeList{N: 4,
		Src: []int32{2, 0, 0, 1, 2, 0},
		Dst: []int32{0, 1, 1, 1, 1, 2},
		W:   []float64{5, 3, 1, 9, 4, 2},
	}
	tests := []struct {
		name string
		opt  graph.BuildOptions
		adj  [][]int32
		w    [][]float64
	}{
		{"plain", graph.BuildOptions{},
			[][]int32{{1, 1, 2}, {1}, {0, 1}, {}},
			[][]float64{{1, 3, 2}, {9}, {5, 4}, {}}},
		{"dedup keeps min weight", graph.BuildOptions{Dedup: true},
			[][]int32{{1, 2}, {1}, {0, 1}, {}},
			[][]float64{{1, 2}, {9}, {5, 4}, {}}},
		{"drop self loops", graph.BuildOptions{DropSelfLoops: true},
			[][]int32{{1, 1, 2}, {}, {0, 1}, {}},
			[][]float64{{1, 3, 2}, {}, {5, 4}, {}}},
		{"symmetrize", graph.BuildOptions{Symmetrize: true},
			[][]int32{{1, 1, 2, 2}, {0, 0, 1, 2}, {0, 0, 1}, {}},
			[][]float64{{1, 3, 2, 5}, {1, 3, 9, 4}, {2, 5, 4}, {}}},
		{"all", graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true},
			[][]int32{{1, 2}, {0, 2}, {0, 1}, {}},
			[][]float64{{1, 2}, {1, 4}, {2, 4}, {}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := csrOf(tc.adj, tc.w)
			for _, build := range []func(*graph.EdgeList, graph.BuildOptions) (*graph.CSR, error){graph.Build, graph.BuildWide} {
				got, err := build(el, tc.opt)
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(want) {
					t.Fatalf("got %s\nwant %s", describe(got), describe(want))
				}
				// Unweighted input gives the same adjacency and no weights.
				uw := &graph.EdgeList{N: el.N, Src: el.Src, Dst: el.Dst}
				got, err = build(uw, tc.opt)
				if err != nil {
					t.Fatal(err)
				}
				if want := csrOf(tc.adj, nil); !got.Equal(want) {
					t.Fatalf("unweighted: got %s\nwant %s", describe(got), describe(want))
				}
			}
		})
	}
	if el.Src[0] != 2 || el.W[0] != 5 {
		t.Error("Build modified its input")
	}
}

func TestBuildErrors(t *testing.T) {
	tests := []struct {
		name string
		el   graph.EdgeList
		want string
	}{
		{"length mismatch", graph.EdgeList{N: 2, Src: []int32{0}, Dst: []int32{}}, "1 sources but 0 destinations"},
		{"weight mismatch", graph.EdgeList{N: 2, Src: []int32{0}, Dst: []int32{1}, W: []float64{}}, "0 weights for 1 edges"},
		{"negative n", graph.EdgeList{N: -3}, "vertex count -3"},
		{"src out of range", graph.EdgeList{N: 2, Src: []int32{0, 2}, Dst: []int32{1, 0}}, "edge 1 (2 -> 0)"},
		{"dst negative", graph.EdgeList{N: 2, Src: []int32{0, 1}, Dst: []int32{1, -4}}, "edge 1 (1 -> -4)"},
		{"no vertices", graph.EdgeList{N: 0, Src: []int32{0}, Dst: []int32{0}}, "edge 0 (0 -> 0)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := graph.Build(&tc.el, graph.BuildOptions{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || g != nil {
				t.Fatalf("Build = %v, %v; want nil and an error containing %q", g, err, tc.want)
			}
			if err := tc.el.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Validate = %v, want an error containing %q", err, tc.want)
			}
		})
	}
	// The first bad edge is reported even when several workers find one.
	el := randomEdgeList(100, 300000, false, 3)
	el.Src[200000], el.Dst[250000] = 100, 100
	_, err := graph.Build(el, graph.BuildOptions{})
	if err == nil || !strings.Contains(err.Error(), "edge 200000 ") {
		t.Fatalf("Build = %v, want the error for edge 200000", err)
	}
}

func TestBuildEmpty(t *testing.T) {
	for _, n := range []int{0, 3} {
		g := mustBuild(t, &graph.EdgeList{N: n}, graph.BuildOptions{Dedup: true})
		if g.N != n || g.NumEdges() != 0 || len(g.Offsets) != n+1 {
			t.Errorf("Build(empty, n=%d) = %s", n, describe(g))
		}
	}
}

func TestBuildMatchesModel(t *testing.T) {
	opts := []graph.BuildOptions{{}, {Dedup: true}, {DropSelfLoops: true}, {Symmetrize: true},
		{Symmetrize: true, Dedup: true}, {Symmetrize: true, Dedup: true, DropSelfLoops: true}}
	sizes := []struct{ n, m int }{{1, 10}, {7, 50}, {300, 5000}, {2000, 100000}, {100000, 200000}}
	for _, sz := range sizes {
		for _, weighted := range []bool{false, true} {
			el := randomEdgeList(sz.n, sz.m, weighted, uint64(sz.n))
			for _, in := range []*graph.EdgeList{el, sortedCopy(el)} {
				checkAgainstModel(t, in, opts, weighted)
			}
		}
	}
}

// sortedCopy returns el with its edges in (source, destination) order, the
// input that Build handles with a single pass.
func sortedCopy(el *graph.EdgeList) *graph.EdgeList {
	idx := make([]int, el.Len())
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if el.Src[a] != el.Src[b] {
			return int(el.Src[a]) - int(el.Src[b])
		}
		return int(el.Dst[a]) - int(el.Dst[b])
	})
	out := &graph.EdgeList{N: el.N}
	for _, i := range idx {
		out.Src = append(out.Src, el.Src[i])
		out.Dst = append(out.Dst, el.Dst[i])
		if el.W != nil {
			out.W = append(out.W, el.W[i])
		}
	}
	return out
}

func checkAgainstModel(t *testing.T, el *graph.EdgeList, opts []graph.BuildOptions, weighted bool) {
	t.Helper()
	for _, opt := range opts {
		want := naiveBuild(el, opt)
		for _, procs := range []int{1, 3} {
			old := runtime.GOMAXPROCS(procs)
			got, err := graph.Build(el, opt)
			runtime.GOMAXPROCS(old)
			if err != nil {
				t.Fatal(err)
			}
			if !got.Equal(want) {
				t.Fatalf("n=%d m=%d weighted=%v %+v GOMAXPROCS=%d: Build differs from the model",
					el.N, el.Len(), weighted, opt, procs)
			}
		}
	}
}

func TestBuildHighDegree(t *testing.T) {
	// One vertex with a long unsorted weighted list exercises the general
	// sort rather than the insertion sort.
	el := randomEdgeList(50, 20000, true, 11)
	for i := range el.Src {
		if i%3 != 0 {
			el.Src[i] = 7
		}
	}
	for _, opt := range []graph.BuildOptions{{}, {Dedup: true}} {
		if got, want := mustBuild(t, el, opt), naiveBuild(el, opt); !got.Equal(want) {
			t.Fatalf("%+v: Build differs from the model", opt)
		}
	}
}

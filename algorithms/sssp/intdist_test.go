package sssp_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	"github.com/gokkos/gokkos/algorithms/sssp"
)

// TestIntegerDistances checks that the template methods take integer distances exactly on
// graphs with small non-negative integer weights (and unweighted ones), that their results
// are bit for bit those of the float64 path, and that real weights keep float64 distances.
func TestIntegerDistances(t *testing.T) {
	s := space(t)
	opts := []sssp.Options{{}, {Method: sssp.BellmanFord}, {Method: sssp.Ordered}, {Method: sssp.DeltaStepping, Delta: 7},
		{Method: sssp.DeltaStepping, Strategy: frontier.GlobalCollapse}, {Method: sssp.BellmanFord, Format: frontier.Bitmap}}
	for _, weights := range []struct {
		name              string
		weighted, integer bool
	}{{"unweighted", false, false}, {"int", true, true}, {"float", true, false}} {
		for i, tc := range frontiertest.Graphs(weights.weighted, weights.integer) {
			if len(tc.Roots) == 0 || i%2 == 1 {
				continue
			}
			g, err := dgraph.New(s, tc.Graph)
			if err != nil {
				t.Fatal(err)
			}
			src := tc.Roots[0]
			want := ref.Dijkstra(tc.Graph, src)
			for _, opt := range opts {
				t.Run(fmt.Sprintf("%s/%s/%v/%v", weights.name, tc.Name, opt.Method, opt.Strategy), func(t *testing.T) {
					c, err := sssp.New(g, opt)
					if err != nil {
						t.Fatal(err)
					}
					defer c.Free()
					if c.IntegerDistances() != weights.integer && weights.weighted {
						t.Fatalf("IntegerDistances = %v for %s weights", c.IntegerDistances(), weights.name)
					}
					if !weights.weighted && !c.IntegerDistances() {
						t.Fatal("unweighted graph without integer distances")
					}
					if _, err := c.Run(src); err != nil {
						t.Fatal(err)
					}
					got, err := c.Dist()
					if err != nil {
						t.Fatal(err)
					}
					fopt := opt
					fopt.FloatDistances = true
					f, err := sssp.Run(g, src, fopt)
					if err != nil {
						t.Fatal(err)
					}
					for v := range got {
						if got[v] != f.Dist[v] {
							t.Fatalf("dist[%d] = %v, float path %v", v, got[v], f.Dist[v])
						}
					}
					if err := equalDist(got, want); err != nil {
						t.Fatal(err)
					}
					sum, err := c.Summarize()
					if err != nil {
						t.Fatal(err)
					}
					if sum != f.Summary {
						t.Fatalf("summary %+v, float path %+v", sum, f.Summary)
					}
				})
			}
		}
	}
}

// TestIntegerDistancesFallBack checks the cases that keep float64 distances: weights that are
// not integers, too large for 32 bits, or whose largest times N-1 may overflow, the
// FloatDistances option and the edge-list method.
func TestIntegerDistancesFallBack(t *testing.T) {
	s := space(t)
	src, dst := []int32{0, 1, 2, 0}, []int32{1, 2, 3, 3}
	for _, tc := range []struct {
		name    string
		w       []float64
		opt     sssp.Options
		integer bool
	}{
		{"small", []float64{1, 2, 3, 10}, sssp.Options{}, true},
		{"zero", []float64{0, 0, 5, 6}, sssp.Options{}, true},
		{"half", []float64{1, 2.5, 3, 10}, sssp.Options{}, false},
		{"2^31", []float64{1, 2, 3, 1 << 31}, sssp.Options{}, false},
		{"sum-may-overflow", []float64{1<<31 - 1, 1<<31 - 1, 1<<31 - 1, 1}, sssp.Options{}, false},
		{"sum-fits", []float64{1 << 30, 1 << 30, 1 << 30, 1}, sssp.Options{}, true},
		{"option", []float64{1, 2, 3, 10}, sssp.Options{FloatDistances: true}, false},
		{"edgelist", []float64{1, 2, 3, 10}, sssp.Options{Method: sssp.EdgeList}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cg, err := graph.Build(&graph.EdgeList{N: 4, Src: src, Dst: dst, W: tc.w}, graph.BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			g, err := dgraph.New(s, cg)
			if err != nil {
				t.Fatal(err)
			}
			c, err := sssp.New(g, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Free()
			if c.IntegerDistances() != tc.integer {
				t.Fatalf("IntegerDistances = %v, want %v", c.IntegerDistances(), tc.integer)
			}
			if _, err := c.Run(0); err != nil {
				t.Fatal(err)
			}
			got, err := c.Dist()
			if err != nil {
				t.Fatal(err)
			}
			want := ref.Dijkstra(cg, 0)
			if err := equalDist(got, want); err != nil {
				t.Fatal(err)
			}
			if math.IsInf(got[3], 0) {
				t.Fatal("vertex 3 unreached")
			}
		})
	}
}

package sssp_test

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	"github.com/gokkos/gokkos/algorithms/sssp"
)

// TestBins runs binned delta-stepping (forced on device spaces too) on integer-weighted
// graphs with several bucket widths, twice per computation from different sources so that the
// second run starts from the first's leftovers, with a member's fusion of its own small bin
// bounded or off (Tuning.BinFuse), with hubs shared out among the host's workers from small
// degrees (Tuning.BinHub: 1 shares every vertex with an edge, up to a step's capacity, in
// pieces of one edge) or not at all, and with a pool so small that it runs out and the near-far
// form takes over; every distance must equal Dijkstra's.
func TestBins(t *testing.T) {
	s := space(t)
	rmat := graph.RMAT(11, 8, 7)
	graph.AddRandomWeights(rmat, 0, 255, true, 3) // zero weights too: a bucket refills itself
	big, err := graph.Build(rmat, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cases := append(frontiertest.Graphs(true, true), frontiertest.Case{Name: "rmat-11-w0-255", Graph: big, Roots: []int32{0, 5}})
	for _, tc := range cases {
		if len(tc.Roots) == 0 {
			continue
		}
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			delta   float64
			entries int
			fuse    int
			hub     int
		}{{0, 0, 0, 0}, {1, 0, 0, 0}, {2.5, 0, 1, 0}, {300, 0, 0, 0}, {0, 1, 0, 0}, {1, 0, -1, 0}, {1, 0, 0, 1}, {4, 0, -1, 12}, {0, 0, 0, -1}} {
			t.Run(fmt.Sprintf("%s/delta=%g/entries=%d/fuse=%d/hub=%d", tc.Name, c.delta, c.entries, c.fuse, c.hub), func(t *testing.T) {
				x, err := sssp.New(g, sssp.Options{Method: sssp.DeltaStepping, Delta: c.delta, Tuning: frontier.Tuning{BinFuse: c.fuse, BinHub: c.hub}})
				if err != nil {
					t.Fatal(err)
				}
				defer x.Free()
				if !x.IntegerDistances() {
					t.Fatal("integer weights without integer distances")
				}
				sssp.ForceBins(x)
				if c.entries > 0 {
					sssp.SetBinEntries(x, c.entries)
				}
				roots := tc.Roots
				if len(roots) == 1 {
					roots = append(roots, roots[0])
				}
				for _, src := range roots[:2] {
					st, err := x.Run(src)
					if err != nil {
						t.Fatal(err)
					}
					if st.Iterations < 1 {
						t.Fatalf("%d iterations", st.Iterations)
					}
					got, err := x.Dist()
					if err != nil {
						t.Fatal(err)
					}
					if err := equalDist(got, ref.Dijkstra(tc.Graph, src)); err != nil {
						t.Fatalf("source %d: %v", src, err)
					}
				}
			})
		}
		g.Free()
	}
}

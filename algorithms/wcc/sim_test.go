package wcc

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
)

// TestRunOnSim runs both methods with every variant on small graphs on the simulated device,
// which executes the kernels' PTX with a device's launch semantics (teams of many threads, the
// device's per-round neighbour launches and in-place compress), against union-find.
func TestRunOnSim(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates the kernels")
	}
	sim, err := execspace.Open("sim", execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	t.Run("defaults", func(t *testing.T) { testForGraph(t, sim) })
	for _, c := range []testCase{
		{"two-pieces", edges(6, 0, 1, 2, 1, 3, 4, 5, 4), 0},
		{"self-loops", edges(4, 0, 0, 1, 1, 2, 3, 3, 3), 0},
		{"rmat-9", graph.RMAT(9, 8, 1), 100},
		{"rmat-9-undirected", undirected(t, graph.RMAT(9, 8, 2)), 100},
		{"bridge-out-of-giant", bridge(200, false, false), 150},
		{"bridge-into-giant-low", bridge(200, true, true), 150},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := build(t, c.el)
			dg := onSpace(t, sim, g)
			sym, err := dg.Symmetric()
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range variants {
				t.Run(v.name, func(t *testing.T) {
					res, err := RunWith(dg, v.opt)
					if err != nil {
						t.Fatal(err)
					}
					check(t, g, res)
					if v.skips != nil && v.skips(sym, sparse(dg)) && res.Skipped < c.giant {
						t.Fatalf("%d vertices skipped, want at least %d", res.Skipped, c.giant)
					}
				})
			}
		})
	}
}

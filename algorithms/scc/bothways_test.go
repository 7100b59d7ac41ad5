package scc

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
)

// TestSearchBothWays checks the methods whose searches take forward-backward steps with both
// arrangements of the searches, one after the other (the host's) and as one traversal of the
// doubled graph (the devices'), whatever the space, against Tarjan's components.
func TestSearchBothWays(t *testing.T) {
	defer func(f func(execspace.Space) bool) { bothWays = f }(bothWays)
	graphs := []struct {
		name string
		el   *graph.EdgeList
	}{
		{"giant", giant(3000, 12000, 5)},
		{"pair-chain", pairChain(300, 2)},
		{"grid", orientedGrid(20, 30, 3)},
		{"cycle", cycle(500, 4)},
		{"loops", selfLoops()},
		{"smallworld", graph.SmallWorld(2000, 7)},
	}
	for _, both := range []bool{false, true} {
		bothWays = func(execspace.Space) bool { return both }
		for _, tc := range graphs {
			g, dg := load(t, tc.el)
			want := expect(t, g)
			for _, m := range []Method{Multistep, FBTrim, Hybrid} {
				res := run(t, dg, Options{Method: m, SerialCutoff: -1})
				check(t, res, want)
				if m == Multistep && res.Stats.FBRounds != 1 && g.N > 2 {
					t.Fatalf("%s, both %v: %d forward-backward steps, want 1", tc.name, both, res.Stats.FBRounds)
				}
			}
		}
	}
}

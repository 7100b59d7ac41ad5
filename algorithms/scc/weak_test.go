package scc

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
)

// TestWeakMatchesTarjan runs Weak and AutoMethod (which picks Weak) on the symmetrized version
// of every test graph, with random weights that differ between an edge and its reverse, and
// checks the partitions against Tarjan's.
func TestWeakMatchesTarjan(t *testing.T) {
	s := testSpace(t)
	for _, tg := range append(testGraphs, asyncGraphs...) {
		t.Run(tg.name, func(t *testing.T) {
			g, err := graph.Build(tg.make(), graph.BuildOptions{Symmetrize: true, Dedup: true})
			if err != nil {
				t.Fatal(err)
			}
			// Weights do not change the components, nor whether Weak applies.
			if el := g.EdgeList(); len(el.Src) > 0 {
				graph.AddRandomWeights(el, 1, 255, true, 7)
				if g, err = graph.Build(el, graph.BuildOptions{}); err != nil {
					t.Fatal(err)
				}
			}
			want := expect(t, g)
			dg, err := dgraph.New(s, g)
			if err != nil {
				t.Fatal(err)
			}
			defer dg.Free()
			for _, m := range []Method{Weak, AutoMethod} {
				st := runChecked(t, dg, Options{Method: m}, want).Stats
				if g.N > 0 && st.Chosen != Weak {
					t.Fatalf("%v ran %v on a symmetric graph; signals %+v", m, st.Chosen, st.Signals)
				}
			}
		})
	}
}

// TestWeakRefusesDirected checks that New refuses Weak for a graph that is not symmetric, and
// that AutoMethod does not pick it there.
func TestWeakRefusesDirected(t *testing.T) {
	g, dg := load(t, graph.Road(20, 20, 0.25, 1))
	_, err := New(dg, Options{Method: Weak})
	if err == nil || !strings.Contains(err.Error(), "symmetric") {
		t.Fatalf("New(Weak) on a road graph with one-way streets: %v; want an error about symmetry", err)
	}
	st := runChecked(t, dg, Options{Method: AutoMethod}, expect(t, g)).Stats
	if st.Chosen == Weak || st.Signals.Symmetric {
		t.Fatalf("auto ran %v with signals %+v on a graph that is not symmetric", st.Chosen, st.Signals)
	}
}

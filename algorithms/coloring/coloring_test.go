package coloring_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/coloring"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
)

func configs() []coloring.Options {
	var out []coloring.Options
	for _, s := range append([]frontier.Strategy{frontier.Auto}, frontier.Strategies()...) {
		for _, f := range []frontier.Format{frontier.AutoFormat, frontier.Queue, frontier.Bitmap} {
			out = append(out, coloring.Options{Strategy: s, Format: f})
		}
	}
	return append(out, coloring.Options{Pull: true}, coloring.Options{Pull: true, Tuning: frontier.Tuning{PullWords: -1}},
		coloring.Options{Strategy: frontier.Baseline, Format: frontier.Queue, Tuning: frontier.Tuning{Buffer: 2, SlotsPerThread: 3}},
		coloring.Options{Strategy: frontier.LocalCollapse, Format: frontier.Queue, Tuning: frontier.Tuning{Buffer: 3}},
		coloring.Options{Strategy: frontier.GlobalCollapse, Format: frontier.Queue, Tuning: frontier.Tuning{Buffer: 1, Teams: 5}},
		// Fused steps with local rounds in a league of several teams, for every worklist.
		coloring.Options{Tuning: frontier.Tuning{LevelTeams: 3, LevelRounds: 4, LevelVertices: 1 << 20, LevelEdges: 1 << 24, LevelDegree: 1 << 20, Buffer: 2}},
	)
}

// fixedPoint reports an edge u→v with color(u) > color(v), which a fixed point has none of.
func fixedPoint(g *graph.CSR, color []int32) error {
	for u := int32(0); int(u) < g.N; u++ {
		for _, v := range g.Neighbors(u) {
			if color[u] > color[v] {
				return fmt.Errorf("edge %d→%d: color %d > %d", u, v, color[u], color[v])
			}
		}
	}
	return nil
}

func TestColoring(t *testing.T) {
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range frontiertest.Graphs(false, false) {
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		want := ref.ColorFixedPoint(tc.Graph)
		var wantColors int64
		for v, c := range want {
			if int(c) == v {
				wantColors++
			}
		}
		for _, opt := range configs() {
			t.Run(fmt.Sprintf("%s/%v/%v/pull=%v/%+v", tc.Name, opt.Strategy, opt.Format, opt.Pull, opt.Tuning), func(t *testing.T) {
				r, err := coloring.Run(g, opt)
				if err != nil {
					t.Fatal(err)
				}
				if err := fixedPoint(tc.Graph, r.Color); err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(r.Color, want) {
					t.Fatal("colors differ from ref.ColorFixedPoint")
				}
				if r.Colors != wantColors {
					t.Fatalf("%d colors, want %d", r.Colors, wantColors)
				}
				if tc.Graph.N > 0 && r.Iterations < 1 {
					t.Fatalf("%d iterations", r.Iterations)
				}
			})
		}
	}
}

func TestErrors(t *testing.T) {
	if _, err := coloring.New(nil, coloring.Options{}); err == nil {
		t.Error("nil graph accepted")
	}
	s, _ := execspace.Default()
	g, err := dgraph.New(s, frontiertest.Graphs(false, false)[1].Graph)
	if err != nil {
		t.Fatal(err)
	}
	c, err := coloring.New(g, coloring.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Free()
	if _, err := c.Colors(); err == nil {
		t.Error("Colors before Run succeeded")
	}
	if _, err := c.Count(); err == nil {
		t.Error("Count before Run succeeded")
	}
}

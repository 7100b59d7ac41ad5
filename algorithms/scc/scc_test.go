package scc

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/internal/sweep"
)

// testGraph is one input of the correctness matrix.
type testGraph struct {
	name string
	make func() *graph.EdgeList
}

// longN is the length of the long cycles and paths: 10^5, or 2·10^4 under the race detector.
var longN = map[bool]int{false: 100000, true: 20000}[raceEnabled]

var testGraphs = []testGraph{
	{name: "empty", make: func() *graph.EdgeList { return edges(0) }},
	{name: "one-vertex", make: func() *graph.EdgeList { return edges(1) }},
	{name: "one-vertex-loop", make: func() *graph.EdgeList { return edges(1, 0, 0) }},
	{name: "isolated", make: func() *graph.EdgeList { return edges(100) }},
	{name: "self-loops", make: selfLoops},
	{name: "two-cycle", make: func() *graph.EdgeList { return edges(2, 0, 1, 1, 0) }},
	{name: "giant", make: func() *graph.EdgeList { return giant(5000, 5000, 1) }},
	{name: "giant-solo", make: func() *graph.EdgeList { return giantSolo(5000, 5000, 2) }},
	{name: "giant-pair", make: func() *graph.EdgeList { return giantPair(5000, 5000, 3) }},
	{name: "long-cycle", make: func() *graph.EdgeList { return cycle(longN, 0) }},
	{name: "long-path", make: func() *graph.EdgeList { return path(longN, 0) }},
	{name: "scrambled-long-cycle", make: func() *graph.EdgeList { return cycle(longN, 7) }},
	{name: "scrambled-long-path", make: func() *graph.EdgeList { return path(longN, 8) }},
	{name: "pair-chain", make: func() *graph.EdgeList { return pairChain(1000, 2) }},
	{name: "rmat-13", make: func() *graph.EdgeList { return graph.RMAT(13, 8, 3) }},
	{name: "rmat-12-sparse", make: func() *graph.EdgeList { return graph.RMAT(12, 2, 4) }},
	{name: "grid", make: func() *graph.EdgeList { return graph.GridWithDrops(80, 90, 0.35, 5) }},
	{name: "oriented-grid", make: func() *graph.EdgeList { return orientedGrid(70, 80, 6) }},
	{name: "smallworld", make: func() *graph.EdgeList { return graph.SmallWorld(30000, 7) }},
	{name: "uniform-sparse", make: func() *graph.EdgeList { return graph.Uniform(6000, 7000, 8) }},
}

// configs are the settings every graph runs with: FBTrim and Hybrid with every traversal,
// Multistep with every template strategy and its serial finish off, at its default, and cutting
// in midway.
func configs() []Options {
	var out []Options
	for _, m := range []Method{FBTrim, Hybrid} {
		for t := Auto; t <= DataLB; t++ {
			out = append(out, Options{Method: m, Traversal: t})
		}
	}
	for _, st := range append([]frontier.Strategy{frontier.Auto}, frontier.Strategies()...) {
		out = append(out, Options{Method: Multistep, Strategy: st, SerialCutoff: -1})
	}
	return append(out,
		Options{Method: Multistep},
		Options{Method: Multistep, SerialCutoff: 200},
		Options{Method: Hybrid, HeavyDegree: 2, Traversal: DataLB},
		Options{Method: FBTrim, HeavyDegree: 2, Traversal: TopoLB},
	)
}

func (o Options) String() string {
	if o.Method == Multistep {
		return fmt.Sprintf("%v/%v/cut=%d", o.Method, o.Strategy, o.SerialCutoff)
	}
	return fmt.Sprintf("%v/%v/heavy=%d", o.Method, o.Traversal, o.HeavyDegree)
}

func TestMatchesTarjanAndGonum(t *testing.T) {
	s := testSpace(t)
	cfgs := configs()
	for c, tg := range testGraphs {
		t.Run(tg.name, func(t *testing.T) {
			g := build(t, tg.make())
			want := expect(t, g)
			dg, err := dgraph.New(s, g)
			if err != nil {
				t.Fatal(err)
			}
			defer dg.Free()
			for j, o := range cfgs {
				if !sweep.Pick(c, j, len(cfgs), 5) {
					continue
				}
				t.Run(o.String(), func(t *testing.T) {
					res, err := Run(dg, o)
					if err != nil {
						t.Fatal(err)
					}
					check(t, res, want)
					if res.Iterations != res.Stats.FBRounds+res.Stats.ColorRounds {
						t.Fatalf("iterations %d, rounds %d + %d", res.Iterations, res.Stats.FBRounds, res.Stats.ColorRounds)
					}
				})
			}
		})
	}
}

package coloring_test

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/coloring"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/execspace"
)

// BenchmarkColoring runs every strategy, and pull steps, on the benchmark graphs and reports
// GTEPS (the graph's edges per second of a whole propagation) and the iterations.
func BenchmarkColoring(b *testing.B) {
	s, err := execspace.Default()
	if err != nil {
		b.Fatal(err)
	}
	for _, bg := range frontiertest.BenchGraphs() {
		g, err := dgraph.New(s, bg.Graph)
		if err != nil {
			b.Fatal(err)
		}
		opts := map[string]coloring.Options{"pull": {Pull: true}}
		for _, st := range append(frontier.Strategies(), frontier.Auto) {
			opts[st.String()] = coloring.Options{Strategy: st}
		}
		for name, opt := range opts {
			b.Run(bg.Name+"/"+name, func(b *testing.B) {
				c, err := coloring.New(g, opt)
				if err != nil {
					b.Fatal(err)
				}
				defer c.Free()
				var st coloring.Stats
				for b.Loop() {
					if st, err = c.Run(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(g.NumEdges())*float64(b.N)/b.Elapsed().Seconds()/1e9, "GTEPS")
				b.ReportMetric(float64(st.Iterations), "iterations")
			})
		}
	}
}

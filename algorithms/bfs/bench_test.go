package bfs_test

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/bfs"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
)

// BenchmarkBFS runs every strategy, top-down and direction-optimizing, on the benchmark
// graphs and reports GTEPS (out-edges of the reached vertices per second).
func BenchmarkBFS(b *testing.B) {
	s := space(b)
	for _, bg := range frontiertest.BenchGraphs() {
		g, err := dgraph.New(s, bg.Graph)
		if err != nil {
			b.Fatal(err)
		}
		for _, st := range append(frontier.Strategies(), frontier.Auto) {
			for _, d := range []bfs.Direction{bfs.TopDown, bfs.Optimizing} {
				b.Run(bg.Name+"/"+st.String()+"/"+d.String(), func(b *testing.B) {
					bb, err := bfs.New(g, bfs.Options{Strategy: st, Direction: d})
					if err != nil {
						b.Fatal(err)
					}
					defer bb.Free()
					if _, err := bb.Run(bg.Root); err != nil { // warm-up: builds the in-edges
						b.Fatal(err)
					}
					for b.Loop() {
						if _, err := bb.Run(bg.Root); err != nil {
							b.Fatal(err)
						}
					}
					edges, err := bb.Edges()
					if err != nil {
						b.Fatal(err)
					}
					b.ReportMetric(float64(edges)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GTEPS")
				})
			}
		}
	}
}

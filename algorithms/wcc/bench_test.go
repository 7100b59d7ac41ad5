package wcc

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
)

// BenchmarkWCC times WCC.Run on an R-MAT and a small-world graph and reports vertices per
// second and GTEPS (edges of the graph over the time of a run).
func BenchmarkWCC(b *testing.B) {
	for _, c := range []struct {
		name string
		el   func() *graph.EdgeList
	}{
		{"rmat-18", func() *graph.EdgeList { return graph.RMAT(18, 16, 1) }},
		{"smallworld-20", func() *graph.EdgeList { return graph.SmallWorld(1<<20, 1) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			g, err := dgraph.New(space(b), build(b, c.el()))
			if err != nil {
				b.Fatal(err)
			}
			defer g.Free()
			w, err := New(g)
			if err != nil {
				b.Fatal(err)
			}
			defer w.Free()
			var res *Result
			for b.Loop() {
				if res, err = w.Run(); err != nil {
					b.Fatal(err)
				}
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(g.N())/sec, "vertices/s")
			b.ReportMetric(float64(g.NumEdges())/sec/1e9, "GTEPS")
			b.ReportMetric(float64(res.Rounds), "rounds")
		})
	}
}

package wcc

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
)

// BenchmarkWCC times WCC.Run of each method on an R-MAT and a small-world graph (directed: New
// builds the in-edges that Afforest's skip needs, outside the timed loop) and reports edges per
// second (edges of the graph over the time of a run, whatever the method reads) and the number
// of passes over the edges.
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
			for _, m := range []struct {
				name string
				opt  Options
			}{
				{"afforest", Options{}},
				{"afforest-no-in-edges", Options{NoInEdges: true}},
				{"lp", Options{Method: LabelProp}},
				{"search", Options{Method: Search}},
			} {
				b.Run(m.name, func(b *testing.B) {
					w, err := NewWith(g, m.opt)
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
					b.ReportMetric(float64(g.NumEdges())/sec, "edges/s")
					b.ReportMetric(float64(res.Rounds), "rounds")
				})
			}
		})
	}
}

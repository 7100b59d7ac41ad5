package sssp_test

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/sssp"
)

// BenchmarkSSSP runs every method (and every strategy of Bellman-Ford and delta-stepping) on
// the weighted benchmark graphs and reports GTEPS (out-edges of the reached vertices per
// second) and the iterations.
func BenchmarkSSSP(b *testing.B) {
	s := space(b)
	for _, bg := range frontiertest.BenchGraphs() {
		g, err := dgraph.New(s, bg.Graph)
		if err != nil {
			b.Fatal(err)
		}
		type cfg struct {
			name string
			opt  sssp.Options
		}
		cfgs := []cfg{{"ordered", sssp.Options{Method: sssp.Ordered}}, {"edgelist", sssp.Options{Method: sssp.EdgeList}}}
		for _, st := range append(frontier.Strategies(), frontier.Auto) {
			cfgs = append(cfgs, cfg{"delta/" + st.String(), sssp.Options{Method: sssp.DeltaStepping, Strategy: st}},
				cfg{"bellman-ford/" + st.String(), sssp.Options{Method: sssp.BellmanFord, Strategy: st}})
		}
		for _, c := range cfgs {
			b.Run(bg.Name+"/"+c.name, func(b *testing.B) {
				x, err := sssp.New(g, c.opt)
				if err != nil {
					b.Fatal(err)
				}
				defer x.Free()
				if _, err := x.Run(bg.Root); err != nil { // warm-up: builds the edge list
					b.Fatal(err)
				}
				var st sssp.Stats
				for b.Loop() {
					if st, err = x.Run(bg.Root); err != nil {
						b.Fatal(err)
					}
				}
				sum, err := x.Summarize()
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(sum.Edges)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GTEPS")
				b.ReportMetric(float64(st.Iterations), "iterations")
			})
		}
	}
}

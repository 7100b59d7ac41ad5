package scc

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
)

// benchGraphs are the benchmark inputs: an R-MAT graph (skewed degrees, one large component
// and many trivial ones) and the small-world graph (a giant component, many small non-trivial
// ones, trivial ones), built once.
var benchGraphs = []struct {
	name string
	make func() *graph.EdgeList
}{
	{"rmat-18", func() *graph.EdgeList { return graph.RMAT(18, 16, 1) }},
	{"smallworld-20", func() *graph.EdgeList { return graph.SmallWorld(1<<20, 1) }},
}

var (
	benchMu    sync.Mutex
	benchCache = map[string]*dgraph.Graph{}
)

// benchGraph returns the named benchmark graph in the default space.
func benchGraph(b testing.TB, name string, make func() *graph.EdgeList) *dgraph.Graph {
	benchMu.Lock()
	defer benchMu.Unlock()
	if g, ok := benchCache[name]; ok {
		return g
	}
	g, err := dgraph.New(testSpace(b), build(b, make()))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := g.In(); err != nil {
		b.Fatal(err)
	}
	benchCache[name] = g
	return g
}

// benchRun times SCC.Run and reports vertices per second, GTEPS (edges of the graph over the
// time of a run, the usual convention for component codes) and the round counts.
func benchRun(b *testing.B, g *dgraph.Graph, o Options) {
	c, err := New(g, o)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Free()
	var res *Result
	for b.Loop() {
		if res, err = c.Run(); err != nil {
			b.Fatal(err)
		}
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(g.N())/sec, "vertices/s")
	b.ReportMetric(float64(g.NumEdges())/sec/1e9, "GTEPS")
	b.ReportMetric(float64(res.Stats.FBRounds), "fb-rounds")
	b.ReportMetric(float64(res.Stats.ColorRounds), "colour-rounds")
	b.ReportMetric(float64(res.Stats.ReachIterations+res.Stats.PropagationIterations), "traversal-iters")
	if res.Stats.Chosen == Async {
		b.ReportMetric(float64(res.Stats.AsyncRounds), "async-rounds")
		b.ReportMetric(float64(res.Stats.AsyncSweeps), "async-sweeps")
		b.ReportMetric(float64(res.Stats.AsyncChecks), "flag-reads")
	}
}

// highDiameterGraphs are the inputs of large diameter: a grid with a quarter of its edges
// dropped, the road generator and the citation generator.
var highDiameterGraphs = []struct {
	name string
	make func() *graph.EdgeList
}{
	{"grid-512", func() *graph.EdgeList { return graph.GridWithDrops(512, 512, 0.25, 1) }},
	{"road-512", func() *graph.EdgeList { return graph.Road(512, 512, 0.25, 1) }},
	{"citation-18", func() *graph.EdgeList { return graph.Citation(1<<18, 1) }},
}

// BenchmarkSCCAsync runs Multistep, Async and AutoMethod on the graphs of large diameter and on
// the other benchmark graphs.
func BenchmarkSCCAsync(b *testing.B) {
	for _, bg := range append(highDiameterGraphs[:len(highDiameterGraphs):len(highDiameterGraphs)], benchGraphs...) {
		for _, m := range []Method{Multistep, Async, AutoMethod} {
			b.Run(fmt.Sprintf("%s/%v", bg.name, m), func(b *testing.B) {
				benchRun(b, benchGraph(b, bg.name, bg.make), Options{Method: m})
			})
		}
	}
}

// BenchmarkSCC runs every method with its default settings.
func BenchmarkSCC(b *testing.B) {
	for _, bg := range benchGraphs {
		for _, m := range []Method{Multistep, FBTrim, Hybrid} {
			b.Run(fmt.Sprintf("%s/%v", bg.name, m), func(b *testing.B) {
				benchRun(b, benchGraph(b, bg.name, bg.make), Options{Method: m})
			})
		}
	}
}

// BenchmarkSCCParallel runs Multistep without its serial finish, so that every step is the
// parallel one.
func BenchmarkSCCParallel(b *testing.B) {
	for _, bg := range benchGraphs {
		b.Run(bg.name+"/multistep", func(b *testing.B) {
			benchRun(b, benchGraph(b, bg.name, bg.make), Options{Method: Multistep, SerialCutoff: -1})
		})
	}
}

// BenchmarkSCCTraversal runs FBTrim and Hybrid with every traversal strategy.
func BenchmarkSCCTraversal(b *testing.B) {
	for _, bg := range benchGraphs {
		for _, m := range []Method{FBTrim, Hybrid} {
			for t := Auto; t <= DataLB; t++ {
				b.Run(fmt.Sprintf("%s/%v/%v", bg.name, m, t), func(b *testing.B) {
					benchRun(b, benchGraph(b, bg.name, bg.make), Options{Method: m, Traversal: t})
				})
			}
		}
	}
}

// BenchmarkSerialTarjan times the serial reference (ref.TarjanSCC on the host CSR) on the same
// graphs, the baseline the parallel methods are compared with.
func BenchmarkSerialTarjan(b *testing.B) {
	for _, bg := range benchGraphs {
		b.Run(bg.name, func(b *testing.B) {
			g := build(b, bg.make())
			for b.Loop() {
				ref.TarjanSCC(g)
			}
			sec := b.Elapsed().Seconds() / float64(b.N)
			b.ReportMetric(float64(g.N)/sec, "vertices/s")
			b.ReportMetric(float64(g.NumEdges())/sec/1e9, "GTEPS")
		})
	}
}

// BenchmarkSCCEdgeList runs EdgeList with its edge list sorted by segments, in the CSR's order,
// and with the transpose-based backward reach, and reports the time of trimming and of the
// reach per run besides benchRun's metrics.
func BenchmarkSCCEdgeList(b *testing.B) {
	for _, bg := range benchGraphs {
		for _, v := range []struct {
			name string
			opt  Options
		}{
			{"sorted", Options{Method: EdgeList}},
			{"unsorted", Options{Method: EdgeList, NoReorder: true}},
			{"sorted-transpose", Options{Method: EdgeList, TransposeBackward: true}},
		} {
			b.Run(bg.name+"/"+v.name, func(b *testing.B) {
				g := benchGraph(b, bg.name, bg.make)
				c, err := New(g, v.opt)
				if err != nil {
					b.Fatal(err)
				}
				defer c.Free()
				var trim, reach time.Duration
				var res *Result
				for b.Loop() {
					if res, err = c.Run(); err != nil {
						b.Fatal(err)
					}
					trim += res.Stats.TrimTime
					reach += res.Stats.ReachTime
				}
				sec := b.Elapsed().Seconds() / float64(b.N)
				b.ReportMetric(float64(g.NumEdges())/sec/1e9, "GTEPS")
				b.ReportMetric(trim.Seconds()*1e3/float64(b.N), "trim-ms")
				b.ReportMetric(reach.Seconds()*1e3/float64(b.N), "reach-ms")
				b.ReportMetric(float64(res.Stats.ReachIterations), "sweeps")
				b.ReportMetric(float64(res.Stats.FBRounds), "fb-rounds")
			})
		}
	}
}

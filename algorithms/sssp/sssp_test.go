package sssp_test

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	"github.com/gokkos/gokkos/algorithms/sssp"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/sweep"
)

func space(t testing.TB) execspace.Space {
	t.Helper()
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// configs covers every method, and for the template methods every strategy.
func configs() []sssp.Options {
	out := []sssp.Options{{}, {Method: sssp.EdgeList}, {Method: sssp.EdgeList, SegmentBytes: 64}}
	for _, m := range []sssp.Method{sssp.BellmanFord, sssp.Ordered, sssp.DeltaStepping} {
		for _, s := range append([]frontier.Strategy{frontier.Auto}, frontier.Strategies()...) {
			out = append(out, sssp.Options{Method: m, Strategy: s})
		}
	}
	return append(out,
		sssp.Options{Method: sssp.BellmanFord, Format: frontier.Queue, Tuning: frontier.Tuning{Buffer: 2, SlotsPerThread: 3}},
		sssp.Options{Method: sssp.BellmanFord, Format: frontier.Bitmap},
		sssp.Options{Method: sssp.DeltaStepping, Delta: 7},
		sssp.Options{Method: sssp.DeltaStepping, Delta: 1e9},
	)
}

// gonumDist runs gonum's Dijkstra on g (parallel edges collapsed to the lightest, self loops
// dropped, which changes no distance with non-negative weights).
func gonumDist(g *graph.CSR, src int32) []float64 {
	gg := simple.NewWeightedDirectedGraph(0, math.Inf(1))
	for v := 0; v < g.N; v++ {
		gg.AddNode(simple.Node(v))
	}
	for u := int32(0); int(u) < g.N; u++ {
		for i, v := range g.Neighbors(u) {
			if v == u {
				continue
			}
			w := 1.0
			if g.Weights != nil {
				w = g.NeighborWeights(u)[i]
			}
			if e := gg.WeightedEdge(int64(u), int64(v)); e != nil && e.Weight() <= w {
				continue
			}
			gg.SetWeightedEdge(gg.NewWeightedEdge(simple.Node(u), simple.Node(v), w))
		}
	}
	sh := path.DijkstraFrom(simple.Node(src), gg)
	d := make([]float64, g.N)
	for v := range d {
		d[v] = sh.WeightTo(int64(v))
	}
	return d
}

func equalDist(got, want []float64) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d distances, want %d", len(got), len(want))
	}
	for v := range want {
		if got[v] != want[v] && !(math.Abs(got[v]-want[v]) <= 1e-9*math.Abs(want[v])) {
			return fmt.Errorf("dist[%d] = %v, want %v", v, got[v], want[v])
		}
	}
	return nil
}

func TestSSSP(t *testing.T) {
	s := space(t)
	cfgs := configs()
	c := 0 // the (weights, graph, source) case, for sweep.Pick
	for _, weights := range []struct {
		name              string
		weighted, integer bool
	}{{"unweighted", false, false}, {"int", true, true}, {"float", true, false}} {
		for _, tc := range frontiertest.Graphs(weights.weighted, weights.integer) {
			g, err := dgraph.New(s, tc.Graph)
			if err != nil {
				t.Fatal(err)
			}
			for _, src := range tc.Roots {
				want := ref.Dijkstra(tc.Graph, src)
				oracle := gonumDist(tc.Graph, src)
				if err := equalDist(oracle, want); err != nil {
					t.Fatalf("%s/%s: ref.Dijkstra and gonum disagree: %v", weights.name, tc.Name, err)
				}
				var reached int64
				var sum, mx float64
				for _, d := range want {
					if !math.IsInf(d, 1) {
						reached++
						sum += d
						mx = max(mx, d)
					}
				}
				c++
				for j, opt := range cfgs {
					if !sweep.Pick(c, j, len(cfgs), 4) {
						continue
					}
					t.Run(fmt.Sprintf("%s/%s/src=%d/%v/%v/%v", weights.name, tc.Name, src, opt.Method, opt.Strategy, opt.Format), func(t *testing.T) {
						r, err := sssp.Run(g, src, opt)
						if err != nil {
							t.Fatal(err)
						}
						if r.NegativeCycle {
							t.Fatal("negative cycle reported")
						}
						if err := equalDist(r.Dist, want); err != nil {
							t.Fatal(err)
						}
						if r.Reached != reached || r.Max != mx || math.Abs(r.Sum-sum) > 1e-9*sum {
							t.Fatalf("summary %+v, want reached %d sum %v max %v", r.Summary, reached, sum, mx)
						}
					})
				}
			}
		}
	}
}

// negative returns graphs with negative weights: one without and one with a reachable
// negative cycle, plus an unreachable one.
func negative() []struct {
	name  string
	g     *graph.CSR
	cycle bool
} {
	build := func(n int, src, dst []int32, w []float64) *graph.CSR {
		g, err := graph.Build(&graph.EdgeList{N: n, Src: src, Dst: dst, W: w}, graph.BuildOptions{})
		if err != nil {
			panic(err)
		}
		return g
	}
	// A DAG with negative edges, on top of a weighted R-MAT.
	el := graph.RMAT(8, 4, 3)
	graph.AddRandomWeights(el, -5, 20, true, 4)
	dag := &graph.EdgeList{N: el.N, W: []float64{}}
	for i := range el.Src {
		if el.Src[i] < el.Dst[i] {
			dag.Src = append(dag.Src, el.Src[i])
			dag.Dst = append(dag.Dst, el.Dst[i])
			dag.W = append(dag.W, el.W[i])
		}
	}
	rdag, err := graph.Build(dag, graph.BuildOptions{})
	if err != nil {
		panic(err)
	}
	return []struct {
		name  string
		g     *graph.CSR
		cycle bool
	}{
		{"negative-edges", build(5, []int32{0, 0, 1, 2, 3}, []int32{1, 2, 3, 3, 4}, []float64{4, 1, -3, 2, -1}), false},
		{"negative-dag", rdag, false},
		{"negative-cycle", build(7, []int32{0, 1, 2, 3, 3, 4, 5}, []int32{1, 2, 3, 1, 4, 5, 6}, []float64{1, 1, 1, -4, 2, 2, 1}), true},
		{"negative-self-loop", build(3, []int32{0, 1, 1}, []int32{1, 1, 2}, []float64{2, -1, 5}), true},
		{"unreachable-cycle", build(5, []int32{0, 2, 3, 3}, []int32{1, 3, 2, 4}, []float64{1, 1, -3, 1}), false},
	}
}

func TestNegative(t *testing.T) {
	s := space(t)
	for _, tc := range negative() {
		g, err := dgraph.New(s, tc.g)
		if err != nil {
			t.Fatal(err)
		}
		want, cycle := ref.BellmanFord(tc.g, 0)
		if cycle != tc.cycle {
			t.Fatalf("%s: ref.BellmanFord reports cycle=%v", tc.name, cycle)
		}
		for _, opt := range []sssp.Options{{}, {Method: sssp.BellmanFord, Strategy: frontier.Baseline}, {Method: sssp.BellmanFord, Strategy: frontier.GlobalCollapse},
			{Method: sssp.BellmanFord, Format: frontier.Bitmap}, {Method: sssp.EdgeList}, {Method: sssp.EdgeList, SegmentBytes: 16}} {
			t.Run(fmt.Sprintf("%s/%v/%v/%v", tc.name, opt.Method, opt.Strategy, opt.Format), func(t *testing.T) {
				r, err := sssp.Run(g, 0, opt)
				if err != nil {
					t.Fatal(err)
				}
				if r.NegativeCycle != tc.cycle {
					t.Fatalf("NegativeCycle = %v, want %v", r.NegativeCycle, tc.cycle)
				}
				if err := equalDist(r.Dist, want); err != nil {
					t.Fatal(err)
				}
			})
		}
		for _, m := range []sssp.Method{sssp.Ordered, sssp.DeltaStepping} {
			if _, err := sssp.New(g, sssp.Options{Method: m}); err == nil {
				t.Errorf("%s: %v accepted negative weights", tc.name, m)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	s := space(t)
	g, err := dgraph.New(s, frontiertest.Graphs(false, false)[2].Graph)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sssp.Run(g, -1, sssp.Options{}); err == nil {
		t.Error("negative source accepted")
	}
	if _, err := sssp.Run(g, int32(g.N()), sssp.Options{}); err == nil {
		t.Error("source past the end accepted")
	}
	if _, err := sssp.New(g, sssp.Options{Delta: -1}); err == nil {
		t.Error("negative delta accepted")
	}
	if _, err := sssp.New(nil, sssp.Options{}); err == nil {
		t.Error("nil graph accepted")
	}
	empty, err := dgraph.New(s, &graph.CSR{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sssp.Run(empty, 0, sssp.Options{}); err == nil {
		t.Error("source in an empty graph accepted")
	}
	for _, in := range []string{"auto", "bf", "dijkstra", "delta", "edge-list"} {
		if _, err := sssp.ParseMethod(in); err != nil {
			t.Error(err)
		}
	}
	if _, err := sssp.ParseMethod("teleport"); err == nil {
		t.Error("unknown method accepted")
	}
}

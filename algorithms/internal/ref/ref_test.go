package ref_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	gg "gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// build makes a CSR from an edge list given as pairs.
func build(t testing.TB, n int, edges [][2]int32, w []float64) *graph.CSR {
	t.Helper()
	el := &graph.EdgeList{N: n, W: w}
	for _, e := range edges {
		el.Src = append(el.Src, e[0])
		el.Dst = append(el.Dst, e[1])
	}
	g, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomGraph returns a simple random directed graph (no loops, no
// duplicates) with integer weights in [lo, hi] when weighted.
func randomGraph(t testing.TB, n, m int, weighted bool, lo, hi int, seed uint64) *graph.CSR {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	el := &graph.EdgeList{N: n}
	for range m {
		el.Src = append(el.Src, int32(r.IntN(n)))
		el.Dst = append(el.Dst, int32(r.IntN(n)))
		if weighted {
			el.W = append(el.W, float64(lo+r.IntN(hi-lo+1)))
		}
	}
	g, err := graph.Build(el, graph.BuildOptions{Dedup: true, DropSelfLoops: true})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func toGonum(g *graph.CSR) *simple.WeightedDirectedGraph {
	wg := simple.NewWeightedDirectedGraph(0, math.Inf(1))
	for v := range g.N {
		wg.AddNode(simple.Node(v))
	}
	for v := range int32(g.N) {
		for i, u := range g.Neighbors(v) {
			w := 1.0
			if g.Weights != nil {
				w = g.NeighborWeights(v)[i]
			}
			wg.SetWeightedEdge(wg.NewWeightedEdge(simple.Node(v), simple.Node(u), w))
		}
	}
	return wg
}

// labels turns gonum's node groups into a component array.
func labels(n int, groups [][]gg.Node) []int32 {
	comp := make([]int32, n)
	for i := range comp {
		comp[i] = -1
	}
	for c, grp := range groups {
		for _, v := range grp {
			comp[v.ID()] = int32(c)
		}
	}
	return comp
}

var randomSizes = []struct{ n, m int }{{1, 0}, {2, 2}, {10, 5}, {10, 30}, {50, 60}, {200, 250}, {500, 2000}, {2000, 3000}}

func TestBFS(t *testing.T) {
	// 0 -> 1 -> 3, 0 -> 2 -> 3, 3 -> 4, 5 -> 0 (5 unreachable from 0).
	g := build(t, 6, [][2]int32{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 4}, {5, 0}}, nil)
	level, parent := ref.BFS(g, 0)
	if want := []int32{0, 1, 1, 2, 3, -1}; !slices.Equal(level, want) {
		t.Errorf("level = %v, want %v", level, want)
	}
	if want := []int32{0, 0, 0, 1, 3, -1}; !slices.Equal(parent, want) {
		t.Errorf("parent = %v, want %v", parent, want)
	}
	if err := ref.ValidateBFS(g, 0, level, parent); err != nil {
		t.Error(err)
	}
	level, parent = ref.BFS(g, 5)
	if want := []int32{1, 2, 2, 3, 4, 0}; !slices.Equal(level, want) || parent[5] != 5 {
		t.Errorf("from 5: level %v parent %v", level, parent)
	}
}

func TestTarjanSCC(t *testing.T) {
	// {0,1,2} cycle -> {3,4} cycle -> 5; 6 alone with a self loop.
	g := build(t, 7, [][2]int32{{0, 1}, {1, 2}, {2, 0}, {2, 3}, {3, 4}, {4, 3}, {4, 5}, {6, 6}}, nil)
	comp, count := ref.TarjanSCC(g)
	if count != 4 {
		t.Fatalf("count = %d, want 4", count)
	}
	if !ref.ComponentsEqual(comp, []int32{0, 0, 0, 1, 1, 2, 3}) {
		t.Fatalf("comp = %v", comp)
	}
	checkReverseTopological(t, g, comp)
	// 5 is a sink and completes before {3,4}, which completes before {0,1,2}.
	if !(comp[5] < comp[3] && comp[3] < comp[0]) {
		t.Errorf("components not in completion order: %v", comp)
	}
}

func checkReverseTopological(t *testing.T, g *graph.CSR, comp []int32) {
	t.Helper()
	for v := range int32(g.N) {
		for _, w := range g.Neighbors(v) {
			if comp[v] < comp[w] {
				t.Fatalf("edge %d -> %d goes from component %d up to %d", v, w, comp[v], comp[w])
			}
		}
	}
}

func TestTarjanSCCAgainstGonum(t *testing.T) {
	for i, sz := range randomSizes {
		g := randomGraph(t, sz.n, sz.m, false, 0, 0, uint64(i))
		comp, count := ref.TarjanSCC(g)
		want := topo.TarjanSCC(toGonum(g))
		if count != len(want) || !ref.ComponentsEqual(comp, labels(g.N, want)) {
			t.Fatalf("n=%d m=%d: %d components, gonum finds %d (or a different partition)", sz.n, sz.m, count, len(want))
		}
		checkReverseTopological(t, g, comp)
	}
	sw, err := graph.Build(graph.SmallWorld(3000, 1), graph.BuildOptions{Dedup: true, DropSelfLoops: true})
	if err != nil {
		t.Fatal(err)
	}
	comp, _ := ref.TarjanSCC(sw)
	if !ref.ComponentsEqual(comp, labels(sw.N, topo.TarjanSCC(toGonum(sw)))) {
		t.Fatal("SmallWorld: partition differs from gonum's")
	}
}

func TestTarjanSCCLongPaths(t *testing.T) {
	const n = 1 << 20
	path := &graph.EdgeList{N: n}
	for v := int32(0); v < n-1; v++ {
		path.Src = append(path.Src, v)
		path.Dst = append(path.Dst, v+1)
	}
	g, _ := graph.Build(path, graph.BuildOptions{})
	if _, count := ref.TarjanSCC(g); count != n {
		t.Fatalf("path: %d components, want %d", count, n)
	}
	path.Src = append(path.Src, n-1)
	path.Dst = append(path.Dst, 0)
	g, _ = graph.Build(path, graph.BuildOptions{})
	comp, count := ref.TarjanSCC(g)
	if count != 1 || comp[n/2] != 0 {
		t.Fatalf("cycle: %d components, want 1", count)
	}
	labels := ref.ColorFixedPoint(g)
	if labels[0] != n-1 || labels[n/3] != n-1 {
		t.Fatalf("cycle labels %d, %d; want %d", labels[0], labels[n/3], n-1)
	}
	wcc, wcount := ref.UnionFindWCC(g)
	if wcount != 1 || wcc[n-1] != 0 {
		t.Fatalf("cycle: %d weak components", wcount)
	}
	level, parent := ref.BFS(g, 0)
	if level[n-1] != n-1 {
		t.Fatalf("level of the last vertex %d", level[n-1])
	}
	if err := ref.ValidateBFS(g, 0, level, parent); err != nil {
		t.Fatal(err)
	}
}

func TestUnionFindWCC(t *testing.T) {
	g := build(t, 7, [][2]int32{{1, 0}, {2, 1}, {4, 3}, {5, 5}}, nil)
	comp, count := ref.UnionFindWCC(g)
	if want := []int32{0, 0, 0, 1, 1, 2, 3}; count != 4 || !slices.Equal(comp, want) {
		t.Fatalf("comp %v count %d, want %v and 4", comp, count, want)
	}
	for i, sz := range randomSizes {
		g := randomGraph(t, sz.n, sz.m, false, 0, 0, uint64(i)+100)
		ug := simple.NewUndirectedGraph()
		for v := range g.N {
			ug.AddNode(simple.Node(v))
		}
		for v := range int32(g.N) {
			for _, w := range g.Neighbors(v) {
				ug.SetEdge(ug.NewEdge(simple.Node(v), simple.Node(w)))
			}
		}
		want := topo.ConnectedComponents(ug)
		comp, count := ref.UnionFindWCC(g)
		if count != len(want) || !ref.ComponentsEqual(comp, labels(g.N, want)) {
			t.Fatalf("n=%d m=%d: %d components, gonum finds %d", sz.n, sz.m, count, len(want))
		}
		for v := 1; v < g.N; v++ {
			if comp[v] > slices.Max(comp[:v])+1 {
				t.Fatalf("labels not numbered by smallest vertex: %v", comp[:v+1])
			}
		}
	}
}

func TestComponentsEqual(t *testing.T) {
	tests := []struct {
		a, b []int32
		want bool
	}{
		{nil, nil, true},
		{[]int32{0, 0, 1}, []int32{7, 7, 3}, true},
		{[]int32{0, 1, 2}, []int32{2, 0, 1}, true},
		{[]int32{0, 0, 1}, []int32{0, 1, 1}, false},
		{[]int32{0, 0, 1}, []int32{5, 5, 5}, false},
		{[]int32{0, 1, 1}, []int32{4, 4, 4}, false},
		{[]int32{0, 1}, []int32{0, 1, 2}, false},
		{[]int32{-1, 3}, []int32{9, -5}, true},
	}
	for _, tc := range tests {
		if got := ref.ComponentsEqual(tc.a, tc.b); got != tc.want {
			t.Errorf("ComponentsEqual(%v, %v) = %v", tc.a, tc.b, got)
		}
		if got := ref.ComponentsEqual(tc.b, tc.a); got != tc.want {
			t.Errorf("ComponentsEqual(%v, %v) = %v", tc.b, tc.a, got)
		}
	}
}

func TestDijkstraAgainstGonum(t *testing.T) {
	for i, sz := range randomSizes {
		for _, weighted := range []bool{false, true} {
			g := randomGraph(t, sz.n, sz.m, weighted, 0, 20, uint64(i)+200)
			wg := toGonum(g)
			for _, src := range []int32{0, int32(g.N / 2), int32(g.N - 1)} {
				got := ref.Dijkstra(g, src)
				sh := path.DijkstraFrom(simple.Node(src), wg)
				for v := range g.N {
					if want := sh.WeightTo(int64(v)); got[v] != want {
						t.Fatalf("n=%d m=%d src=%d: dist[%d] = %v, gonum %v", sz.n, sz.m, src, v, got[v], want)
					}
				}
			}
		}
	}
	// Fractional weights agree up to rounding.
	el := graph.Uniform(3000, 20000, 4)
	graph.AddRandomWeights(el, 0, 1, false, 5)
	g, _ := graph.Build(el, graph.BuildOptions{})
	got := ref.Dijkstra(g, 0)
	sh := path.DijkstraFrom(simple.Node(0), toGonum(g))
	for v := range g.N {
		if want := sh.WeightTo(int64(v)); math.Abs(got[v]-want) > 1e-9 && !(math.IsInf(want, 1) && math.IsInf(got[v], 1)) {
			t.Fatalf("dist[%d] = %v, gonum %v", v, got[v], want)
		}
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "weight -1") {
			t.Errorf("negative weight: recover() = %v", r)
		}
	}()
	ref.Dijkstra(build(t, 2, [][2]int32{{0, 1}}, []float64{-1}), 0)
}

func TestBellmanFord(t *testing.T) {
	for i, sz := range randomSizes {
		// Non-negative weights: same as Dijkstra.
		g := randomGraph(t, sz.n, sz.m, true, 0, 20, uint64(i)+300)
		dist, neg := ref.BellmanFord(g, 0)
		if neg || !slices.Equal(dist, ref.Dijkstra(g, 0)) {
			t.Fatalf("n=%d: BellmanFord differs from Dijkstra on non-negative weights", sz.n)
		}
		// Reweight with a potential: w'(u,v) = w(u,v) + p(u) - p(v) has
		// negative edges but no negative cycles, and shifts every distance
		// from s by p(s) - p(v).
		r := rand.New(rand.NewPCG(uint64(i), 2))
		p := make([]float64, g.N)
		for v := range p {
			p[v] = float64(r.IntN(30))
		}
		h := &graph.CSR{N: g.N, Offsets: g.Offsets, Adj: g.Adj, Weights: make([]float64, len(g.Adj))}
		for v := range int32(g.N) {
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				h.Weights[e] = g.Weights[e] + p[v] - p[g.Adj[e]]
			}
		}
		dist, neg = ref.BellmanFord(h, 0)
		if neg {
			t.Fatalf("n=%d: negative cycle reported after reweighting", sz.n)
		}
		sh, ok := path.BellmanFordFrom(simple.Node(0), toGonum(h))
		if !ok {
			t.Fatalf("n=%d: gonum reports a negative cycle", sz.n)
		}
		want := ref.Dijkstra(g, 0)
		for v := range g.N {
			if !math.IsInf(want[v], 1) {
				want[v] += p[0] - p[v]
			}
			if dist[v] != want[v] || sh.WeightTo(int64(v)) != want[v] {
				t.Fatalf("n=%d: dist[%d] = %v, gonum %v, want %v", sz.n, v, dist[v], sh.WeightTo(int64(v)), want[v])
			}
		}
	}
}

func TestBellmanFordNegativeCycle(t *testing.T) {
	// 0 -> 1 -> 2 -> 1 (cycle 1,2 of weight -1) -> 3; 0 -> 4; 5 unreachable.
	g := build(t, 6, [][2]int32{{0, 1}, {1, 2}, {2, 1}, {2, 3}, {0, 4}, {5, 0}}, []float64{1, 1, -2, 1, 7, 1})
	dist, neg := ref.BellmanFord(g, 0)
	inf := math.Inf(1)
	if want := []float64{0, -inf, -inf, -inf, 7, inf}; !neg || !slices.Equal(dist, want) {
		t.Fatalf("dist %v neg %v, want %v true", dist, neg, want)
	}
	// The cycle is not reachable from 3.
	dist, neg = ref.BellmanFord(g, 3)
	if neg || dist[3] != 0 || !math.IsInf(dist[0], 1) {
		t.Fatalf("from 3: dist %v neg %v", dist, neg)
	}
	// A negative self loop.
	g = build(t, 2, [][2]int32{{0, 0}, {0, 1}}, []float64{-1, 5})
	if dist, neg = ref.BellmanFord(g, 0); !neg || !math.IsInf(dist[1], -1) {
		t.Fatalf("self loop: dist %v neg %v", dist, neg)
	}
	// Unweighted graphs use unit weights.
	g = build(t, 3, [][2]int32{{0, 1}, {1, 2}, {0, 2}}, nil)
	if dist, neg = ref.BellmanFord(g, 0); neg || !slices.Equal(dist, []float64{0, 1, 1}) {
		t.Fatalf("unweighted: %v %v", dist, neg)
	}
}

func TestColorFixedPoint(t *testing.T) {
	// 0 -> 1 <-> 2 -> 3, 4 -> 3, 5 alone.
	g := build(t, 6, [][2]int32{{0, 1}, {1, 2}, {2, 1}, {2, 3}, {4, 3}}, nil)
	if got, want := ref.ColorFixedPoint(g), []int32{0, 2, 2, 4, 4, 5}; !slices.Equal(got, want) {
		t.Fatalf("ColorFixedPoint = %v, want %v", got, want)
	}
	graphs := []*graph.CSR{}
	for i, sz := range randomSizes {
		graphs = append(graphs, randomGraph(t, sz.n, sz.m, false, 0, 0, uint64(i)+400))
	}
	sw, _ := graph.Build(graph.SmallWorld(5000, 3), graph.BuildOptions{})
	graphs = append(graphs, sw)
	for _, g := range graphs {
		got := ref.ColorFixedPoint(g)
		if want := ref.ColorFixedPointNaive(g); !slices.Equal(got, want) {
			t.Fatalf("%v: direct and iterated fixed points differ", g)
		}
		// Spot-check the definition with a BFS on the transpose.
		tr := g.Transpose()
		for _, v := range []int32{0, int32(g.N / 3), int32(g.N - 1)} {
			level, _ := ref.BFS(tr, v)
			best := int32(-1)
			for u, l := range level {
				if l >= 0 {
					best = int32(u)
				}
			}
			if got[v] != best {
				t.Fatalf("%v: label[%d] = %d, largest vertex reaching it is %d", g, v, got[v], best)
			}
		}
	}
}

func TestValidateBFS(t *testing.T) {
	grid, _ := graph.Build(graph.GridWithDrops(30, 40, 0.2, 1), graph.BuildOptions{})
	for i, g := range []*graph.CSR{grid, randomGraph(t, 2000, 5000, false, 0, 0, 9)} {
		for _, root := range []int32{0, 17, int32(g.N - 1)} {
			level, parent := ref.BFS(g, root)
			if err := ref.ValidateBFS(g, root, level, parent); err != nil {
				t.Fatalf("graph %d root %d: valid BFS rejected: %v", i, root, err)
			}
		}
	}
	// 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 0, 4 -> 0; 4 unreachable.
	g := build(t, 5, [][2]int32{{0, 1}, {0, 2}, {1, 3}, {2, 3}, {3, 0}, {4, 0}}, nil)
	level, parent := ref.BFS(g, 0)
	// Another valid tree: 3's parent is 2 instead of 1.
	alt := slices.Clone(parent)
	alt[3] = 2
	if err := ref.ValidateBFS(g, 0, level, alt); err != nil {
		t.Fatalf("alternative BFS tree rejected: %v", err)
	}
	mutate := func(f func(l, p []int32)) ([]int32, []int32) {
		l, p := slices.Clone(level), slices.Clone(parent)
		f(l, p)
		return l, p
	}
	tests := []struct {
		name string
		root int32
		mut  func(l, p []int32)
		want string
	}{
		{"short", 0, nil, "got 4 levels"},
		{"bad root", 7, func(l, p []int32) {}, "root 7 is not a vertex"},
		{"root parent", 0, func(l, p []int32) { p[0] = 1 }, "root 0 has parent 1"},
		{"root level", 0, func(l, p []int32) { l[0] = 1 }, "root 0 has level 1"},
		{"level without parent", 0, func(l, p []int32) { p[3] = -1 }, "vertex 3 has level 2 but parent -1"},
		{"parent out of range", 0, func(l, p []int32) { p[3] = 9 }, "invalid level 2 or parent 9"},
		{"second level zero", 0, func(l, p []int32) { l[1] = 0 }, "vertex 1 has level 0 but is not the root"},
		{"level jump", 0, func(l, p []int32) { l[3] = 3 }, "tree edge 1 -> 3: parent level 1, child level 3"},
		{"fake tree edge", 0, func(l, p []int32) { p[2] = 1; l[2] = 2; l[3] = 2; p[3] = 1 }, "tree edge 1 -> 2 is not an edge"},
		{"edge to unreached", 0, func(l, p []int32) { l[3], p[3] = -1, -1 }, "edge 1 -> 3 leaves reached vertex 1"},
		{"unreachable marked", 0, func(l, p []int32) { l[4], p[4] = 1, 0 }, "tree edge 0 -> 4 is not an edge"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, p := level, parent
			if tc.mut == nil {
				l, p = level[:4], parent[:4]
			} else {
				l, p = mutate(tc.mut)
			}
			err := ref.ValidateBFS(g, tc.root, l, p)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ValidateBFS = %v, want an error containing %q", err, tc.want)
			}
		})
	}
	// Rule 4 on its own: a self-consistent tree whose levels are too deep
	// for a non-tree edge (0 -> 2 exists, but 2 sits at level 2).
	h := build(t, 3, [][2]int32{{0, 1}, {1, 2}, {0, 2}}, nil)
	err := ref.ValidateBFS(h, 0, []int32{0, 1, 2}, []int32{0, 0, 1})
	if err == nil || !strings.Contains(err.Error(), "edge 0 -> 2 spans levels 0 -> 2") {
		t.Fatalf("deep level: %v", err)
	}
	// Claiming an unreachable vertex needs a tree edge that does not exist;
	// rules 3 and 4 already pin the reached set and levels to the
	// reference's, and rule 5 double-checks them.
	h = build(t, 3, [][2]int32{{0, 1}, {2, 0}}, nil)
	err = ref.ValidateBFS(h, 0, []int32{0, 1, 1}, []int32{0, 0, 0})
	if err == nil || !strings.Contains(err.Error(), "tree edge 0 -> 2 is not an edge") {
		t.Fatalf("extra vertex: %v", err)
	}
}

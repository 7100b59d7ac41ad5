package wcc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

func space(t testing.TB) execspace.Space {
	t.Helper()
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func build(t testing.TB, el *graph.EdgeList) *graph.CSR {
	t.Helper()
	g, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// onSpace copies g to space s; the copy is freed when the test ends.
func onSpace(t testing.TB, s execspace.Space, g *graph.CSR) *dgraph.Graph {
	t.Helper()
	dg, err := dgraph.New(s, g)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(dg.Free)
	return dg
}

func edges(n int, pairs ...int32) *graph.EdgeList {
	el := &graph.EdgeList{N: n, Src: []int32{}, Dst: []int32{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		el.Src = append(el.Src, pairs[i])
		el.Dst = append(el.Dst, pairs[i+1])
	}
	return el
}

// path returns the directed path 0 → 1 → ... → n-1 with its vertex ids scrambled by a stride.
func path(n int) *graph.EdgeList {
	el := edges(n)
	id := func(i int) int32 { return int32((i * 7919) % n) }
	for i := 0; i+1 < n; i++ {
		el.Src = append(el.Src, id(i))
		el.Dst = append(el.Dst, id(i+1))
	}
	return el
}

// undirected returns el with the reverse of every edge added, duplicates and self loops dropped:
// a symmetric graph, on which Afforest skips the giant component without in-edges.
func undirected(t testing.TB, el *graph.EdgeList) *graph.EdgeList {
	t.Helper()
	g, err := graph.Build(el, graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true})
	if err != nil {
		t.Fatal(err)
	}
	return g.EdgeList()
}

// bridge returns a directed graph of n vertices: a giant component around hub 0 (0 → every
// other giant vertex, every giant vertex → 0, 1 and 2) and a small directed path of 8 vertices,
// joined by one edge between giant vertex w (the largest giant vertex) and the path's fifth
// vertex s. With into the edge is s → w, else w → s, out of the giant component and at index 3
// or later of w's sorted out-edges, so that Afforest's neighbour rounds do not link it and
// only s's in-edges reach it. With low the path is vertices 3 to 10, smaller than most giant
// vertices (the component's number is then decided by vertex 0 anyway), else the 8 largest.
func bridge(n int, into, low bool) *graph.EdgeList {
	first := n - 8
	if low {
		first = 3
	}
	small := func(v int) bool { return v >= first && v < first+8 }
	el := edges(n)
	add := func(u, v int) {
		el.Src = append(el.Src, int32(u))
		el.Dst = append(el.Dst, int32(v))
	}
	w := n - 1
	for v := range n {
		if small(v) {
			if v+1 < first+8 {
				add(v, v+1)
			}
			continue
		}
		w = v
		if v != 0 {
			add(0, v)
			add(v, 0)
			add(v, 1)
			add(v, 2)
		}
	}
	if s := first + 4; into {
		add(s, w)
	} else {
		add(w, s)
	}
	return el
}

type testCase struct {
	name string
	el   *graph.EdgeList
	// giant is a lower bound of the vertices Afforest with its default options skips when it
	// can skip (on symmetric graphs, or with in-edges).
	giant int
}

func cases(t testing.TB) []testCase {
	return []testCase{
		{"empty", edges(0), 0},
		{"one-vertex", edges(1), 0},
		{"isolated", edges(50), 0},
		{"self-loops", edges(4, 0, 0, 1, 1, 2, 3, 3, 3), 0},
		{"two-pieces", edges(6, 0, 1, 2, 1, 3, 4, 5, 4), 0},
		{"path-100000", path(100000), 0},
		{"path-20000-undirected", undirected(t, path(20000)), 0},
		{"rmat-14", graph.RMAT(14, 8, 1), 1000},
		{"rmat-12-sparse", graph.RMAT(12, 1, 2), 0},
		{"rmat-13-undirected", undirected(t, graph.RMAT(13, 8, 3)), 1000},
		{"grid-drops", graph.GridWithDrops(60, 70, 0.45, 3), 0},
		{"grid-150", graph.Grid(150, 150, 1), 0},
		{"smallworld", graph.SmallWorld(20000, 4), 1000},
		{"uniform-sparse", graph.Uniform(5000, 3000, 5), 0},
		{"bridge-out-of-giant", bridge(3000, false, false), 2900},
		{"bridge-out-of-giant-low", bridge(3000, false, true), 2900},
		{"bridge-into-giant", bridge(3000, true, false), 2900},
		{"bridge-into-giant-low", bridge(3000, true, true), 2900},
	}
}

// variants are the methods and settings every case runs with.
var variants = []struct {
	name string
	opt  Options
	// skips reports whether the variant skips the giant component of a graph that is
	// symmetric or not, and sparse (see Options.Samples: fewer than 4 edges per vertex on a
	// device space) or not.
	skips func(symmetric, sparse bool) bool
}{
	{"afforest", Options{}, func(_, sparse bool) bool { return !sparse }},
	{"afforest-sampled", Options{Samples: DefaultSamples}, func(bool, bool) bool { return true }},
	{"afforest-no-in-edges", Options{NoInEdges: true}, func(sym, sparse bool) bool { return sym && !sparse }},
	{"afforest-teams", Options{WarpDegree: 2, TeamDegree: 6}, func(_, sparse bool) bool { return !sparse }},
	{"afforest-one-round-no-sample", Options{NeighborRounds: 1, Samples: -1}, func(bool, bool) bool { return false }},
	{"afforest-no-rounds", Options{NeighborRounds: -1, Seed: 7}, nil},
	{"afforest-no-rounds-no-sample", Options{NeighborRounds: -1, Samples: -1}, func(bool, bool) bool { return false }},
	{"afforest-no-sample-teams", Options{Samples: -1, WarpDegree: 2, TeamDegree: 6}, func(bool, bool) bool { return false }},
	{"lp", Options{Method: LabelProp}, func(bool, bool) bool { return false }},
	{"search", Options{Method: Search}, nil},
	{"auto", Options{Method: Auto}, nil},
}

// sparse reports whether g is sparse in the sense of Options.Samples: fewer than 4 edges per
// vertex on a device space.
func sparse(g *dgraph.Graph) bool {
	return g.Space().Info().Device && g.NumEdges() < 4*int64(g.N())
}

// check compares res with the serial union-find of g: components, count and largest size.
func check(t *testing.T, g *graph.CSR, res *Result) {
	t.Helper()
	want, count := ref.UnionFindWCC(g)
	if res.Count != count {
		t.Fatalf("count %d, want %d", res.Count, count)
	}
	// Both number components by their smallest vertex, so the labels agree exactly.
	for v := range want {
		if res.Comp[v] != want[v] {
			t.Fatalf("vertex %d: component %d, want %d", v, res.Comp[v], want[v])
		}
	}
	sizes := make([]int, count)
	largest := 0
	for _, c := range want {
		sizes[c]++
		largest = max(largest, sizes[c])
	}
	if res.Largest != largest {
		t.Fatalf("largest %d, want %d", res.Largest, largest)
	}
}

func TestRunMatchesUnionFind(t *testing.T) {
	s := space(t)
	for _, c := range cases(t) {
		t.Run(c.name, func(t *testing.T) {
			g := build(t, c.el)
			dg := onSpace(t, s, g)
			sym, err := dg.Symmetric()
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range variants {
				t.Run(v.name, func(t *testing.T) {
					res, err := RunWith(dg, v.opt)
					if err != nil {
						t.Fatal(err)
					}
					check(t, g, res)
					if g.N > 0 && g.NumEdges() > 0 && res.Rounds < 1 {
						t.Fatalf("%d rounds", res.Rounds)
					}
					switch {
					case v.skips == nil:
					case !v.skips(sym, sparse(dg)) && res.Skipped != 0:
						t.Fatalf("%d vertices skipped, want none", res.Skipped)
					case v.skips(sym, sparse(dg)) && res.Skipped < c.giant:
						t.Fatalf("%d vertices skipped, want at least %d", res.Skipped, c.giant)
					}
				})
			}
		})
	}
}

// TestSearchSkipsRootComponent checks that Search's search covers exactly the component of the
// vertex of largest degree (out- plus in-degree; the larger vertex among equals): its vertices,
// and no others, skip the hooking.
func TestSearchSkipsRootComponent(t *testing.T) {
	s := space(t)
	for _, c := range cases(t) {
		t.Run(c.name, func(t *testing.T) {
			g := build(t, c.el)
			if g.N == 0 {
				return
			}
			dg := onSpace(t, s, g)
			res, err := RunWith(dg, Options{Method: Search})
			if err != nil {
				t.Fatal(err)
			}
			check(t, g, res)
			tr := g.Transpose()
			root, best := 0, int64(-1)
			for v := 0; v < g.N; v++ {
				if d := int64(len(g.Neighbors(int32(v))) + len(tr.Neighbors(int32(v)))); d >= best {
					root, best = v, d
				}
			}
			want := 0
			for _, x := range res.Comp {
				if x == res.Comp[root] {
					want++
				}
			}
			if res.Skipped != want {
				t.Fatalf("%d vertices skipped, want the %d of vertex %d's component", res.Skipped, want, root)
			}
		})
	}
}

// TestAutoChooses checks Auto's choice by graph shape: Search for graphs of small diameter
// (on devices only when their degrees are skewed), Afforest for a grid and a long path.
func TestAutoChooses(t *testing.T) {
	s := space(t)
	device := s.Info().Device
	cases := []struct {
		name string
		el   *graph.EdgeList
		want Method
	}{
		{"rmat", graph.RMAT(14, 8, 3), Search},
		{"uniform", graph.Uniform(1<<14, 8<<14, 3), Search},
		{"grid", graph.Grid(256, 256, 0), Afforest},
		{"path", path(20000), Afforest},
	}
	if device {
		cases[1].want = Afforest
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := build(t, c.el)
			dg := onSpace(t, s, g)
			res, err := RunWith(dg, Options{Method: Auto})
			if err != nil {
				t.Fatal(err)
			}
			check(t, g, res)
			if res.Method != c.want {
				t.Fatalf("auto ran %v, want %v", res.Method, c.want)
			}
		})
	}
}

// TestSkipNeedsInEdges checks the skip rule itself: on the graph whose only link between the
// small path and the giant component is an edge out of the giant component, a final phase that
// skipped the giant component but read out-edges only would leave the path apart.
func TestSkipNeedsInEdges(t *testing.T) {
	s := space(t)
	g := build(t, bridge(3000, false, false))
	dg := onSpace(t, s, g)
	labels, err := views.Alloc1D[int32](s.Memory(), "labels", g.N)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := Options{}.resolved()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		in    bool
		apart bool
	}{{"out-edges-only", false, true}, {"with-in-edges", true, false}} {
		t.Run(c.name, func(t *testing.T) {
			var in dgraph.CSR
			if c.in {
				if in, err = dg.In(); err != nil {
					t.Fatal(err)
				}
			}
			h, err := newHooking(s, dg.Out(), in, Filter{}, opt, true, false)
			if err != nil {
				t.Fatal(err)
			}
			defer h.free()
			if _, err := h.run(labels); err != nil {
				t.Fatal(err)
			}
			got := make([]int32, g.N)
			if err := views.DeepCopy(views.Wrap1D("got", got), labels); err != nil {
				t.Fatal(err)
			}
			if apart := got[g.N-1] != 0; apart != c.apart {
				t.Fatalf("path labelled %d: apart %v, want %v", got[g.N-1], apart, c.apart)
			}
		})
	}
}

// TestLabelMatchesUnionFind runs Label with both methods on a subgraph of an R-MAT graph
// chosen by a status mask and keys, against the union-find of the subgraph's edges; and on the
// symmetrized graph with Options.Symmetric, which lets Afforest skip the giant component.
func TestLabelMatchesUnionFind(t *testing.T) {
	for _, sym := range []bool{false, true} {
		t.Run(fmt.Sprintf("symmetric=%v", sym), func(t *testing.T) {
			g, err := graph.Build(graph.RMAT(12, 8, 4), graph.BuildOptions{Symmetrize: sym, Dedup: sym})
			if err != nil {
				t.Fatal(err)
			}
			labelMatchesUnionFind(t, g, sym)
		})
	}
}

func labelMatchesUnionFind(t *testing.T, g *graph.CSR, sym bool) {
	s := space(t)
	n := g.N
	st, key := make([]uint32, n), make([]int32, n)
	for v := range n {
		h := uint32(v) * 2654435761
		if h>>29 == 0 { // about one vertex in eight is left out
			st[v] = 6
		}
		key[v] = int32(h>>27) % 3
	}
	sub := edges(n)
	for u := range int32(n) {
		for _, w := range g.Neighbors(u) {
			if st[u]&2 == 0 && st[w]&2 == 0 && key[u] == key[w] {
				sub.Src, sub.Dst = append(sub.Src, u), append(sub.Dst, w)
			}
		}
	}
	comp, _ := ref.UnionFindWCC(build(t, sub))
	// The smallest vertex of each component, which is what Label stores.
	first := map[int32]int32{}
	want := make([]int32, n)
	for v := range int32(n) {
		if _, ok := first[comp[v]]; !ok {
			first[comp[v]] = v
		}
		want[v] = first[comp[v]]
	}
	dg := onSpace(t, s, g)
	mem := s.Memory()
	f := Filter{Status: alloc(t, mem, st), Exclude: 2, Key: alloc(t, mem, key)}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			labels, err := views.Alloc1D[int32](mem, "labels", n)
			if err != nil {
				t.Fatal(err)
			}
			opt := v.opt
			opt.Symmetric = sym
			if _, err := LabelWith(s, dg.Out(), f, labels, opt); err != nil {
				t.Fatal(err)
			}
			got := make([]int32, n)
			if err := views.DeepCopy(views.Wrap1D("got", got), labels); err != nil {
				t.Fatal(err)
			}
			for u := range n {
				if got[u] != want[u] {
					t.Fatalf("vertex %d: label %d, want %d", u, got[u], want[u])
				}
			}
		})
	}
}

func TestParseMethod(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Method
		err  bool
	}{
		{"afforest", Afforest, false},
		{" LP ", LabelProp, false},
		{"label-propagation", LabelProp, false},
		{"ecl", 0, true},
	} {
		t.Run(c.in, func(t *testing.T) {
			m, err := ParseMethod(c.in)
			if (err != nil) != c.err || (!c.err && m != c.want) {
				t.Fatalf("ParseMethod(%q) = %v, %v", c.in, m, err)
			}
			if !c.err && m.String() != strings.ToLower(strings.TrimSpace(c.in)) && c.in != "label-propagation" {
				t.Fatalf("%v.String() = %q", m, m.String())
			}
		})
	}
}

func TestLabelFilter(t *testing.T) {
	s := space(t)
	// 0-1-2-3-4-5 as a path; vertex 2 excluded; key splits {0,1} from {3} and {4,5}.
	g := build(t, edges(6, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5))
	g2, err := dgraph.New(s, g)
	if err != nil {
		t.Fatal(err)
	}
	dg := g2.Out()
	mem := s.Memory()
	st := alloc(t, mem, []uint32{0, 0, 4, 0, 0, 0})
	key := alloc(t, mem, []int32{7, 7, 7, 1, 2, 2})
	labels, err := views.Alloc1D[int32](mem, "labels", 6)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Method{Afforest, LabelProp} {
		if _, err := LabelWith(s, dg, Filter{Status: st, Exclude: 4, Key: key}, labels, Options{Method: m}); err != nil {
			t.Fatal(err)
		}
		got := make([]int32, 6)
		if err := views.DeepCopy(views.Wrap1D("got", got), labels); err != nil {
			t.Fatal(err)
		}
		if want := []int32{0, 0, 2, 3, 4, 4}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%v: labels %v, want %v", m, got, want)
		}
	}
	if _, err := Label(s, dg, Filter{}, labels.Sub(0, 5)); err == nil {
		t.Fatal("no error for a short label view")
	}
}

func alloc[T views.Scalar](t *testing.T, mem views.MemorySpace, data []T) views.View1D[T] {
	t.Helper()
	v, err := views.MirrorViewAndCopy(mem, views.Wrap1D("test", data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestErrors(t *testing.T) {
	s := space(t)
	if _, err := RunWith(nil, Options{}); err == nil {
		t.Fatal("no error for a nil graph")
	}
	g, err := dgraph.New(s, build(t, edges(3, 0, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewWith(g, Options{Method: Method(9)}); err == nil {
		t.Fatal("no error for an unknown method")
	}
	labels, err := views.Alloc1D[int32](s.Memory(), "labels", 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Label(s, g.Out(), Filter{}, labels); err != nil {
		t.Fatal(err)
	}
	w, err := NewWith(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Free()
	if _, err := w.Components(); err == nil {
		t.Fatal("no error for components before a run")
	}
	if _, err := Label(s, g.Out(), Filter{Key: views.New1D[int32]("short key", 2)}, views.New1D[int32]("labels", 3)); err == nil {
		t.Fatal("no error for a short key view")
	}
}

func TestRepeatedRuns(t *testing.T) {
	s := space(t)
	g, err := dgraph.New(s, build(t, graph.RMAT(10, 4, 9)))
	if err != nil {
		t.Fatal(err)
	}
	var first []int32
	for _, opt := range []Options{{}, {Seed: 99}, {Method: LabelProp}} {
		w, err := NewWith(g, opt)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if _, err := w.Run(); err != nil {
				t.Fatal(err)
			}
			comp, err := w.Components()
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = comp
			} else if fmt.Sprint(comp) != fmt.Sprint(first) {
				t.Fatalf("%+v: a repeated run gave different components", opt)
			}
		}
		w.Free()
	}
}

// TestLabels checks that every vertex's label after Run is the smallest vertex of its
// component, and that Run reports a labelling time.
func TestLabels(t *testing.T) {
	s := space(t)
	g, err := dgraph.New(s, build(t, graph.RMAT(10, 4, 3)))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	for _, c := range []struct {
		name string
		opt  Options
	}{{"afforest", Options{}}, {"no-sampling", Options{Samples: -1}}, {"lp", Options{Method: LabelProp}}} {
		t.Run(c.name, func(t *testing.T) {
			w, err := NewWith(g, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer w.Free()
			res, err := w.Run()
			if err != nil {
				t.Fatal(err)
			}
			if res.LabelTime <= 0 {
				t.Errorf("label time %v", res.LabelTime)
			}
			comp, err := w.Components()
			if err != nil {
				t.Fatal(err)
			}
			labels := make([]int32, g.N())
			if err := views.DeepCopy(views.Wrap1D("labels", labels), w.Labels()); err != nil {
				t.Fatal(err)
			}
			least := make(map[int32]int32)
			for v := len(comp) - 1; v >= 0; v-- {
				least[comp[v]] = int32(v)
			}
			for v, l := range labels {
				if want := least[comp[v]]; l != want {
					t.Fatalf("vertex %d: label %d, want %d (the smallest vertex of its component)", v, l, want)
				}
			}
		})
	}
}

// testForGraph checks the settings Afforest takes by default on space (see Options.Samples):
// neither neighbour rounds nor sampling on a sparse graph of a device space, the defaults
// otherwise, and explicit settings always as given.
func testForGraph(t *testing.T, space execspace.Space) {
	thin, err := dgraph.New(space, build(t, path(100)))
	if err != nil {
		t.Fatal(err)
	}
	defer thin.Free()
	dense, err := dgraph.New(space, build(t, graph.RMAT(8, 8, 1)))
	if err != nil {
		t.Fatal(err)
	}
	defer dense.Free()
	device := space.Info().Device
	for _, c := range []struct {
		name          string
		g             *dgraph.Graph
		opt           Options
		rounds, samps int
	}{
		{"sparse", thin, Options{}, map[bool]int{true: -1, false: 0}[device], map[bool]int{true: -1, false: 0}[device]},
		{"dense", dense, Options{}, 0, 0},
		{"sparse-rounds-given", thin, Options{NeighborRounds: 2}, 2, 0},
		{"sparse-samples-given", thin, Options{Samples: 16}, 0, 16},
		{"sparse-lp", thin, Options{Method: LabelProp}, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.opt.forGraph(c.g)
			if o.NeighborRounds != c.rounds || o.Samples != c.samps {
				t.Fatalf("rounds %d, samples %d; want %d, %d", o.NeighborRounds, o.Samples, c.rounds, c.samps)
			}
		})
	}
}

// TestForGraph checks Afforest's default settings on the test space.
func TestForGraph(t *testing.T) { testForGraph(t, space(t)) }

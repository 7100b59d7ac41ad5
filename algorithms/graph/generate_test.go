package graph_test

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
)

// withProcs runs fn with GOMAXPROCS set to p.
func withProcs[T any](p int, fn func() T) T {
	old := runtime.GOMAXPROCS(p)
	defer runtime.GOMAXPROCS(old)
	return fn()
}

func sameEdges(a, b *graph.EdgeList) bool {
	return a.N == b.N && slices.Equal(a.Src, b.Src) && slices.Equal(a.Dst, b.Dst) && slices.Equal(a.W, b.W)
}

func TestGeneratorsDeterministic(t *testing.T) {
	gens := []struct {
		name string
		gen  func(seed uint64) *graph.EdgeList
	}{
		{"RMAT", func(s uint64) *graph.EdgeList { return graph.RMAT(12, 40, s) }},
		{"Uniform", func(s uint64) *graph.EdgeList { return graph.Uniform(3000, 150000, s) }},
		{"GridWithDrops", func(s uint64) *graph.EdgeList { return graph.GridWithDrops(300, 200, 0.1, s) }},
		{"SmallWorld", func(s uint64) *graph.EdgeList { return graph.SmallWorld(50000, s) }},
		{"Road", func(s uint64) *graph.EdgeList { return graph.Road(300, 200, 0.25, s) }},
		{"Citation", func(s uint64) *graph.EdgeList { return graph.Citation(50000, s) }},
		{"AddRandomWeights", func(s uint64) *graph.EdgeList {
			el := graph.Grid(300, 300, 0)
			graph.AddRandomWeights(el, 1, 100, false, s)
			return el
		}},
	}
	for _, tc := range gens {
		t.Run(tc.name, func(t *testing.T) {
			a := withProcs(1, func() *graph.EdgeList { return tc.gen(42) })
			b := withProcs(4, func() *graph.EdgeList { return tc.gen(42) })
			c := withProcs(3, func() *graph.EdgeList { return tc.gen(43) })
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
			if !sameEdges(a, b) {
				t.Fatal("result depends on GOMAXPROCS")
			}
			if sameEdges(a, c) {
				t.Fatal("result does not depend on the seed")
			}
		})
	}
}

func TestRMAT(t *testing.T) {
	el := graph.RMAT(14, 16, 1)
	if el.N != 1<<14 || el.Len() != 16<<14 || el.W != nil {
		t.Fatalf("RMAT(14, 16): n=%d m=%d", el.N, el.Len())
	}
	if err := el.Validate(); err != nil {
		t.Fatal(err)
	}
	g := mustBuild(t, el, graph.BuildOptions{})
	s := g.Stats()
	// R-MAT degrees are heavily skewed: the hub is far above the mean and
	// many vertices have no out-edges at all.
	if float64(s.Max) < 50*s.Mean || s.Zero < int64(g.N/10) || s.StdDev < 2*s.Mean {
		t.Errorf("degree distribution not skewed: %v", s)
	}
	// The permutation spreads the hubs: without it vertex 0 (the a-quadrant
	// corner) would have the largest degree.
	var hub int32
	for v := range int32(g.N) {
		if g.Degree(v) > g.Degree(hub) {
			hub = v
		}
	}
	if hub == 0 {
		t.Error("vertex 0 is the hub: ids look unpermuted")
	}
	// a+b = a+c, so in-degrees are as skewed as out-degrees.
	in := g.Transpose().Stats()
	if r := float64(in.Max) / float64(s.Max); r < 0.2 || r > 5 {
		t.Errorf("in-degree max %d vs out-degree max %d", in.Max, s.Max)
	}
	// Before the permutation, every bit level of (src, dst) picks quadrant
	// a (0,0), b (0,1), c (1,0) or d (1,1) with the Graph500 odds.
	raw := graph.RMATUnpermuted(13, 128, 5) // 1M edges
	for _, bit := range []uint{12, 11, 6, 1, 0} {
		var q [4]int
		for i := range raw.Src {
			q[(raw.Src[i]>>bit&1)<<1|raw.Dst[i]>>bit&1]++
		}
		for k, want := range []float64{0.57, 0.19, 0.19, 0.05} {
			if got := float64(q[k]) / float64(raw.Len()); math.Abs(got-want) > 0.003 {
				t.Errorf("bit %d: quadrant %d has share %.4f, want %.2f", bit, k, got, want)
			}
		}
	}
	if e := graph.RMAT(0, 3, 1); e.N != 1 || e.Len() != 3 || e.Src[0] != 0 {
		t.Errorf("RMAT(0, 3) = %+v", e)
	}
	mustPanic(t, "RMAT(31)", func() { graph.RMAT(31, 1, 0) })
	mustPanic(t, "RMAT(-1)", func() { graph.RMAT(-1, 1, 0) })
	mustPanic(t, "RMAT edge factor", func() { graph.RMAT(3, -1, 0) })
}

func TestUniform(t *testing.T) {
	tests := []struct {
		n int
		m int64
	}{{0, 0}, {1, 0}, {2, 2}, {10, 0}, {10, 30}, {10, 60}, {10, 90}, {1000, 20000}, {100000, 1000000}}
	for _, tc := range tests {
		el := graph.Uniform(tc.n, tc.m, 5)
		if el.N != tc.n || int64(el.Len()) != tc.m {
			t.Fatalf("Uniform(%d, %d): n=%d m=%d", tc.n, tc.m, el.N, el.Len())
		}
		if err := el.Validate(); err != nil {
			t.Fatal(err)
		}
		for i := range el.Src {
			if el.Src[i] == el.Dst[i] {
				t.Fatalf("Uniform(%d, %d) has self loop %d", tc.n, tc.m, el.Src[i])
			}
			if i > 0 && (el.Src[i-1] > el.Src[i] || el.Src[i-1] == el.Src[i] && el.Dst[i-1] >= el.Dst[i]) {
				t.Fatalf("Uniform(%d, %d) is not sorted or has a duplicate at %d", tc.n, tc.m, i)
			}
		}
	}
	// Degrees of a sparse G(n, m) are close to Poisson.
	g := mustBuild(t, graph.Uniform(100000, 1000000, 9), graph.BuildOptions{})
	s := g.Stats()
	if s.Mean != 10 || math.Abs(s.StdDev-math.Sqrt(10)) > 0.3 || s.Max > 40 {
		t.Errorf("degree statistics of G(n, m) are off: %v", s)
	}
	mustPanic(t, "too many edges", func() { graph.Uniform(10, 91, 0) })
	mustPanic(t, "edges without vertices", func() { graph.Uniform(0, 1, 0) })
	mustPanic(t, "negative", func() { graph.Uniform(-1, 0, 0) })
}

func TestRadixSort(t *testing.T) {
	el := graph.Uniform(1<<20, 1<<16, 1) // just a source of numbers
	keys := make([]uint64, el.Len())
	for i := range keys {
		keys[i] = uint64(el.Dst[i])<<20 ^ uint64(el.Src[i])*7919
	}
	want := slices.Clone(keys)
	slices.Sort(want)
	graph.RadixSort(keys, 1<<45)
	if !slices.Equal(keys, want) {
		t.Fatal("radix sort differs from slices.Sort")
	}
}

func TestGrid(t *testing.T) {
	tests := []struct{ rows, cols int }{{0, 0}, {0, 5}, {1, 1}, {1, 7}, {6, 1}, {5, 8}, {40, 25}}
	for _, tc := range tests {
		el := graph.Grid(tc.rows, tc.cols, 1)
		n := tc.rows * tc.cols
		undirected := tc.rows*max(tc.cols-1, 0) + max(tc.rows-1, 0)*tc.cols
		if el.N != n || el.Len() != 2*undirected {
			t.Fatalf("Grid(%d, %d): n=%d m=%d, want %d, %d", tc.rows, tc.cols, el.N, el.Len(), n, 2*undirected)
		}
		if n == 0 {
			continue
		}
		g := mustBuild(t, el, graph.BuildOptions{})
		if !g.Transpose().Equal(g) {
			t.Fatalf("Grid(%d, %d) is not symmetric", tc.rows, tc.cols)
		}
		if got := mustBuild(t, el, graph.BuildOptions{Dedup: true}).NumEdges(); got != g.NumEdges() {
			t.Fatalf("Grid(%d, %d) has duplicate edges", tc.rows, tc.cols)
		}
		if d, want := diameter(g), tc.rows+tc.cols-2; d != want {
			t.Fatalf("Grid(%d, %d) diameter %d, want %d", tc.rows, tc.cols, d, want)
		}
		// Neighbors of r*cols+c are the four grid neighbors.
		v := int32(n / 2)
		r, c := int(v)/tc.cols, int(v)%tc.cols
		var want []int32
		for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
			if rr, cc := r+d[0], c+d[1]; rr >= 0 && rr < tc.rows && cc >= 0 && cc < tc.cols {
				want = append(want, int32(rr*tc.cols+cc))
			}
		}
		if !slices.Equal(g.Neighbors(v), want) {
			t.Fatalf("Grid(%d, %d): neighbors of %d = %v, want %v", tc.rows, tc.cols, v, g.Neighbors(v), want)
		}
	}
	mustPanic(t, "negative", func() { graph.Grid(-1, 3, 0) })
	mustPanic(t, "too big", func() { graph.Grid(1<<16, 1<<16, 0) })
	mustPanic(t, "drop", func() { graph.GridWithDrops(3, 3, 1.5, 0) })
}

func TestGridWithDrops(t *testing.T) {
	const rows, cols, drop = 200, 300, 0.05
	el := graph.GridWithDrops(rows, cols, drop, 3)
	full := 2 * (rows*(cols-1) + (rows-1)*cols)
	if got, want := float64(el.Len()), float64(full)*(1-drop); math.Abs(got-want) > 0.01*float64(full) {
		t.Fatalf("kept %v edges, want about %v", got, want)
	}
	g := mustBuild(t, el, graph.BuildOptions{})
	if !g.Transpose().Equal(g) {
		t.Fatal("dropping broke symmetry")
	}
	// Removing edges can only lengthen paths; the graph stays mostly in
	// one piece at this drop rate.
	comp, _ := ref.UnionFindWCC(g)
	sizes := map[int32]int{}
	for _, c := range comp {
		sizes[c]++
	}
	biggest := 0
	for _, s := range sizes {
		biggest = max(biggest, s)
	}
	if biggest < g.N*95/100 {
		t.Fatalf("largest component has %d of %d vertices", biggest, g.N)
	}
	if d := diameter(g); d < rows+cols-2 {
		t.Fatalf("diameter %d below the full grid's %d", d, rows+cols-2)
	}
	if !sameEdges(graph.GridWithDrops(20, 20, 0, 1), graph.Grid(20, 20, 2)) {
		t.Fatal("GridWithDrops with no drops differs from Grid")
	}
	if graph.GridWithDrops(20, 20, 1, 1).Len() != 0 {
		t.Fatal("drop 1 kept edges")
	}
}

// diameter returns the largest finite BFS level over all sources (exact,
// for small graphs) or over a double sweep (a lower bound that is exact on
// grids) for larger ones.
func diameter(g *graph.CSR) int {
	ecc := func(s int32) (int, int32) {
		level, _ := ref.BFS(g, s)
		best, far := 0, s
		for v, l := range level {
			if int(l) > best {
				best, far = int(l), int32(v)
			}
		}
		return best, far
	}
	if g.N <= 2000 {
		d := 0
		for s := range int32(g.N) {
			e, _ := ecc(s)
			d = max(d, e)
		}
		return d
	}
	_, far := ecc(0)
	d, _ := ecc(far)
	return d
}

func TestSmallWorld(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 7, 20, 100, 1000, 100000} {
		el := graph.SmallWorld(n, uint64(n)+1)
		if el.N != n {
			t.Fatalf("SmallWorld(%d) has %d vertices", n, el.N)
		}
		g := mustBuild(t, el, graph.BuildOptions{})
		comp, count := ref.TarjanSCC(g)
		sizes := make([]int, count)
		for _, c := range comp {
			sizes[c]++
		}
		giant := slices.Max(append(sizes, 0))
		wantGiant := n
		if n >= 4 {
			wantGiant = n / 2
		}
		if giant != wantGiant {
			t.Fatalf("SmallWorld(%d): largest SCC %d, want %d", n, giant, wantGiant)
		}
		var small, trivial, big int
		for _, s := range sizes {
			switch {
			case s == 1:
				trivial++
			case s <= 10:
				small++
			default:
				big++
			}
		}
		if n >= 24 && big != 1 {
			t.Fatalf("SmallWorld(%d): %d components above 10 vertices", n, big)
		}
		if n >= 100 {
			// About 40% of the vertices in components of 2..10 (mean
			// size 6) and 10% trivial.
			if lo := n * 4 / 10 / 10; small < lo {
				t.Errorf("SmallWorld(%d): only %d small SCCs, want at least %d", n, small, lo)
			}
			if trivial < n/10-10 || trivial > n/10+10 {
				t.Errorf("SmallWorld(%d): %d trivial SCCs, want about %d", n, trivial, n/10)
			}
			checkBowTie(t, g, comp, sizes)
		}
	}
	mustPanic(t, "negative", func() { graph.SmallWorld(-1, 0) })
}

// checkBowTie checks that small components sit both upstream and downstream
// of the giant component, and that almost everything is weakly attached.
func checkBowTie(t *testing.T, g *graph.CSR, comp []int32, sizes []int) {
	t.Helper()
	giantComp := int32(-1)
	for c, s := range sizes {
		if s > 10 {
			giantComp = int32(c)
		}
	}
	var root int32
	for v, c := range comp {
		if c == giantComp {
			root = int32(v)
			break
		}
	}
	down, _ := ref.BFS(g, root)
	up, _ := ref.BFS(g.Transpose(), root)
	var downstream, upstream int
	for v := range comp {
		if sizes[comp[v]] < 2 || comp[v] == giantComp {
			continue
		}
		if down[v] >= 0 {
			downstream++
		}
		if up[v] >= 0 {
			upstream++
		}
	}
	if downstream == 0 || upstream == 0 {
		t.Errorf("small SCC vertices: %d downstream, %d upstream of the giant; want both", downstream, upstream)
	}
	wcc, _ := ref.UnionFindWCC(g)
	attached := 0
	for v := range wcc {
		if wcc[v] == wcc[root] {
			attached++
		}
	}
	if attached < g.N*85/100 {
		t.Errorf("only %d of %d vertices are weakly connected to the giant SCC", attached, g.N)
	}
}

func TestAddRandomWeights(t *testing.T) {
	el := graph.Uniform(1000, 100000, 1)
	graph.AddRandomWeights(el, -2, 3, false, 7)
	lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
	for _, w := range el.W {
		lo, hi, sum = min(lo, w), max(hi, w), sum+w
	}
	if len(el.W) != el.Len() || lo < -2 || hi >= 3 || math.Abs(sum/float64(el.Len())-0.5) > 0.05 {
		t.Fatalf("weights in [%v, %v], mean %v; want uniform on [-2, 3)", lo, hi, sum/float64(el.Len()))
	}
	graph.AddRandomWeights(el, 0.5, 4.5, true, 7)
	seen := map[float64]int{}
	for _, w := range el.W {
		seen[w]++
	}
	if len(seen) != 4 || seen[1] == 0 || seen[4] == 0 {
		t.Fatalf("integer weights in [0.5, 4.5] took values %v", seen)
	}
	graph.AddRandomWeights(el, 2, 2, false, 1)
	if slices.Min(el.W) != 2 || slices.Max(el.W) != 2 {
		t.Fatal("lo == hi did not give constant weights")
	}
	mustPanic(t, "reversed", func() { graph.AddRandomWeights(el, 3, 2, false, 0) })
	mustPanic(t, "inf", func() { graph.AddRandomWeights(el, 0, math.Inf(1), false, 0) })
	mustPanic(t, "no integer", func() { graph.AddRandomWeights(el, 0.2, 0.8, true, 0) })
}

func mustPanic(t *testing.T, what string, fn func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Errorf("%s: no panic", what)
		}
	}()
	fn()
}

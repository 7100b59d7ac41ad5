package scc

import (
	"math/rand/v2"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	gg "gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// testSpace returns the default execution space.
func testSpace(t testing.TB) execspace.Space {
	t.Helper()
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// build makes a CSR from an edge list, keeping every edge as given.
func build(t testing.TB, el *graph.EdgeList) *graph.CSR {
	t.Helper()
	g, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// edges returns the edge list of n vertices with the given (source, destination) pairs.
func edges(n int, pairs ...int32) *graph.EdgeList {
	el := &graph.EdgeList{N: n, Src: []int32{}, Dst: []int32{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		el.Src = append(el.Src, pairs[i])
		el.Dst = append(el.Dst, pairs[i+1])
	}
	return el
}

// relabel returns a permutation of [0, n) drawn from seed, or the identity for seed 0.
func relabel(n int, seed uint64) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	if seed != 0 {
		r := rand.New(rand.NewPCG(seed, 3))
		r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	}
	return p
}

// cycle returns a directed cycle through n vertices, in id order or scrambled by seed.
func cycle(n int, seed uint64) *graph.EdgeList {
	p := relabel(n, seed)
	el := edges(n)
	for i := 0; i < n; i++ {
		el.Src = append(el.Src, p[i])
		el.Dst = append(el.Dst, p[(i+1)%n])
	}
	return el
}

// path returns a directed path through n vertices, in id order or scrambled by seed.
func path(n int, seed uint64) *graph.EdgeList {
	el := cycle(n, seed)
	el.Src, el.Dst = el.Src[:n-1], el.Dst[:n-1]
	return el
}

// giant returns a cycle through all n vertices with m random chords: one component.
func giant(n, m int, seed uint64) *graph.EdgeList {
	el := cycle(n, seed)
	r := rand.New(rand.NewPCG(seed, 5))
	for range m {
		el.Src = append(el.Src, int32(r.IntN(n)))
		el.Dst = append(el.Dst, int32(r.IntN(n)))
	}
	return el
}

// giantSolo returns giant(n, m, seed) with its ids moved up by 3 and six single-vertex
// components around it: below its smallest vertex an isolated vertex (0), a source into it (1)
// and a sink from it (2), above its largest a source, an isolated vertex and a sink.
func giantSolo(n, m int, seed uint64) *graph.EdgeList {
	g := giant(n, m, seed)
	el := edges(n + 6)
	for i := range g.Src {
		el.Src, el.Dst = append(el.Src, g.Src[i]+3), append(el.Dst, g.Dst[i]+3)
	}
	top := int32(n + 3)
	el.Src = append(el.Src, 1, 3, top, 5, 1)
	el.Dst = append(el.Dst, 4, 2, 7, top+2, top+2)
	return el
}

// giantPair returns giant(n, m, seed) with a 2-cycle and a single vertex after it: a graph
// that looks like giantSolo's to samples but has a second component of more than one vertex.
func giantPair(n, m int, seed uint64) *graph.EdgeList {
	el := giant(n, m, seed)
	el.N = n + 3
	a := int32(n)
	el.Src = append(el.Src, a, a+1, a+1, 0)
	el.Dst = append(el.Dst, a+1, a, 5, a+2)
	return el
}

// pairChain returns k 2-cycles chained one after the other (each pair has an edge into the
// next): k size-2 components that trimming cannot remove, with scrambled ids.
func pairChain(k int, seed uint64) *graph.EdgeList {
	p := relabel(2*k, seed)
	el := edges(2 * k)
	for i := 0; i < k; i++ {
		a, b := p[2*i], p[2*i+1]
		el.Src = append(el.Src, a, b)
		el.Dst = append(el.Dst, b, a)
		if i+1 < k {
			el.Src = append(el.Src, b)
			el.Dst = append(el.Dst, p[2*i+2])
		}
	}
	return el
}

// orientedGrid returns a rows × cols grid whose undirected edges (a few dropped) each get a
// random direction, and some both: many components of all sizes.
func orientedGrid(rows, cols int, seed uint64) *graph.EdgeList {
	und := graph.GridWithDrops(rows, cols, 0.1, seed)
	r := rand.New(rand.NewPCG(seed, 9))
	el := edges(und.N)
	for i := range und.Src {
		u, v := und.Src[i], und.Dst[i]
		if u > v {
			continue // one decision per undirected edge
		}
		switch r.IntN(5) {
		case 0, 1:
			el.Src, el.Dst = append(el.Src, u), append(el.Dst, v)
		case 2, 3:
			el.Src, el.Dst = append(el.Src, v), append(el.Dst, u)
		default:
			el.Src, el.Dst = append(el.Src, u, v), append(el.Dst, v, u)
		}
	}
	return el
}

// selfLoops has self loops on isolated vertices, on a 2-cycle and on a path.
func selfLoops() *graph.EdgeList {
	return edges(8, 0, 0, 1, 1, 1, 2, 2, 1, 2, 2, 3, 4, 4, 4, 4, 5, 6, 6, 7, 7)
}

// canonical renumbers a component array by first appearance, which is the numbering Run uses
// (increasing order of each component's smallest vertex).
func canonical(comp []int32) []int32 {
	out := make([]int32, len(comp))
	seen := map[int32]int32{}
	for v, c := range comp {
		id, ok := seen[c]
		if !ok {
			id = int32(len(seen))
			seen[c] = id
		}
		out[v] = id
	}
	return out
}

// summary returns a component array's count, largest size and number of non-trivial
// components.
func summary(comp []int32) (count, largest, nontrivial int) {
	size := map[int32]int{}
	for _, c := range comp {
		size[c]++
	}
	for _, s := range size {
		largest = max(largest, s)
		if s > 1 {
			nontrivial++
		}
	}
	return len(size), largest, nontrivial
}

// gonumSCC returns the components gonum's Tarjan finds, as a component array.
func gonumSCC(g *graph.CSR) []int32 {
	dg := simple.NewDirectedGraph()
	for v := range g.N {
		dg.AddNode(simple.Node(v))
	}
	for v := range int32(g.N) {
		for _, w := range g.Neighbors(v) {
			if w != v {
				dg.SetEdge(dg.NewEdge(simple.Node(v), simple.Node(w)))
			}
		}
	}
	comp := make([]int32, g.N)
	for c, grp := range topo.TarjanSCC(dg) {
		for _, n := range grp {
			comp[n.(gg.Node).ID()] = int32(c)
		}
	}
	return comp
}

// reference is the expected outcome for one graph.
type reference struct {
	comp                       []int32 // canonical numbering
	count, largest, nontrivial int
}

// expect computes the reference answer with ref.TarjanSCC and checks it against gonum.
func expect(t testing.TB, g *graph.CSR) reference {
	t.Helper()
	comp, count := ref.TarjanSCC(g)
	if g.N > 0 && !ref.ComponentsEqual(comp, gonumSCC(g)) {
		t.Fatal("ref.TarjanSCC and gonum's TarjanSCC disagree")
	}
	r := reference{comp: canonical(comp)}
	r.count, r.largest, r.nontrivial = summary(comp)
	if r.count != count {
		t.Fatalf("ref.TarjanSCC counts %d components, its array has %d", count, r.count)
	}
	return r
}

// check compares a result with the reference.
func check(t testing.TB, res *Result, want reference) {
	t.Helper()
	if len(res.Comp) != len(want.comp) {
		t.Fatalf("%d component ids for %d vertices", len(res.Comp), len(want.comp))
	}
	for v := range want.comp {
		if res.Comp[v] != want.comp[v] {
			t.Fatalf("vertex %d: component %d, want %d (partition differs from Tarjan's)", v, res.Comp[v], want.comp[v])
		}
	}
	if res.Count != want.count || res.Largest != want.largest || res.NonTrivial != want.nontrivial {
		t.Fatalf("count/largest/non-trivial %d/%d/%d, want %d/%d/%d", res.Count, res.Largest, res.NonTrivial, want.count, want.largest, want.nontrivial)
	}
}

// scrambled renames the vertices of el by the permutation relabel(el.N, seed), in place.
func scrambled(el *graph.EdgeList, seed uint64) *graph.EdgeList {
	p := relabel(el.N, seed)
	for i := range el.Src {
		el.Src[i], el.Dst[i] = p[el.Src[i]], p[el.Dst[i]]
	}
	return el
}

// Package frontiertest provides the graphs the frontier-based algorithms are tested on, so
// that every algorithm package checks every strategy against the same set: an empty graph,
// isolated vertices, self loops and duplicate edges, one giant strongly connected component,
// long paths, a hub of very high degree, skewed degrees (R-MAT, directed and undirected), a
// grid and a bow-tie small world.
package frontiertest

import (
	"fmt"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// Case is one test graph.
type Case struct {
	// Name is a short name for t.Run.
	Name string
	// Graph is the graph, built with graph.Build (each vertex's neighbors sorted).
	Graph *graph.CSR
	// Roots are interesting source vertices (empty for the graph without vertices).
	Roots []int32
}

// Graphs returns the test set. Every call builds new graphs, which callers may modify. With
// weights, every edge gets a weight drawn from [1, 100): integers when integer is set,
// otherwise arbitrary float64 values.
func Graphs(weights, integer bool) []Case {
	var cases []Case
	add := func(name string, el *graph.EdgeList, opt graph.BuildOptions, roots ...int32) {
		if weights {
			graph.AddRandomWeights(el, 1, 100, integer, 99)
		}
		g, err := graph.Build(el, opt)
		if err != nil {
			panic(fmt.Sprintf("frontiertest: %s: %v", name, err))
		}
		cases = append(cases, Case{Name: name, Graph: g, Roots: roots})
	}
	add("empty", &graph.EdgeList{Src: []int32{}, Dst: []int32{}}, graph.BuildOptions{})
	add("isolated", &graph.EdgeList{N: 7, Src: []int32{}, Dst: []int32{}}, graph.BuildOptions{}, 0, 6)
	add("self-loops", &graph.EdgeList{N: 6,
		Src: []int32{0, 0, 1, 1, 2, 2, 3, 4, 4, 5},
		Dst: []int32{0, 1, 1, 2, 2, 3, 3, 4, 5, 5}}, graph.BuildOptions{}, 0, 4)
	add("duplicates", &graph.EdgeList{N: 5,
		Src: []int32{0, 0, 0, 1, 1, 2, 3, 3},
		Dst: []int32{1, 1, 2, 3, 3, 3, 4, 4}}, graph.BuildOptions{}, 0)
	add("giant-scc", cycleWithChords(3000, 3000, 7), graph.BuildOptions{}, 0, 1234)
	add("path", path(1500), graph.BuildOptions{}, 0, 1499, 700)
	add("star", star(5000), graph.BuildOptions{}, 0, 17)
	add("rmat", graph.RMAT(11, 8, 5), graph.BuildOptions{}, 0, 1, 100)
	add("rmat-undirected", graph.RMAT(10, 8, 6), graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true}, 0, 5)
	add("grid", graph.Grid(30, 40, 0), graph.BuildOptions{}, 0, 30*40-1, 555)
	add("smallworld", graph.SmallWorld(3000, 8), graph.BuildOptions{}, 0, 1, 2999)
	return cases
}

// cycleWithChords is a directed cycle of n vertices plus chords random edges: one strongly
// connected component.
func cycleWithChords(n, chords int, seed uint64) *graph.EdgeList {
	el := &graph.EdgeList{N: n}
	for v := 0; v < n; v++ {
		el.Src = append(el.Src, int32(v))
		el.Dst = append(el.Dst, int32((v+1)%n))
	}
	x := seed
	for i := 0; i < chords; i++ {
		x = x*6364136223846793005 + 1442695040888963407
		a := int32((x >> 33) % uint64(n))
		x = x*6364136223846793005 + 1442695040888963407
		b := int32((x >> 33) % uint64(n))
		el.Src = append(el.Src, a)
		el.Dst = append(el.Dst, b)
	}
	return el
}

// path is the directed path 0 → 1 → ... → n-1.
func path(n int) *graph.EdgeList {
	el := &graph.EdgeList{N: n, Src: []int32{}, Dst: []int32{}}
	for v := 0; v+1 < n; v++ {
		el.Src = append(el.Src, int32(v))
		el.Dst = append(el.Dst, int32(v+1))
	}
	return el
}

// star joins hub 0 to every other vertex in both directions, plus a ring among the leaves:
// one vertex of very high degree among vertices of degree 3.
func star(n int) *graph.EdgeList {
	el := &graph.EdgeList{N: n}
	for v := 1; v < n; v++ {
		el.Src = append(el.Src, 0, int32(v), int32(v))
		el.Dst = append(el.Dst, int32(v), 0, int32(v%(n-1)+1))
	}
	return el
}

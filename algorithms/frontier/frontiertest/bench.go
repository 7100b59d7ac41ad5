package frontiertest

import (
	"sync"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// BenchGraph is one graph of the benchmark set.
type BenchGraph struct {
	// Name is a short name for b.Run.
	Name string
	// Graph is the graph, undirected (symmetric, no duplicates or self loops) like the GAP
	// benchmark suite's generated graphs, with integer weights in [1, 255].
	Graph *graph.CSR
	// Root is the vertex of largest out-degree, the source of traversals (as gokkos run
	// chooses it).
	Root int32
}

// BenchGraphs returns the benchmark set, built once per process: R-MAT (scale 16, edge factor
// 16), uniform random (2^16 vertices, 16 edges per vertex) and a 256×256 grid. They are small
// enough for quick runs; cmd/gokkos bench runs larger ones.
var BenchGraphs = sync.OnceValue(func() []BenchGraph {
	mk := func(name string, el *graph.EdgeList) BenchGraph {
		graph.AddRandomWeights(el, 1, 255, true, 7)
		g, err := graph.Build(el, graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true})
		if err != nil {
			panic(err)
		}
		root := int32(0)
		for v := int32(1); int(v) < g.N; v++ {
			if g.Degree(v) > g.Degree(root) {
				root = v
			}
		}
		return BenchGraph{name, g, root}
	}
	return []BenchGraph{
		mk("rmat-16", graph.RMAT(16, 16, 1)),
		mk("uniform-16", graph.Uniform(1<<16, 16<<16, 1)),
		mk("grid-256", graph.Grid(256, 256, 1)),
	}
})

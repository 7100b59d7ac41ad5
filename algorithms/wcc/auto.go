package wcc

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Auto chooses between Search and Afforest in New from two measurements of the graph, taken
// on its space at a cost that does not depend on its diameter:
//
//   - a sampled diameter estimate (dgraph.Graph.SampleBalls, as scc.AutoMethod takes it):
//     from autoSamples start vertices, breadth-first searches over out- and in-edges that stop
//     at autoBall vertices or autoLevels levels. A graph whose samples needed autoLevels levels
//     without filling the ball has a large diameter (a grid, a road network, a citation chain),
//     where Search's one search would run thousands of levels: it runs Afforest. On the 2-core
//     development machine at 2^18 vertices, Search took 5 to 9 times Afforest's time on the
//     road, grid and citation graphs.
//   - on device spaces, the spread of the degrees (the coefficient of variation of every
//     vertex's out- plus in-degree): Search runs there only on skewed graphs. On an H200 at
//     2^22 vertices it labelled R-MAT's components in 0.54 ms against Afforest's 1.02, and a
//     uniform graph's in 0.77 against 0.70; on the host's 16 cores it took 0.55–0.68 of
//     Afforest's time on both.
//
// Every other graph runs Search.
const (
	autoSamples = 4
	autoBall    = 16384
	autoLevels  = 64
	autoSkew    = 1.5
)

// degreeSquares sums the squares of the vertices' out- plus in-degrees (In empty: out-degrees).
//
//gokkos:kernel
type degreeSquares struct {
	Out, In dgraph.CSR
}

// Run adds vertex v's square.
func (k degreeSquares) Run(v int, acc *float64) {
	d := float64(k.Out.Offsets.At(v+1) - k.Out.Offsets.At(v))
	if k.In.N > 0 {
		d += float64(k.In.Offsets.At(v+1) - k.In.Offsets.At(v))
	}
	*acc += d * d
}

// choose returns the method Auto picks for g (Afforest for the empty graph).
func choose(g *dgraph.Graph) (Method, error) {
	n := g.N()
	if n == 0 {
		return Afforest, nil
	}
	var in dgraph.CSR
	sym, err := g.Symmetric()
	if err != nil {
		return 0, err
	}
	if !sym {
		if in, err = g.In(); err != nil {
			return 0, err
		}
	}
	space := g.Space()
	seen, err := views.Alloc1D[uint32](space.Memory(), "wcc auto scratch", n)
	if err != nil {
		return 0, err
	}
	defer seen.Free()
	balls, err := g.SampleBalls(autoSamples, autoBall, autoLevels, in, seen)
	if err != nil {
		return 0, err
	}
	if balls.Levels >= autoLevels {
		return Afforest, nil
	}
	if !space.Info().Device {
		return Search, nil
	}
	var sq float64
	if err := portable.ParallelReduce(space, "wcc.auto.degrees", portable.Range(0, n), degreeSquares{Out: g.Out(), In: in}, portable.Sum(&sq)); err != nil {
		return 0, err
	}
	mean := float64(g.NumEdges()+in.NumEdges()) / float64(n)
	if mean == 0 {
		return Afforest, nil
	}
	cv := math.Sqrt(max(sq/float64(n)-mean*mean, 0)) / mean
	if cv >= autoSkew {
		return Search, nil
	}
	return Afforest, nil
}

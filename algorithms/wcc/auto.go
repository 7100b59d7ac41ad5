package wcc

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/views"
)

// Auto chooses between Search and Afforest in New from two measurements of the graph, taken
// on its space at a cost that does not depend on its diameter:
//
//   - a sampled diameter estimate (dgraph.Graph.SampleBalls with the bounds dgraph.BallSamples,
//     BallSize and BallLevels, as scc.AutoMethod takes it): breadth-first searches over out- and
//     in-edges from a few start vertices. A graph whose samples needed BallLevels levels
//     without filling the ball has a large diameter (a grid, a road network, a citation chain),
//     where Search's one search would run thousands of levels: it runs Afforest. On the 2-core
//     development machine at 2^18 vertices, Search took 5 to 9 times Afforest's time on the
//     road, grid and citation graphs.
//   - on device spaces, the spread of the degrees (dgraph.Graph.DegreeCV of every vertex's out-
//     plus in-degree): Search runs there only on skewed graphs (dgraph.SkewCV). On an H200 at
//     2^22 vertices it labelled R-MAT's components in 0.54 ms against Afforest's 1.02, and a
//     uniform graph's in 0.77 against 0.70; on the host's 16 cores it took 0.55–0.68 of
//     Afforest's time on both.
//
// Every other graph runs Search.

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
	balls, err := g.SampleBalls(dgraph.BallSamples, dgraph.BallSize, dgraph.BallLevels, in, seen)
	if err != nil {
		return 0, err
	}
	if balls.Levels >= dgraph.BallLevels {
		return Afforest, nil
	}
	if !space.Info().Device {
		return Search, nil
	}
	cv, err := g.DegreeCV(in)
	if err != nil {
		return 0, err
	}
	if cv >= dgraph.SkewCV {
		return Search, nil
	}
	return Afforest, nil
}

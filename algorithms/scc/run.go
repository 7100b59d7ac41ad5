package scc

import (
	"errors"
	"fmt"
	"time"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
)

// Run computes the strongly connected components of g on space (nil means execspace.Default())
// with the method and settings of opts. It returns an error, and no result, if g is nil or not
// well formed, has more vertices than the methods support (math.MaxInt32/3), opts holds a value
// out of range, or a launch fails.
func Run(space execspace.Space, g *graph.CSR, opts Options) (*Result, error) {
	t0 := time.Now()
	if g == nil {
		return nil, errors.New("scc: nil graph")
	}
	opts, err := opts.resolved()
	if err != nil {
		return nil, err
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("scc: %w", err)
	}
	if g.N > maxVertices {
		return nil, fmt.Errorf("scc: %d vertices; the subgraph ids limit graphs to %d", g.N, maxVertices)
	}
	if space == nil {
		if space, err = execspace.Default(); err != nil {
			return nil, err
		}
	}
	res := &Result{Stats: Stats{Method: opts.Method, Traversal: opts.Traversal}}
	if g.N == 0 {
		res.Comp = []int32{}
		return res, nil
	}
	dg, err := newDGraph(space, g)
	if err != nil {
		return nil, err
	}
	defer dg.free()
	s, err := newState(space, dg, opts, &res.Stats)
	if err != nil {
		return nil, err
	}
	defer s.free()
	switch opts.Method {
	case Multistep:
		err = s.multistep()
	default:
		err = s.twoPhase(opts.Method == Hybrid)
	}
	if err == nil && s.active != 0 {
		err = fmt.Errorf("scc: internal error: %d vertices left unassigned", s.active)
	}
	if err == nil {
		err = s.number(res)
	}
	if err != nil {
		return nil, err
	}
	res.Iterations = res.Stats.FBRounds + res.Stats.ColorRounds
	res.Stats.TotalTime = time.Since(t0)
	return res, nil
}

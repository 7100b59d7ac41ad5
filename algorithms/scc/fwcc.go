package scc

import (
	"time"

	"github.com/gokkos/gokkos/algorithms/wcc"
	"github.com/gokkos/gokkos/views"
)

// FWcc: the weakly connected components of the remaining graph (active vertices, edges within a
// subgraph) become the subgraphs of phase 2, so that every one of them gets its own pivot.

// wccSubgraphs moves every active vertex to subgraph 2n + its weak component's label (the
// component's smallest vertex, so the ids are fresh and in [2n, 3n)), and counts the components.
//
//gokkos:kernel
type wccSubgraphs struct {
	N     int32
	St    views.View1D[uint32]
	Label views.View1D[int32]
	Sub   views.View1D[int32]
}

// Run moves vertex v.
func (k wccSubgraphs) Run(v int, acc *int64) {
	if k.St.At(v)&stDone != 0 {
		return
	}
	l := k.Label.At(v)
	k.Sub.Set(v, 2*k.N+l)
	if l == int32(v) {
		*acc += 1
	}
}

// fwcc splits the remaining graph into its weakly connected components.
func (s *state) fwcc() error {
	if s.active == 0 {
		return nil
	}
	t0 := time.Now()
	defer func() { s.stats.WCCTime += time.Since(t0) }()
	rounds, err := wcc.Label(s.space, s.out, wcc.Filter{Status: s.st, Exclude: stDone, Key: s.sub}, s.col)
	s.stats.WCCRounds += rounds
	if err != nil {
		return err
	}
	n, err := count(s, "scc.fwcc.subgraphs", wccSubgraphs{N: int32(s.n), St: s.st, Label: s.col, Sub: s.sub})
	s.stats.WCCSubgraphs += int(n)
	return err
}

package scc

import (
	"time"

	"github.com/gokkos/gokkos/views"
)

// A forward-backward step: from the pivots in the frontiers, reach forward along out-edges and
// backward along in-edges, each within the pivot's subgraph. A vertex reached both ways is in
// its pivot's component. Every other vertex reached one way moves to a new subgraph: p (reached
// forward only) or n+p (backward only), where p is its subgraph's pivot; vertices reached
// neither way keep their subgraph. No component crosses these three sets, and the ids are fresh:
// p and n+p have never been used, since p was active until this step and becomes done in it,
// while initial subgraphs and FWcc subgraphs live in [2n, 3n).

// fbSplit assigns the vertices reached both ways to their pivot's component, moves the vertices
// reached one way to their new subgraph, clears the step's bits, and counts the assigned
// vertices.
//
//gokkos:kernel
type fbSplit struct {
	N     int32
	St    views.View1D[uint32]
	Sub   views.View1D[int32]
	Pivot views.View1D[int32]
	Comp  views.View1D[int32]
}

// Run settles vertex v.
func (k fbSplit) Run(v int, acc *int64) {
	s := k.St.At(v)
	if s&stDone != 0 || s&(stFW|stBW) == 0 {
		return
	}
	p := k.Pivot.At(int(k.Sub.At(v)))
	switch s & (stFW | stBW) {
	case stFW | stBW:
		k.St.Set(v, s&^stStep|stDone)
		k.Comp.Set(v, p)
		*acc += 1
		return
	case stFW:
		k.Sub.Set(v, p)
	default:
		k.Sub.Set(v, k.N+p)
	}
	k.St.Set(v, s&^stStep)
}

// reach runs the forward and the backward traversal of a step from the seeded frontiers.
func (s *state) reach(t Traversal) error {
	t0 := time.Now()
	defer func() { s.stats.ReachTime += time.Since(t0) }()
	fw := frontierOp{Key: s.sub, St: s.st, Mask: stFW | stFX | stDone, Want: stFW, Flip: stFX, Mark: stFW}
	it, err := s.traverse("scc.fb.forward", t, s.out, 0, fw)
	s.stats.ReachIterations += it
	if err != nil {
		return err
	}
	bw := frontierOp{Key: s.sub, St: s.st, Mask: stBW | stBX | stDone, Want: stBW, Flip: stBX, Mark: stBW}
	it, err = s.traverse("scc.fb.backward", t, s.in, 1, bw)
	s.stats.ReachIterations += it
	return err
}

// fbStep runs a forward-backward step from the seeded pivots with strategy t, settles it, and
// returns the number of vertices it assigned.
func (s *state) fbStep(t Traversal) (int, error) {
	t0 := time.Now()
	defer func() { s.stats.FBTime += time.Since(t0) }()
	if err := s.reach(t); err != nil {
		return 0, err
	}
	found, err := count(s, "scc.fb.split", fbSplit{N: int32(s.n), St: s.st, Sub: s.sub, Pivot: s.pivot, Comp: s.comp})
	if err != nil {
		return 0, err
	}
	s.stats.FBRounds++
	s.active -= int(found)
	return int(found), nil
}

// singlePivotStep runs a forward-backward step from the active vertex of largest degree
// product, and returns the number of vertices it assigned (the size of that vertex's component),
// or -1 when no vertex is active.
func (s *state) singlePivotStep(t Traversal) (int, error) {
	p, err := s.maxPivot()
	if err != nil || p < 0 {
		return -1, err
	}
	if err := s.seedOne(p); err != nil {
		return 0, err
	}
	return s.fbStep(t)
}

// manyPivotStep runs a forward-backward step from one pivot per subgraph, and returns the
// number of vertices it assigned.
func (s *state) manyPivotStep(t Traversal) (int, error) {
	if _, err := s.seedMany(); err != nil {
		return 0, err
	}
	return s.fbStep(t)
}

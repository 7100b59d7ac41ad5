package scc

import (
	"time"

	"github.com/gokkos/gokkos/views"
)

// A colour propagation round (Orzan's colouring, as Multistep uses it): every active vertex
// takes its own id as its colour, and colours propagate forward along edges within a subgraph,
// each vertex keeping the largest colour that reaches it. A vertex r that keeps its own colour is
// the largest vertex of its component, and its component is the set of vertices of colour r
// that reach r: a backward traversal from every such root over vertices of its colour finds them
// all at once. Every subgraph loses at least its largest active vertex's component per round.

// colourInit gives every active vertex its own id as colour and queues it for propagation.
//
//gokkos:kernel
type colourInit struct {
	St  views.View1D[uint32]
	Col views.View1D[int32]
}

// Run initialises vertex v.
func (k colourInit) Run(v int) {
	if k.St.At(v)&stDone == 0 {
		k.Col.Set(v, int32(v))
		k.St.Set(v, k.St.At(v)|stCQ)
	}
}

// colourRoots puts every active vertex that kept its own colour in the backward frontier.
//
//gokkos:kernel
type colourRoots struct {
	St  views.View1D[uint32]
	Col views.View1D[int32]
}

// Run seeds v if it is a root.
func (k colourRoots) Run(v int) {
	if k.St.At(v)&stDone == 0 && k.Col.At(v) == int32(v) {
		k.St.Set(v, k.St.At(v)|stBW)
	}
}

// colourSplit assigns every vertex the backward traversal reached to its colour's component,
// clears the round's bits, and counts the assigned vertices: vertex i, or, when List has
// entries, vertex List[i] (a list of every vertex that was active in the round).
//
//gokkos:kernel
type colourSplit struct {
	St   views.View1D[uint32]
	Col  views.View1D[int32]
	Comp views.View1D[int32]
	List views.View1D[int32]
}

// Run settles vertex i, or List[i].
func (k colourSplit) Run(i int, acc *int64) {
	v := i
	if k.List.Len() != 0 {
		v = int(k.List.At(i))
	}
	s := k.St.At(v)
	if s&stDone != 0 {
		return
	}
	if s&stBW != 0 {
		k.St.Set(v, s&^(stStep|stCQ)|stDone)
		k.Comp.Set(v, k.Col.At(v))
		*acc += 1
		return
	}
	k.St.Set(v, s&^(stStep|stCQ))
}

// colourRound runs one colour propagation round with strategy t and returns the number of
// vertices it assigned.
func (s *state) colourRound(t Traversal) (int, error) {
	t0 := time.Now()
	defer func() { s.stats.ColorTime += time.Since(t0) }()
	if err := launch(s, "scc.colour.init", colourInit{St: s.st, Col: s.col}); err != nil {
		return 0, err
	}
	prop := frontierOp{Key: s.sub, St: s.st, Col: s.col, Prop: true, Mask: stCQ | stDone, Want: stCQ, Flip: stCQ, Mark: stCQ}
	it, err := s.traverse("scc.colour.propagate", t, s.out, 0, prop)
	s.stats.PropagationIterations += it
	if err != nil {
		return 0, err
	}
	if err := launch(s, "scc.colour.roots", colourRoots{St: s.st, Col: s.col}); err != nil {
		return 0, err
	}
	bw := frontierOp{Key: s.col, St: s.st, Mask: stBW | stBX | stDone, Want: stBW, Flip: stBX, Mark: stBW}
	it, err = s.traverse("scc.colour.backward", t, s.in, 1, bw)
	s.stats.ReachIterations += it
	if err != nil {
		return 0, err
	}
	found, err := count(s, "scc.colour.split", colourSplit{St: s.st, Col: s.col, Comp: s.comp})
	if err != nil {
		return 0, err
	}
	s.stats.ColorRounds++
	s.active -= int(found)
	return int(found), nil
}

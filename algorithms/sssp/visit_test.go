package sssp

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// TestHostVisitLoop checks that the generated visit loop of relaxInt does what calls of Visit
// edge by edge do: the same accepted targets and the same distances afterwards, from sources
// whose distance the loop reads through one pointer per span, over one span or several (one of
// them empty) in one call.
func TestHostVisitLoop(t *testing.T) {
	visit, ok := portable.HostVisit[relaxInt, frontier.PushThread[relaxInt]]()
	if !ok {
		t.Fatal("no generated visit loop for relaxInt; run go generate")
	}
	adj := []int32{3, 1, 4, 1, 5, 9, 2, 6, 5, 3}
	w := []uint32{7, 2, 9, 1, 8, 2, 8, 1, 8, 0}
	start := []uint32{5, 20, 9, 12, infInt, 13, 0, 40, 2, infInt}
	cases := []struct {
		name  string
		spans []portable.VisitSpan
	}{
		{"source 0", []portable.VisitSpan{{U: 0, Begin: 0, End: 10}}},
		{"source 6", []portable.VisitSpan{{U: 6, Begin: 0, End: 10}}},
		{"source 8", []portable.VisitSpan{{U: 8, Begin: 0, End: 10}}},
		{"three spans", []portable.VisitSpan{{U: 8, Begin: 0, End: 4}, {U: 6, Begin: 4, End: 4}, {U: 0, Begin: 4, End: 10}}},
	}
	for _, weighted := range []bool{true, false} {
		mk := func() relaxInt {
			op := relaxInt{Dist: views.Wrap1D("dist", slices.Clone(start))}
			if weighted {
				op.W = views.Wrap1D("w", slices.Clone(w))
			}
			return op
		}
		for _, tc := range cases {
			t.Run(fmt.Sprintf("weighted %v %s", weighted, tc.name), func(t *testing.T) {
				ref, got := mk(), mk()
				var want []int32
				for _, sp := range tc.spans {
					for e := sp.Begin; e < sp.End; e++ {
						if ref.Visit(sp.U, adj[e], e) {
							want = append(want, adj[e])
						}
					}
				}
				if len(want) == 0 {
					t.Fatal("the case improves no distance")
				}
				hits := make([]int32, len(adj))
				n := visit(&got, tc.spans, adj, hits)
				if !slices.Equal(hits[:max(n, 0)], want) {
					t.Errorf("accepted %v, want %v", hits[:max(n, 0)], want)
				}
				if !slices.Equal(got.Dist.Data(), ref.Dist.Data()) {
					t.Errorf("distances %v, want %v", got.Dist.Data(), ref.Dist.Data())
				}
			})
		}
	}
}

// TestHostVisitLoopNear checks the generated visit loop of nearRelax, whose split of the far
// vertices takes an atomic exchange of their pending flags, against calls of Visit: the same
// near targets, distances, flags, far pile and state.
func TestHostVisitLoopNear(t *testing.T) {
	visit, ok := portable.HostVisit[nearRelax, frontier.PushFused[nearRelax]]()
	if !ok {
		t.Fatal("no generated visit loop for nearRelax; run go generate")
	}
	adj := []int32{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 7, 8}
	w := []uint32{7, 2, 9, 1, 8, 2, 8, 1, 8, 0, 30, 3}
	start := []uint32{1, 20, 9, 12, infInt, 13, 0, 40, 2, infInt}
	// Vertex 7 is in the far pile already (its flag is 1).
	pending := []int32{0, 0, 0, 0, 0, 0, 0, 1, 0, 0}
	mk := func() nearRelax {
		return nearRelax{IW: views.Wrap1D("w", slices.Clone(w)), IDist: views.Wrap1D("dist", slices.Clone(start)), Int: true, T: 9,
			Pending: views.Wrap1D("pending", slices.Clone(pending)), Far: views.Wrap1D("far", make([]int32, 10)),
			State: views.Wrap1D("state", []int64{0, noFar})}
	}
	ref, got := mk(), mk()
	var want []int32
	for j, v := range adj {
		if ref.Visit(0, v, int64(j)) {
			want = append(want, v)
		}
	}
	hits := make([]int32, len(adj))
	n := visit(&got, []portable.VisitSpan{{U: 0, Begin: 0, End: int64(len(adj))}}, adj, hits)
	if !slices.Equal(hits[:max(n, 0)], want) {
		t.Errorf("near %v, want %v", hits[:max(n, 0)], want)
	}
	if !slices.Equal(got.IDist.Data(), ref.IDist.Data()) || !slices.Equal(got.Pending.Data(), ref.Pending.Data()) ||
		!slices.Equal(got.Far.Data(), ref.Far.Data()) || !slices.Equal(got.State.Data(), ref.State.Data()) {
		t.Errorf("distances %v flags %v far %v state %v, want %v %v %v %v", got.IDist.Data(), got.Pending.Data(), got.Far.Data(), got.State.Data(),
			ref.IDist.Data(), ref.Pending.Data(), ref.Far.Data(), ref.State.Data())
	}
	if ref.State.At(0) == 0 || len(want) == 0 {
		t.Errorf("the case lacks near (%v) or far (%d) targets", want, ref.State.At(0))
	}
}

// TestHostVisitLoopShortWeights checks that the generated visit loop panics where Visit would,
// when a span runs past the end of the weights (the loop reads them through a slice cut to the
// span): the edges before that point are relaxed, and the first past it panics.
func TestHostVisitLoopShortWeights(t *testing.T) {
	visit, ok := portable.HostVisit[relaxInt, frontier.PushThread[relaxInt]]()
	if !ok {
		t.Fatal("no generated visit loop for relaxInt; run go generate")
	}
	adj := []int32{3, 1, 4, 1, 5, 9}
	mk := func() relaxInt {
		return relaxInt{W: views.Wrap1D("w", []uint32{1, 1, 1}), Dist: views.Wrap1D("dist", []uint32{0, 20, 9, 12, infInt, 13, 0, 40, 2, infInt})}
	}
	panics := func(f func()) (p bool) {
		defer func() { p = recover() != nil }()
		f()
		return false
	}
	ref, got := mk(), mk()
	if !panics(func() {
		for e, v := range adj {
			ref.Visit(0, v, int64(e))
		}
	}) {
		t.Fatal("Visit did not panic past the weights")
	}
	hits := make([]int32, len(adj))
	if !panics(func() { visit(&got, []portable.VisitSpan{{U: 0, Begin: 0, End: int64(len(adj))}}, adj, hits) }) {
		t.Error("the visit loop did not panic past the weights")
	}
	if !slices.Equal(got.Dist.Data(), ref.Dist.Data()) {
		t.Errorf("distances %v, want %v", got.Dist.Data(), ref.Dist.Data())
	}
}

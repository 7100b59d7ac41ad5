package bfs

import (
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// TestHostVisitLoop checks that the generated visit loops of visit and reach, whose
// compare-and-swaps and atomic ORs are rewritten into inlinable forms, do what calls
// of Visit edge by edge do: the same claimed targets and the same arrays afterwards.
func TestHostVisitLoop(t *testing.T) {
	adj := []int32{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 0, 7}
	const n = 10
	parent := []int32{-1, 2, -1, -1, 7, -1, -1, 0, -1, -1}
	level := []int32{-1, 1, 3, -1, 2, -1, -1, 1, -1, -1}
	t.Run("visit", func(t *testing.T) {
		loop, ok := portable.HostVisit[visit, frontier.PushThread[visit]]()
		if !ok {
			t.Fatal("no generated visit loop for visit; run go generate")
		}
		mk := func() visit {
			state := make([]uint64, n)
			for v := range state {
				state[v] = packState(level[v], parent[v])
			}
			return visit{State: views.Wrap1D("state", state), Visited: views.Wrap1D("visited", make([]uint32, 1)), Depth: 3}
		}
		ref, got := mk(), mk()
		var want []int32
		for j, v := range adj[:n] {
			if ref.Visit(2, v, int64(j)) {
				want = append(want, v)
			}
		}
		hits := make([]int32, n)
		k := loop(&got, []portable.VisitSpan{{U: 2, Begin: 0, End: int64(n)}}, adj, hits)
		if !slices.Equal(hits[:max(k, 0)], want) {
			t.Errorf("claimed %v, want %v", hits[:max(k, 0)], want)
		}
		if !slices.Equal(got.State.Data(), ref.State.Data()) {
			t.Errorf("states %x, want %x", got.State.Data(), ref.State.Data())
		}
		// Vertex 2 is at level 3: its unvisited targets 3, 5, 9 and 6 are claimed at level
		// 4, and 0, at level -1 too, is not among the first n targets.
		for _, v := range []int{3, 5, 9, 6} {
			if s := ref.State.At(v); stateLevel(s) != 4 || stateParent(s) != 2 {
				t.Errorf("vertex %d: level %d parent %d, want 4 and 2", v, stateLevel(s), stateParent(s))
			}
		}
	})
	t.Run("reach", func(t *testing.T) {
		loop, ok := portable.HostVisit[reach, frontier.PushThread[reach]]()
		if !ok {
			t.Fatal("no generated visit loop for reach; run go generate")
		}
		ref := reach{Visited: views.Wrap1D("visited", []uint32{0b10010110})}
		got := reach{Visited: views.Wrap1D("visited", []uint32{0b10010110})}
		var want []int32
		for j, v := range adj {
			if ref.Visit(0, v, int64(j)) {
				want = append(want, v)
			}
		}
		hits := make([]int32, len(adj))
		k := loop(&got, []portable.VisitSpan{{U: 0, Begin: 0, End: int64(len(adj))}}, adj, hits)
		if !slices.Equal(hits[:max(k, 0)], want) {
			t.Errorf("claimed %v, want %v", hits[:max(k, 0)], want)
		}
		if !slices.Equal(got.Visited.Data(), ref.Visited.Data()) {
			t.Errorf("visited %b, want %b", got.Visited.Data(), ref.Visited.Data())
		}
	})
}

package bfs

import (
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// TestHostVisitLoop checks that the generated visit loops of visit and reach, whose
// compare-and-swap, atomic OR and level store are rewritten into inlinable forms, do what calls
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
			return visit{Parent: views.Wrap1D("parent", slices.Clone(parent)), Level: views.Wrap1D("level", slices.Clone(level)),
				Visited: views.Wrap1D("visited", make([]uint32, 1)), Depth: 3}
		}
		ref, got := mk(), mk()
		var want []int32
		for j, v := range adj[:n] {
			if ref.Visit(2, v, int64(j)) {
				want = append(want, v)
			}
		}
		hits := make([]int32, n)
		k := loop(&got, 2, adj[:n], 0, hits)
		if !slices.Equal(hits[:max(k, 0)], want) {
			t.Errorf("claimed %v, want %v", hits[:max(k, 0)], want)
		}
		if !slices.Equal(got.Parent.Data(), ref.Parent.Data()) || !slices.Equal(got.Level.Data(), ref.Level.Data()) {
			t.Errorf("parents %v levels %v, want %v and %v", got.Parent.Data(), got.Level.Data(), ref.Parent.Data(), ref.Level.Data())
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
		k := loop(&got, 0, adj, 0, hits)
		if !slices.Equal(hits[:max(k, 0)], want) {
			t.Errorf("claimed %v, want %v", hits[:max(k, 0)], want)
		}
		if !slices.Equal(got.Visited.Data(), ref.Visited.Data()) {
			t.Errorf("visited %b, want %b", got.Visited.Data(), ref.Visited.Data())
		}
	})
}

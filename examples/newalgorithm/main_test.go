package main

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
)

// serial computes the cells with a plain multi-source BFS, level by level.
func serial(g *graph.CSR, seeds []int32, k int) ([]int32, []int32) {
	dist := make([]int32, g.N)
	owner := make([]int32, g.N)
	for i := range dist {
		dist[i], owner[i] = -1, math.MaxInt32
	}
	var level []int32
	for _, s := range seeds {
		if dist[s] < 0 {
			level = append(level, s)
		}
		dist[s], owner[s] = 0, min(owner[s], s)
	}
	for d := int32(1); len(level) > 0 && int(d) <= k; d++ {
		var next []int32
		for _, u := range level {
			for _, v := range g.Neighbors(u) {
				if dist[v] < 0 {
					dist[v] = d
					next = append(next, v)
				}
				if dist[v] == d {
					owner[v] = min(owner[v], owner[u])
				}
			}
		}
		level = next
	}
	return dist, owner
}

func TestCells(t *testing.T) {
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	graphs := map[string]*graph.CSR{}
	graphs["rmat"], _ = graph.Build(graph.RMAT(10, 8, 3), graph.BuildOptions{Symmetrize: true, Dedup: true})
	graphs["grid"], _ = graph.Build(graph.Grid(20, 30, 0), graph.BuildOptions{})
	graphs["path"], _ = graph.Build(&graph.EdgeList{N: 4, Src: []int32{0, 1, 2}, Dst: []int32{1, 2, 3}}, graph.BuildOptions{})
	for name, h := range graphs {
		g, err := dgraph.New(s, h)
		if err != nil {
			t.Fatal(err)
		}
		for _, seeds := range [][]int32{{0}, {0, 3}, {3, 3, 1}} {
			for _, k := range []int{0, 1, 3, 1000} {
				t.Run(fmt.Sprintf("%s/%v/k=%d", name, seeds, k), func(t *testing.T) {
					c, err := Run(g, seeds, k)
					if err != nil {
						t.Fatal(err)
					}
					dist, owner := serial(h, seeds, k)
					if !slices.Equal(c.Dist, dist) || !slices.Equal(c.Owner, owner) {
						t.Fatalf("dist %v owner %v, want %v %v", c.Dist[:4], c.Owner[:4], dist[:4], owner[:4])
					}
				})
			}
		}
	}
}

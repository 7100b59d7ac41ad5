package graph_test

import (
	"math"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
)

// componentSizes returns the sizes of g's strongly connected components.
func componentSizes(g *graph.CSR) map[int32]int {
	comp, _ := ref.TarjanSCC(g)
	sizes := map[int32]int{}
	for _, c := range comp {
		sizes[c]++
	}
	return sizes
}

func TestRoad(t *testing.T) {
	tests := []struct {
		rows, cols int
		drop       float64
	}{{0, 0, 0.25}, {1, 1, 0.25}, {1, 50, 0}, {120, 150, 0}, {120, 150, 0.25}}
	for _, tc := range tests {
		el := graph.Road(tc.rows, tc.cols, tc.drop, 7)
		if err := el.Validate(); err != nil {
			t.Fatal(err)
		}
		if el.N != tc.rows*tc.cols || len(el.W) != el.Len() {
			t.Fatalf("%+v: %d vertices, %d weights for %d edges", tc, el.N, len(el.W), el.Len())
		}
		streets := tc.rows*max(tc.cols-1, 0) + max(tc.rows-1, 0)*tc.cols
		// A kept street is two edges with probability 7/8 and one with 1/8.
		want := float64(streets) * (1 - tc.drop) * (2*14 + 2) / 16
		if got := float64(el.Len()); math.Abs(got-want) > 0.02*float64(2*streets)+2 {
			t.Fatalf("%+v: %v edges, want about %v", tc, got, want)
		}
		for i, w := range el.W {
			if w < 10 || w > 1000 || w != math.Floor(w) {
				t.Fatalf("%+v: edge %d has length %v, want an integer in [10, 1000]", tc, i, w)
			}
			if d := el.Src[i] - el.Dst[i]; d != 1 && d != -1 && d != int32(tc.cols) && d != -int32(tc.cols) {
				t.Fatalf("%+v: edge %d (%d -> %d) joins no grid neighbours", tc, i, el.Src[i], el.Dst[i])
			}
		}
		if tc.rows*tc.cols < 1000 {
			continue
		}
		// With streets missing, one-way streets split the network into strongly connected
		// districts, most of it in one.
		sizes := componentSizes(mustBuild(t, el, graph.BuildOptions{}))
		largest := 0
		for _, s := range sizes {
			largest = max(largest, s)
		}
		if (tc.drop > 0 && len(sizes) < 2) || largest < el.N/2 {
			t.Fatalf("%+v: %d components, the largest of %d vertices", tc, len(sizes), largest)
		}
	}
	if !sameEdges(graph.Road(40, 40, 0.3, 5), graph.Road(40, 40, 0.3, 5)) || sameEdges(graph.Road(40, 40, 0.3, 5), graph.Road(40, 40, 0.3, 6)) {
		t.Fatal("Road is not a function of its seed")
	}
	if graph.Road(20, 20, 1, 1).Len() != 0 {
		t.Fatal("drop 1 kept streets")
	}
}

func TestCitation(t *testing.T) {
	for _, n := range []int{0, 1, 2, 9, 2000} {
		el := graph.Citation(n, 3)
		if err := el.Validate(); err != nil {
			t.Fatal(err)
		}
		if el.N != n || el.W != nil {
			t.Fatalf("n=%d: %d vertices, weights %v", n, el.N, el.W != nil)
		}
		if n < 1000 {
			continue
		}
		g := mustBuild(t, el, graph.BuildOptions{})
		sizes := componentSizes(g)
		largest, nontrivial, members := 0, 0, 0
		for _, s := range sizes {
			largest = max(largest, s)
			if s > 1 {
				nontrivial++
				members += s
			}
		}
		// Groups of 2 to 8 vertices are the only cycles; about half of the groups are single
		// vertices, and the others hold about 5 vertices each.
		if largest > 8 || nontrivial < len(sizes)/3 || members < n/2 {
			t.Fatalf("n=%d: %d components, %d non-trivial with %d vertices, largest %d", n, len(sizes), nontrivial, members, largest)
		}
		// Every group cites the one before it: a member of the last group reaches everything.
		reachesAll := false
		for s := range int32(n) {
			level, _ := ref.BFS(g, s)
			reached := 0
			for _, l := range level {
				if l >= 0 {
					reached++
				}
			}
			if reached == n {
				reachesAll = true
				break
			}
		}
		if !reachesAll {
			t.Fatalf("n=%d: no vertex reaches every other; the chain is broken", n)
		}
	}
	if !sameEdges(graph.Citation(5000, 5), graph.Citation(5000, 5)) || sameEdges(graph.Citation(5000, 5), graph.Citation(5000, 6)) {
		t.Fatal("Citation is not a function of its seed")
	}
}

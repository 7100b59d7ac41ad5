package dgraph

import (
	"math/rand/v2"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
)

// TestBalanced checks the full symmetry check, without the sample that settles most
// asymmetric graphs before it, against the definition (a CSR equal to its transpose) on
// random multigraphs, a third of them with a hub: asymmetric ones, symmetrized ones, and symmetrized ones with one edge
// added, toward a vertex of higher or lower degree, or removed.
func TestBalanced(t *testing.T) {
	s, err := host.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rng := rand.New(rand.NewPCG(9, 4))
	counts := map[bool]int{}
	for i := range 300 {
		n := 2 + rng.IntN(20)
		el := &graph.EdgeList{N: n}
		for range rng.IntN(150) {
			el.Src = append(el.Src, int32(rng.IntN(n)))
			el.Dst = append(el.Dst, int32(rng.IntN(n)))
			el.W = append(el.W, float64(rng.IntN(2)))
		}
		if i%3 == 0 { // a hub, whose edges a team checks
			for range 100 {
				el.Src = append(el.Src, 0)
				el.Dst = append(el.Dst, int32(rng.IntN(n)))
				el.W = append(el.W, float64(rng.IntN(2)))
			}
		}
		if i%4 == 0 {
			el.W = nil
		}
		h, _ := graph.Build(el, graph.BuildOptions{Symmetrize: i%5 != 0})
		if i%5 == 2 || i%5 == 3 { // one more edge
			el2 := h.EdgeList()
			el2.Src = append(el2.Src, int32(rng.IntN(n)))
			el2.Dst = append(el2.Dst, int32(rng.IntN(n)))
			if el2.W != nil {
				el2.W = append(el2.W, 1)
			}
			h, _ = graph.Build(el2, graph.BuildOptions{})
		}
		if i%5 == 4 && h.NumEdges() > 0 { // one edge fewer
			el2 := h.EdgeList()
			j := rng.IntN(el2.Len())
			el2.Src = append(el2.Src[:j], el2.Src[j+1:]...)
			el2.Dst = append(el2.Dst[:j], el2.Dst[j+1:]...)
			if el2.W != nil {
				el2.W = append(el2.W[:j], el2.W[j+1:]...)
			}
			h, _ = graph.Build(el2, graph.BuildOptions{})
		}
		g, err := New(s, h)
		if err != nil {
			t.Fatal(err)
		}
		got, err := balanced(s, g.out)
		if err != nil {
			t.Fatal(err)
		}
		want := h.Equal(h.Transpose())
		if got != want {
			t.Fatalf("graph %d (%d vertices, %d edges): balanced = %v, want %v", i, n, h.NumEdges(), got, want)
		}
		counts[want]++
		g.Free()
	}
	if counts[true] < 50 || counts[false] < 50 {
		t.Fatalf("too few graphs of one kind: %v", counts)
	}
}

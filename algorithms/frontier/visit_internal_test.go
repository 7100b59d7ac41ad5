package frontier

import (
	"slices"
	"testing"

	"github.com/gokkos/gokkos/portable"
)

// evenEdge takes the edges of even index and records the edges it saw.
type evenEdge struct{ seen *[]int64 }

func (o evenEdge) Visit(u, v int32, e int64) bool {
	*o.seen = append(*o.seen, e)
	return e%2 == 0
}

// TestVisitEach checks the per-edge fallback of the host visit loops: every edge of every span
// once, in order, with its index, and the targets of the visits that returned true.
func TestVisitEach(t *testing.T) {
	var seen []int64
	op := evenEdge{seen: &seen}
	adj := []int32{7, 8, 9, 10, 11, 12, 13}
	spans := []portable.VisitSpan{{U: 3, Begin: 1, End: 4}, {U: 5, Begin: 4, End: 4}, {U: 0, Begin: 5, End: 7}}
	hits := make([]int32, len(adj))
	got := visitEach(&op, spans, adj, hits)
	if want := []int32{9, 13}; !slices.Equal(hits[:got], want) {
		t.Errorf("hits %v, want %v", hits[:got], want)
	}
	if want := []int64{1, 2, 3, 5, 6}; !slices.Equal(seen, want) {
		t.Errorf("visited edges %v, want %v", seen, want)
	}
}

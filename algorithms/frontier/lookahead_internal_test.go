package frontier

import (
	"testing"

	"github.com/gokkos/gokkos/views"
)

// TestLookaheadStaysInBounds walks windows of a queue whose entries include vertices that are
// negative, past the offsets, or whose offsets point past the adjacency, with keys, done marks
// and an edge view shorter than the arrays they shadow, and asks for spans of edges that lie
// partly or wholly outside the adjacency: priming, fetching and asking for entries and spans
// must skip what they cannot address rather than index out of range (a lookahead only asks
// for lines, so it has nothing else to get right).
func TestLookaheadStaysInBounds(t *testing.T) {
	// Vertex 3's offsets run past the adjacency's 6 edges; vertex 5 has no end offset.
	off := views.Wrap1D("off", []int64{0, 2, 4, 9, 9, 6})
	adj := []int32{1, 2, 3, 0, 1, 2}
	weights := views.Wrap1D("w", []uint32{1, 2, 3})
	queue := views.Wrap1D("queue", []int32{0, -1, 7, 3, 5, 1, 2, 4, 0, 1, 2, 3, 4, 5, -2, 1, 0, 2, 1, 0, 3, 3, 5, 4, 1, 0, 2})
	n := queue.Len()
	tests := []struct {
		name        string
		first, last int
	}{
		{"whole queue", 0, n},
		{"one slot", 5, 6},
		{"shorter than the edges' distance", 3, 3 + lookEdges - 1},
		{"ending at the queue's end", n - lookOffsets - 2, n},
		{"empty", 9, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := newLookahead(Worklist{Size: n, Queue: queue}, off, adj, 0, n, weightOp{W: weights})
			if l.queue == nil {
				t.Fatal("no lookahead over a queue worklist")
			}
			l.keys, l.done = []uint32{0, 0, 0}, []uint32{0, 0, 0, 0}
			l.window(tt.first, tt.last)
			for s := tt.first; s < tt.last; s++ {
				l.fetch(s)
				l.entry(s)
			}
			for _, sp := range [][2]int64{{0, 2}, {4, 9}, {9, 6}, {-1, 3}, {5, 100}, {6, 6}, {2, 3}} {
				l.span(sp[0], sp[1])
			}
		})
	}
	t.Run("bitmap worklist", func(t *testing.T) {
		l := newLookahead(Worklist{Bitmap: true, Size: n}, off, adj, 0, n, weightOp{W: weights})
		if l.queue != nil {
			t.Fatal("a lookahead over a bitmap worklist")
		}
		l.window(0, n)
		l.fetch(0)
		l.entry(0)
		l.span(0, 2)
	})
}

// weightOp is an edge operator with an edge view, for the lookahead's test.
type weightOp struct{ W views.View1D[uint32] }

func (o weightOp) Visit(u, v int32, e int64) bool { return false }

func (o weightOp) EdgeView() any { return o.W }

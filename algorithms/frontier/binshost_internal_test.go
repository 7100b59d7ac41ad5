package frontier

import (
	"sync"
	"testing"
)

// TestHubShare checks the share of a binned step's hubs: its thresholds, that concurrent
// members fill it up to its capacity and no further (the rest is theirs to expand), and that
// clearing it empties it and resets the pieces taken.
func TestHubShare(t *testing.T) {
	thresholds := []struct {
		name              string
		in                int
		wantNil           bool
		wantEdges, wantPc int64
	}{
		{"default", 0, false, hubEdges, hubEdges / 4},
		{"off", -1, true, 0, 0},
		{"one edge", 1, false, 1, 1},
		{"forty", 40, false, 40, 10},
	}
	for _, tc := range thresholds {
		t.Run(tc.name, func(t *testing.T) {
			h := newHubShare(tc.in)
			if (h == nil) != tc.wantNil {
				t.Fatalf("newHubShare(%d) = %v, want nil %v", tc.in, h, tc.wantNil)
			}
			if h != nil && (h.edges != tc.wantEdges || h.piece != tc.wantPc) {
				t.Errorf("newHubShare(%d): edges %d, piece %d; want %d, %d", tc.in, h.edges, h.piece, tc.wantEdges, tc.wantPc)
			}
		})
	}
	t.Run("nil share takes none", func(t *testing.T) {
		var h *hubShare
		if h.leave(3) {
			t.Error("a nil share took a hub")
		}
	})
	t.Run("fills to capacity", func(t *testing.T) {
		h := newHubShare(0)
		const members, each = 8, 50 // 400 offers for 256 slots
		var wg sync.WaitGroup
		took := make([]int, members)
		for m := range members {
			wg.Go(func() {
				for i := range each {
					if h.leave(int32(m*each + i)) {
						took[m]++
					}
				}
			})
		}
		wg.Wait()
		total := 0
		for _, n := range took {
			total += n
		}
		if total != maxHubs || h.n.Load() != maxHubs {
			t.Fatalf("took %d hubs, count %d; want %d", total, h.n.Load(), maxHubs)
		}
		seen := map[int32]bool{}
		for _, u := range h.hubs {
			if seen[u] {
				t.Fatalf("hub %d recorded twice", u)
			}
			seen[u] = true
		}
		h.taken[0].Add(3)
		h.clear()
		if h.n.Load() != 0 || h.taken[0].Load() != 0 {
			t.Fatalf("after clear: count %d, pieces taken of the first %d", h.n.Load(), h.taken[0].Load())
		}
		if !h.leave(7) || h.hubs[0] != 7 {
			t.Fatal("a cleared share did not take a hub in its first slot")
		}
	})
}

package frontier

import "testing"

func TestFloorPow2(t *testing.T) {
	for _, c := range []struct{ n, want int }{{-3, 1}, {0, 1}, {1, 1}, {2, 2}, {3, 2}, {15, 8}, {16, 16}, {17, 16}, {1<<40 + 5, 1 << 40}} {
		if got := floorPow2(c.n); got != c.want {
			t.Errorf("floorPow2(%d) = %d, want %d", c.n, got, c.want)
		}
	}
}

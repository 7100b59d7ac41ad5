package gokkosimpl

import "testing"

func TestFirstSet(t *testing.T) {
	bits := []uint32{1 << 3, 0, 1<<31 | 1<<1}
	cases := []struct {
		name string
		row  []int32
		want int
	}{
		{"empty", nil, -1},
		{"none set", []int32{0, 1, 2, 32, 63, 64}, -1},
		{"first", []int32{3, 0}, 0},
		{"later word", []int32{5, 40, 65}, 2},
		{"top bit", []int32{1, 95, 3}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := FirstSet(c.row, bits); got != c.want {
				t.Errorf("FirstSet(%v) = %d, want %d", c.row, got, c.want)
			}
		})
	}
	t.Run("out of range panics", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("no panic for a source beyond the bitmap")
			}
		}()
		FirstSet([]int32{96}, bits)
	})
}

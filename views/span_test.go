package views_test

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/internal/fakedev"
	"github.com/gokkos/gokkos/views"
)

func TestSpan(t *testing.T) {
	data := []int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	v := views.Wrap1D("v", data)
	m := views.New2D[int64]("m", 4, 3, views.LayoutRight)
	dev, err := views.Alloc1D[int64](fakedev.New("Fake", 1<<10), "dev", 10)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		v      views.View1D[int64]
		lo, hi int
		want   string // "nil" when Span must return nil
	}{
		{"whole", v, 0, 10, "[0 1 2 3 4 5 6 7 8 9]"},
		{"middle", v, 3, 6, "[3 4 5]"},
		{"of a subview", v.Sub(2, 8), 1, 4, "[3 4 5]"},
		{"a row is contiguous", m.Row(1), 0, 3, "[0 0 0]"},
		{"a column is not", m.Col(1), 0, 4, "nil"},
		{"empty", v, 4, 4, "nil"},
		{"reversed", v, 5, 4, "nil"},
		{"negative start", v, -1, 3, "nil"},
		{"past the end", v, 8, 11, "nil"},
		{"past the end of a subview", v.Sub(2, 8), 0, 7, "nil"},
		{"device view", dev, 0, 10, "nil"},
		{"zero view", views.View1D[int64]{}, 0, 1, "nil"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.v.Span(tc.lo, tc.hi)
			got := "nil"
			if s != nil {
				got = fmt.Sprint(s)
			}
			if got != tc.want {
				t.Errorf("Span(%d, %d) = %s, want %s", tc.lo, tc.hi, got, tc.want)
			}
		})
	}
	// The slice shares the view's memory.
	v.Span(4, 6)[1] = 50
	if v.At(5) != 50 || data[5] != 50 {
		t.Errorf("a store through the span is not seen by the view: %d", v.At(5))
	}
}

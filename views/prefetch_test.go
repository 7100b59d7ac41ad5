package views_test

import (
	"math"
	"testing"

	"github.com/gokkos/gokkos/internal/fakedev"
	"github.com/gokkos/gokkos/views"
)

// TestPrefetch asks for elements in and out of range of host, strided, two-dimensional,
// device and zero views: no call panics, and every host element reads as before.
func TestPrefetch(t *testing.T) {
	mem := fakedev.New("Fake", 1<<20)
	dev, err := views.Alloc1D[int64](mem, "dev", 64)
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Free()
	idx := []int{-1, 0, 1, 31, 63, 64, 1 << 40, math.MinInt}
	for _, tc := range []struct {
		name string
		v    views.View1D[int64]
	}{
		{"host", views.New1D[int64]("h", 64)},
		{"column", views.New2D[int64]("c", 8, 8, views.LayoutRight).Col(3)},
		{"sub", views.New1D[int64]("s", 64).Sub(10, 20)},
		{"device", dev},
		{"zero", views.View1D[int64]{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			host := tc.v.Space() == views.HostSpace
			if host {
				for i := range tc.v.Len() {
					tc.v.Set(i, int64(3*i+1))
				}
			}
			for _, i := range idx {
				tc.v.Prefetch(i)
			}
			if host {
				for i := range tc.v.Len() {
					if got := tc.v.At(i); got != int64(3*i+1) {
						t.Fatalf("element %d = %d after prefetches, want %d", i, got, 3*i+1)
					}
				}
			}
		})
	}
	for _, layout := range []views.Layout{views.LayoutRight, views.LayoutLeft} {
		w := views.New2D[float32]("w", 5, 7, layout)
		w.Set(4, 6, 2.5)
		for _, i := range idx {
			for _, j := range idx {
				w.Prefetch(i, j)
			}
		}
		if w.At(4, 6) != 2.5 || w.At(0, 0) != 0 {
			t.Fatalf("layout %v: elements changed by prefetches", layout)
		}
	}
}

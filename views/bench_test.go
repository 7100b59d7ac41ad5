package views

import "testing"

// The element accessors run in kernels' inner loops: these benchmarks watch their cost (a
// bounds check and a load or store).

var sink float64

func BenchmarkAt1D(b *testing.B) {
	x := New1D[float64]("x", 4096)
	for b.Loop() {
		s := 0.0
		for i := range 4096 {
			s += x.At(i)
		}
		sink = s
	}
}

func BenchmarkTriad1D(b *testing.B) {
	x, y, z := New1D[float64]("x", 4096), New1D[float64]("y", 4096), New1D[float64]("z", 4096)
	for b.Loop() {
		for i := range 4096 {
			z.Set(i, x.At(i)+2*y.At(i))
		}
	}
}

func BenchmarkAt2D(b *testing.B) {
	x := New2D[float64]("x", 64, 64, LayoutRight)
	for b.Loop() {
		s := 0.0
		for i := range 64 {
			for j := range 64 {
				s += x.At(i, j)
			}
		}
		sink = s
	}
}

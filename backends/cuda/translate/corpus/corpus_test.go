package corpus

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/gokkos/gokkos/views"
)

const n = 203

func cases() []tcase {
	return []tcase{
		{name: "corpus.Axpy", make: func(r *rand.Rand) any {
			return Axpy{A: 1.5, X: f64s(r, n, -1, 1), Y: f64s(r, n, -1, 1)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.IntArith", make: func(r *rand.Rand) any {
			a := ints[int32](r, n, math.MinInt32, math.MaxInt32)
			b := ints[int32](r, n, -1000, 1000)
			a.Set(0, math.MinInt32)
			b.Set(0, -1)
			b.Set(1, 0)
			return IntArith{A: a, B: b, Out: views.New2D[int32]("out", 8, n, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Wrap", make: func(r *rand.Rand) any {
			return Wrap{X: bitsView(r, n), U8: views.New1D[uint8]("", n), I8: views.New1D[int8]("", n),
				U16: views.New1D[uint16]("", n), I16: views.New1D[int16]("", n), U32: views.New1D[uint32]("", n), I64: views.New1D[int64]("", n)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Shifts", make: func(r *rand.Rand) any {
			return Shifts{X: ints[int64](r, n, math.MinInt64, math.MaxInt64), Count: ints[uint8](r, n, 0, 255),
				Out: views.New2D[int64]("out", n, 9, views.LayoutLeft)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Compare", make: func(r *rand.Rand) any {
			f, g := f64s(r, n, -3, 3), f64s(r, n, -3, 3)
			f.Set(0, math.NaN())
			g.Set(1, math.NaN())
			for i := 2; i < n; i += 5 {
				g.Set(i, math.Round(f.At(i)))
				f.Set(i, math.Round(f.At(i)))
			}
			return Compare{A: ints[int64](r, n, -3, 3), B: ints[int64](r, n, -3, 3), F: f, G: g,
				Out: views.New2D[uint8]("out", n, 4, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Convert", make: func(r *rand.Rand) any {
			return Convert{X: ints[int64](r, n, math.MinInt64, math.MaxInt64), F: f64s(r, n, -100000, 100000),
				I: views.New2D[int64]("i", n, 10, views.LayoutRight), Out: views.New2D[float64]("out", n, 7, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Float32Ops", make: func(r *rand.Rand) any {
			return Float32Ops{A: f32s(r, n, -10, 10), B: f32s(r, n, -10, 10), S: 0.75,
				Out: views.New2D[float32]("out", n, 7, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
	}
}

func TestCorpus(t *testing.T) {
	ks := translated(t)
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) { runCase(t, ks, c) })
	}
}

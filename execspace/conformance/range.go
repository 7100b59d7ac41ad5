package conformance

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// fillAffine stores A*i+B at index i-Off.
//
//gokkos:kernel
type fillAffine struct {
	A, B, Off int64
	Out       views.View1D[int64]
}

func (k fillAffine) Run(i int) { k.Out.Set(i-int(k.Off), k.A*int64(i)+k.B) }

// countVisits adds one to Hits[i] for each call with index i.
//
//gokkos:kernel
type countVisits struct {
	Hits views.View1D[int32]
}

func (k countVisits) Run(i int) { k.Hits.AtomicAdd(i, 1) }

// axpy is the classic y = a*x + y.
//
//gokkos:kernel
type axpy struct {
	A    float64
	X, Y views.View1D[float64]
}

func (k axpy) Run(i int) { k.Y.Set(i, k.A*k.X.At(i)+k.Y.At(i)) }

func testRange(t *testing.T, s execspace.Space) {
	policies := []struct {
		name string
		p    func(b, e int) portable.RangePolicy
	}{
		{"static", portable.Range},
		{"static-chunk", func(b, e int) portable.RangePolicy { return portable.Range(b, e).WithChunk(13) }},
		{"dynamic", func(b, e int) portable.RangePolicy { return portable.Range(b, e).WithSchedule(portable.Dynamic) }},
		{"dynamic-chunk", func(b, e int) portable.RangePolicy {
			return portable.Range(b, e).WithSchedule(portable.Dynamic).WithChunk(100)
		}},
	}
	for _, pol := range policies {
		for _, n := range sizes {
			t.Run(fmt.Sprintf("%s/n=%d", pol.name, n), func(t *testing.T) {
				hits := alloc[int32](t, s, "hits", n)
				must(t, portable.ParallelFor(s, "conformance countVisits", pol.p(0, n), countVisits{hits}))
				for i, h := range download(t, s, hits) {
					if h != 1 {
						t.Fatalf("index %d visited %d times, want once", i, h)
					}
				}
				const off = 5
				out := alloc[int64](t, s, "affine", n)
				must(t, portable.ParallelFor(s, "conformance fillAffine", pol.p(off, n+off), fillAffine{A: 3, B: -7, Off: off, Out: out}))
				for j, v := range download(t, s, out) {
					if want := 3*int64(j+off) - 7; v != want {
						t.Fatalf("out[%d] = %d, want %d", j, v, want)
					}
				}
			})
		}
	}
	t.Run("axpy", func(t *testing.T) {
		n := 4099
		xs, ys := make([]float64, n), make([]float64, n)
		for i := range xs {
			xs[i], ys[i] = float64(i)*0.5, float64(n-i)
		}
		x, y := upload(t, s, "x", xs), upload(t, s, "y", ys)
		must(t, portable.ParallelFor(s, "conformance axpy", portable.Range(0, n), axpy{A: 2, X: x, Y: y}))
		for i, v := range download(t, s, y) {
			if want := 2*xs[i] + ys[i]; v != want {
				t.Fatalf("y[%d] = %v, want %v", i, v, want)
			}
		}
	})
}

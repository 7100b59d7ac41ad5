package corpus

import "github.com/gokkos/gokkos/views"

// Axpy computes Y = A*X + Y.
//
//gokkos:kernel
type Axpy struct {
	A    float64
	X, Y views.View1D[float64]
}

// Run updates element i.
func (k Axpy) Run(i int) { k.Y.Set(i, k.A*k.X.At(i)+k.Y.At(i)) }

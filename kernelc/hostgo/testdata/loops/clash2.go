package loops

import (
	m "math"

	"github.com/gokkos/gokkos/views"
)

// clashB names math m.
//
//gokkos:kernel
type clashB struct{ X views.View1D[float64] }

func (k clashB) Run(i int) { k.X.Set(i, m.Abs(k.X.At(i))) }

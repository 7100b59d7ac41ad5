package loops

import (
	. "math"

	"github.com/gokkos/gokkos/views"
)

// dotted calls Sqrt through a dot import.
//
//gokkos:kernel
type dotted struct{ X views.View1D[float64] }

func (k dotted) Run(i int) { k.X.Set(i, Sqrt(k.X.At(i))) }

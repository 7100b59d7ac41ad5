package loops

import (
	m "math/bits"

	"github.com/gokkos/gokkos/views"
)

// clashA names math/bits m.
//
//gokkos:kernel
type clashA struct{ X views.View1D[uint32] }

func (k clashA) Run(i int) { k.X.Set(i, uint32(m.OnesCount32(k.X.At(i)))) }

package loops

import "github.com/gokkos/gokkos/views"

// zblank leaves blank a type parameter that another one's constraint mentions: its loop would
// not compile, and is left out.
//
//gokkos:kernel
type zblank[A num, B interface{ ~[2]A }] struct {
	X views.View1D[A]
}

func (k zblank[_, B]) Run(i int) { k.X.Set(i, k.X.At(i)+1) }

var _ = zblank[float64, [2]float64]{}

// Package source has kernels whose source pieces kernelc's tests check.
package source

import (
	"github.com/gokkos/gokkos/kernelc/corpus"
	"github.com/gokkos/gokkos/views"
)

// scale uses a helper, a constant, a type and a method of its package.
//
//gokkos:kernel
type scale struct {
	P pair
	X views.View1D[float64]
}

func (k scale) Run(i int) { k.X.Set(i, clamp(k.X.At(i)*k.P.sum())) }

// plain uses nothing else of its package.
//
//gokkos:kernel
type plain struct{ X views.View1D[float64] }

func (k plain) Run(i int) { k.X.Set(i, k.X.At(i)+1) }

// unused is called by no kernel.
func unused() float64 { return limit }

// myOp instantiates a kernel template of another package.
type myOp struct{ A float64 }

// Apply is inlined into corpus.Map[myOp].
func (o myOp) Apply(x float64) float64 { return o.A * x }

var _ = corpus.Map[myOp]{}

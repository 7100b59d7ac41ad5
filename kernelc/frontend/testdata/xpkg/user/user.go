// Package user instantiates the template with its own operator.
package user

import (
	"github.com/gokkos/gokkos/kernelc/frontend/testdata/xpkg/tmpl"
	"github.com/gokkos/gokkos/views"
)

type bump struct{ By int32 }

func (b bump) Visit(src, d int32) int32 { return d + b.By + src%2 }

// Stats is a reduce kernel with a custom reduction.
//
//gokkos:kernel
type Stats struct {
	X, Y views.View1D[float64]
	W    views.View1D[float64]
}

// Run accumulates.
func (k Stats) Run(i int, acc *float64) {
	k.W.Set(i, k.X.At(i))
	*acc += k.Y.At(i)
}

// Init sets the identity.
func (k Stats) Init(dst *float64) { *dst = 0 }

// Join adds.
func (k Stats) Join(dst *float64, src float64) { *dst += src }

// New returns the instantiated template.
func New(d views.View1D[int32]) tmpl.Frontier[bump] {
	return tmpl.Frontier[bump]{Op: bump{By: 2}, Dist: d}
}

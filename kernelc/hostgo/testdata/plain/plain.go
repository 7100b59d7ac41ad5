// Package plain has a kernel and imports neither portable nor execspace, which its generated
// file imports.
package plain

import "github.com/gokkos/gokkos/views"

// double doubles X.
//
//gokkos:kernel
type double struct{ X views.View1D[int32] }

func (k double) Run(i int) { k.X.Set(i, 2*k.X.At(i)) }

//go:build !gokkos_no_tagged

package loops

import "github.com/gokkos/gokkos/views"

// tagged is declared in a file with a build constraint.
//
//gokkos:kernel
type tagged struct{ X views.View1D[int64] }

func (k tagged) Run(i int) { k.X.Set(i, 1) }

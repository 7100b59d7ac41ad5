// Package bad has kernels outside the kernel subset.
package bad

import "github.com/gokkos/gokkos/views"

// Bad allocates and uses a map.
//
//gokkos:kernel
type Bad struct{ X views.View1D[int32] }

// Run is not translatable.
func (k Bad) Run(i int) {
	s := make([]int32, 4)
	_ = s
	m := map[int]int{}
	_ = m
}

// Package tmpl is an algorithm template: a generic kernel instantiated by other packages.
package tmpl

import "github.com/gokkos/gokkos/views"

// EdgeOp is the operator the template applies to each edge.
type EdgeOp interface {
	Visit(src, dst int32) int32
}

// Frontier applies Op to every edge (v, v+1) of a path.
//
//gokkos:kernel
type Frontier[Op EdgeOp] struct {
	Op   Op
	Dist views.View1D[int32]
}

// Run visits vertex v.
func (k Frontier[Op]) Run(v int) {
	if v+1 < k.Dist.Len() {
		k.Dist.Set(v+1, k.Op.Visit(int32(v), k.Dist.At(v)))
	}
}

// Gather applies Op to every vertex, with a scratch slice.
//
//gokkos:kernel
type Gather[Op EdgeOp] struct {
	Op   Op
	Dist views.View1D[int32]
}

// Run visits vertex v.
func (k Gather[Op]) Run(v int) {
	buf := make([]int32, 2)
	_ = buf
	k.Dist.Set(v, k.Op.Visit(int32(v), last(k.Dist)))
}

// last reads the last element of d, through a slice.
func last(d views.View1D[int32]) int32 {
	s := []int32{d.At(d.Len() - 1)}
	return s[0]
}

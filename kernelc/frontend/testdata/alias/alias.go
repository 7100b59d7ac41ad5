// Package alias uses pointers the way the kernel subset allows: aliases of the reduction
// accumulator, pointer parameters and results bound to it, and pointer receivers.
package alias

import "github.com/gokkos/gokkos/views"

type counter struct{ n float64 }

func (c *counter) bump(by float64) { c.n += by }

type holder struct {
	p *float64
	n int
}

// add adds x to *dst.
func add(dst *float64, x float64) { *dst += x }

// pick returns its argument.
func pick(a *float64) *float64 { return a }

// Sum adds X[i]+10 for every i, through aliases of the accumulator.
//
//gokkos:kernel
type Sum struct{ X views.View1D[float64] }

// Run adds index i's contribution.
func (k Sum) Run(i int, acc *float64) {
	q := acc
	*q += k.X.At(i)
	add(q, 1)
	*pick(acc) += 2
	var c counter
	c.bump(3)
	*acc += c.n
	h := holder{p: acc, n: 1}
	h = holder{p: h.p, n: h.n + 1} // the same target: allowed
	*h.p += 4 - float64(h.n) + 2
	q = acc // the same target: allowed
}

// Package benchkernels holds the kernels of gokkos' own benchmarks (launch overhead, STREAM
// triad, reduction, scan), in a non-test package so that go generate translates them and the
// same kernels are measured on every execution space.
package benchkernels

//go:generate go tool gokkos-gen

import "github.com/gokkos/gokkos/views"

// Empty does nothing: launching it measures launch overhead.
//
//gokkos:kernel
type Empty struct{}

// Run does nothing.
func (Empty) Run(i int) {}

// EmptyReduce contributes nothing to a sum.
//
//gokkos:kernel
type EmptyReduce struct{}

// Run does nothing.
func (EmptyReduce) Run(i int, acc *int64) {}

// Triad is the STREAM triad Z = X + A*Y: 24 bytes of memory traffic per index.
//
//gokkos:kernel
type Triad struct {
	A       float64
	X, Y, Z views.View1D[float64]
}

// Run computes one element.
func (k Triad) Run(i int) { k.Z.Set(i, k.X.At(i)+k.A*k.Y.At(i)) }

// Sum adds the elements of X: 8 bytes read per index.
//
//gokkos:kernel
type Sum struct{ X views.View1D[int64] }

// Run adds element i.
func (k Sum) Run(i int, acc *int64) { *acc += k.X.At(i) }

// Scan writes the exclusive prefix sums of In to Out: 16 bytes of traffic per index in one
// pass (two-pass scans read In twice).
//
//gokkos:kernel
type Scan struct{ In, Out views.View1D[int64] }

// Run adds element i and, in the final pass, stores its prefix.
func (k Scan) Run(i int, acc *int64, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += k.In.At(i)
}

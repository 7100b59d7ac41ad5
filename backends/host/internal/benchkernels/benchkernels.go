// Package benchkernels holds the kernels of the host space's benchmarks. They live outside the
// test files so that gokkos-gen, which does not load tests, generates their host loops; the
// benchmarks compare them with the same kernels declared in the test files, which run through
// the per-index path.
package benchkernels

//go:generate go run github.com/gokkos/gokkos/cmd/gokkos-gen

import "github.com/gokkos/gokkos/views"

// Triad is the STREAM triad Z = X + A·Y.
//
//gokkos:kernel
type Triad struct {
	A       float64
	X, Y, Z views.View1D[float64]
}

// Run computes element i.
func (k Triad) Run(i int) { k.Z.Set(i, k.X.At(i)+k.A*k.Y.At(i)) }

// Scan stores the exclusive prefix sums of In in Out.
//
//gokkos:kernel
type Scan struct{ In, Out views.View1D[int64] }

// Run is the scan body.
func (k Scan) Run(i int, acc *int64, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += k.In.At(i)
}

// Package conformance is the test suite that every gokkos execution space must pass, modelled on
// Kokkos' own unit tests: views and deep copies, range and team ParallelFor, every reducer,
// scans, team reductions and scans, scratch memory, atomics, and the error paths. A backend's
// tests call Run with an open space:
//
//	func TestConformance(t *testing.T) {
//		s, err := host.New(execspace.Config{})
//		...
//		conformance.Run(t, s)
//	}
//
// The suite's kernels are ordinary gokkos kernels (this package is translated by go generate),
// so it runs unchanged on device spaces.
package conformance

//go:generate go tool gokkos-gen

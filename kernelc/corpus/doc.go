// Package corpus is a collection of gokkos kernels that together use every construct of the
// kernel subset of Go. Its tests run each kernel natively and through the translator's IR
// interpreter on random inputs and compare the results; the PTX back end's tests compile them.
package corpus

//go:generate go tool gokkos-gen

// Package ptx is the back end of the gokkos kernel translator: it lowers a verified IR kernel
// (package ir) to PTX text for the CUDA backend, following the device ABI of
// execspace/abi. Compile returns the module text and the KernelSpec fields the generator
// needs. The package is pure Go; README.md in this directory describes the API, the code each
// kernel form gets, and the accuracy of the math library.
package ptx

// Package execspace defines gokkos' execution spaces: the Space interface that every backend
// implements, the registry in which backends register themselves, Default (the best available
// space, overridable from the environment), the machine description used by the configuration
// printout, and the contract between generated device kernels and device backends (KernelSpec,
// Launch).
//
// Backends live in backends/host (a goroutine pool, always available), backends/cuda (NVIDIA
// GPUs, build tag cuda) and backends/sim (a simulated GPU for tests, always available, chosen only
// by name). A program links them in by importing github.com/gokkos/gokkos/backends.
package execspace

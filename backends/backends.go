// Package backends links gokkos' execution spaces into a program: import it for its side effect,
//
//	import _ "github.com/gokkos/gokkos/backends"
//
// and execspace.Default (and a nil space in portable's patterns) finds them. The host space and
// the simulated device (backends/sim, selected only by GOKKOS_SPACE=sim or execspace.Open) are
// always linked; the CUDA space is linked when the program is built with -tags cuda.
package backends

import (
	_ "github.com/gokkos/gokkos/backends/host"
	_ "github.com/gokkos/gokkos/backends/sim"
)

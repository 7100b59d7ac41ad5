//go:build cuda

package backends

import _ "github.com/gokkos/gokkos/backends/cuda"

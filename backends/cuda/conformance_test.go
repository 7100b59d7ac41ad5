//go:build cuda

package cuda

import (
	"testing"

	"github.com/gokkos/gokkos/execspace/conformance"
)

// TestConformance runs the suite every execution space passes, with the kernels that go generate
// translated from execspace/conformance, on the GPU.
func TestConformance(t *testing.T) {
	conformance.Run(t, space(t))
}

//go:build cuda

package corpus

import (
	"testing"

	"github.com/gokkos/gokkos/backends/cuda"
	"github.com/gokkos/gokkos/execspace"
)

// TestGPU runs every corpus kernel natively on the host and as generated PTX on the GPU, with the
// launch shapes of the interpreter tests, and compares every output view and result.
func TestGPU(t *testing.T) {
	s, err := cuda.New(execspace.Config{})
	if err != nil {
		t.Skipf("no usable CUDA device: %v", err)
	}
	testDevice(t, s, "GPU")
}

package sim_test

import (
	"testing"

	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/conformance"
)

// TestConformance runs the suite every execution space passes, with the kernels that go generate
// translated from execspace/conformance, on the simulated device.
func TestConformance(t *testing.T) {
	s, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	conformance.Run(t, s)
}

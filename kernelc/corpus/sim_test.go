package corpus

import (
	"testing"

	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
)

// TestSim runs every corpus kernel natively on the host and as generated PTX on the simulated
// device, with the launch shapes of the interpreter tests, and compares every output view and
// result.
func TestSim(t *testing.T) {
	s, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	testDevice(t, s, "sim")
}

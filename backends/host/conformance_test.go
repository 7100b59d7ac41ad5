package host_test

import (
	"testing"

	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/conformance"
)

func TestConformance(t *testing.T) {
	for _, cfg := range []execspace.Config{{}, {NumThreads: 1}, {NumThreads: 3}, {NumThreads: 4, Pin: true}} {
		s, err := host.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(s.Config()[:len("workers: N")], func(t *testing.T) { conformance.Run(t, s) })
		s.Close()
	}
}

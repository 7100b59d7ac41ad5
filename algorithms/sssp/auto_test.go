package sssp_test

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	"github.com/gokkos/gokkos/algorithms/sssp"
	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
)

// TestAutoMethod checks Auto's choice and its distances: on the simulated device, Bellman-Ford
// for a uniform random graph (small diameter) and delta-stepping for a grid (its searches
// reach 64 levels) or when Delta is set; on the host, delta-stepping without a probe.
func TestAutoMethod(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates the kernels")
	}
	dev, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	cpu, err := host.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer cpu.Close()
	uniform := graph.Uniform(1024, 8*1024, 7)
	graph.AddRandomWeights(uniform, 1, 255, true, 8)
	grid := graph.Grid(90, 90, 9)
	graph.AddRandomWeights(grid, 1, 255, true, 10)
	for _, tc := range []struct {
		name   string
		space  execspace.Space
		el     *graph.EdgeList
		opt    sssp.Options
		want   sssp.Method
		probed bool
	}{
		{"sim/uniform", dev, uniform, sssp.Options{}, sssp.BellmanFord, true},
		{"sim/grid", dev, grid, sssp.Options{}, sssp.DeltaStepping, true},
		{"sim/uniform/delta-set", dev, uniform, sssp.Options{Delta: 64}, sssp.DeltaStepping, false},
		{"host/uniform", cpu, uniform, sssp.Options{}, sssp.DeltaStepping, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			csr, err := graph.Build(tc.el, graph.BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			g, err := dgraph.New(tc.space, csr)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Free()
			s, err := sssp.New(g, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Free()
			b, probed := s.Probe()
			if s.Method() != tc.want || probed != tc.probed {
				t.Fatalf("Auto chose %v (probe %+v, ran %v); want %v, probe ran %v", s.Method(), b, probed, tc.want, tc.probed)
			}
			st, err := s.Run(0)
			if err != nil {
				t.Fatal(err)
			}
			if st.Method != tc.want {
				t.Fatalf("Stats.Method %v, want %v", st.Method, tc.want)
			}
			got, err := s.Dist()
			if err != nil {
				t.Fatal(err)
			}
			if err := equalDist(got, ref.Dijkstra(csr, 0)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

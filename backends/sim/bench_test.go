package sim_test

import (
	"testing"

	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/internal/benchkernels"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// BenchmarkLaunch measures the cost of launching an empty kernel over one block's worth of
// indices: the simulator's fixed cost per launch.
func BenchmarkLaunch(b *testing.B) {
	s := newSpace(b)
	_, inst0 := s.Stats()
	for b.Loop() {
		if err := portable.ParallelFor(s, "empty", portable.Range(0, 256), benchkernels.Empty{}); err != nil {
			b.Fatal(err)
		}
	}
	reportRate(b, s, inst0)
}

// BenchmarkTriad measures the simulator's speed on the STREAM triad, per element.
func BenchmarkTriad(b *testing.B) {
	s := newSpace(b)
	const n = 1 << 16
	var v [3]views.View1D[float64]
	for i := range v {
		var err error
		if v[i], err = views.Alloc1D[float64](s.Memory(), "triad", n); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(v[i].Free)
	}
	_, inst0 := s.Stats()
	for b.Loop() {
		if err := portable.ParallelFor(s, "triad", portable.Range(0, n), benchkernels.Triad{A: 2, X: v[0], Y: v[1], Z: v[2]}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/element")
	reportRate(b, s, inst0)
}

// reportRate reports the simulated instructions per second of s since the benchmark's first
// Loop, given the instruction count inst0 before it.
func reportRate(b *testing.B, s *sim.Space, inst0 int64) {
	_, inst := s.Stats()
	b.ReportMetric(float64(inst-inst0)/b.Elapsed().Seconds()/1e6, "Minst/s")
}

//go:build cuda

package cuda

import (
	"testing"

	"github.com/gokkos/gokkos/internal/benchkernels"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// benchElems is the element count of the portable benchmarks: 2^28 (2 GiB of int64 or float64
// per array), far beyond the L2 cache.
const benchElems = 1 << 28

func alloc64[T int64 | float64](b *testing.B, s *Space, label string, n int, fill T) views.View1D[T] {
	b.Helper()
	v, err := views.Alloc1D[T](s.Memory(), label, n)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(v.Free)
	if err := v.Fill(fill); err != nil {
		b.Fatal(err)
	}
	return v
}

// BenchmarkPortable measures patterns launched through portable with kernels generated from Go
// (internal/benchkernels): launch overhead, the STREAM triad against a device-to-device copy of
// the same bytes in the same run, and a reduction and a scan of 2^28 int64.
func BenchmarkPortable(b *testing.B) {
	s := space(b)
	b.Run("launch-async", func(b *testing.B) {
		portable.ParallelFor(s, "empty", portable.Range(0, 1), benchkernels.Empty{})
		s.Fence("warm")
		for b.Loop() {
			if err := portable.ParallelFor(s, "empty", portable.Range(0, 1), benchkernels.Empty{}); err != nil {
				b.Fatal(err)
			}
		}
		s.Fence("bench")
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/launch")
	})
	b.Run("launch-fenced", func(b *testing.B) {
		for b.Loop() {
			portable.ParallelFor(s, "empty", portable.Range(0, 1), benchkernels.Empty{})
			if err := s.Fence("bench"); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/launch")
	})
	b.Run("launch-reduce", func(b *testing.B) {
		var out int64
		// The first launch JIT-compiles the module; keep it out of the timing.
		portable.ParallelReduce(s, "empty reduce", portable.Range(0, 1), benchkernels.EmptyReduce{}, portable.Sum(&out))
		for b.Loop() {
			if err := portable.ParallelReduce(s, "empty reduce", portable.Range(0, 1), benchkernels.EmptyReduce{}, portable.Sum(&out)); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/launch")
	})
	n := benchElems / 2 // three float64 arrays of 1 GiB
	x, y, z := alloc64(b, s, "x", n, 1.0), alloc64(b, s, "y", n, 2.0), alloc64(b, s, "z", n, 0.0)
	b.Run("copy-d2d", func(b *testing.B) {
		views.DeepCopy(z, x)
		s.Fence("warm")
		for b.Loop() {
			if err := views.DeepCopy(z, x); err != nil {
				b.Fatal(err)
			}
			if err := s.Fence("bench"); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(16*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	})
	b.Run("triad", func(b *testing.B) {
		k := benchkernels.Triad{A: 3, X: x, Y: y, Z: z}
		portable.ParallelFor(s, "triad", portable.Range(0, n), k)
		s.Fence("warm")
		for b.Loop() {
			if err := portable.ParallelFor(s, "triad", portable.Range(0, n), k); err != nil {
				b.Fatal(err)
			}
			if err := s.Fence("bench"); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(24*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	})
	x.Free()
	y.Free()
	z.Free()
	in, out := alloc64(b, s, "in", benchElems, int64(1)), alloc64(b, s, "out", benchElems, int64(0))
	b.Run("reduce-2^28", func(b *testing.B) {
		var sum int64
		portable.ParallelReduce(s, "sum", portable.Range(0, benchElems), benchkernels.Sum{X: in}, portable.Sum(&sum))
		for b.Loop() {
			if err := portable.ParallelReduce(s, "sum", portable.Range(0, benchElems), benchkernels.Sum{X: in}, portable.Sum(&sum)); err != nil {
				b.Fatal(err)
			}
		}
		if sum != benchElems {
			b.Fatalf("sum %d, want %d", sum, benchElems)
		}
		b.ReportMetric(8*float64(benchElems)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	})
	b.Run("scan-2^28", func(b *testing.B) {
		var total int64
		portable.ParallelScan(s, "scan", portable.Range(0, benchElems), benchkernels.Scan{In: in, Out: out}, &total)
		for b.Loop() {
			if err := portable.ParallelScan(s, "scan", portable.Range(0, benchElems), benchkernels.Scan{In: in, Out: out}, &total); err != nil {
				b.Fatal(err)
			}
		}
		if total != benchElems {
			b.Fatalf("total %d, want %d", total, benchElems)
		}
		// Bytes a one-pass scan must move: read In, write Out.
		b.ReportMetric(16*float64(benchElems)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	})
}

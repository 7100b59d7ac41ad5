package host_test

import (
	"runtime"
	"sync"
	"testing"

	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/benchkernels"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

type empty struct{}

func (empty) Run(i int) {}

type emptyReduce struct{}

func (emptyReduce) Run(i int, acc *int64) {}

// triad and scanK are benchkernels.Triad and benchkernels.Scan declared in a test file, which
// gokkos-gen does not load: they have no generated host loop and run through the per-index path.
type triad struct {
	A       float64
	X, Y, Z views.View1D[float64]
}

func (k triad) Run(i int) { k.Z.Set(i, k.X.At(i)+k.A*k.Y.At(i)) }

type scanK struct{ In, Out views.View1D[int64] }

func (k scanK) Run(i int, acc *int64, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += k.In.At(i)
}

func newSpace(b *testing.B) *host.Space {
	s, err := host.New(execspace.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkLaunchFor measures the launch overhead of an empty ParallelFor over as many indices as
// workers.
func BenchmarkLaunchFor(b *testing.B) {
	s := newSpace(b)
	n := s.Workers()
	for b.Loop() {
		portable.ParallelFor(s, "empty", portable.Range(0, n), empty{})
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "µs/launch")
}

// BenchmarkLaunchReduce measures the launch overhead of an empty ParallelReduce.
func BenchmarkLaunchReduce(b *testing.B) {
	s := newSpace(b)
	n := s.Workers()
	var out int64
	for b.Loop() {
		portable.ParallelReduce(s, "empty reduce", portable.Range(0, n), emptyReduce{}, portable.Sum(&out))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1000, "µs/launch")
}

const triadN = 1 << 24 // 3 × 128 MiB, far beyond any cache

func triadViews() (x, y, z views.View1D[float64]) {
	x, y, z = views.New1D[float64]("x", triadN), views.New1D[float64]("y", triadN), views.New1D[float64]("z", triadN)
	x.Fill(1)
	y.Fill(2)
	return
}

// BenchmarkTriadParallelFor is the STREAM triad z = x + a*y through ParallelFor, with the host
// loop gokkos-gen generated for benchkernels.Triad.
func BenchmarkTriadParallelFor(b *testing.B) {
	x, y, z := triadViews()
	benchTriad(b, benchkernels.Triad{A: 3, X: x, Y: y, Z: z})
}

// BenchmarkTriadParallelForMethod is the same triad through the per-index path: Run is called
// for each index.
func BenchmarkTriadParallelForMethod(b *testing.B) {
	x, y, z := triadViews()
	benchTriad(b, triad{3, x, y, z})
}

func benchTriad[K portable.RangeKernel](b *testing.B, k K) {
	s := newSpace(b)
	portable.ParallelFor(s, "triad", portable.Range(0, triadN), k)
	for b.Loop() {
		portable.ParallelFor(s, "triad", portable.Range(0, triadN), k)
	}
	b.ReportMetric(24*triadN*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/triadN, "ns/elem")
}

// BenchmarkTriadGoroutines is the same triad as a hand-written loop over slices, split across
// GOMAXPROCS goroutines per iteration: the baseline that ParallelFor is measured against.
func BenchmarkTriadGoroutines(b *testing.B) {
	x, y, z := triadViews()
	xs, ys, zs := x.Data(), y.Data(), z.Data()
	p := runtime.GOMAXPROCS(0)
	run := func() {
		var wg sync.WaitGroup
		for w := 0; w < p; w++ {
			lo, hi := triadN*w/p, triadN*(w+1)/p
			wg.Add(1)
			go func() {
				defer wg.Done()
				xs, ys, zs := xs[lo:hi], ys[lo:hi], zs[lo:hi]
				for i := range zs {
					zs[i] = xs[i] + 3*ys[i]
				}
			}()
		}
		wg.Wait()
	}
	run()
	for b.Loop() {
		run()
	}
	b.ReportMetric(24*triadN*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/triadN, "ns/elem")
}

const scanN = 1 << 26

// BenchmarkScanParallel is an exclusive prefix sum of 2^26 int64 through ParallelScan, with the
// host loop gokkos-gen generated for benchkernels.Scan.
func BenchmarkScanParallel(b *testing.B) {
	in, out := views.New1D[int64]("in", scanN), views.New1D[int64]("out", scanN)
	benchScan(b, in, benchkernels.Scan{In: in, Out: out})
}

// BenchmarkScanParallelMethod is the same prefix sum through the per-index path.
func BenchmarkScanParallelMethod(b *testing.B) {
	in, out := views.New1D[int64]("in", scanN), views.New1D[int64]("out", scanN)
	benchScan(b, in, scanK{in, out})
}

func benchScan[K portable.ScanKernel[int64]](b *testing.B, in views.View1D[int64], k K) {
	s := newSpace(b)
	in.Fill(1)
	var total int64
	for b.Loop() {
		portable.ParallelScan(s, "scan", portable.Range(0, scanN), k, &total)
	}
	if total != scanN {
		b.Fatalf("total %d", total)
	}
	// The two-pass scan reads the input twice and writes the output once.
	b.ReportMetric(24*scanN*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	b.ReportMetric(scanN*float64(b.N)/b.Elapsed().Seconds()/1e9, "Gelem/s")
}

// BenchmarkScanSerial is the same prefix sum as a serial loop over slices. The slices are the
// views' memory, so that both sides run on the same kind of pages (views.New1D asks the kernel
// for huge pages, which matter on virtual machines).
func BenchmarkScanSerial(b *testing.B) {
	in, out := views.New1D[int64]("in", scanN).Data(), views.New1D[int64]("out", scanN).Data()
	for i := range in {
		in[i] = 1
	}
	for b.Loop() {
		var acc int64
		for i, v := range in {
			out[i] = acc
			acc += v
		}
	}
	b.ReportMetric(16*scanN*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
	b.ReportMetric(scanN*float64(b.N)/b.Elapsed().Seconds()/1e9, "Gelem/s")
}

// BenchmarkFill clears a view of triadN float64 elements with portable.Fill: every worker
// writes a piece.
func BenchmarkFill(b *testing.B) {
	s := newSpace(b)
	x := views.New1D[float64]("x", triadN)
	for b.Loop() {
		if err := portable.Fill(s, "fill", x, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(8*triadN*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
}

// BenchmarkFillSerial clears the same view with views.View1D.Fill, on the calling goroutine:
// the baseline of BenchmarkFill.
func BenchmarkFillSerial(b *testing.B) {
	x := views.New1D[float64]("x", triadN)
	for b.Loop() {
		if err := x.Fill(1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(8*triadN*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
}

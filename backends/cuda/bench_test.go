//go:build cuda

package cuda

import (
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"gorgonia.org/cu"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/views"
)

// BenchmarkLaunch measures the cost of launching an empty range kernel: "async" is the host-side
// cost of enqueueing (the queue drains after the timed loop), "fenced" waits for each kernel
// (Launch + Fence), "reduce" is a whole reduction over 3 elements with its result copied back
// (Main, whose last block combines the partials, and the copy).
func BenchmarkLaunch(b *testing.B) {
	s := space(b)
	b.Run("async", func(b *testing.B) {
		l := &execspace.Launch{Label: "empty", Kernel: emptySpec, End: 1}
		if err := s.Launch(l); err != nil { // loads the module before timing starts
			b.Fatal(err)
		}
		for b.Loop() {
			if err := s.Launch(l); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.Fence("bench"); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/launch")
	})
	b.Run("fenced", func(b *testing.B) {
		l := &execspace.Launch{Label: "empty", Kernel: emptySpec, End: 1}
		for b.Loop() {
			if err := s.Launch(l); err != nil {
				b.Fatal(err)
			}
			if err := s.Fence("bench"); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/launch")
	})
	b.Run("reduce", func(b *testing.B) {
		x := toDevice(b, s, "x", []int64{1, 2, 3})
		defer x.Free()
		var got int64
		l := &execspace.Launch{Label: "sum", Kernel: sumSpec, Args: args(x), End: 3, Op: abi.OpSum, Result: unsafe.Pointer(&got)}
		for b.Loop() {
			if err := s.Launch(l); err != nil || got != 6 {
				b.Fatal(err, got)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e3, "µs/reduce")
	})
}

const benchBytes = 256 << 20

func reportGBs(b *testing.B, bytes int64) {
	b.ReportMetric(float64(bytes)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GB/s")
}

// BenchmarkCopyDeviceToDevice copies 256 MiB within device memory (views.DeepCopy, cuMemcpyDtoD)
// and fences after each copy. GB/s counts the bytes copied once; the memory traffic is twice
// that.
func BenchmarkCopyDeviceToDevice(b *testing.B) {
	s := space(b)
	src, err := views.Alloc1D[byte](s.Memory(), "src", benchBytes)
	if err != nil {
		b.Fatal(err)
	}
	defer src.Free()
	dst, err := views.Alloc1D[byte](s.Memory(), "dst", benchBytes)
	if err != nil {
		b.Fatal(err)
	}
	defer dst.Free()
	if err := views.DeepCopy(dst, src); err != nil {
		b.Fatal(err)
	}
	s.Fence("setup")
	for b.Loop() {
		if err := views.DeepCopy(dst, src); err != nil {
			b.Fatal(err)
		}
		if err := s.Fence("bench"); err != nil {
			b.Fatal(err)
		}
	}
	reportGBs(b, benchBytes)
}

// BenchmarkCopyHostDevice copies 256 MiB between host and device memory each way: "pinned" is
// the driver's copy from page-locked memory (the link's capability), "pageable" the driver's
// copy from ordinary Go memory, "staged" the memory space's CopyToDevice/CopyToHost on ordinary
// Go memory (what views.DeepCopy uses), with its host copies split over up to 16 goroutines
// (the default), 4 (-w4) or 8 (-w8).
func BenchmarkCopyHostDevice(b *testing.B) {
	s := space(b)
	m := s.DeviceMemory()
	d, err := m.Alloc("bench", benchBytes)
	if err != nil {
		b.Fatal(err)
	}
	defer m.Free(d, benchBytes)
	pageable := make([]byte, benchBytes)
	for i := range pageable {
		pageable[i] = byte(i)
	}
	if err := s.d.enter(); err != nil {
		b.Fatal(err)
	}
	pinned, err := hostAlloc(benchBytes)
	s.d.leave()
	if err != nil {
		b.Fatal(err)
	}
	defer func() {
		s.d.enter()
		hostFree(pinned)
		s.d.leave()
	}()
	pg := unsafe.Pointer(&pageable[0])
	driver := func(f func() error) func() error {
		return func() error {
			if err := s.d.enter(); err != nil {
				return err
			}
			defer s.d.leave()
			return f()
		}
	}
	for _, c := range []struct {
		name string
		copy func() error
	}{
		{"HtoD/pinned", driver(func() error { return cu.MemcpyHtoD(cu.DevicePtr(d), pinned, benchBytes) })},
		{"HtoD/pageable", driver(func() error { return cu.MemcpyHtoD(cu.DevicePtr(d), pg, benchBytes) })},
		{"HtoD/staged", func() error { return m.CopyToDevice(d, pg, benchBytes) }},
		{"DtoH/pinned", driver(func() error { return cu.MemcpyDtoH(pinned, cu.DevicePtr(d), benchBytes) })},
		{"DtoH/pageable", driver(func() error { return cu.MemcpyDtoH(pg, cu.DevicePtr(d), benchBytes) })},
		{"DtoH/staged", func() error { return m.CopyToHost(pg, d, benchBytes) }},
		{"HtoD/staged-w4", func() error { return m.CopyToDevice(d, pg, benchBytes) }},
		{"DtoH/staged-w4", func() error { return m.CopyToHost(pg, d, benchBytes) }},
		{"HtoD/staged-w8", func() error { return m.CopyToDevice(d, pg, benchBytes) }},
		{"DtoH/staged-w8", func() error { return m.CopyToHost(pg, d, benchBytes) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			defer func(w int) { copyWorkers = w }(copyWorkers)
			if _, w, ok := strings.Cut(c.name, "-w"); ok {
				copyWorkers, _ = strconv.Atoi(w)
			}
			for b.Loop() {
				if err := c.copy(); err != nil {
					b.Fatal(err)
				}
			}
			if err := s.Fence("bench"); err != nil {
				b.Fatal(err)
			}
			reportGBs(b, benchBytes)
		})
	}
}

// BenchmarkAxpy runs y = a*x + y over 2^25 float64 elements (768 MiB of memory traffic per
// launch) with the space's range launch shape, as timed launches: GB/s is the traffic over the
// wall time of launch and wait, device-GB/s over the kernel's CUDA-event time. Compare with the
// device's memory bandwidth.
func BenchmarkAxpy(b *testing.B) {
	s := space(b)
	const n = 1 << 25
	x, err := views.Alloc1D[float64](s.Memory(), "x", n)
	if err != nil {
		b.Fatal(err)
	}
	defer x.Free()
	y, err := views.Alloc1D[float64](s.Memory(), "y", n)
	if err != nil {
		b.Fatal(err)
	}
	defer y.Free()
	l := &execspace.Launch{Label: "axpy", Kernel: axpySpec, Args: args(uint64(0), x, y), End: n, Timed: true}
	if err := s.Launch(l); err != nil {
		b.Fatal(err)
	}
	var device time.Duration
	for b.Loop() {
		if err := s.Launch(l); err != nil {
			b.Fatal(err)
		}
		device += l.Elapsed
	}
	reportGBs(b, 3*8*n)
	b.ReportMetric(3*8*n*float64(b.N)/device.Seconds()/1e9, "device-GB/s")
}

// BenchmarkReduceSum sums 2^25 int64 elements (256 MiB) with the result copied back each time:
// GB/s over wall time, device-GB/s over the CUDA-event time of Main.
func BenchmarkReduceSum(b *testing.B) {
	s := space(b)
	const n = 1 << 25
	x, err := views.Alloc1D[int64](s.Memory(), "x", n)
	if err != nil {
		b.Fatal(err)
	}
	defer x.Free()
	x.Fill(1)
	var got int64
	l := &execspace.Launch{Label: "sum", Kernel: sumSpec, Args: args(x), End: n, Op: abi.OpSum, Result: unsafe.Pointer(&got), Timed: true}
	if err := s.Launch(l); err != nil {
		b.Fatal(err)
	}
	var device time.Duration
	for b.Loop() {
		if err := s.Launch(l); err != nil || got != n {
			b.Fatal(err, got)
		}
		device += l.Elapsed
	}
	reportGBs(b, 8*n)
	b.ReportMetric(8*n*float64(b.N)/device.Seconds()/1e9, "device-GB/s")
}

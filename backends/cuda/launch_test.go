//go:build cuda

package cuda

import (
	"fmt"
	"math"
	"sync"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/views"
)

func TestRangeFor(t *testing.T) {
	s := space(t)
	for _, tc := range []struct {
		name           string
		n, begin       int
		strided, timed bool
	}{
		{"empty", 0, 0, false, false},
		{"one", 1, 0, false, false},
		{"small", 1000, 5, false, true},
		{"large", 1<<22 + 7, 3, false, true},
		{"strided", 5000, 0, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const a = 2.5
			xs := make([]float64, tc.n+tc.begin)
			ys := make([]float64, tc.n+tc.begin)
			for i := range xs {
				xs[i], ys[i] = float64(i), float64(-i)/2
			}
			x, y := toDevice(t, s, "x", xs), toDevice(t, s, "y", ys)
			defer x.Free()
			defer y.Free()
			yv := y
			var m views.View2D[float64]
			if tc.strided {
				// Y is column 1 of a 3-column row-major device view: stride 3.
				hm := views.New2D[float64]("hm", len(ys), 3, views.LayoutRight)
				for i := range ys {
					hm.Set(i, 0, -1)
					hm.Set(i, 1, ys[i])
					hm.Set(i, 2, -2)
				}
				var err error
				if m, err = views.MirrorViewAndCopy2D(s.Memory(), hm); err != nil {
					t.Fatal(err)
				}
				defer m.Free()
				yv = m.Col(1)
			}
			l := &execspace.Launch{Label: "axpy-" + tc.name, Kernel: axpySpec, Args: args(math.Float64bits(a), x, yv),
				Begin: int64(tc.begin), End: int64(tc.begin + tc.n), Timed: tc.timed}
			if err := s.Launch(l); err != nil {
				t.Fatal(err)
			}
			if tc.timed && l.Elapsed <= 0 {
				t.Errorf("timed launch: Elapsed %v", l.Elapsed)
			}
			var got []float64
			if tc.strided {
				hm, err := views.MirrorViewAndCopy2D(views.HostSpace, m)
				if err != nil {
					t.Fatal(err)
				}
				for i := range ys {
					got = append(got, hm.At(i, 1))
					if hm.At(i, 0) != -1 || hm.At(i, 2) != -2 {
						t.Fatalf("row %d: neighbours changed: %v %v", i, hm.At(i, 0), hm.At(i, 2))
					}
				}
			} else {
				got = toHost(t, y)
			}
			for i := range got {
				want := ys[i]
				if i >= tc.begin {
					want = a*xs[i] + ys[i]
				}
				if got[i] != want {
					t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
				}
			}
		})
	}
}

func TestTeamFor(t *testing.T) {
	s := space(t)
	optin := s.Info().ScratchLimit[0]
	for _, tc := range []struct {
		name           string
		league, ts, vl int
		s0, s1         execspace.ScratchSize
	}{
		{"one", 1, 32, 1, execspace.ScratchSize{Team: 64, Thread: 16}, execspace.ScratchSize{Team: 64, Thread: 16}},
		{"many", 5000, 64, 1, execspace.ScratchSize{Team: 128, Thread: 8}, execspace.ScratchSize{Team: 1024, Thread: 64}},
		{"vector", 700, 8, 4, execspace.ScratchSize{Team: 32, Thread: 24}, execspace.ScratchSize{Team: 8, Thread: 8}},
		{"auto", 3000, execspace.Auto, execspace.Auto, execspace.ScratchSize{Team: 256, Thread: 32}, execspace.ScratchSize{Team: 16, Thread: 8}},
		{"auto-vector32", 100, execspace.Auto, 32, execspace.ScratchSize{Team: 16, Thread: 8}, execspace.ScratchSize{Team: 16, Thread: 8}},
		{"shared-above-48k", 400, 128, 1, execspace.ScratchSize{Team: 100 << 10, Thread: 8}, execspace.ScratchSize{Team: 1 << 20, Thread: 8}},
		{"shared-at-limit", 50, 32, 1, execspace.ScratchSize{Team: optin - 2048 - 32*8, Thread: 8}, execspace.ScratchSize{Team: 8, Thread: 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := views.Alloc1D[int64](s.Memory(), "out", tc.league)
			if err != nil {
				t.Fatal(err)
			}
			defer out.Free()
			l := &execspace.Launch{Label: "team-" + tc.name, Kernel: teamSpec, Args: args(out), League: tc.league, TeamSize: tc.ts, VectorLength: tc.vl,
				Scratch: [2]execspace.ScratchSize{tc.s0, tc.s1}, Timed: true}
			if err := s.Launch(l); err != nil {
				t.Fatal(err)
			}
			got := toHost(t, out)
			// Recover the team size Auto chose from rank 0: out[0] = T(T+1)/2 + 2·ts(ts+1)/2.
			vl := tc.vl
			if vl == execspace.Auto {
				vl = 1
			}
			ts := tc.ts
			if ts == execspace.Auto {
				for ts = 1; ts <= 1024; ts++ {
					T := int64(ts * vl)
					if T*(T+1)/2+int64(ts*(ts+1)) == got[0] {
						break
					}
				}
				t.Logf("Auto team size: %d (vector length %d)", ts, vl)
			}
			T := int64(ts * vl)
			for r := range got {
				R := int64(r)
				want := R*T*T + T*(T+1)/2 + 2*(R*int64(ts)*int64(ts)+int64(ts*(ts+1))/2) + 4*R
				if got[r] != want {
					t.Fatalf("rank %d: got %d, want %d (team %d × %d)", r, got[r], want, ts, vl)
				}
			}
			t.Logf("%v", l.Elapsed)
		})
	}
}

func TestReduce(t *testing.T) {
	s := space(t)
	for _, tc := range []struct {
		begin, end int
	}{{0, 0}, {0, 1}, {3, 260}, {0, 1 << 20}, {7, 10_000_000}} {
		t.Run(fmt.Sprintf("%d-%d", tc.begin, tc.end), func(t *testing.T) {
			xs := make([]int64, tc.end)
			for i := range xs {
				xs[i] = int64(i%1000) + 1
			}
			x := toDevice(t, s, "x", xs)
			defer x.Free()
			var want int64
			for _, v := range xs[tc.begin:] {
				want += v
			}
			for _, timed := range []bool{false, true} {
				var got int64 = -1
				l := &execspace.Launch{Label: "sum", Kernel: sumSpec, Args: args(x), Begin: int64(tc.begin), End: int64(tc.end), Op: abi.OpSum,
					Result: unsafe.Pointer(&got), Timed: timed}
				if err := s.Launch(l); err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("timed=%v: sum %d, want %d", timed, got, want)
				}
			}
			// Without a result the launch is asynchronous.
			l := &execspace.Launch{Label: "sum-async", Kernel: sumSpec, Args: args(x), Begin: int64(tc.begin), End: int64(tc.end), Op: abi.OpSum}
			if err := s.Launch(l); err != nil {
				t.Fatal(err)
			}
			if err := s.Fence("after sum"); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestTeamReduce(t *testing.T) {
	s := space(t)
	for _, tc := range []struct{ league, ts, vl int }{
		{0, 32, 1}, {1, 32, 1}, {1000, 64, 1}, {100000, 128, 1}, {777, 8, 8}, {5000, execspace.Auto, 1}, {300, execspace.Auto, execspace.Auto},
	} {
		t.Run(fmt.Sprintf("%d-%d-%d", tc.league, tc.ts, tc.vl), func(t *testing.T) {
			var got int64 = -1
			l := &execspace.Launch{Label: "team-sum", Kernel: teamSumSpec, League: tc.league, TeamSize: tc.ts, VectorLength: tc.vl, Op: abi.OpSum, Result: unsafe.Pointer(&got)}
			if err := s.Launch(l); err != nil {
				t.Fatal(err)
			}
			L := int64(tc.league)
			per := L * (L + 1) / 2
			if per == 0 {
				if got != 0 {
					t.Fatalf("empty league: %d", got)
				}
				return
			}
			T := got / per
			if got%per != 0 || T < 1 || T > 1024 || (tc.ts != execspace.Auto && T != int64(tc.ts*max(tc.vl, 1))) {
				t.Fatalf("got %d = %d × %d threads per team + %d", got, per, T, got%per)
			}
		})
	}
}

func TestScan(t *testing.T) {
	s := space(t)
	for _, n := range []int{0, 1, 100, 1<<20 + 3, 5_000_000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			xs := make([]int64, max(n, 1))
			for i := range xs {
				xs[i] = int64(i%7) + 1
			}
			x := toDevice(t, s, "x", xs)
			defer x.Free()
			y, err := views.Alloc1D[int64](s.Memory(), "y", len(xs))
			if err != nil {
				t.Fatal(err)
			}
			defer y.Free()
			var total int64 = -1
			l := &execspace.Launch{Label: "scan", Kernel: scanSpec, Args: args(x, y), End: int64(n), Result: unsafe.Pointer(&total), Timed: true}
			if err := s.Launch(l); err != nil {
				t.Fatal(err)
			}
			got := toHost(t, y)
			var run int64
			for i := 0; i < n; i++ {
				if got[i] != run {
					t.Fatalf("y[%d] = %d, want %d", i, got[i], run)
				}
				run += xs[i]
			}
			if total != run {
				t.Fatalf("total %d, want %d", total, run)
			}
			t.Logf("n=%d: %v", n, l.Elapsed)
		})
	}
}

// TestConcurrentLaunches launches from many goroutines at once: each runs axpy and a reduction
// on its own views; the shared partials buffer and context handling must keep them apart.
func TestConcurrentLaunches(t *testing.T) {
	s := space(t)
	const workers, rounds, n = 8, 40, 100_000
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			xs := make([]int64, n)
			for i := range xs {
				xs[i] = int64(w + 1)
			}
			x := toDevice(t, s, fmt.Sprint("x", w), xs)
			defer x.Free()
			fx := toDevice(t, s, "fx", make([]float64, n))
			fy := toDevice(t, s, "fy", make([]float64, n))
			defer fx.Free()
			defer fy.Free()
			fx.Fill(1)
			for r := range rounds {
				if err := s.Launch(&execspace.Launch{Label: "c-axpy", Kernel: axpySpec, Args: args(math.Float64bits(1), fx, fy), End: n}); err != nil {
					errs <- err
					return
				}
				var got int64
				if err := s.Launch(&execspace.Launch{Label: "c-sum", Kernel: sumSpec, Args: args(x), End: int64(n - r), Op: abi.OpSum, Result: unsafe.Pointer(&got)}); err != nil {
					errs <- err
					return
				}
				if want := int64(w+1) * int64(n-r); got != want {
					errs <- fmt.Errorf("worker %d round %d: sum %d, want %d", w, r, got, want)
					return
				}
			}
			ys := toHost(t, fy)
			if ys[0] != rounds || ys[n-1] != rounds {
				errs <- fmt.Errorf("worker %d: y = %v…%v, want %d", w, ys[0], ys[n-1], rounds)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

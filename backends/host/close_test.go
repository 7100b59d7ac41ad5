package host_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// within fails t when fn does not return within d: a deadlocked Close would hang the test
// binary until its global timeout otherwise.
func within(t *testing.T, d time.Duration, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not finish within %v (deadlock?)", what, d)
	}
}

func open(t *testing.T, cfg execspace.Config) *host.Space {
	t.Helper()
	s, err := host.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type count struct{ n *atomic.Int64 }

func (k count) Run(i int) { k.n.Add(1) }

// TestCloseRacesLaunches closes a space while eight goroutines launch on it: every launch either
// runs completely or fails with ErrClosed, and Close returns once the launches in flight are done.
func TestCloseRacesLaunches(t *testing.T) {
	for round := range 20 {
		s := open(t, execspace.Config{NumThreads: 4})
		var ran, failed atomic.Int64
		var wg sync.WaitGroup
		errs := make(chan error, 8*50)
		for range 8 {
			wg.Go(func() {
				for range 50 {
					var n atomic.Int64
					err := portable.ParallelFor(s, "count", portable.Range(0, 64), count{&n})
					switch {
					case err == nil && n.Load() == 64:
						ran.Add(1)
					case errors.Is(err, host.ErrClosed) && n.Load() == 0:
						failed.Add(1)
					default:
						errs <- fmt.Errorf("launch: err %v after %d of 64 iterations", err, n.Load())
					}
				}
			})
		}
		time.Sleep(time.Duration(round%5) * 100 * time.Microsecond)
		within(t, 20*time.Second, "Close racing launches", func() {
			if err := s.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
		within(t, 20*time.Second, "launches racing Close", wg.Wait)
		close(errs)
		for err := range errs {
			t.Fatalf("round %d: %v", round, err)
		}
		if ran.Load()+failed.Load() != 8*50 {
			t.Fatalf("round %d: %d launches ran and %d failed, want %d in all", round, ran.Load(), failed.Load(), 8*50)
		}
	}
}

// TestCloseStress races launches (parallel, solo and nested), fences and two Close calls on
// thousands of small spaces, with workers that sleep at once, spin briefly, or spin for the
// default time.
func TestCloseStress(t *testing.T) {
	iters := 2000
	if testing.Short() {
		iters = 200
	}
	spins := []time.Duration{-1, 20 * time.Microsecond, 0}
	within(t, 2*time.Minute, "the stress test", func() {
		for it := range iters {
			if err := stressOnce(it, spins[it%len(spins)]); err != nil {
				t.Errorf("iteration %d: %v", it, err)
				return
			}
		}
	})
}

func stressOnce(it int, spin time.Duration) error {
	s, err := host.New(execspace.Config{NumThreads: 2 + it%3, Spin: spin})
	if err != nil {
		return err
	}
	errs := make(chan error, 16)
	check := func(err error, want, got int64) {
		switch {
		case err == nil && got != want:
			errs <- fmt.Errorf("launch ran %d of %d iterations", got, want)
		case err != nil && !errors.Is(err, host.ErrClosed):
			errs <- fmt.Errorf("launch: %v", err)
		}
	}
	var wg sync.WaitGroup
	// Parallel and solo launches straight on the space, with a nested launch in some bodies.
	for g := range 2 {
		wg.Go(func() {
			for r := range 4 {
				var n atomic.Int64
				err := s.ForRange(0, 16, 0, execspace.Schedule(r%2), func(_ *execspace.Worker, lo, hi int) {
					if g == 0 && lo == 0 {
						var m atomic.Int64
						err := s.ForRange(0, 3, 0, execspace.Dynamic, func(_ *execspace.Worker, a, b int) { m.Add(int64(b - a)) })
						check(err, 3, m.Load())
					}
					n.Add(int64(hi - lo))
				})
				check(err, 16, n.Load())
			}
		})
	}
	// A reduction through portable, and fences.
	wg.Go(func() {
		var sum int64
		err := portable.ParallelReduce(s, "sum", portable.Range(0, 10), indexSum{}, portable.Sum(&sum))
		if err == nil && sum != 45 {
			errs <- fmt.Errorf("sum %d, want 45", sum)
		} else if err != nil && !errors.Is(err, host.ErrClosed) {
			errs <- err
		}
		for range 3 {
			if err := s.Fence("stress"); err != nil {
				errs <- fmt.Errorf("Fence: %v", err)
			}
		}
	})
	// Two Close calls; the stagger lets some launches run before them and some after.
	for c := range 2 {
		wg.Go(func() {
			if it%4 == c {
				time.Sleep(time.Duration(it%7) * 10 * time.Microsecond)
			}
			if err := s.Close(); err != nil {
				errs <- fmt.Errorf("Close: %v", err)
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	if err := s.ForRange(0, 4, 0, execspace.Static, func(*execspace.Worker, int, int) {}); !errors.Is(err, host.ErrClosed) {
		return fmt.Errorf("launch after Close: %v", err)
	}
	return nil
}

type indexSum struct{}

func (indexSum) Run(i int, acc *int64) { *acc += int64(i) }

type teamFill struct{ X views.View1D[int64] }

func (k teamFill) RunTeam(m teams.Member) { k.X.Set(m.LeagueRank(), 1) }

type teamSum struct{}

func (teamSum) RunTeam(m teams.Member, acc *int64) { *acc += int64(m.LeagueRank()) }

type scanNop struct{}

func (scanNop) Run(i int, acc *int64, final bool) { *acc += 1 }

// TestLaunchAfterClose checks that every pattern fails with ErrClosed on a closed space, on one
// worker and on several, also over an empty range; and that Fence and a second Close still
// return nil.
func TestLaunchAfterClose(t *testing.T) {
	for _, nw := range []int{1, 3} {
		t.Run(fmt.Sprintf("%d workers", nw), func(t *testing.T) {
			s := open(t, execspace.Config{NumThreads: nw})
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			var sum int64
			x := views.New1D[int64]("x", 4)
			cases := []struct {
				name string
				err  error
			}{
				{"ForRange", s.ForRange(0, 10, 0, execspace.Static, func(*execspace.Worker, int, int) { t.Error("body ran") })},
				{"ForRange empty", s.ForRange(0, 0, 0, execspace.Static, func(*execspace.Worker, int, int) { t.Error("body ran") })},
				{"ParallelFor", portable.ParallelFor(s, "for", portable.Range(0, 10), count{new(atomic.Int64)})},
				{"ParallelFor one index", portable.ParallelFor(s, "for1", portable.Range(0, 1), count{new(atomic.Int64)})},
				{"ParallelReduce", portable.ParallelReduce(s, "reduce", portable.Range(0, 10), indexSum{}, portable.Sum(&sum))},
				{"ParallelReduce empty", portable.ParallelReduce(s, "reduce0", portable.Range(0, 0), indexSum{}, portable.Sum(&sum))},
				{"ParallelScan", portable.ParallelScan(s, "scan", portable.Range(0, 10), scanNop{}, &sum)},
				{"ParallelScan one index", portable.ParallelScan(s, "scan1", portable.Range(0, 1), scanNop{}, &sum)},
				{"ParallelForTeam", portable.ParallelForTeam(s, "team", portable.Teams(4, 1), teamFill{x})},
				{"ParallelReduceTeam", portable.ParallelReduceTeam(s, "teamreduce", portable.Teams(4, 1), teamSum{}, portable.Sum(&sum))},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					if !errors.Is(c.err, host.ErrClosed) || !strings.Contains(c.err.Error(), "host space is closed") {
						t.Fatalf("got %v, want an error wrapping ErrClosed", c.err)
					}
				})
			}
			if sum != 0 {
				t.Errorf("a refused launch stored %d", sum)
			}
			if err := s.Fence("after close"); err != nil {
				t.Errorf("Fence after Close: %v", err)
			}
			if err := s.Close(); err != nil {
				t.Errorf("second Close: %v", err)
			}
		})
	}
}

// TestCloseInsideKernel calls Close from kernel bodies on every worker, on a solo launch nested
// in a kernel, and while another goroutine's Close waits for the kernel: each returns
// ErrCloseInKernel without hanging, and the space keeps working until an outside Close.
func TestCloseInsideKernel(t *testing.T) {
	t.Run("every worker", func(t *testing.T) {
		s := open(t, execspace.Config{NumThreads: 4})
		errs := make([]error, 4)
		within(t, 10*time.Second, "Close inside a kernel", func() {
			err := s.ForRange(0, 4, 1, execspace.Static, func(w *execspace.Worker, lo, hi int) { errs[lo] = s.Close() })
			if err != nil {
				t.Errorf("launch: %v", err)
			}
		})
		for i, err := range errs {
			if !errors.Is(err, host.ErrCloseInKernel) {
				t.Errorf("Close on worker %d: %v, want ErrCloseInKernel", i, err)
			}
		}
		var n atomic.Int64
		if err := portable.ParallelFor(s, "after", portable.Range(0, 100), count{&n}); err != nil || n.Load() != 100 {
			t.Fatalf("space after a refused Close: %v, %d iterations", err, n.Load())
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("nested solo launch and one worker", func(t *testing.T) {
		for _, nw := range []int{1, 2} {
			s := open(t, execspace.Config{NumThreads: nw})
			var inner error
			within(t, 10*time.Second, "Close inside a nested kernel", func() {
				s.ForRange(0, 1, 0, execspace.Static, func(*execspace.Worker, int, int) {
					s.ForRange(0, 1, 0, execspace.Static, func(*execspace.Worker, int, int) { inner = s.Close() })
				})
			})
			if !errors.Is(inner, host.ErrCloseInKernel) {
				t.Errorf("%d workers: Close in a nested kernel: %v", nw, inner)
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Run("while another Close waits", func(t *testing.T) {
		s := open(t, execspace.Config{NumThreads: 2})
		entered, outerStarted := make(chan struct{}), make(chan struct{})
		var inner, outer error
		var wg sync.WaitGroup
		wg.Go(func() {
			s.ForRange(0, 1, 0, execspace.Static, func(*execspace.Worker, int, int) {
				close(entered)
				<-outerStarted
				time.Sleep(time.Millisecond) // let the outside Close reach its wait
				inner = s.Close()
			})
		})
		<-entered
		within(t, 10*time.Second, "Close racing a Close inside a kernel", func() {
			close(outerStarted)
			outer = s.Close()
			wg.Wait()
		})
		if !errors.Is(inner, host.ErrCloseInKernel) || outer != nil {
			t.Fatalf("inside: %v, outside: %v", inner, outer)
		}
	})
	t.Run("another space", func(t *testing.T) {
		a, b := open(t, execspace.Config{NumThreads: 2}), open(t, execspace.Config{NumThreads: 2})
		var errB error
		within(t, 10*time.Second, "Close of another space inside a kernel", func() {
			a.ForRange(0, 1, 0, execspace.Static, func(*execspace.Worker, int, int) { errB = b.Close() })
		})
		if errB != nil {
			t.Fatalf("closing b inside a's kernel: %v", errB)
		}
		if err := b.ForRange(0, 1, 0, execspace.Static, func(*execspace.Worker, int, int) {}); !errors.Is(err, host.ErrClosed) {
			t.Fatalf("b after Close: %v", err)
		}
		// A space opened now may reuse b's number; a's kernels must still not count as its own.
		c := open(t, execspace.Config{NumThreads: 2})
		var errC error
		a.ForRange(0, 1, 0, execspace.Static, func(*execspace.Worker, int, int) { errC = c.Close() })
		if errC != nil {
			t.Fatalf("closing c inside a's kernel: %v", errC)
		}
		if err := a.Close(); err != nil {
			t.Fatal(err)
		}
	})
}

type scratchTeam struct{ bad *atomic.Int64 }

func (k scratchTeam) RunTeam(m teams.Member) {
	b := teams.TeamScratch[int64](m, 0, 32)
	for i := range 32 {
		b.Set(i, int64(m.LeagueRank()))
	}
	for i := range 32 {
		if b.At(i) != int64(m.LeagueRank()) {
			k.bad.Add(1)
		}
	}
}

// TestOneWorkerConcurrentScratch launches team kernels that use scratch on a one-worker space
// from several goroutines at once: each launch must get scratch of its own (the race detector
// checks that they share none).
func TestOneWorkerConcurrentScratch(t *testing.T) {
	s := open(t, execspace.Config{NumThreads: 1})
	defer s.Close()
	var bad atomic.Int64
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 20 {
				if err := portable.ParallelForTeam(s, "scratch", portable.Teams(8, 1).WithScratch(0, 256, 0), scratchTeam{&bad}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if bad.Load() != 0 {
		t.Fatalf("%d scratch bytes overwritten by another launch", bad.Load())
	}
}

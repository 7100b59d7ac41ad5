package host

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gokkos/gokkos/execspace"
)

func TestForRangeCoverage(t *testing.T) {
	s, _ := New(execspace.Config{NumThreads: 3})
	defer s.Close()
	cases := []struct {
		name              string
		begin, end, chunk int
		sched             execspace.Schedule
	}{
		{"static", 0, 1000, 0, execspace.Static},
		{"static offset", -50, 51, 0, execspace.Static},
		{"static chunk", 3, 1000, 7, execspace.Static},
		{"dynamic", 0, 1000, 0, execspace.Dynamic},
		{"dynamic chunk", 0, 1001, 100, execspace.Dynamic},
		{"fewer than workers", 0, 2, 0, execspace.Static},
		{"empty", 5, 5, 0, execspace.Static},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := c.end - c.begin
			hits := make([]atomic.Int32, n)
			var calls atomic.Int32
			err := s.ForRange(c.begin, c.end, c.chunk, c.sched, func(w *execspace.Worker, lo, hi int) {
				calls.Add(1)
				if w.ID < 0 || w.ID >= 3 || lo >= hi {
					t.Errorf("worker %d got [%d, %d)", w.ID, lo, hi)
				}
				if c.chunk > 0 && hi-lo > c.chunk {
					t.Errorf("chunk [%d, %d) larger than %d", lo, hi, c.chunk)
				}
				for i := lo; i < hi; i++ {
					hits[i-c.begin].Add(1)
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			for i := range hits {
				if hits[i].Load() != 1 {
					t.Fatalf("index %d run %d times", i+c.begin, hits[i].Load())
				}
			}
			if c.sched == execspace.Static && c.chunk == 0 && n > 0 && int(calls.Load()) != min(n, 3) {
				t.Errorf("static schedule made %d calls, want %d", calls.Load(), min(n, 3))
			}
		})
	}
}

func TestConcurrentAndNestedLaunches(t *testing.T) {
	s, _ := New(execspace.Config{NumThreads: 4})
	defer s.Close()
	var total atomic.Int64
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < 50; r++ {
				s.ForRange(0, 100, 0, execspace.Static, func(_ *execspace.Worker, lo, hi int) {
					// A launch from inside a kernel runs alone and must not deadlock.
					s.ForRange(lo, hi, 0, execspace.Dynamic, func(_ *execspace.Worker, a, b int) {
						total.Add(int64(b - a))
					})
				})
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("concurrent launches deadlocked")
	}
	if total.Load() != 8*50*100 {
		t.Fatalf("ran %d iterations, want %d", total.Load(), 8*50*100)
	}
}

func TestPanicPropagates(t *testing.T) {
	s, _ := New(execspace.Config{NumThreads: 4})
	defer s.Close()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "boom 77") {
			t.Fatalf("recovered %v", r)
		}
		// The pool still works after a panic.
		var n atomic.Int32
		s.ForRange(0, 10, 0, execspace.Static, func(_ *execspace.Worker, lo, hi int) { n.Add(int32(hi - lo)) })
		if n.Load() != 10 {
			t.Fatal("pool broken after a kernel panic")
		}
	}()
	s.ForRange(0, 100, 0, execspace.Static, func(_ *execspace.Worker, lo, hi int) {
		for i := lo; i < hi; i++ {
			if i == 77 {
				panic("boom 77")
			}
		}
	})
}

func TestSleepingWorkersWake(t *testing.T) {
	s, _ := New(execspace.Config{NumThreads: 3})
	defer s.Close()
	for r := 0; r < 5; r++ {
		time.Sleep(2 * s.pool.spin) // let the workers park
		var seen [3]atomic.Bool
		s.ForRange(0, 3, 0, execspace.Static, func(w *execspace.Worker, lo, hi int) { seen[w.ID].Store(true) })
		for id := range seen {
			if !seen[id].Load() {
				t.Fatalf("round %d: worker %d did not run", r, id)
			}
		}
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(execspace.Config{NumThreads: -1}); err == nil {
		t.Fatal("negative thread count accepted")
	}
	if _, err := New(execspace.Config{}, Options{ScratchLimit: [2]int{-1, 0}}); err == nil {
		t.Fatal("negative scratch limit accepted")
	}
}

// TestWorkerWritesHappenBeforeReturn checks, under the race detector, that what workers write
// during a launch is ordered before the launcher's reads after ForRange returns, also when the
// writing worker is not the last to finish (a launch over fewer indices than workers).
func TestWorkerWritesHappenBeforeReturn(t *testing.T) {
	s, _ := New(execspace.Config{NumThreads: 4})
	defer s.Close()
	data := make([]int, 2)
	for round := 0; round < 3000; round++ {
		s.ForRange(0, 2, 1, execspace.Static, func(_ *execspace.Worker, lo, hi int) {
			for i := lo; i < hi; i++ {
				data[i] = round
			}
		})
		if data[0] != round || data[1] != round {
			t.Fatalf("round %d: %v", round, data)
		}
	}
}

func TestDefaultWorkers(t *testing.T) {
	cases := []struct {
		name          string
		procs, usable int
		want          int
	}{
		{"GOMAXPROCS within the usable CPUs", 2, 2, 2},
		{"usable unknown", 8, 0, 8},
		{"GOMAXPROCS above the usable CPUs", 2, 1, 1},
		{"GOMAXPROCS set high by hand", 64, 4, 4},
		{"GOMAXPROCS below the usable CPUs", 4, 16, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := defaultWorkers(c.procs, c.usable); got != c.want {
				t.Errorf("defaultWorkers(%d, %d) = %d, want %d", c.procs, c.usable, got, c.want)
			}
		})
	}
}

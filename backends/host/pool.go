package host

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gokkos/gokkos/execspace"
)

// job is one launch's work.
type job struct {
	begin, end int
	chunk      int
	sched      execspace.Schedule
	body       func(w *execspace.Worker, lo, hi int)
	next       atomic.Int64 // dynamic: next unclaimed index
	pending    atomic.Int32 // workers that have not finished their share
	// finished mirrors pending for the memory model: the launcher spins on pending, then
	// waits on finished (at once, since every share is done), which orders every worker's
	// writes before the launcher's next reads also for the race detector.
	finished  sync.WaitGroup
	panicOnce sync.Once
	panicVal  any
}

// worker is a pool goroutine's state.
type worker struct {
	execspace.Worker
	sleeping atomic.Bool
	wake     chan struct{}
	_        [64]byte
}

// pool is the set of workers. Worker 0 is the launching goroutine.
type pool struct {
	workers []*worker
	launch  sync.Mutex
	gen     atomic.Uint64
	cur     atomic.Pointer[job]
	closed  atomic.Bool
	waiting atomic.Bool
	done    chan struct{}
	spin    time.Duration
	// yieldMask sets how often spinning goroutines yield to the scheduler (every yieldMask+1
	// spins). Yielding lets the garbage collector and other goroutines have a P, but every
	// yield takes the scheduler's global run-queue lock, on which many workers yielding often
	// contend badly; so the pool yields rarely (every few microseconds) unless it has more
	// workers than GOMAXPROCS.
	yieldMask int
	exited    sync.WaitGroup
}

// DefaultSpin is how long idle workers spin before they sleep unless Config.Spin says
// otherwise: longer than the host code between two launches of a typical algorithm step, so
// that back-to-back launches find the workers awake.
const DefaultSpin = time.Millisecond

func newPool(n int, pin bool, cpus []int, spin time.Duration) *pool {
	switch {
	case spin == 0:
		spin = DefaultSpin
	case spin < 0:
		spin = 0
	}
	p := &pool{workers: make([]*worker, n), done: make(chan struct{}, 1), spin: spin,
		yieldMask: 1<<14 - 1}
	if n > runtime.GOMAXPROCS(0) {
		p.yieldMask = 1<<8 - 1
	}
	for i := range p.workers {
		p.workers[i] = &worker{Worker: execspace.Worker{ID: i}, wake: make(chan struct{}, 1)}
	}
	for i := 1; i < n; i++ {
		p.exited.Add(1)
		cpu := -1
		if pin && len(cpus) > 0 {
			cpu = cpus[i%len(cpus)]
		}
		go p.loop(p.workers[i], cpu)
	}
	return p
}

func (p *pool) loop(w *worker, cpu int) {
	defer p.exited.Done()
	if cpu >= 0 {
		runtime.LockOSThread()
		pinTo(cpu)
	}
	var seen uint64 // the generation at creation: a launch may already have begun
	for {
		g := p.waitFor(w, seen)
		seen = g
		if p.closed.Load() {
			return
		}
		j := p.cur.Load()
		p.share(j, w)
		j.finished.Done()
		if j.pending.Add(-1) == 0 && p.waiting.CompareAndSwap(true, false) {
			p.done <- struct{}{}
		}
	}
}

// waitFor spins, then sleeps, until the generation moves past seen.
func (p *pool) waitFor(w *worker, seen uint64) uint64 {
	start := time.Now()
	for spins := 0; ; spins++ {
		if g := p.gen.Load(); g != seen {
			return g
		}
		if spins&1023 == 1023 {
			if time.Since(start) > p.spin {
				break
			}
		}
		if spins&p.yieldMask == p.yieldMask {
			runtime.Gosched()
		}
	}
	for {
		w.sleeping.Store(true)
		if g := p.gen.Load(); g != seen {
			if !w.sleeping.CompareAndSwap(true, false) {
				<-w.wake // the launcher claimed us and sends a wake: consume it
			}
			return g
		}
		<-w.wake
		if g := p.gen.Load(); g != seen {
			return g
		}
	}
}

// share runs worker w's part of j, recording the first panic.
func (p *pool) share(j *job, w *worker) {
	defer func() {
		if r := recover(); r != nil {
			j.panicOnce.Do(func() { j.panicVal = r })
		}
	}()
	run(j, &w.Worker, len(p.workers))
}

// run executes worker w's share of j when the pool has nw workers.
func run(j *job, w *execspace.Worker, nw int) {
	n := j.end - j.begin
	switch {
	case j.sched == execspace.Dynamic:
		c := int64(j.chunk)
		for {
			lo := j.next.Add(c) - c
			if lo >= int64(j.end) {
				return
			}
			j.body(w, int(lo), int(min(lo+c, int64(j.end))))
		}
	case j.chunk > 0:
		for lo := j.begin + w.ID*j.chunk; lo < j.end; lo += nw * j.chunk {
			j.body(w, lo, min(lo+j.chunk, j.end))
		}
	default:
		lo := j.begin + int(int64(n)*int64(w.ID)/int64(nw))
		hi := j.begin + int(int64(n)*int64(w.ID+1)/int64(nw))
		if lo < hi {
			j.body(w, lo, hi)
		}
	}
}

// forRange runs body over [begin, end) on the pool.
func (p *pool) forRange(begin, end, chunk int, sched execspace.Schedule, body func(w *execspace.Worker, lo, hi int)) error {
	if p.closed.Load() {
		return fmt.Errorf("host: launch on a closed space")
	}
	n := end - begin
	if n <= 0 {
		return nil
	}
	nw := len(p.workers)
	if sched == execspace.Dynamic && chunk <= 0 {
		chunk = max(1, n/(nw*16))
	}
	j := &job{begin: begin, end: end, chunk: chunk, sched: sched, body: body}
	j.next.Store(int64(begin))
	if nw == 1 || n == 1 || !p.launch.TryLock() {
		// Alone: one worker, one iteration, or the workers are busy with another launch.
		solo := &execspace.Worker{ID: 0}
		if nw == 1 {
			solo = &p.workers[0].Worker
		}
		if sched == execspace.Dynamic || chunk > 0 {
			j.sched, j.chunk = execspace.Dynamic, max(chunk, 1)
			run(j, solo, 1)
		} else {
			body(solo, begin, end)
		}
		return nil
	}
	defer p.launch.Unlock()
	j.pending.Store(int32(nw - 1))
	j.finished.Add(nw - 1)
	p.cur.Store(j)
	p.gen.Add(1)
	for _, w := range p.workers[1:] {
		if w.sleeping.CompareAndSwap(true, false) {
			w.wake <- struct{}{}
		}
	}
	p.share(j, p.workers[0])
	p.wait(j)
	j.finished.Wait()
	if j.panicVal != nil {
		panic(j.panicVal)
	}
	return nil
}

// wait returns when every other worker has finished j.
func (p *pool) wait(j *job) {
	start := time.Now()
	for spins := 0; j.pending.Load() != 0; spins++ {
		if spins&1023 == 1023 {
			if time.Since(start) > p.spin {
				p.waiting.Store(true)
				if j.pending.Load() == 0 {
					if !p.waiting.CompareAndSwap(true, false) {
						<-p.done
					}
					return
				}
				<-p.done
				return
			}
		}
		if spins&p.yieldMask == p.yieldMask {
			runtime.Gosched()
		}
	}
}

func (p *pool) close() {
	if p.closed.Swap(true) {
		return
	}
	p.launch.Lock()
	p.gen.Add(1)
	for _, w := range p.workers[1:] {
		if w.sleeping.CompareAndSwap(true, false) {
			w.wake <- struct{}{}
		}
	}
	p.exited.Wait()
	p.launch.Unlock()
}

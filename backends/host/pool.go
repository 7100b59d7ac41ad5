package host

import (
	"errors"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gokkos/gokkos/execspace"
)

// ErrClosed is the error of launches on a closed host space.
var ErrClosed = errors.New("host: the host space is closed")

// ErrCloseInKernel is the error of Close called from inside a kernel running on the space it
// would close: Close waits for the space's launches, that one among them, so it refuses instead
// of waiting forever. The space stays open.
var ErrCloseInKernel = errors.New("host: Close called from inside a kernel running on the host space; the space stays open (close it after the launch returns)")

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

// closing is the bit of pool.state that Close sets; the bits below it count the launches in
// flight.
const closing = 1 << 62

// pool is the set of workers. Worker 0 is the launching goroutine.
//
// Closing: every launch adds one to state on entry and takes it away on return (a panic
// included); a launch that finds the closing bit set takes its one away and fails with
// ErrClosed. Close sets the bit, waits until the launches in flight have left (the last one
// closes drained), and only then tells the workers to exit, so that no worker leaves while a
// launch still counts on it. Other Close calls wait for the first one to finish. A Close from
// inside one of the pool's kernels would wait for itself; it finds the pool's id in the frames
// that mark spells on the stack of every goroutine running one of the pool's kernels, and fails.
type pool struct {
	workers []*worker
	id      uint // the pool's number among the open pools, as mark spells it; from 1
	state   atomic.Int64
	drained chan struct{} // closed once closing is set and no launch is in flight
	drain   sync.Once
	closed  chan struct{} // closed when the first Close has finished
	first   atomic.Bool   // the first Close call has been made
	stop    atomic.Bool   // the workers are to exit: set only when no launch is in flight
	launch  sync.Mutex
	gen     atomic.Uint64
	cur     atomic.Pointer[job]
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
	p := &pool{workers: make([]*worker, n), id: ids.take(), drained: make(chan struct{}),
		closed: make(chan struct{}), done: make(chan struct{}, 1), spin: spin, yieldMask: 1<<14 - 1}
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
		if p.stop.Load() {
			return // no launch is in flight (see close), so none needs this worker
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
	mark(p.id, j, &w.Worker, len(p.workers))
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
	if p.state.Add(1)&closing != 0 {
		p.leave()
		return ErrClosed
	}
	defer p.leave()
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
	if nw == 1 || n == 1 || (chunk > 0 && n <= chunk) || !p.launch.TryLock() {
		// Alone: one worker, one iteration or one chunk, or the workers are busy with another launch. Worker
		// 0's state (its scratch) serves one launch at a time; others get a fresh Worker.
		solo := &execspace.Worker{ID: 0}
		if nw == 1 && p.launch.TryLock() {
			defer p.launch.Unlock()
			solo = &p.workers[0].Worker
		}
		if sched == execspace.Dynamic || chunk > 0 {
			j.sched, j.chunk = execspace.Dynamic, max(chunk, 1)
		}
		mark(p.id, j, solo, 1) // a static job without a chunk is one call of body
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

// leave ends a launch's stay in state, and tells a waiting Close when it was the last one.
func (p *pool) leave() {
	if p.state.Add(-1) == closing {
		p.drain.Do(func() { close(p.drained) })
	}
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

// close stops the pool: later launches fail, launches in flight finish, and the workers exit.
// atClose, if not nil, runs once, after the workers have exited and before any close call
// returns. A second close waits for the first one and returns nil; a close from inside one of
// the pool's kernels returns ErrCloseInKernel and changes nothing.
func (p *pool) close(atClose func()) error {
	if p.inKernel() {
		return ErrCloseInKernel
	}
	if p.first.Swap(true) {
		<-p.closed
		return nil
	}
	if p.state.Or(closing) == 0 {
		p.drain.Do(func() { close(p.drained) }) // nothing in flight: no launch will close it
	}
	<-p.drained
	p.stop.Store(true)
	p.gen.Add(1)
	for _, w := range p.workers[1:] {
		if w.sleeping.CompareAndSwap(true, false) {
			w.wake <- struct{}{}
		}
	}
	p.exited.Wait()
	ids.give(p.id)
	if atClose != nil {
		atClose()
	}
	close(p.closed)
	return nil
}

// ids hands out the pools' numbers: the smallest free one, so that they stay short.
var ids idSet

type idSet struct {
	mu   sync.Mutex
	free []uint // sorted
	next uint
}

func (s *idSet) take() uint {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.free) > 0 {
		id := s.free[0]
		s.free = s.free[1:]
		return id
	}
	s.next++
	return s.next
}

func (s *idSet) give(id uint) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, _ := slices.BinarySearch(s.free, id)
	s.free = slices.Insert(s.free, i, id)
}

// mark runs run(j, w, nw) below a chain of frames that spells id in binary, lowest bit
// outermost: a markOne or markZero frame per bit, then markEnd. Every kernel body of a pool runs
// below such a chain on its goroutine, which costs a few calls per worker and launch; inKernel
// reads the chains back from the caller's stack. Goroutines have no identity that Go code can
// read cheaply, and the pool cannot tell which goroutine will call Close; the stack itself can.
func mark(id uint, j *job, w *execspace.Worker, nw int) {
	switch {
	case id == 0:
		markEnd(j, w, nw)
	case id&1 == 1:
		markOne(id>>1, j, w, nw)
	default:
		markZero(id>>1, j, w, nw)
	}
}

//go:noinline
func markOne(id uint, j *job, w *execspace.Worker, nw int) { mark(id, j, w, nw) }

//go:noinline
func markZero(id uint, j *job, w *execspace.Worker, nw int) { mark(id, j, w, nw) }

//go:noinline
func markEnd(j *job, w *execspace.Worker, nw int) { run(j, w, nw) }

var markName, markOneName, markZeroName, markEndName = funcName(mark), funcName(markOne), funcName(markZero), funcName(markEnd)

func funcName(f any) string { return runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name() }

// inKernel reports whether the calling goroutine is running one of p's kernel bodies: whether
// its stack holds a chain of mark frames that spells p.id. It walks the whole stack; Close calls
// it once.
func (p *pool) inKernel() bool {
	pcs := make([]uintptr, 64)
	for {
		n := runtime.Callers(1, pcs)
		if n < len(pcs) {
			pcs = pcs[:n]
			break
		}
		pcs = make([]uintptr, 2*len(pcs))
	}
	frames := runtime.CallersFrames(pcs)
	// Innermost first: markEnd, then the bits from the highest down to the lowest.
	var id uint
	chain := false
	for {
		f, more := frames.Next()
		switch f.Function {
		case markEndName:
			id, chain = 0, true
		case markOneName, markZeroName:
			if chain {
				id <<= 1
				if f.Function == markOneName {
					id |= 1
				}
			}
		default:
			if chain && f.Function != markName { // mark itself may be inlined: skip its frames
				if id == p.id {
					return true
				}
				chain = false
			}
		}
		if !more {
			return chain && id == p.id
		}
	}
}

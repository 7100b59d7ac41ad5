package portable

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/profile"
	"github.com/gokkos/gokkos/teams"
)

// ParallelFor calls k.Run(i) for every i in p's range on space s (nil: the default space), in
// parallel and in no particular order. It returns when the kernel has run on host spaces; on a
// device space the kernel may still be running (see execspace.Space.Fence). Errors (a bad policy,
// a view in another memory space, no device translation, a kernel whose source changed since
// its package's go generate, a device failure) name the label.
// A panic in the kernel on a host space is re-raised on the caller's goroutine.
func ParallelFor[K RangeKernel](s execspace.Space, label string, p RangePolicy, k K) error {
	s, err := resolve(s)
	if err == nil {
		err = p.check()
	}
	if err == nil {
		err = checkSource[K]()
	}
	if err != nil {
		return launchError("ParallelFor", label, s, err)
	}
	region := profile.Begin(profile.For, label, s.Name())
	var elapsed int64
	switch x := s.(type) {
	case execspace.HostExecutor:
		if err = checkHostViews(&k); err == nil {
			body := func(_ *execspace.Worker, lo, hi int) {
				for i := lo; i < hi; i++ {
					k.Run(i)
				}
			}
			if f, ok := hostPath[func(*K, int, int), K](); ok {
				body = func(_ *execspace.Worker, lo, hi int) { f(&k, lo, hi) }
			}
			err = x.ForRange(p.Begin, p.End, p.Chunk, p.Schedule, body)
		}
	case execspace.DeviceExecutor:
		l := execspace.Launch{Label: label, Begin: int64(p.Begin), End: int64(p.End)}
		if err = deviceLaunch(x, &k, &l); err == nil {
			err = x.Launch(&l)
			elapsed = int64(l.Elapsed)
		}
	default:
		err = fmt.Errorf("space %T can run neither host nor device kernels", s)
	}
	profile.End(region, timeOf(elapsed))
	if err != nil {
		return launchError("ParallelFor", label, s, err)
	}
	return nil
}

// ParallelForTeam calls k.RunTeam(m) for every member m of every team of p's league on space s.
// On host spaces a team has one member. Scratch requests above the space's limit are errors.
func ParallelForTeam[K TeamKernel](s execspace.Space, label string, p TeamPolicy, k K) error {
	return runTeams[struct{}](s, "ParallelForTeam", profile.For, label, p, &k, nil,
		func(m teams.Member, _ unsafe.Pointer) { k.RunTeam(m) })
}

// ParallelReduce calls k.Run(i, acc) for every i in p's range on space s with per-worker (or per
// thread) accumulators started at r's identity, combines them with r, and stores the result in
// r.Result() before returning. With the static schedule on the host the combination order, and
// so a floating-point result, depends only on the range and the number of workers.
func ParallelReduce[T any, K ReduceKernel[T]](s execspace.Space, label string, p RangePolicy, k K, r Reducer[T]) error {
	s, err := resolve(s)
	if err == nil {
		err = p.check()
	}
	if err == nil {
		err = checkSource[K]()
	}
	if err != nil {
		return launchError("ParallelReduce", label, s, err)
	}
	region := profile.Begin(profile.Reduce, label, s.Name())
	var elapsed int64
	switch x := s.(type) {
	case execspace.HostExecutor:
		if err = checkHostViews(&k); err == nil {
			parts := newPartials(x.Workers(), r)
			body := func(w *execspace.Worker, lo, hi int) {
				acc := &parts[w.ID].v
				for i := lo; i < hi; i++ {
					k.Run(i, acc)
				}
			}
			if f, ok := hostPath[func(*K, int, int, *T), K](); ok {
				body = func(w *execspace.Worker, lo, hi int) { f(&k, lo, hi, &parts[w.ID].v) }
			}
			err = x.ForRange(p.Begin, p.End, p.Chunk, p.Schedule, body)
			if err == nil {
				joinPartials(parts, r)
			}
		}
	case execspace.DeviceExecutor:
		err = deviceReduce(x, label, &k, r, &execspace.Launch{Label: label, Begin: int64(p.Begin), End: int64(p.End)})
	default:
		err = fmt.Errorf("space %T can run neither host nor device kernels", s)
	}
	profile.End(region, timeOf(elapsed))
	if err != nil {
		return launchError("ParallelReduce", label, s, err)
	}
	return nil
}

// ParallelReduceTeam is ParallelReduce over a team policy: every member's accumulator is combined
// with r.
func ParallelReduceTeam[T any, K TeamReduceKernel[T]](s execspace.Space, label string, p TeamPolicy, k K, r Reducer[T]) error {
	return runTeams(s, "ParallelReduceTeam", profile.Reduce, label, p, &k, r,
		func(m teams.Member, acc unsafe.Pointer) { k.RunTeam(m, (*T)(acc)) })
}

// ParallelScan runs an exclusive prefix sum over p's range on space s: k.Run(i, acc, final) adds
// index i's contribution to *acc, and when final is true *acc holds, on entry, the sum of the
// contributions of all indices before i. The grand total is stored in *total (which may be nil)
// before ParallelScan returns. The body may be called twice per index (final false, then true),
// as in Kokkos. On the host the range is cut into one block per worker, each of at least p's
// chunk (when set): a range within one chunk is one block, scanned in a single pass.
func ParallelScan[T Number, K ScanKernel[T]](s execspace.Space, label string, p RangePolicy, k K, total *T) error {
	s, err := resolve(s)
	if err == nil {
		err = p.check()
	}
	if err == nil {
		err = checkSource[K]()
	}
	if err != nil {
		return launchError("ParallelScan", label, s, err)
	}
	region := profile.Begin(profile.Scan, label, s.Name())
	var elapsed int64
	switch x := s.(type) {
	case execspace.HostExecutor:
		if err = checkHostViews(&k); err == nil {
			err = hostScan(x, p, k, total)
		}
	case execspace.DeviceExecutor:
		l := execspace.Launch{Label: label, Begin: int64(p.Begin), End: int64(p.End)}
		if err = deviceLaunch(x, &k, &l); err == nil {
			var bits [2]uint64
			l.Result = unsafe.Pointer(&bits[0])
			if err = x.Launch(&l); err == nil && total != nil {
				*total = *(*T)(unsafe.Pointer(&bits[0]))
			}
			elapsed = int64(l.Elapsed)
		}
	default:
		err = fmt.Errorf("space %T can run neither host nor device kernels", s)
	}
	profile.End(region, timeOf(elapsed))
	if err != nil {
		return launchError("ParallelScan", label, s, err)
	}
	return nil
}

// Number is the set of accumulator types of ParallelScan.
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

func hostScan[T Number, K ScanKernel[T]](x execspace.HostExecutor, p RangePolicy, k K, total *T) error {
	run := func(lo, hi int, acc *T, final bool) {
		for i := lo; i < hi; i++ {
			k.Run(i, acc, final)
		}
	}
	if f, ok := hostPath[func(*K, int, int, *T, bool), K](); ok {
		run = func(lo, hi int, acc *T, final bool) { f(&k, lo, hi, acc, final) }
	}
	n := p.End - p.Begin
	// Up to scanBlocksPerWorker blocks per worker (of at least scanMinBlock iterations), taken
	// dynamically in both passes: with one block per worker, each pass lasts as long as its
	// slowest worker, and on a shared or virtualized machine one delayed core doubled a scan.
	w := x.Workers()
	blocks := min(n, w*scanBlocksPerWorker, max(w, n/scanMinBlock))
	if p.Chunk > 0 { // a block has at least a chunk's iterations
		blocks = min(blocks, (n+p.Chunk-1)/p.Chunk)
	}
	if blocks <= 1 {
		// One block: run it through the space all the same (as one iteration, on the calling
		// goroutine), so that a closed space refuses it as it refuses every launch.
		var acc T
		err := x.ForRange(0, 1, 0, Static, func(_ *execspace.Worker, _, _ int) { run(p.Begin, p.End, &acc, true) })
		if err == nil && total != nil {
			*total = acc
		}
		return err
	}
	bound := func(b int) int { return p.Begin + int(int64(n)*int64(b)/int64(blocks)) }
	sums := make([]padded[T], blocks)
	err := x.ForRange(0, blocks, 1, Dynamic, func(_ *execspace.Worker, lo, hi int) {
		for b := lo; b < hi; b++ {
			var acc T
			run(bound(b), bound(b+1), &acc, false)
			sums[b].v = acc
		}
	})
	if err != nil {
		return err
	}
	var sum T
	for b := range sums {
		sum, sums[b].v = sum+sums[b].v, sum
	}
	if total != nil {
		*total = sum
	}
	return x.ForRange(0, blocks, 1, Dynamic, func(_ *execspace.Worker, lo, hi int) {
		for b := lo; b < hi; b++ {
			acc := sums[b].v
			run(bound(b), bound(b+1), &acc, true)
		}
	})
}

// scanBlocksPerWorker and scanMinBlock bound the blocks of a host scan (see hostScan).
const (
	scanBlocksPerWorker = 8
	scanMinBlock        = 4096
)

// padded keeps per-worker values on separate cache lines.
type padded[T any] struct {
	v T
	_ [64]byte
}

func newPartials[T any](n int, r Reducer[T]) []padded[T] {
	parts := make([]padded[T], n)
	for i := range parts {
		r.Init(&parts[i].v)
	}
	return parts
}

func joinPartials[T any](parts []padded[T], r Reducer[T]) {
	var res T
	r.Init(&res)
	for i := range parts {
		r.Join(&res, parts[i].v)
	}
	if out := r.Result(); out != nil {
		*out = res
	}
}

func deviceReduce[T any, K any](x execspace.DeviceExecutor, label string, k *K, r Reducer[T], l *execspace.Launch) error {
	if r.Op() == abi.OpHostOnly {
		return fmt.Errorf("a Join reducer's Go closure runs on host spaces only; give the kernel Init and Join methods and use KernelJoin")
	}
	if err := deviceLaunch(x, k, l); err != nil {
		return err
	}
	if !l.Kernel.HasReduceOp(r.Op()) {
		return fmt.Errorf("kernel %s does not support the %s reduction on the device (it supports: %s)", l.Kernel.Name, r.Op(), l.Kernel.ReduceOpsString())
	}
	l.Op = r.Op()
	var bits [2]uint64
	l.Result = unsafe.Pointer(&bits[0])
	if err := x.Launch(l); err != nil {
		return err
	}
	if out := r.Result(); out != nil {
		*out = *(*T)(unsafe.Pointer(&bits[0]))
	}
	return nil
}

// runTeams runs a team pattern; r is nil for ParallelForTeam.
func runTeams[T any, K any](s execspace.Space, pattern string, kind profile.Kind, label string, p TeamPolicy, k *K, r Reducer[T], body func(m teams.Member, acc unsafe.Pointer)) error {
	s, err := resolve(s)
	if err == nil {
		err = p.check()
	}
	if err == nil {
		err = checkSource[K]()
	}
	if err != nil {
		return launchError(pattern, label, s, err)
	}
	region := profile.Begin(kind, label, s.Name())
	var elapsed int64
	switch x := s.(type) {
	case execspace.HostExecutor:
		if err = checkHostViews(k); err == nil {
			err = hostTeams(x, p, r, body)
		}
	case execspace.DeviceExecutor:
		l := &execspace.Launch{Label: label, League: p.League, TeamSize: p.TeamSize, VectorLength: p.VectorLength, Scratch: p.Scratch, Concurrent: p.Concurrent}
		if l.VectorLength == 0 {
			l.VectorLength = 1
		}
		if r == nil {
			if err = deviceLaunch(x, k, l); err == nil {
				err = x.Launch(l)
			}
		} else {
			err = deviceReduce(x, label, k, r, l)
		}
		elapsed = int64(l.Elapsed)
	default:
		err = fmt.Errorf("space %T can run neither host nor device kernels", s)
	}
	profile.End(region, timeOf(elapsed))
	if err != nil {
		return launchError(pattern, label, s, err)
	}
	return nil
}

// hostConcurrentTeams runs a concurrent team launch on a host space: min(League, workers)
// teams, each on its own goroutine with its own scratch, meeting at LeagueBarrier through one
// teams.LeagueSync. A panic in one team releases the others from the barrier and is raised
// again once all have returned.
func hostConcurrentTeams[T any](x execspace.HostExecutor, p TeamPolicy, r Reducer[T], team, thread [2]int, body func(m teams.Member, acc unsafe.Pointer)) error {
	n := min(p.League, max(x.Workers(), 1))
	if n <= 0 {
		return nil
	}
	ls := teams.NewLeagueSync(n)
	var parts []padded[T]
	if r != nil {
		parts = newPartials(n, r)
	}
	var wg sync.WaitGroup
	var once sync.Once
	var failure any
	for lr := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					ls.Abort()
					if v != teams.ErrLeagueAborted {
						once.Do(func() { failure = v })
					}
				}
			}()
			sc := hostScratch(team, thread, func(l, need int) []byte { return make([]byte, need) })
			body(teams.NewConcurrentHostMember(lr, n, sc, ls), partialOf(parts, lr))
		}()
	}
	wg.Wait()
	if failure != nil {
		panic(failure)
	}
	if r != nil {
		joinPartials(parts, r)
	}
	return nil
}

// hostScratch returns the scratch of one host team (a team of one member) with the given
// per-team and per-thread bytes of both levels, its buffers from buf(level, bytes), or nil
// when the launch asks for none.
func hostScratch(team, thread [2]int, buf func(level, bytes int) []byte) *teams.Scratch {
	need0, need1 := team[0]+thread[0], team[1]+thread[1]
	if need0+need1 == 0 {
		return nil
	}
	return teams.NewScratch([2][]byte{buf(0, need0), buf(1, need1)}, team, thread, 1)
}

// partialOf returns the accumulator of slot i of parts, or nil without a reduction.
func partialOf[T any](parts []padded[T], i int) unsafe.Pointer {
	if parts == nil {
		return nil
	}
	return unsafe.Pointer(&parts[i].v)
}

func hostTeams[T any](x execspace.HostExecutor, p TeamPolicy, r Reducer[T], body func(m teams.Member, acc unsafe.Pointer)) error {
	var team, thread [2]int
	for l := 0; l < 2; l++ {
		team[l], thread[l] = p.Scratch[l].Team, p.Scratch[l].Thread
		if need := team[l] + thread[l]; need > x.ScratchLimit(l) {
			return fmt.Errorf("level-%d scratch of %d bytes per team (%d per team + %d per thread × 1 member) exceeds the space's limit of %d bytes", l, need, team[l], thread[l], x.ScratchLimit(l))
		}
	}
	if p.Concurrent {
		if min(p.League, x.Workers()) > 1 {
			return hostConcurrentTeams(x, p, r, team, thread, body)
		}
		// A league of one team needs no goroutine of its own: it runs like any launch.
		p.League = min(p.League, 1)
	}
	var parts []padded[T]
	if r != nil {
		parts = newPartials(x.Workers(), r)
	}
	err := x.ForRange(0, p.League, p.Chunk, p.Schedule, func(w *execspace.Worker, lo, hi int) {
		sc := hostScratch(team, thread, w.Scratch)
		acc := partialOf(parts, w.ID)
		for lr := lo; lr < hi; lr++ {
			body(teams.NewHostMember(lr, p.League, sc), acc)
		}
	})
	if err == nil && r != nil {
		joinPartials(parts, r)
	}
	return err
}

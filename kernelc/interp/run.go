// Package interp executes kernel IR on the host with the launch semantics of the device ABI
// (execspace/abi): range kernels as a grid of threads striding over the index range;
// team kernels as teams of TeamSize × VectorLength lanes, each lane a goroutine, with real
// barriers, team reductions and scans, and scratch memory; reductions with one partial per
// block over contiguous chunks, combined in a fixed order; scans in up, mid and down passes.
// Kernel arguments are the 8-byte slots of the ABI, with views given by host addresses that a
// Memory maps back to Go memory. It lets the translator's front end be tested without a GPU.
package interp

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// Config describes a launch.
type Config struct {
	// Begin and End bound the index range of range forms.
	Begin, End int64
	// Blocks and Threads shape the grid of range forms (defaults 4 and 8).
	Blocks, Threads int
	// League, TeamSize and VectorLength shape team forms (TeamSize and VectorLength
	// default to 1).
	League, TeamSize, VectorLength int
	// Scratch holds the scratch bytes per team and per thread at levels 0 and 1.
	Scratch [2]execspace.ScratchSize
	// Op selects the reduction of reduce forms.
	Op abi.ReduceOp
	// Workers bounds how many blocks or teams run at once (default GOMAXPROCS).
	Workers int
}

// Result is a launch's value: the reduction's result or the scan's total, canonical bits
// (integers sign- or zero-extended, floats as IEEE bits), with the location of MinLoc and
// MaxLoc in Loc.
type Result struct {
	Val, Loc uint64
}

// Float returns the value as a float64 for a float kind.
func (r Result) Float(k abi.Kind) float64 {
	if k == abi.KindFloat32 {
		return float64(math.Float32frombits(uint32(r.Val)))
	}
	return math.Float64frombits(r.Val)
}

type runner struct {
	k    *ir.Kernel
	args []uint64
	mem  *Memory
	cfg  Config

	// league is the barrier of LeagueBarrier, over every lane of the league, in a launch of
	// a kernel that uses it (whose teams all run at once).
	league *barrier

	mu  sync.Mutex
	err error
}

func (r *runner) fail(v any) {
	if _, ok := v.(abortError); ok {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err == nil {
		r.err = fmt.Errorf("interp: kernel %s: %s", r.k.Name, strings.TrimPrefix(fmt.Sprint(v), "interp: "))
	}
}

// Run executes kernel k with the given parameter slots (in Params order) over mem, which must
// hold every view the slots address. It returns the reduction value or scan total for reduce
// and scan forms. Failures of the kernel (an index out of range, scratch overflow) are
// returned as errors.
func Run(k *ir.Kernel, args []uint64, mem *Memory, cfg Config) (Result, error) {
	n := 0
	for _, p := range k.Params {
		n += p.Kind.Slots()
	}
	if len(args) != n {
		return Result{}, fmt.Errorf("interp: kernel %s takes %d slots, got %d", k.Name, n, len(args))
	}
	if cfg.Blocks <= 0 {
		cfg.Blocks = 4
	}
	if cfg.Threads <= 0 {
		cfg.Threads = 8
	}
	if cfg.TeamSize <= 0 {
		cfg.TeamSize = 1
	}
	if cfg.VectorLength <= 0 {
		cfg.VectorLength = 1
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	r := &runner{k: k, args: args, mem: mem, cfg: cfg}
	var res Result
	switch k.Form {
	case abi.FormRange:
		r.ranged()
	case abi.FormReduce:
		res = r.reduce()
	case abi.FormScan:
		res = r.scan()
	case abi.FormTeam, abi.FormTeamReduce:
		res = r.teams()
	default:
		return Result{}, fmt.Errorf("interp: kernel %s has form %s", k.Name, k.Form)
	}
	return res, r.err
}

// parallel runs fn(i) for i in [0, n) on at most workers goroutines.
func (r *runner) parallel(n int, fn func(i int)) {
	var wg sync.WaitGroup
	w := min(r.cfg.Workers, n)
	for g := 0; g < w; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if v := recover(); v != nil {
					r.fail(v)
				}
			}()
			for i := g; i < n; i += w {
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// invoke runs the body once on ln.
func (ln *lane) invoke() {
	c := ln.block(ln.k.Body)
	if c.kind == ctlBreak || c.kind == ctlContinue {
		panic(fmt.Sprintf("interp: %v leaves the kernel body", c))
	}
}

func (r *runner) ranged() {
	total := int64(r.cfg.Blocks * r.cfg.Threads)
	r.parallel(int(total), func(g int) {
		ln := newLane(r.k, r.args, r.mem)
		for i := r.cfg.Begin + int64(g); i < r.cfg.End; i += total {
			ln.setParams(r.args)
			ln.regs[r.k.Index.ID] = uint64(i)
			ln.invoke()
		}
	})
}

// chunk returns block b's contiguous chunk of [begin, end) split into g blocks.
func chunk(begin, end int64, b, g int) (int64, int64) {
	n := max(end-begin, 0)
	c := (n + int64(g) - 1) / int64(g)
	return min(end, begin+int64(b)*c), min(end, begin+int64(b+1)*c)
}

// value is an accumulator: the value and, for ValLoc, the location.
type value [2]uint64

func (r *runner) accGet(ln *lane) value {
	var v value
	for i, l := range r.k.Acc {
		v[i] = ln.regs[l.ID]
	}
	return v
}

func (r *runner) accSet(ln *lane, v value) {
	for i, l := range r.k.Acc {
		ln.regs[l.ID] = v[i]
	}
}

func (r *runner) reduce() Result {
	g, b := r.cfg.Blocks, r.cfg.Threads
	partials := make([]value, g)
	r.parallel(g, func(blk int) {
		lo, hi := chunk(r.cfg.Begin, r.cfg.End, blk, g)
		accs := make([]value, b)
		for t := 0; t < b; t++ {
			ln := newLane(r.k, r.args, r.mem)
			acc := r.identity()
			for i := lo + int64(t); i < hi; i += int64(b) {
				ln.setParams(r.args)
				r.accSet(ln, acc)
				ln.regs[r.k.Index.ID] = uint64(i)
				ln.invoke()
				acc = r.accGet(ln)
			}
			accs[t] = acc
		}
		// Fixed tree order: pairs at distance 1, 2, 4, ...
		for s := 1; s < b; s *= 2 {
			for t := 0; t+s < b; t += 2 * s {
				accs[t] = r.join(accs[t], accs[t+s])
			}
		}
		partials[blk] = accs[0]
	})
	acc := r.identity()
	for _, p := range partials {
		acc = r.join(acc, p)
	}
	return Result{acc[0], acc[1]}
}

func (r *runner) scan() Result {
	g, b := r.cfg.Blocks, r.cfg.Threads
	t := r.k.Acc[0].T
	add := func(a, c uint64) uint64 { return Binary(ir.Add, t, t, a, c) }
	// sub returns thread th's part of block blk's chunk.
	sub := func(blk, th int) (int64, int64) {
		lo, hi := chunk(r.cfg.Begin, r.cfg.End, blk, g)
		return chunk(lo, hi, th, b)
	}
	pass := func(ln *lane, lo, hi int64, acc uint64, final bool) uint64 {
		for i := lo; i < hi; i++ {
			ln.setParams(r.args)
			ln.regs[r.k.Acc[0].ID] = acc
			ln.regs[r.k.Index.ID] = uint64(i)
			ln.regs[r.k.Final.ID] = boolBits(final)
			ln.invoke()
			acc = ln.regs[r.k.Acc[0].ID]
		}
		return acc
	}
	threadSums := func(blk int) []uint64 {
		sums := make([]uint64, b)
		for th := 0; th < b; th++ {
			lo, hi := sub(blk, th)
			sums[th] = pass(newLane(r.k, r.args, r.mem), lo, hi, 0, false)
		}
		return sums
	}
	// Up.
	blockSums := make([]uint64, g)
	r.parallel(g, func(blk int) {
		var s uint64
		for _, x := range threadSums(blk) {
			s = add(s, x)
		}
		blockSums[blk] = s
	})
	if r.err != nil {
		return Result{}
	}
	// Mid.
	var total uint64
	for i, s := range blockSums {
		blockSums[i] = total
		total = add(total, s)
	}
	// Down.
	r.parallel(g, func(blk int) {
		sums := threadSums(blk)
		prefix := blockSums[blk]
		for th := 0; th < b; th++ {
			lo, hi := sub(blk, th)
			pass(newLane(r.k, r.args, r.mem), lo, hi, prefix, true)
			prefix = add(prefix, sums[th])
		}
	})
	return Result{Val: total}
}

func (r *runner) teams() Result {
	cfg := r.cfg
	size := cfg.TeamSize
	w := min(cfg.Workers, max(cfg.League, 1))
	if r.k.UsesLeagueBarrier() {
		if cfg.League > w {
			r.fail(fmt.Sprintf("a league barrier needs every team at once: %d teams on %d workers", cfg.League, w))
			return Result{}
		}
		r.league = newBarrier(cfg.League * size * max(cfg.VectorLength, 1))
	}
	// Scratch buffers per worker, registered before any goroutine starts.
	scratch := make([][2]uint64, w)
	for i := range scratch {
		for lvl := 0; lvl < 2; lvl++ {
			scratch[i][lvl] = r.mem.Alloc(cfg.Scratch[lvl].Team + size*cfg.Scratch[lvl].Thread)
		}
	}
	reduce := r.k.Form == abi.FormTeamReduce
	teamVals := make([]value, cfg.League)
	var wg sync.WaitGroup
	for wk := 0; wk < w; wk++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for lg := wk; lg < cfg.League; lg += w {
				vals := r.team(lg, scratch[wk], reduce)
				if vals == nil {
					return
				}
				acc := r.identity()
				for _, v := range vals {
					acc = r.join(acc, v)
				}
				teamVals[lg] = acc
			}
		}()
	}
	wg.Wait()
	if !reduce {
		return Result{}
	}
	acc := r.identity()
	for _, v := range teamVals {
		acc = r.join(acc, v)
	}
	return Result{acc[0], acc[1]}
}

// team runs one team and returns its members' accumulators (vector lane 0 of each member),
// or nil after a failure.
func (r *runner) team(league int, scratch [2]uint64, reduce bool) []value {
	size, vlen := r.cfg.TeamSize, r.cfg.VectorLength
	t := &team{r: r, league: league, size: size, vlen: vlen, bar: newBarrier(size * vlen),
		slots: make([]uint64, size*vlen), scratch: scratch}
	for m := 0; m < size; m++ {
		t.memberBar = append(t.memberBar, newBarrier(vlen))
	}
	accs := make([]value, size)
	var wg sync.WaitGroup
	failed := false
	var mu sync.Mutex
	for m := 0; m < size; m++ {
		for v := 0; v < vlen; v++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer func() {
					if p := recover(); p != nil {
						r.fail(p)
						mu.Lock()
						failed = true
						mu.Unlock()
						t.bar.abort()
						for _, b := range t.memberBar {
							b.abort()
						}
						if r.league != nil {
							r.league.abort()
						}
					}
				}()
				ln := newLane(r.k, r.args, r.mem)
				ln.team, ln.rank, ln.vec = t, m, v
				if reduce {
					r.accSet(ln, r.identity())
				}
				ln.invoke()
				t.bar.leave()
				t.memberBar[m].leave()
				if r.league != nil {
					r.league.leave()
				}
				if reduce && v == 0 {
					accs[m] = r.accGet(ln)
				}
			}()
		}
	}
	wg.Wait()
	if failed {
		return nil
	}
	if !reduce {
		return []value{}
	}
	return accs
}

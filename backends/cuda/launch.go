//go:build cuda

package cuda

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
	"unsafe"

	"gorgonia.org/cu"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/devlaunch"
)

// LaunchError is the error of a kernel launch. It names the launch's label, the kernel, the
// policy and, when the launch got that far, the entry and the launch shape (grid, block, dynamic
// shared memory). Err is the cause: a *JITError, a *DriverError, ErrClosed, an error wrapping
// ErrDeviceUnusable, or a description of an invalid request.
type LaunchError struct {
	// Label is the launch's label (execspace.Launch.Label).
	Label string
	// Kernel is the kernel's Go type name (KernelSpec.Name).
	Kernel string
	// Form is the kernel's body form.
	Form abi.Form
	// Policy describes the request, such as "range [0, 1000)" or "league 64, team 128, vector 1".
	Policy string
	// Entry is the PTX entry being launched, empty if the error came before one was chosen.
	Entry string
	// Grid and Block are the launch dimensions; zero if the error came before they were known.
	Grid, Block [3]int
	// Shared is the dynamic shared memory per block in bytes.
	Shared int
	// Err is the cause.
	Err error
}

// Error describes the launch and its cause on one line (a JIT log follows on later lines).
func (e *LaunchError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cuda: launch %q of kernel %s (%s, %s", e.Label, e.Kernel, e.Form, e.Policy)
	if e.Entry != "" {
		fmt.Fprintf(&b, "; entry %s", e.Entry)
	}
	if e.Grid[0] > 0 {
		fmt.Fprintf(&b, "; grid %d×%d×%d, block %d×%d×%d, dynamic shared %d B", e.Grid[0], e.Grid[1], e.Grid[2], e.Block[0], e.Block[1], e.Block[2], e.Shared)
	}
	fmt.Fprintf(&b, "): %v", e.Err)
	return b.String()
}

// Unwrap returns the cause.
func (e *LaunchError) Unwrap() error { return e.Err }

// ErrClosed is wrapped by the errors of launches on a closed space.
var ErrClosed = errors.New("cuda: the space is closed")

var checkPointers = os.Getenv("GOKKOS_CUDA_CHECK") == "1"

// pendingLaunch describes an asynchronous launch for fault reports.
type pendingLaunch struct {
	label, kernel, entry string
	grid, block          [3]int
	shared               int
}

// String describes the launch for a fault report.
func (p pendingLaunch) String() string {
	return fmt.Sprintf("%q (kernel %s, entry %s, grid %d, block %d×%d×%d, shared %d B)", p.label, p.kernel, p.entry, p.grid[0], p.block[0], p.block[1], p.block[2], p.shared)
}

// launcher carries one Launch call through its kernels.
type launcher struct {
	d     *device
	l     *execspace.Launch
	k     *abi.KernelSpec
	m     *module
	le    LaunchError
	start cu.Event
	timed bool
	// mapped reports that the launch's result slot is in the mapped result buffer.
	mapped bool
}

// Launch runs l's kernel on the device following the execspace ABI (see execspace/abi):
//
//   - FormRange: a 1-D grid of 1-D blocks; the block size is the multiple of the warp size up to
//     256 with the best occupancy, the grid min(ceil(n/block), SMs × resident blocks per SM).
//   - FormTeam: blocks of (vectorLength, teamSize) threads, a grid of min(league, SMs × resident
//     blocks per SM) blocks (fewer when level-1 scratch would exceed an eighth of device memory).
//     TeamSize Auto picks the team size with the most resident threads per SM, at most 256
//     threads per team; VectorLength Auto is 1. Dynamic shared memory is the kernel's
//     SharedPerThread × threads rounded up to 16 bytes, then level-0 team scratch, then level-0
//     thread scratch × team size; the function's limit is raised above 48 KiB when needed.
//     Level-1 scratch lives in a device buffer that grows on demand and is reused.
//   - Reduce forms: Main over the range or league, whose last block to finish combines the
//     blocks' partial values; the value is copied to l.Result when it is not nil.
//   - FormScan: Up, Mid (one block) and Down with one grid; the total goes to l.Result.
//
// Launch returns as soon as the kernels are enqueued, except when l.Result is set (it waits for
// the value) or l.Timed is set (it waits and stores the device time, from CUDA events, in
// l.Elapsed). Faults of asynchronous launches surface at the next Fence, copy to the host, or
// synchronous launch. Launch is safe for concurrent use: kernels from all goroutines run in
// launch order on the device's default stream. Errors are *LaunchError values.
func (s *Space) Launch(l *execspace.Launch) error {
	if l == nil || l.Kernel == nil {
		return errors.New("cuda: Launch without a kernel")
	}
	d := s.d
	k := l.Kernel
	x := &launcher{d: d, l: l, k: k, timed: l.Timed}
	x.le = LaunchError{Label: l.Label, Kernel: k.Name, Form: k.Form}
	l.Elapsed = 0
	if s.closed.Load() {
		return x.fail(ErrClosed)
	}
	if err := d.usable(); err != nil {
		return x.fail(err)
	}
	if err := d.enter(); err != nil {
		return x.fail(err)
	}
	defer d.leave()
	if err := checkArgs(k, l.Args); err != nil {
		return x.fail(err)
	}
	m, err := d.module(k)
	if err != nil {
		return x.fail(err)
	}
	x.m = m
	switch k.Form {
	case abi.FormRange:
		err = x.rangeFor()
	case abi.FormTeam:
		err = x.teamFor()
	case abi.FormReduce, abi.FormTeamReduce:
		err = x.reduce()
	case abi.FormScan:
		err = x.scan()
	default:
		err = fmt.Errorf("unknown kernel form %d", k.Form)
	}
	return x.fail(err)
}

func (x *launcher) fail(err error) error {
	if err == nil {
		return nil
	}
	e := x.le
	e.Policy, e.Err = policyString(x.l), err
	return &e
}

func policyString(l *execspace.Launch) string { return devlaunch.Policy(l) }

// checkArgs is a cheap sanity check of the argument slots: their count, and that each view has a
// device address. With GOKKOS_CUDA_CHECK=1 it also asks the driver whether each view address is
// device memory. The caller has entered.
func checkArgs(k *abi.KernelSpec, args []uint64) error {
	var check func(addr uint64) error
	if checkPointers {
		check = func(addr uint64) error {
			if !isDevicePointer(uintptr(addr)) {
				return fmt.Errorf("address %#x is not device memory of this context", addr)
			}
			return nil
		}
	}
	return devlaunch.CheckArgs(k, args, check)
}

func (x *launcher) fn(name string) (*function, error) { return x.m.function(x.k, name) }

// slots returns the prefix followed by the launch's own argument slots.
func (x *launcher) slots(prefix ...uint64) []uint64 {
	s := make([]uint64, 0, len(prefix)+len(x.l.Args))
	return append(append(s, prefix...), x.l.Args...)
}

// begin records the start event of a timed launch.
func (x *launcher) begin() error {
	if !x.timed {
		return nil
	}
	e, err := x.d.event()
	if err != nil {
		return err
	}
	if err := e.Record(cu.Stream{}); err != nil {
		x.d.putEvent(e)
		return fromCu("cuEventRecord", err)
	}
	x.start = e
	return nil
}

// finish waits for a timed launch and stores its device time.
func (x *launcher) finish() error {
	if !x.timed || x.start == (cu.Event{}) {
		return nil
	}
	defer x.d.putEvent(x.start)
	end, err := x.d.event()
	if err != nil {
		return err
	}
	defer x.d.putEvent(end)
	if err := end.Record(cu.Stream{}); err != nil {
		return fromCu("cuEventRecord", err)
	}
	if err := end.Synchronize(); err != nil {
		return x.d.check(fmt.Sprintf("launch %q", x.l.Label), fromCu("cuEventSynchronize", err))
	}
	ms, err := x.start.Elapsed(end)
	if err != nil {
		return fromCu("cuEventElapsedTime", err)
	}
	x.l.Elapsed = time.Duration(ms * float64(time.Millisecond))
	return nil
}

// run enqueues one kernel on the default stream.
func (x *launcher) run(f *function, grid int, block [3]int, shared int, slots []uint64) error {
	x.le.Entry, x.le.Grid, x.le.Block, x.le.Shared = f.name, [3]int{grid, 1, 1}, block, shared
	params := make([]unsafe.Pointer, len(slots))
	for i := range slots {
		params[i] = unsafe.Pointer(&slots[i])
	}
	if x.l.Concurrent {
		if err := launchCooperative(f.f, grid, block, shared, params); err != nil {
			return x.d.check(fmt.Sprintf("launch %q", x.l.Label), err)
		}
	} else if err := f.f.Launch(grid, 1, 1, block[0], block[1], block[2], shared, cu.Stream{}, params); err != nil {
		return x.d.check(fmt.Sprintf("launch %q", x.l.Label), fromCu("cuLaunchKernel", err))
	}
	if !x.timed && x.l.Result == nil {
		x.d.notePending(pendingLaunch{x.l.Label, x.k.Name, f.name, [3]int{grid, 1, 1}, block, shared})
	}
	return nil
}

func ceilDiv(a, b int64) int64 { return devlaunch.CeilDiv(a, b) }

// rangeGrid returns the block choice and grid for a range-like launch of f over n iterations.
func (x *launcher) rangeGrid(f *function, n int64) (blockChoice, int, error) {
	c, err := x.d.rangeBlock(f, x.k.SharedPerThread)
	if err != nil {
		return c, 0, err
	}
	return c, devlaunch.RangeGrid(x.d.shape(), devlaunch.Block{Threads: c.threads, PerSM: c.perSM}, n), nil
}

func (x *launcher) rangeFor() error {
	l := x.l
	n := l.End - l.Begin
	if n <= 0 {
		return nil
	}
	f, err := x.fn(x.k.Entry)
	if err != nil {
		return err
	}
	c, grid, err := x.rangeGrid(f, n)
	if err != nil {
		return err
	}
	if err := x.begin(); err != nil {
		return err
	}
	if err := x.run(f, grid, [3]int{c.threads, 1, 1}, align16(x.k.SharedPerThread*c.threads), x.slots(uint64(l.Begin), uint64(l.End))); err != nil {
		return err
	}
	return x.finish()
}

// team is the resolved shape of a team launch.
type team struct {
	league, size, vector int
	grid, shared         int
	s1Per                int64 // level-1 bytes per team
	s1Locked             bool  // holds d.scratchMu.RLock
	s1Base               cu.DevicePtr
}

// prefix returns the FormTeam argument prefix.
func (t *team) prefix(l *execspace.Launch) []uint64 {
	return []uint64{uint64(t.league), uint64(t.size), uint64(t.vector),
		uint64(l.Scratch[0].Team), uint64(l.Scratch[0].Thread),
		uint64(t.s1Base), uint64(l.Scratch[1].Team), uint64(l.Scratch[1].Thread)}
}

// release drops the level-1 scratch lock after the team's kernels are enqueued.
func (t *team) release(d *device) {
	if t.s1Locked {
		d.scratchMu.RUnlock()
		t.s1Locked = false
	}
}

// teamShape resolves the team size, vector length, shared memory and grid of a team launch of f
// (devlaunch.TeamShape) and reserves level-1 scratch. On success the caller must call release.
func (x *launcher) teamShape(f *function) (*team, error) {
	d := x.d
	s, err := devlaunch.TeamShape(d.shape(), f.shape(), x.k, x.l)
	if err != nil {
		return nil, err
	}
	t := &team{league: s.League, size: s.Size, vector: s.Vector, grid: s.Grid, shared: s.Shared, s1Per: s.Level1}
	if t.s1Per > 0 {
		need := int64(t.grid) * t.s1Per
		for {
			d.scratchMu.RLock()
			if d.scratch1.size >= need {
				break
			}
			d.scratchMu.RUnlock()
			d.scratchMu.Lock()
			err := d.grow(&d.scratch1, need, "level-1 scratch")
			d.scratchMu.Unlock()
			if err != nil {
				return nil, err
			}
		}
		t.s1Locked = true
		t.s1Base = d.scratch1.ptr
	}
	return t, nil
}

func (x *launcher) teamFor() error {
	if x.l.League <= 0 {
		if x.l.League < 0 {
			return fmt.Errorf("negative league size %d", x.l.League)
		}
		return nil
	}
	f, err := x.fn(x.k.Entry)
	if err != nil {
		return err
	}
	t, err := x.teamShape(f)
	if err != nil {
		return err
	}
	defer t.release(x.d)
	if err := x.begin(); err != nil {
		return err
	}
	if err := x.run(f, t.grid, [3]int{t.vector, t.size, 1}, t.shared, x.slots(t.prefix(x.l)...)); err != nil {
		return err
	}
	t.release(x.d)
	return x.finish()
}

// oneBlock returns the block size of the single-block entry (scan Mid): devlaunch.OneBlock.
func (x *launcher) oneBlock(f *function) int { return devlaunch.OneBlock(x.d.shape(), f.shape()) }

// partials reserves the partials buffer for count values plus one result slot and returns the
// addresses of both. The result slot is in the mapped result buffer when the launch returns a
// value and that buffer is available (see resultBuf), else after the partials. The caller
// holds d.multiMu and has entered.
func (x *launcher) partials(count int) (part, result cu.DevicePtr, err error) {
	slot := int64(x.k.Value.SlotBytes())
	off := int64(align16(int(int64(count) * slot)))
	if err := x.d.grow(&x.d.partials, off+16, "reduction partials"); err != nil {
		return 0, 0, err
	}
	if x.l.Result != nil && x.d.results.reserve(slot) {
		x.mapped = true
		return x.d.partials.ptr, x.d.results.dev, nil
	}
	return x.d.partials.ptr, x.d.partials.ptr + cu.DevicePtr(off), nil
}

// copyResult copies the value at result to l.Result, when wanted: from the mapped result
// buffer once the kernels are done, or with a copy from device memory. The caller has entered
// and holds d.multiMu.
func (x *launcher) copyResult(result cu.DevicePtr) error {
	if x.l.Result == nil {
		return nil
	}
	bytes := x.k.Value.SlotBytes()
	var err error
	if x.mapped {
		if !x.timed { // a timed launch has waited for its end event already
			err = fromCu("cuCtxSynchronize", cu.Synchronize())
		}
		if err == nil {
			copy(unsafe.Slice((*byte)(x.l.Result), bytes), unsafe.Slice((*byte)(x.d.results.host), bytes))
		}
	} else {
		err = fromCu("cuMemcpyDtoH", cu.MemcpyDtoH(x.l.Result, result, int64(bytes)))
	}
	if err == nil {
		x.d.clearPending()
	}
	return x.d.check(fmt.Sprintf("launch %q", x.l.Label), err)
}

func (x *launcher) reduce() error {
	d, l, k := x.d, x.l, x.k
	if !k.HasReduceOp(l.Op) {
		return fmt.Errorf("the kernel does not support the %s reduction on the device (it supports: %s)", l.Op, k.ReduceOpsString())
	}
	op := uint64(l.Op)
	main, err := x.fn(k.Reduce.Main)
	if err != nil {
		return err
	}
	var (
		grid   int
		block  [3]int
		shared int
		prefix []uint64
		t      *team
	)
	if k.Form == abi.FormReduce {
		c, g, err := x.rangeGrid(main, l.End-l.Begin)
		if err != nil {
			return err
		}
		grid, block, shared = g, [3]int{c.threads, 1, 1}, align16(k.SharedPerThread*c.threads)
		prefix = []uint64{uint64(l.Begin), uint64(l.End)}
	}
	d.multiMu.Lock()
	defer d.multiMu.Unlock()
	if k.Form == abi.FormTeamReduce {
		if l.League < 0 {
			return fmt.Errorf("negative league size %d", l.League)
		}
		if t, err = x.teamShape(main); err != nil {
			return err
		}
		defer t.release(d)
		grid, block, shared = t.grid, [3]int{t.vector, t.size, 1}, t.shared
		prefix = t.prefix(l)
	}
	part, result, err := x.partials(grid)
	if err != nil {
		return err
	}
	if err := x.begin(); err != nil {
		return err
	}
	if err := x.run(main, grid, block, shared, x.slots(append(prefix, uint64(part), uint64(result), op)...)); err != nil {
		return err
	}
	if err := x.finish(); err != nil {
		return err
	}
	return x.copyResult(result)
}

func (x *launcher) scan() error {
	d, l, k := x.d, x.l, x.k
	up, err := x.fn(k.Scan.Up)
	if err != nil {
		return err
	}
	mid, err := x.fn(k.Scan.Mid)
	if err != nil {
		return err
	}
	down, err := x.fn(k.Scan.Down)
	if err != nil {
		return err
	}
	c, grid, err := x.rangeGrid(up, l.End-l.Begin)
	if err != nil {
		return err
	}
	sb, grid := devlaunch.ScanBlock(d.shape(), devlaunch.Block{Threads: c.threads, PerSM: c.perSM}, grid, down.shape(), l.End-l.Begin)
	c.threads = sb.Threads
	block, shared := [3]int{c.threads, 1, 1}, align16(k.SharedPerThread*c.threads)
	mb := x.oneBlock(mid)
	d.multiMu.Lock()
	defer d.multiMu.Unlock()
	sums, total, err := x.partials(grid)
	if err != nil {
		return err
	}
	if err := x.begin(); err != nil {
		return err
	}
	if err := x.run(up, grid, block, shared, x.slots(uint64(l.Begin), uint64(l.End), uint64(sums))); err != nil {
		return err
	}
	if err := x.run(mid, 1, [3]int{mb, 1, 1}, align16(k.SharedPerThread*mb), x.slots(uint64(sums), uint64(grid), uint64(total))); err != nil {
		return err
	}
	if err := x.run(down, grid, block, shared, x.slots(uint64(l.Begin), uint64(l.End), uint64(sums))); err != nil {
		return err
	}
	if err := x.finish(); err != nil {
		return err
	}
	return x.copyResult(total)
}

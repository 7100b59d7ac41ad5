package sim

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unsafe"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/devlaunch"
	ptxsim "github.com/gokkos/gokkos/kernelc/ptxsim"
)

// LaunchError is the error of a launch on the sim space. It names the launch's label, the
// kernel, the policy and, when the launch got that far, the entry and the launch shape (grid,
// block, dynamic shared memory). Err is the cause: ErrClosed, a kernel without PTX or without
// the entry the launch needs, an invalid request, or a fault the simulator found while running
// the entry (an access outside device memory, a trap, an unsupported instruction, a deadlock at
// a barrier, a thread past the instruction limit).
type LaunchError struct {
	// Label is the launch's label (execspace.Launch.Label).
	Label string
	// Kernel is the kernel's Go type name (KernelSpec.Name).
	Kernel string
	// Form is the kernel's body form.
	Form abi.Form
	// Policy describes the request, such as "range [0, 1000)" or "league 64, team 128, vector 1".
	Policy string
	// Entry is the PTX entry being run, empty if the error came before one was chosen.
	Entry string
	// Grid and Block are the launch dimensions; zero if the error came before they were known.
	Grid, Block [3]int
	// Shared is the dynamic shared memory per block in bytes.
	Shared int
	// Err is the cause.
	Err error
}

// Error describes the launch and its cause on one line.
func (e *LaunchError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "sim: launch %q of kernel %s (%s, %s", e.Label, e.Kernel, e.Form, e.Policy)
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
var ErrClosed = errors.New("sim: the space is closed")

// launcher carries one Launch call through its entries.
type launcher struct {
	d  *device
	l  *execspace.Launch
	k  *abi.KernelSpec
	m  *module
	le LaunchError
}

// Launch runs l's kernel on the simulated device following the execspace ABI (abi's package
// documentation), with the shapes backends/cuda chooses (internal/devlaunch) for the simulated
// hardware:
//
//   - FormRange: a 1-D grid of 1-D blocks of 256 threads, at most multiprocessors × resident
//     blocks of them.
//   - FormTeam: blocks of (vectorLength, teamSize) threads; TeamSize Auto is 256 threads when
//     shared memory allows; level-0 scratch in shared memory after the kernel's own, level-1
//     scratch in a global buffer that grows on demand.
//   - Reduce forms: Main over the range or league, then Final as one block of 256 threads; the
//     value is copied to l.Result when it is not nil.
//   - FormScan: Up, Mid (one block) and Down with one grid; the total goes to l.Result.
//
// Launch returns when the kernel has completed: its faults are its errors, and Fence has
// nothing to wait for. With l.Timed it stores the wall time of the simulation in l.Elapsed.
// Launch is safe for concurrent use; launches, allocations and copies on one simulated device
// run one at a time. Errors are *LaunchError values.
func (s *Space) Launch(l *execspace.Launch) error {
	if l == nil || l.Kernel == nil {
		return errors.New("sim: Launch without a kernel")
	}
	k := l.Kernel
	d := s.d
	x := &launcher{d: d, l: l, k: k}
	x.le = LaunchError{Label: l.Label, Kernel: k.Name, Form: k.Form}
	l.Elapsed = 0
	if s.closed.Load() {
		return x.fail(ErrClosed)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	start := time.Now()
	if err := devlaunch.CheckArgs(k, l.Args, d.checkAddr); err != nil {
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
		err = fmt.Errorf("kernel %s has form %s (%d), which the sim space cannot launch", k.Name, k.Form, k.Form)
	}
	if err == nil && l.Timed {
		l.Elapsed = time.Since(start)
	}
	return x.fail(err)
}

// checkAddr rejects a view address outside the simulated heap. The caller holds d.mu.
func (d *device) checkAddr(addr uint64) error {
	if _, err := d.dev.Span(addr, 1); err != nil {
		return fmt.Errorf("address %#x is not memory of simulated device %d", addr, d.id)
	}
	return nil
}

func (x *launcher) fail(err error) error {
	if err == nil {
		return nil
	}
	e := x.le
	e.Policy, e.Err = devlaunch.Policy(x.l), err
	return &e
}

// entry returns the module's entry called name.
func (x *launcher) entry(name string) (devlaunch.Entry, error) { return x.m.entry(x.k, name) }

// slots returns the prefix followed by the launch's own argument slots.
func (x *launcher) slots(prefix ...uint64) []uint64 {
	s := make([]uint64, 0, len(prefix)+len(x.l.Args))
	return append(append(s, prefix...), x.l.Args...)
}

// run runs entry e to completion with a 1-D grid of blocks of block threads and shared bytes of
// dynamic shared memory per block. A panic of the simulator becomes an error.
func (x *launcher) run(e devlaunch.Entry, grid int, block [3]int, shared int, slots []uint64) (err error) {
	x.le.Entry, x.le.Grid, x.le.Block, x.le.Shared = e.Name, [3]int{grid, 1, 1}, block, shared
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the simulator failed: %v", r)
		}
	}()
	x.d.entries++
	return x.m.prog.Run(ptxsim.Launch{Entry: e.Name, Grid: grid, Block: [2]int{block[0], block[1]}, Shared: shared, Params: slots})
}

// rangeShape returns the grid, block and dynamic shared memory of a range-like launch of e over n
// iterations.
func (x *launcher) rangeShape(e devlaunch.Entry, n int64) (grid int, block [3]int, shared int, err error) {
	b, err := devlaunch.RangeBlock(x.d.shape(), e, x.k.SharedPerThread)
	if err != nil {
		return 0, block, 0, err
	}
	return devlaunch.RangeGrid(x.d.shape(), b, n), [3]int{b.Threads, 1, 1}, devlaunch.Align16(x.k.SharedPerThread * b.Threads), nil
}

func (x *launcher) rangeFor() error {
	l := x.l
	if l.End-l.Begin <= 0 {
		return nil
	}
	e, err := x.entry(x.k.Entry)
	if err != nil {
		return err
	}
	grid, block, shared, err := x.rangeShape(e, l.End-l.Begin)
	if err != nil {
		return err
	}
	return x.run(e, grid, block, shared, x.slots(uint64(l.Begin), uint64(l.End)))
}

// teamShape resolves the shape of a team launch of e (devlaunch.TeamShape) and returns it with
// its argument prefix, reserving the level-1 scratch it needs.
func (x *launcher) teamShape(e devlaunch.Entry) (devlaunch.Team, []uint64, error) {
	t, err := devlaunch.TeamShape(x.d.shape(), e, x.k, x.l)
	if err != nil {
		return t, nil, err
	}
	if t.Level1 > 0 {
		if err := x.d.grow(&x.d.scratch1, int(int64(t.Grid)*t.Level1), "level-1 scratch"); err != nil {
			return t, nil, err
		}
	}
	return t, t.Prefix(x.l, x.d.scratch1.addr), nil
}

func (x *launcher) teamFor() error {
	if x.l.League <= 0 {
		if x.l.League < 0 {
			return fmt.Errorf("negative league size %d", x.l.League)
		}
		return nil
	}
	e, err := x.entry(x.k.Entry)
	if err != nil {
		return err
	}
	t, prefix, err := x.teamShape(e)
	if err != nil {
		return err
	}
	return x.run(e, t.Grid, [3]int{t.Vector, t.Size, 1}, t.Shared, x.slots(prefix...))
}

// partials reserves room for count partial values plus one result slot and returns the
// addresses of both.
func (x *launcher) partials(count int) (part, result uint64, err error) {
	off := devlaunch.Align16(count * x.k.Value.SlotBytes())
	if err := x.d.grow(&x.d.partials, off+16, "reduction partials"); err != nil {
		return 0, 0, err
	}
	return x.d.partials.addr, x.d.partials.addr + uint64(off), nil
}

// copyResult copies the value at result to l.Result, when wanted.
func (x *launcher) copyResult(result uint64) error {
	if x.l.Result == nil {
		return nil
	}
	n := x.k.Value.SlotBytes()
	b, err := x.d.dev.Span(result, n)
	if err != nil {
		return err
	}
	copy(unsafe.Slice((*byte)(x.l.Result), n), b)
	return nil
}

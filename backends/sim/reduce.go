package sim

import (
	"fmt"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/devlaunch"
)

// reduceEntries returns the kernel's Main and Final entries and the op argument they take for
// the launch's reduction.
func (x *launcher) reduceEntries() (main, final devlaunch.Entry, op uint64, err error) {
	k := x.k
	if !k.HasReduceOp(x.l.Op) {
		return main, final, 0, fmt.Errorf("the kernel does not support the %s reduction on the device (it supports: %s)", x.l.Op, k.ReduceOpsString())
	}
	if main, err = x.entry(k.Reduce.Main); err != nil {
		return main, final, 0, err
	}
	final, err = x.entry(k.Reduce.Final)
	return main, final, uint64(x.l.Op), err
}

// reduce runs a FormReduce or FormTeamReduce launch as backends/cuda does: Main over the range
// (range shape) or the league (team shape) storing one partial per block, then Final as one
// block combining the partials into the result slot, which goes to l.Result. Both take the
// reduction as their op argument.
func (x *launcher) reduce() error {
	l, k := x.l, x.k
	main, final, op, err := x.reduceEntries()
	if err != nil {
		return err
	}
	var (
		grid   int
		block  [3]int
		shared int
		prefix []uint64
	)
	if k.Form == abi.FormReduce {
		if grid, block, shared, err = x.rangeShape(main, l.End-l.Begin); err != nil {
			return err
		}
		prefix = []uint64{uint64(l.Begin), uint64(l.End)}
	} else {
		if l.League < 0 {
			return fmt.Errorf("negative league size %d", l.League)
		}
		var t devlaunch.Team
		if t, prefix, err = x.teamShape(main); err != nil {
			return err
		}
		grid, block, shared = t.Grid, [3]int{t.Vector, t.Size, 1}, t.Shared
	}
	part, result, err := x.partials(grid)
	if err != nil {
		return err
	}
	fb := devlaunch.OneBlock(x.d.shape(), final)
	if err := x.run(main, grid, block, shared, x.slots(append(prefix, part, op)...)); err != nil {
		return err
	}
	if err := x.run(final, 1, [3]int{fb, 1, 1}, devlaunch.Align16(k.SharedPerThread*fb), x.slots(part, uint64(grid), result, op)); err != nil {
		return err
	}
	return x.copyResult(result)
}

package sim

import (
	"fmt"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/devlaunch"
)

// reduceEntry returns the kernel's Main entry and the op argument it takes for the launch's
// reduction.
func (x *launcher) reduceEntry() (main devlaunch.Entry, op uint64, err error) {
	k := x.k
	if !k.HasReduceOp(x.l.Op) {
		return main, 0, fmt.Errorf("the kernel does not support the %s reduction on the device (it supports: %s)", x.l.Op, k.ReduceOpsString())
	}
	main, err = x.entry(k.Reduce.Main)
	return main, uint64(x.l.Op), err
}

// reduce runs a FormReduce or FormTeamReduce launch as backends/cuda does: Main over the range
// (range shape) or the league (team shape), each block storing one partial and the last one
// combining them into the result slot, which goes to l.Result. The entry takes the reduction
// as its op argument.
func (x *launcher) reduce() error {
	l, k := x.l, x.k
	main, op, err := x.reduceEntry()
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
	if err := x.run(main, grid, block, shared, x.slots(append(prefix, part, result, op)...)); err != nil {
		return err
	}
	return x.copyResult(result)
}

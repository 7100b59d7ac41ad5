package sim

import "github.com/gokkos/gokkos/internal/devlaunch"

// scan runs a FormScan launch as backends/cuda does: Up, Mid (one block) and Down with one
// grid, block sums and the total in the partials buffer; the total goes to l.Result.
func (x *launcher) scan() error {
	l, k := x.l, x.k
	up, err := x.entry(k.Scan.Up)
	if err != nil {
		return err
	}
	mid, err := x.entry(k.Scan.Mid)
	if err != nil {
		return err
	}
	down, err := x.entry(k.Scan.Down)
	if err != nil {
		return err
	}
	n := l.End - l.Begin
	b, err := devlaunch.RangeBlock(x.d.shape(), up, k.SharedPerThread)
	if err != nil {
		return err
	}
	b, grid := devlaunch.ScanBlock(x.d.shape(), b, devlaunch.RangeGrid(x.d.shape(), b, n), down, n)
	block, shared := [3]int{b.Threads, 1, 1}, devlaunch.Align16(k.SharedPerThread*b.Threads)
	mb := devlaunch.OneBlock(x.d.shape(), mid)
	sums, total, err := x.partials(grid)
	if err != nil {
		return err
	}
	if err := x.run(up, grid, block, shared, x.slots(uint64(l.Begin), uint64(l.End), sums)); err != nil {
		return err
	}
	if err := x.run(mid, 1, [3]int{mb, 1, 1}, devlaunch.Align16(k.SharedPerThread*mb), x.slots(sums, uint64(grid), total)); err != nil {
		return err
	}
	if err := x.run(down, grid, block, shared, x.slots(uint64(l.Begin), uint64(l.End), sums)); err != nil {
		return err
	}
	return x.copyResult(total)
}

package devlaunch

import "fmt"

// Device is what the shape decisions need to know of a device. The zero value is not usable.
type Device struct {
	// Warp is the warp size in threads.
	Warp int
	// SMs is the number of multiprocessors.
	SMs int
	// SharedOptin is the most shared memory, static and dynamic together, one block may use.
	SharedOptin int
	// Level1Budget is the most bytes of level-1 scratch one launch may take (all its teams).
	Level1Budget int64
	// Resident bounds the blocks of one launch that run at once, beside the multiprocessors'
	// occupancy: 1 for a device that runs its blocks one after another (the simulator), 0 for
	// no bound beyond occupancy.
	Resident int
}

// Entry is what the shape decisions need to know of one kernel entry on a device. The zero
// value is not usable.
type Entry struct {
	// Name is the PTX entry's name, for messages.
	Name string
	// MaxThreads is the most threads per block the entry can be launched with.
	MaxThreads int
	// StaticShared is the entry's static shared memory in bytes.
	StaticShared int
	// Regs is the registers per thread, for messages; 0 when the device does not say.
	Regs int
	// Occupancy returns how many blocks of threads threads, with shared bytes of dynamic shared
	// memory each, can be resident on one multiprocessor (0 when none fits). It may prepare
	// the entry for that much dynamic shared memory.
	Occupancy func(threads, shared int) (int, error)
}

// regs describes the entry's register use for messages, or "" when unknown.
func (e Entry) regs(prefix, suffix string) string {
	if e.Regs <= 0 {
		return ""
	}
	return fmt.Sprintf("%s%d registers%s", prefix, e.Regs, suffix)
}

// Block is a block size and how many such blocks are resident on a multiprocessor.
type Block struct {
	Threads, PerSM int
}

// MaxRangeBlock is the largest block a range-like launch uses.
const MaxRangeBlock = 256

// RangeBlock returns the block size of a range-like launch (FormRange, FormReduce's Main,
// FormScan's Up and Down) of e: among the multiples of the warp size up to MaxRangeBlock (and
// e's limit), the one with the most resident threads per multiprocessor, the largest on ties,
// with sharedPerThread bytes of dynamic shared memory per thread. It calls e.Occupancy once per
// candidate; callers that launch e often cache the answer.
func RangeBlock(d Device, e Entry, sharedPerThread int) (Block, error) {
	limit := min(e.MaxThreads, MaxRangeBlock)
	best := Block{}
	for t := limit - limit%d.Warp; t >= d.Warp; t -= d.Warp {
		smem := Align16(sharedPerThread * t)
		if smem+e.StaticShared > d.SharedOptin {
			continue
		}
		n, err := e.Occupancy(t, smem)
		if err != nil {
			return Block{}, err
		}
		if n*t > best.Threads*best.PerSM {
			best = Block{t, n}
		}
	}
	if best.Threads == 0 {
		return best, fmt.Errorf("entry %s fits no block of %d to %d threads (%s%d B static shared, %d B shared per thread)", e.Name, d.Warp, limit, e.regs("", ", "), e.StaticShared, sharedPerThread)
	}
	return best, nil
}

// RangeGrid returns the grid of a range-like launch over n iterations with block b: enough
// blocks for one iteration per thread, at least one, and no more than fill the device once
// (multiprocessors × resident blocks); the kernels' grid-stride loops cover the rest.
func RangeGrid(d Device, b Block, n int64) int {
	return int(min(max(CeilDiv(n, int64(b.Threads)), 1), int64(d.SMs*b.PerSM)))
}

// ScanBlock adjusts the block and grid that RangeBlock and RangeGrid chose for a scan's Up entry
// so that the Down entry, launched with the same shape, can run it: when down allows fewer
// threads per block, the block shrinks to down's limit rounded down to the warp size and the
// grid to what n iterations need, never growing.
func ScanBlock(d Device, b Block, grid int, down Entry, n int64) (Block, int) {
	if b.Threads > down.MaxThreads {
		b.Threads = down.MaxThreads - down.MaxThreads%d.Warp
		grid = int(min(max(CeilDiv(n, int64(b.Threads)), 1), int64(grid)))
	}
	return b, grid
}

// OneBlock returns the block size of the single-block entry (scan Mid): 256
// threads, or e's limit rounded down to the warp size.
func OneBlock(d Device, e Entry) int {
	b := min(256, e.MaxThreads)
	if b >= d.Warp {
		b -= b % d.Warp
	}
	return b
}

// Align16 rounds n up to a multiple of 16.
func Align16(n int) int { return (n + 15) &^ 15 }

// CeilDiv returns a/b rounded up, for positive b.
func CeilDiv(a, b int64) int64 { return (a + b - 1) / b }

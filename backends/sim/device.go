package sim

import (
	"fmt"
	"sync"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/devlaunch"
	ptxsim "github.com/gokkos/gokkos/kernelc/ptxsim"
)

// The simulated hardware.
const (
	// Multiprocessors is the number of simulated multiprocessors.
	Multiprocessors = 2
	// WarpSize is the number of threads of a warp.
	WarpSize = 32
	// MaxThreadsPerBlock is the most threads of one block (team size × vector length).
	MaxThreadsPerBlock = 1024
	// MaxThreadsPerSM is the most threads resident on one multiprocessor.
	MaxThreadsPerSM = 2048
	// MaxBlocksPerSM is the most blocks resident on one multiprocessor.
	MaxBlocksPerSM = 16
	// SharedPerBlock is the most shared memory, static and dynamic, of one block.
	SharedPerBlock = 96 << 10
	// SharedPerSM is the shared memory of one multiprocessor, which resident blocks divide.
	SharedPerSM = 100 << 10
	// MemoryBytes is the global memory of a simulated device.
	MemoryBytes = 1 << 30
	// CacheBytes is the L2 cache size the space reports in Info; nothing is cached.
	CacheBytes = 4 << 20
	// level1Budget is the most level-1 scratch one launch may take, an eighth of memory.
	level1Budget = MemoryBytes / 8
)

// device is one simulated GPU: its global memory, the modules loaded on it and the buffers that
// launches share. It is created by the first New for its device ID and lives until the process
// exits, so that views allocated in it stay valid after a Space is closed. mu serializes
// everything that touches the simulator: allocations, copies and launches.
type device struct {
	id  int
	mem *Memory

	mu       sync.Mutex
	dev      *ptxsim.Device
	modules  map[*abi.KernelSpec]*module
	partials buffer // reduction partials and result, scan block sums and total
	scratch1 buffer // level-1 scratch
	entries  int64  // entries run
}

// buffer is a grow-only block of simulated global memory.
type buffer struct {
	addr uint64
	size int
}

var (
	devMu   sync.Mutex
	devices = map[int]*device{}
)

// openDevice returns simulated device id, creating it on first use.
func openDevice(id int) (*device, error) {
	if id < 0 {
		return nil, fmt.Errorf("sim: device %d: want a non-negative device ID", id)
	}
	devMu.Lock()
	defer devMu.Unlock()
	if d := devices[id]; d != nil {
		return d, nil
	}
	d := &device{id: id, dev: ptxsim.NewDevice(), modules: map[*abi.KernelSpec]*module{}}
	d.mem = &Memory{d: d}
	devices[id] = d
	return d, nil
}

// shape returns what devlaunch needs to know of the simulated hardware.
func (d *device) shape() devlaunch.Device {
	// The simulator runs a launch's blocks one after another: a concurrent launch has one team.
	return devlaunch.Device{Warp: WarpSize, SMs: Multiprocessors, SharedOptin: SharedPerBlock, Level1Budget: level1Budget, Resident: 1}
}

// occupancy returns how many blocks of threads threads with shared bytes of shared memory
// (static and dynamic) are resident on one multiprocessor: limited by blocks, threads (whole
// warps) and shared memory, not by registers.
func occupancy(threads, shared int) int {
	if threads < 1 || threads > MaxThreadsPerBlock || shared > SharedPerBlock {
		return 0
	}
	warps := (threads + WarpSize - 1) / WarpSize
	n := min(MaxBlocksPerSM, MaxThreadsPerSM/(warps*WarpSize))
	if shared > 0 {
		n = min(n, SharedPerSM/shared)
	}
	return n
}

// grow makes b hold at least need bytes of global memory. The caller holds d.mu.
func (d *device) grow(b *buffer, need int, label string) error {
	if b.size >= need {
		return nil
	}
	size := max(need, 2*b.size, 4096)
	if b.addr != 0 {
		if err := d.dev.Free(b.addr); err != nil {
			return err
		}
		*b = buffer{}
	}
	addr, err := d.mem.alloc(label, int64(size))
	if err != nil {
		return err
	}
	*b = buffer{addr, size}
	return nil
}

// stats returns the entries run and the instructions executed on the device so far.
func (d *device) stats() (entries, instructions int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, m := range d.modules {
		if m.prog != nil {
			instructions += m.prog.Executed()
		}
	}
	return d.entries, instructions
}

package sim

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/profile"
	"github.com/gokkos/gokkos/views"
)

// Space is the sim execution space on one simulated device. It implements execspace.Space and
// execspace.DeviceExecutor. Its methods are safe for concurrent use; launches, allocations and
// copies on one simulated device run one at a time. Spaces opened on the same device ID share
// its memory, loaded modules and buffers. The zero value is not usable; use New.
type Space struct {
	d      *device
	closed atomic.Bool
}

// Priority is the sim backend's priority in the execspace registry: below the host space's, so
// that execspace.Default never picks the simulator unless GOKKOS_SPACE=sim asks for it.
const Priority = -100

func init() {
	execspace.Register(execspace.Backend{Name: "sim", Priority: Priority, Open: func(cfg execspace.Config) (execspace.Space, error) {
		s, err := New(cfg)
		if err != nil {
			return nil, err
		}
		return s, nil
	}})
}

// New opens the sim space on simulated device cfg.DeviceID (GOKKOS_DEVICE_ID through
// execspace.ConfigFromEnv), creating the device, with empty memory, on first use. The other
// fields of cfg, which configure host workers, are ignored. It fails only for a negative
// device ID; it is cheap.
func New(cfg execspace.Config) (*Space, error) {
	d, err := openDevice(cfg.DeviceID)
	if err != nil {
		return nil, err
	}
	profile.EnvTimer()
	return &Space{d: d}, nil
}

// Name returns "sim".
func (s *Space) Name() string { return "sim" }

// Concurrency returns the threads the simulated device keeps resident at once: multiprocessors
// times resident threads per multiprocessor.
func (s *Space) Concurrency() int { return Multiprocessors * MaxThreadsPerSM }

// Memory returns the simulated device's memory space (a *Memory).
func (s *Space) Memory() views.MemorySpace { return s.d.mem }

// DeviceMemory returns the simulated device's memory space with its concrete type.
func (s *Space) DeviceMemory() *Memory { return s.d.mem }

// Device returns the simulated device's ID.
func (s *Space) Device() int { return s.d.id }

// Info describes the simulated hardware (the constants of this package): a device with
// Multiprocessors units, warps of WarpSize, MaxThreadsPerBlock threads per team or block,
// MemoryBytes of memory, as ScratchLimit[0] the shared memory of a block and as
// ScratchLimit[1] the level-1 scratch of one team, an eighth of memory.
func (s *Space) Info() execspace.Info {
	return execspace.Info{
		Device:       true,
		Units:        Multiprocessors,
		WarpSize:     WarpSize,
		MaxTeamSize:  MaxThreadsPerBlock,
		MaxBlockSize: MaxThreadsPerBlock,
		CacheBytes:   CacheBytes,
		MemoryBytes:  MemoryBytes,
		ScratchLimit: [2]int{SharedPerBlock, level1Budget},
	}
}

// ScratchLimit returns Info().ScratchLimit[level].
func (s *Space) ScratchLimit(level int) int { return s.Info().ScratchLimit[level] }

// Fence returns nil: launches on the sim space complete before they return, and report their
// faults themselves. It records the fence for profiling tools.
func (s *Space) Fence(label string) error {
	if s.closed.Load() {
		return nil
	}
	profile.Fence(label, "sim")
	return nil
}

// Close prints the GOKKOS_PROFILE table to standard error when enabled and makes later
// launches on this Space fail with ErrClosed. The simulated device's memory stays: views
// allocated in it remain valid, and other Spaces on the device keep working. Close is
// idempotent and returns nil.
func (s *Space) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	profile.ReportEnv(nil, "sim")
	execspace.Closed(s)
	return nil
}

// Config describes the simulated device: its hardware, its memory in use and the kernels
// loaded on it.
func (s *Space) Config() string {
	d := s.d
	entries, instructions := d.stats()
	d.mu.Lock()
	used, mods := d.dev.Used(), len(d.modules)
	d.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "simulated device %d: PTX run by kernelc/ptxsim, one launch at a time\n", d.id)
	fmt.Fprintf(&b, "multiprocessors: %d × %d threads (%d blocks) resident, warp %d, %d threads per block\n",
		Multiprocessors, MaxThreadsPerSM, MaxBlocksPerSM, WarpSize, MaxThreadsPerBlock)
	fmt.Fprintf(&b, "memory: %d B, %d B in use; shared %d B per block, %d B per multiprocessor; %d kernels loaded\n",
		int64(MemoryBytes), used, SharedPerBlock, SharedPerSM, mods)
	fmt.Fprintf(&b, "scratch limit: %d B (level 0), %d B (level 1)\n", SharedPerBlock, level1Budget)
	fmt.Fprintf(&b, "simulated so far: %d entries run, %d instructions\n", entries, instructions)
	return b.String()
}

// Stats returns how many kernel entries have run on the space's simulated device so far (a
// reduction runs two, a scan three) and how many instructions their threads executed, for
// budgeting tests. It is safe for concurrent use and waits for a running launch.
func (s *Space) Stats() (entries, instructions int64) { return s.d.stats() }

var (
	_ execspace.Space          = (*Space)(nil)
	_ execspace.DeviceExecutor = (*Space)(nil)
	_ views.DeviceMemory       = (*Memory)(nil)
)

//go:build cuda

package cuda

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/profile"
	"github.com/gokkos/gokkos/views"
)

// Space is the CUDA execution space on one GPU. It implements execspace.Space and
// execspace.DeviceExecutor. Its methods are safe for concurrent use; each makes the device's
// primary context current on the calling goroutine's OS thread (locked for the call), with no
// hop to another goroutine. Spaces opened on the same device share the primary context, the
// memory space, the loaded modules and the scratch buffers. The zero value is not usable; use
// New.
type Space struct {
	d      *device
	closed atomic.Bool
}

// Priority is the cuda backend's priority in the execspace registry: above the host space's, so
// that execspace.Default picks the GPU when one is present.
const Priority = 100

func init() {
	execspace.Register(execspace.Backend{Name: "cuda", Priority: Priority, Open: func(cfg execspace.Config) (execspace.Space, error) {
		s, err := New(cfg)
		if err != nil {
			return nil, err
		}
		return s, nil
	}})
}

// New opens the CUDA space on device cfg.DeviceID (GOKKOS_DEVICE_ID through
// execspace.ConfigFromEnv), retaining the device's primary context on first use. It fails, with
// an error saying why, when the driver did not initialize or no GPU is visible, when the device
// ordinal is out of range, or when the device is older than compute capability 7.0. The first
// New for a device costs the context's creation (tens to hundreds of milliseconds); later ones
// are cheap.
func New(cfg execspace.Config) (*Space, error) {
	d, err := openDevice(cfg.DeviceID)
	if err != nil {
		return nil, err
	}
	profile.EnvTimer()
	return &Space{d: d}, nil
}

// Name returns "cuda".
func (s *Space) Name() string { return "cuda" }

// Concurrency returns the number of threads the device keeps resident at once: multiprocessors
// times resident threads per multiprocessor.
func (s *Space) Concurrency() int { return s.d.concurrencyLimit }

// Memory returns the device's memory space (a *Memory).
func (s *Space) Memory() views.MemorySpace { return s.d.mem }

// DeviceMemory returns the device's memory space with its concrete type.
func (s *Space) DeviceMemory() *Memory { return s.d.mem }

// Device returns the device's ordinal.
func (s *Space) Device() int { return s.d.id }

// Info describes the device: multiprocessors, warp size, threads per block, L2 size, total
// memory, and as ScratchLimit[0] the shared memory one block may opt in to. ScratchLimit[1] is
// the level-1 scratch one team may request, an eighth of device memory up to 1 GiB.
func (s *Space) Info() execspace.Info {
	d := s.d
	return execspace.Info{
		Device:       true,
		Units:        d.sms,
		WarpSize:     d.warp,
		MaxTeamSize:  d.maxThreads,
		MaxBlockSize: d.maxThreads,
		CacheBytes:   d.l2,
		MemoryBytes:  d.totalMem,
		ScratchLimit: [2]int{d.sharedOptin, d.level1TeamLimit},
	}
}

// ScratchLimit returns Info().ScratchLimit[level].
func (s *Space) ScratchLimit(level int) int { return s.Info().ScratchLimit[level] }

// Fence waits until all work on the device has completed (cuCtxSynchronize) and reports the
// first asynchronous fault, naming the launches enqueued since the previous fence. A fault such
// as an illegal address leaves the device unusable for the rest of the process: later
// operations return errors wrapping ErrDeviceUnusable. Fence on a closed space returns nil.
func (s *Space) Fence(label string) error {
	if s.closed.Load() {
		return nil
	}
	return s.fence(label)
}

func (s *Space) fence(label string) error {
	d := s.d
	if err := d.usable(); err != nil {
		return fmt.Errorf("cuda: fence %q: %w", label, err)
	}
	if err := d.enter(); err != nil {
		return fmt.Errorf("cuda: fence %q: %w", label, err)
	}
	err := d.synchronize(fmt.Sprintf("fence %q", label))
	d.leave()
	if err != nil {
		return fmt.Errorf("cuda: fence %q: %w", label, err)
	}
	d.clearPending()
	profile.Fence(label, "cuda")
	return nil
}

// Close fences, prints the GOKKOS_PROFILE table to standard error when enabled, and makes later
// launches on this Space fail with ErrClosed. The device's context and memory stay: views
// allocated in it remain valid, and other Spaces on the device keep working. Close is
// idempotent and returns the fence's error.
func (s *Space) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	err := s.fence("cuda.Close")
	profile.ReportEnv(nil, "cuda")
	execspace.Closed(s)
	return err
}

// Config describes the device: name, compute capability, multiprocessors, memory, caches and
// the driver's CUDA version.
func (s *Space) Config() string {
	d := s.d
	var b strings.Builder
	fmt.Fprintf(&b, "device %d: %s, compute capability %d.%d\n", d.id, d.name, d.major, d.minor)
	fmt.Fprintf(&b, "multiprocessors: %d × %d threads (%d blocks) resident, warp %d, %d threads per block, %d MHz\n",
		d.sms, d.maxThreadsPerSM, d.maxBlocksPerSM, d.warp, d.maxThreads, d.clockKHz/1000)
	fmt.Fprintf(&b, "memory: %s, %d-bit bus at %d MHz; L2 %s; shared %s per block (%s without opt-in)\n",
		sizeString(d.totalMem), d.busWidth, d.memClockKHz/1000, sizeString(d.l2), sizeString(int64(d.sharedOptin)), sizeString(int64(d.sharedPerBlock)))
	fmt.Fprintf(&b, "driver: CUDA %d.%d; built against cuda.h %d.%d, gorgonia.org/cu v0.9.6\n",
		d.driverVersion/1000, d.driverVersion%1000/10, cudaHeaderVersion/1000, cudaHeaderVersion%1000/10)
	fmt.Fprintf(&b, "scratch limit: %d B (level 0), %d B (level 1)\n", d.sharedOptin, d.level1TeamLimit)
	return b.String()
}

// MemInfo returns the device's free and total memory in bytes (cuMemGetInfo).
func (s *Space) MemInfo() (free, total int64, err error) {
	if err := s.d.enter(); err != nil {
		return 0, 0, err
	}
	defer s.d.leave()
	return memInfo()
}

var (
	_ execspace.Space          = (*Space)(nil)
	_ execspace.DeviceExecutor = (*Space)(nil)
)

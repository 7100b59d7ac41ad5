package host

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/profile"
	"github.com/gokkos/gokkos/views"
)

// Default scratch limits per team.
const (
	DefaultScratch0 = 1 << 20   // level 0: 1 MiB, about an L2 cache
	DefaultScratch1 = 256 << 20 // level 1: 256 MiB
)

// Options configures a host space beyond execspace.Config.
type Options struct {
	// ScratchLimit is the most scratch one team may request at levels 0 and 1; zero entries
	// mean DefaultScratch0 and DefaultScratch1.
	ScratchLimit [2]int
}

// Space is the host execution space. It implements execspace.Space and execspace.HostExecutor
// and is safe for concurrent use. The zero value is not usable; use New.
type Space struct {
	pool    *pool
	pinned  bool
	scratch [2]int
	info    execspace.Info
}

// New starts a host space with cfg.NumThreads workers, pinned to CPUs when cfg.Pin is set.
// NumThreads 0 means GOMAXPROCS, which the Go runtime derives from the CPUs the process may use
// (its affinity mask and cgroup CPU quota), capped by execspace.UsableCPUs where GOMAXPROCS
// exceeds them (set by hand, or a quota below 2 CPUs, which the runtime rounds up to 2).
// Starting the space costs one goroutine per worker beyond the first; the calling goroutine of
// each launch is worker 0.
func New(cfg execspace.Config, opts ...Options) (*Space, error) {
	n := cfg.NumThreads
	if n < 0 {
		return nil, fmt.Errorf("host: %d threads", n)
	}
	if n == 0 {
		n = defaultWorkers(runtime.GOMAXPROCS(0), execspace.UsableCPUs())
	}
	s := &Space{pinned: cfg.Pin, scratch: [2]int{DefaultScratch0, DefaultScratch1}}
	for _, o := range opts {
		for l, v := range o.ScratchLimit {
			if v < 0 {
				return nil, fmt.Errorf("host: negative level-%d scratch limit %d", l, v)
			}
			if v > 0 {
				s.scratch[l] = v
			}
		}
	}
	var cpus []int
	if cfg.Pin {
		cpus = allowedCPUs()
	}
	s.pool = newPool(n, cfg.Pin, cpus, cfg.Spin)
	cpu := execspace.HostCPU()
	s.info = execspace.Info{
		Units: n, WarpSize: 1, MaxTeamSize: 1, MaxBlockSize: 1,
		CacheBytes: cpu.LastLevelCache(8 << 20), ScratchLimit: s.scratch,
	}
	profile.EnvTimer()
	return s, nil
}

// defaultWorkers returns the worker count of a space opened with NumThreads 0: procs
// (GOMAXPROCS), capped by usable CPUs when known.
func defaultWorkers(procs, usable int) int {
	if usable > 0 && usable < procs {
		return usable
	}
	return max(procs, 1)
}

func init() {
	execspace.Register(execspace.Backend{Name: "host", Priority: 0, Open: func(cfg execspace.Config) (execspace.Space, error) {
		return New(cfg)
	}})
}

// Name returns "host".
func (s *Space) Name() string { return "host" }

// Concurrency returns the number of workers.
func (s *Space) Concurrency() int { return len(s.pool.workers) }

// Workers returns the number of workers.
func (s *Space) Workers() int { return len(s.pool.workers) }

// Memory returns views.HostSpace.
func (s *Space) Memory() views.MemorySpace { return views.HostSpace }

// Info describes the host as the space sees it.
func (s *Space) Info() execspace.Info { return s.info }

// ScratchLimit returns the most scratch bytes one team may use at level.
func (s *Space) ScratchLimit(level int) int { return s.scratch[level] }

// ForRange implements execspace.HostExecutor.
func (s *Space) ForRange(begin, end, chunk int, sched execspace.Schedule, body func(w *execspace.Worker, lo, hi int)) error {
	return s.pool.forRange(begin, end, chunk, sched, body)
}

// Fence returns nil at once, also on a closed space: host launches complete before they return,
// so a goroutine's own launches are done when it fences.
func (s *Space) Fence(label string) error {
	profile.Fence(label, "host")
	return nil
}

// Close makes later launches fail with ErrClosed, waits for the launches in flight (those of
// other goroutines) to finish, stops the workers, and prints the GOKKOS_PROFILE table if
// enabled. It is safe to call at any time from any goroutine: a second Close waits for the first
// one and returns nil. Close from inside a kernel running on the space cannot wait for that
// kernel; it returns ErrCloseInKernel and leaves the space open. (A kernel on another space that
// one of this space's kernels launched and waits for is not recognised as inside; its Close
// waits forever.)
func (s *Space) Close() error {
	return s.pool.close(func() {
		profile.ReportEnv(nil, "host")
		execspace.Closed(s)
	})
}

// Config describes the space.
func (s *Space) Config() string {
	var b strings.Builder
	usable := ""
	if n := execspace.UsableCPUs(); n > 0 {
		usable = fmt.Sprintf(", %d usable CPUs", n)
	}
	fmt.Fprintf(&b, "workers: %d (GOMAXPROCS %d%s), pinned: %v\n", len(s.pool.workers), runtime.GOMAXPROCS(0), usable, s.pinned)
	fmt.Fprintf(&b, "teams: 1 member, 1 vector lane; scratch limit %d B (level 0), %d B (level 1)\n", s.scratch[0], s.scratch[1])
	fmt.Fprintf(&b, "last-level cache: %d B\n", s.info.CacheBytes)
	return b.String()
}

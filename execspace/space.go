package execspace

import "github.com/gokkos/gokkos/views"

// Space is an execution space: a place where parallel patterns run, with the memory space its
// kernels address. Implementations are safe for concurrent use. portable's ParallelFor,
// ParallelReduce and ParallelScan take a Space; application code rarely calls its methods other
// than Fence and Close.
type Space interface {
	// Name returns the space's name: "host", "cuda" or "sim".
	Name() string
	// Concurrency returns how many kernel invocations can run at once: worker goroutines on
	// the host, resident threads on a GPU.
	Concurrency() int
	// Memory returns the memory space that the space's kernels address.
	Memory() views.MemorySpace
	// Info describes the hardware behind the space, for tuning decisions.
	Info() Info
	// Fence waits until all work launched on the space has completed and reports the first
	// asynchronous error, if any. label names the fence for profiling tools.
	Fence(label string) error
	// Close fences and releases the space's resources; later launches fail. With
	// GOKKOS_PROFILE=1 it prints the kernel timer's table to standard error.
	Close() error
	// Config returns a multi-line human-readable description of the space's configuration,
	// in the spirit of Kokkos::print_configuration.
	Config() string
}

// Info describes the hardware behind a space. Sizes are in bytes. The zero value means unknown.
type Info struct {
	Device       bool  // the space runs on an accelerator, not on the host's cores
	Units        int   // workers on the host, multiprocessors on a GPU
	WarpSize     int   // lanes that execute in lock step: 1 on the host, 32 on NVIDIA GPUs
	MaxTeamSize  int   // largest team size (times vector length) a team policy may request
	MaxBlockSize int   // threads per block on a GPU; 1 on the host
	CacheBytes   int64 // last-level cache: L3 (or L2) of the CPU, L2 of a GPU
	MemoryBytes  int64 // total memory of the space's memory space
	ScratchLimit [2]int
	// ScratchLimit is the most team scratch (level 0, level 1) one team may request.
}

// Schedule says how a range policy's iterations are handed to workers.
type Schedule uint8

const (
	// Static splits the range into equal contiguous parts ahead of time (or, with a chunk size,
	// deals chunks round-robin). It is the default and gives deterministic reductions.
	Static Schedule = iota
	// Dynamic hands out chunks on demand, for iterations of uneven cost.
	Dynamic
)

// String returns "static" or "dynamic".
func (s Schedule) String() string {
	if s == Dynamic {
		return "dynamic"
	}
	return "static"
}

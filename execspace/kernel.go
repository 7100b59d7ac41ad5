package execspace

import (
	"time"
	"unsafe"

	"github.com/gokkos/gokkos/execspace/abi"
)

// Auto asks the space to choose a team size or vector length.
const Auto = -1

// Launch is one launch of a generated kernel on a device backend. portable fills it in.
type Launch struct {
	Label  string
	Kernel *abi.KernelSpec
	// Args holds the kernel's own 8-byte slots (after the form's prefix).
	Args []uint64
	// Begin and End bound a range policy.
	Begin, End int64
	// League, TeamSize and VectorLength shape a team policy; TeamSize and VectorLength may be
	// Auto.
	League, TeamSize, VectorLength int
	// Concurrent asks that every team run at once, one per block (a cooperative launch): the
	// space cuts the league to the teams it can hold at once. Kernels that call
	// teams.Member.LeagueBarrier need it.
	Concurrent bool
	// Scratch holds the bytes of scratch per team and per thread at levels 0 and 1.
	Scratch [2]ScratchSize
	// Op selects the reduction's entries for reduce forms.
	Op abi.ReduceOp
	// Result is host memory that receives the reduction's value or the scan's total
	// (Kernel.Value.SlotBytes() bytes); nil when the caller does not need it.
	Result unsafe.Pointer
	// Timed asks the space to measure the kernel's device time into Elapsed (the launch then
	// completes before Launch returns).
	Timed   bool
	Elapsed time.Duration
}

// ScratchSize is a scratch request for one level.
type ScratchSize struct {
	Team, Thread int
}

// DeviceExecutor is implemented by spaces that run generated device code (backends/cuda, and
// backends/sim, which simulates a GPU).
type DeviceExecutor interface {
	Space
	// Launch runs l's kernel. It may return before the kernel completes, except when the launch
	// has a Result or Timed is set. Errors name l.Label and the launch shape.
	Launch(l *Launch) error
}

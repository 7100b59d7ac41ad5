package portable

import (
	"time"

	"github.com/gokkos/gokkos/internal/profile"
)

// Hooks receives profiling events: the begin and end of every parallel pattern (with its label
// and space), fences, view allocations and frees, and deep copies — the events of Kokkos' tools
// interface. Implementations must be safe for concurrent use and cheap; they run on the
// launching goroutine.
type Hooks = profile.Hooks

// PatternKind says which parallel pattern a hook event belongs to.
type PatternKind = profile.Kind

// The pattern kinds.
const (
	PatternFor    = profile.For
	PatternReduce = profile.Reduce
	PatternScan   = profile.Scan
)

// AddHooks registers h for every later event. When no hooks are registered (and GOKKOS_PROFILE is
// unset), profiling costs one atomic load per launch.
func AddHooks(h Hooks) { profile.Add(h) }

// RemoveHooks unregisters h.
func RemoveHooks(h Hooks) { profile.Remove(h) }

// Timer is the kernel timer that GOKKOS_PROFILE=1 enables: calls, total, mean, minimum and maximum
// time per label and space, printed when a space is closed. Use NewTimer and AddHooks to run one
// under program control. It is safe for concurrent use.
type Timer = profile.Timer

// TimerRow is one row of a Timer's table.
type TimerRow = profile.Row

// NewTimer returns an empty Timer.
func NewTimer() *Timer { return profile.NewTimer() }

func timeOf(ns int64) time.Duration { return time.Duration(ns) }

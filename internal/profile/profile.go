// Package profile is the event bus behind gokkos' profiling hooks. Views report allocations and
// deep copies to it, the portable layer reports parallel patterns and fences; portable re-exports
// the Hooks interface for users. It lives in an internal package so that the views package, which
// portable imports, can report events without an import cycle.
package profile

import (
	"sync"
	"sync/atomic"
	"time"
)

// Kind says which parallel pattern an event belongs to.
type Kind uint8

// The parallel patterns.
const (
	For Kind = iota
	Reduce
	Scan
)

// String returns the pattern's name as Kokkos tools print it.
func (k Kind) String() string {
	switch k {
	case For:
		return "parallel_for"
	case Reduce:
		return "parallel_reduce"
	case Scan:
		return "parallel_scan"
	}
	return "unknown"
}

// Hooks receives profiling events. Methods are called from the goroutine that launches or
// allocates and may be called from several goroutines at once; implementations must be safe for
// concurrent use and cheap.
type Hooks interface {
	// BeginParallel is called before a parallel pattern starts and returns an id that is passed
	// to the matching EndParallel.
	BeginParallel(kind Kind, label, space string) uint64
	// EndParallel is called when the pattern is complete; elapsed is the time the pattern took on
	// its space (wall time on the host, device event time on a GPU when the space measures it,
	// or zero when only the launch was observed).
	EndParallel(id uint64, elapsed time.Duration)
	// Fence is called after a fence on a space completes.
	Fence(label, space string)
	// Alloc is called after a view's memory is allocated.
	Alloc(label, space string, bytes int64)
	// Free is called before a view's memory is released.
	Free(label, space string, bytes int64)
	// DeepCopy is called after a deep copy of bytes bytes completes.
	DeepCopy(dstLabel, dstSpace, srcLabel, srcSpace string, bytes int64)
}

var (
	mu    sync.Mutex
	hooks atomic.Pointer[[]Hooks]
)

// Add registers h; it receives every later event.
func Add(h Hooks) {
	mu.Lock()
	defer mu.Unlock()
	var next []Hooks
	if cur := hooks.Load(); cur != nil {
		next = append(next, *cur...)
	}
	next = append(next, h)
	hooks.Store(&next)
}

// Remove unregisters h.
func Remove(h Hooks) {
	mu.Lock()
	defer mu.Unlock()
	cur := hooks.Load()
	if cur == nil {
		return
	}
	var next []Hooks
	for _, x := range *cur {
		if x != h {
			next = append(next, x)
		}
	}
	if len(next) == 0 {
		hooks.Store(nil)
		return
	}
	hooks.Store(&next)
}

// Enabled reports whether any hooks are registered; callers skip event construction when false.
func Enabled() bool { return hooks.Load() != nil }

// Region is an open parallel region returned by Begin.
type Region struct {
	ids   []uint64
	start time.Time
}

// Begin reports the start of a parallel pattern to every hook.
func Begin(kind Kind, label, space string) Region {
	hs := hooks.Load()
	if hs == nil {
		return Region{}
	}
	r := Region{ids: make([]uint64, len(*hs)), start: time.Now()}
	for i, h := range *hs {
		r.ids[i] = h.BeginParallel(kind, label, space)
	}
	return r
}

// End reports the end of r. elapsed <= 0 means the wall time since Begin.
func End(r Region, elapsed time.Duration) {
	if r.ids == nil {
		return
	}
	if elapsed <= 0 {
		elapsed = time.Since(r.start)
	}
	hs := hooks.Load()
	if hs == nil {
		return
	}
	for i, h := range *hs {
		if i < len(r.ids) {
			h.EndParallel(r.ids[i], elapsed)
		}
	}
}

// Fence reports a completed fence.
func Fence(label, space string) {
	if hs := hooks.Load(); hs != nil {
		for _, h := range *hs {
			h.Fence(label, space)
		}
	}
}

// Alloc reports an allocation.
func Alloc(label, space string, bytes int64) {
	if hs := hooks.Load(); hs != nil {
		for _, h := range *hs {
			h.Alloc(label, space, bytes)
		}
	}
}

// Free reports a deallocation.
func Free(label, space string, bytes int64) {
	if hs := hooks.Load(); hs != nil {
		for _, h := range *hs {
			h.Free(label, space, bytes)
		}
	}
}

// DeepCopy reports a completed deep copy.
func DeepCopy(dstLabel, dstSpace, srcLabel, srcSpace string, bytes int64) {
	if hs := hooks.Load(); hs != nil {
		for _, h := range *hs {
			h.DeepCopy(dstLabel, dstSpace, srcLabel, srcSpace, bytes)
		}
	}
}

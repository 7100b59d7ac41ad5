package views

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/gokkos/gokkos/internal/memlimit"
	"github.com/gokkos/gokkos/internal/profile"
)

// alloc is the allocation shared by a view and all its copies and subviews.
type alloc struct {
	label     string
	space     MemorySpace
	bytes     int64
	elemSize  int
	keep      any     // the Go slice behind host memory, kept reachable
	dev       uintptr // device base address
	unmanaged bool

	mu      sync.Mutex  // serializes free
	freed   atomic.Bool // set by free; element access checks it
	cleanup runtime.Cleanup
}

// devFree is what a device allocation's cleanup needs; it must not reference the alloc.
type devFree struct {
	label string
	mem   DeviceMemory
	addr  uintptr
	bytes int64
}

func releaseDevice(f devFree) {
	profile.Free(f.label, f.mem.Name(), f.bytes)
	f.mem.Free(f.addr, f.bytes)
}

func newHostAlloc[T Scalar](label string, data []T, unmanaged bool) *alloc {
	a := &alloc{label: label, space: HostSpace, bytes: int64(len(data)) * int64(sizeOf[T]()), elemSize: int(sizeOf[T]()), keep: data, unmanaged: unmanaged}
	if !unmanaged {
		profile.Alloc(label, HostSpace.Name(), a.bytes)
	}
	return a
}

func newDeviceAlloc[T Scalar](mem DeviceMemory, label string, n int64) (*alloc, error) {
	bytes := n * int64(sizeOf[T]())
	var addr uintptr
	if bytes > 0 {
		var err error
		addr, err = mem.Alloc(label, bytes)
		if err != nil {
			return nil, err
		}
	}
	a := &alloc{label: label, space: mem, bytes: bytes, elemSize: int(sizeOf[T]()), dev: addr}
	if bytes > 0 {
		profile.Alloc(label, mem.Name(), bytes)
		a.cleanup = runtime.AddCleanup(a, releaseDevice, devFree{label, mem, addr, bytes})
	}
	return a, nil
}

// free releases device memory now. It is idempotent.
func (a *alloc) free() {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.freed.Load() {
		return
	}
	a.freed.Store(true)
	if mem, ok := a.space.(DeviceMemory); ok && a.bytes > 0 {
		a.cleanup.Stop()
		releaseDevice(devFree{a.label, mem, a.dev, a.bytes})
	} else if !a.unmanaged {
		profile.Free(a.label, a.space.Name(), a.bytes)
	}
	a.keep = nil
}

func (a *alloc) isFreed() bool { return a != nil && a.freed.Load() }

func checkExtent(fn, label string, n int) error {
	if n < 0 {
		return fmt.Errorf("views: %s: negative extent %d for view %q", fn, n, label)
	}
	return nil
}

// maxAllocBytes is the largest allocation views attempts, in bytes.
const maxAllocBytes = 1 << 62

// checkBytes returns the bytes of n elements of sz bytes, or an error naming fn, label, n and
// sz when the count overflows or exceeds maxAllocBytes.
func checkBytes(fn, label string, n int, sz int64) (int64, error) {
	if int64(n) > maxAllocBytes/sz {
		return 0, fmt.Errorf("views: %s %q: %d elements of %d bytes overflow: more than %d bytes", fn, label, n, sz, int64(maxAllocBytes))
	}
	return int64(n) * sz, nil
}

// checkHostAlloc rejects a host allocation of n elements that is negative, overflows, or is
// larger than the memory the process can have (physical memory, the cgroup limit, RLIMIT_AS
// and RLIMIT_DATA, Go's memory limit: internal/memlimit): the Go runtime cannot recover from
// running out of memory, so such a request must fail before it reaches the allocator.
func checkHostAlloc[T Scalar](fn, label string, n int) error {
	if err := checkExtent(fn, label, n); err != nil {
		return err
	}
	sz := int64(sizeOf[T]())
	bytes, err := checkBytes(fn, label, n, sz)
	if err != nil {
		return err
	}
	if err := memlimit.Check(fmt.Sprintf("%d elements of %d bytes", n, sz), bytes); err != nil {
		return fmt.Errorf("views: %s %q: %w", fn, label, err)
	}
	return nil
}

// freedMessage is the panic message of an access to element index of the freed view label.
func freedMessage(label, index string) string {
	return fmt.Sprintf("views: view %q was freed and its elements cannot be accessed (index %s): Free makes every copy and subview of a view unusable", label, index)
}

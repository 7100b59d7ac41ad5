package views

import "unsafe"

// MemorySpace is a place where view elements live. HostSpace is the process's memory; device
// backends provide their own spaces, which also implement DeviceMemory. Implementations are
// comparable values safe for concurrent use.
type MemorySpace interface {
	// Name is the space's name as messages and profiling tools print it, such as "Host".
	Name() string
	// HostAccessible reports whether Go code can read and write the space's memory directly.
	HostAccessible() bool
}

// DeviceMemory is implemented by memory spaces that Go code cannot address directly. The views
// package calls it to allocate, free, copy and fill; device backends implement it. Addresses are
// device addresses. Every method is safe for concurrent use.
type DeviceMemory interface {
	MemorySpace
	// Alloc allocates bytes bytes. Running out of memory is an error that names label and bytes.
	Alloc(label string, bytes int64) (uintptr, error)
	// Free releases memory that Alloc returned. It may be called from any goroutine, including
	// the runtime's cleanup goroutine.
	Free(addr uintptr, bytes int64)
	// CopyToDevice copies bytes bytes from host memory at src to dst.
	CopyToDevice(dst uintptr, src unsafe.Pointer, bytes int64) error
	// CopyToHost copies bytes bytes from src to host memory at dst.
	CopyToHost(dst unsafe.Pointer, src uintptr, bytes int64) error
	// CopyWithin copies bytes bytes between two addresses of this space.
	CopyWithin(dst, src uintptr, bytes int64) error
	// Fill sets count elements of elemSize bytes (1, 2, 4 or 8) at dst to the bit pattern bits.
	Fill(dst uintptr, elemSize int, bits uint64, count int64) error
}

type hostSpace struct{}

func (hostSpace) Name() string         { return "Host" }
func (hostSpace) HostAccessible() bool { return true }

// HostSpace is the memory space of ordinary Go memory. Views made by New1D, New2D, Wrap1D and
// Wrap2D live here, and the host execution space runs kernels on them.
var HostSpace MemorySpace = hostSpace{}

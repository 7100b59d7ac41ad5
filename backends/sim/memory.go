package sim

import (
	"fmt"
	"unsafe"
)

// Memory is the global memory of one simulated device, as a views memory space: views allocated
// in it (views.Alloc1D(space.Memory(), ...)) are what kernels on the sim space address, at the
// simulator's device addresses. Go code cannot address it (HostAccessible is false); views
// reach it through the views.DeviceMemory methods, which copy in and out of the simulator's
// heap. It implements views.DeviceMemory. There is one Memory per simulated device and process:
// every Space opened on the device returns the same one. All methods are safe for concurrent
// use; they wait while a launch runs, as copies on a GPU's default stream wait for kernels.
type Memory struct {
	d *device
}

// Name returns "Sim".
func (m *Memory) Name() string { return "Sim" }

// HostAccessible returns false: the memory is the simulator's, not Go's.
func (m *Memory) HostAccessible() bool { return false }

// Alloc allocates bytes bytes of zeroed simulated global memory, 256-byte aligned. Beyond
// MemoryBytes in use it fails with an error naming label and the sizes. The cost is the
// zeroing, and a copy of the heap when it grows.
func (m *Memory) Alloc(label string, bytes int64) (uintptr, error) {
	if bytes <= 0 {
		return 0, fmt.Errorf("sim: Alloc %q: invalid size %d bytes", label, bytes)
	}
	m.d.mu.Lock()
	defer m.d.mu.Unlock()
	addr, err := m.alloc(label, bytes)
	return uintptr(addr), err
}

// alloc allocates bytes bytes. The caller holds d.mu.
func (m *Memory) alloc(label string, bytes int64) (uint64, error) {
	used := int64(m.d.dev.Used())
	if bytes > MemoryBytes-used {
		return 0, fmt.Errorf("sim: Alloc %q: cannot allocate %d bytes on simulated device %d: %d of %d bytes in use", label, bytes, m.d.id, used, int64(MemoryBytes))
	}
	return m.d.dev.Alloc(int(bytes)), nil
}

// Free releases memory that Alloc returned. It may be called from any goroutine, the runtime's
// cleanup goroutine included. Freeing an address Alloc did not return does nothing.
func (m *Memory) Free(addr uintptr, bytes int64) {
	if addr == 0 {
		return
	}
	m.d.mu.Lock()
	defer m.d.mu.Unlock()
	_ = m.d.dev.Free(uint64(addr))
}

// span returns the simulator's bytes at [addr, addr+bytes). The caller holds d.mu; the slice is
// valid until the next allocation.
func (m *Memory) span(what string, addr uintptr, bytes int64) ([]byte, error) {
	b, err := m.d.dev.Span(uint64(addr), int(bytes))
	if err != nil {
		return nil, fmt.Errorf("sim: %s: %w", what, err)
	}
	return b, nil
}

// CopyToDevice copies bytes bytes from host memory at src to simulated address dst.
func (m *Memory) CopyToDevice(dst uintptr, src unsafe.Pointer, bytes int64) error {
	if bytes <= 0 {
		return nil
	}
	m.d.mu.Lock()
	defer m.d.mu.Unlock()
	b, err := m.span("copy to the device", dst, bytes)
	if err != nil {
		return err
	}
	copy(b, unsafe.Slice((*byte)(src), bytes))
	return nil
}

// CopyToHost copies bytes bytes from simulated address src to host memory at dst.
func (m *Memory) CopyToHost(dst unsafe.Pointer, src uintptr, bytes int64) error {
	if bytes <= 0 {
		return nil
	}
	m.d.mu.Lock()
	defer m.d.mu.Unlock()
	b, err := m.span("copy to the host", src, bytes)
	if err != nil {
		return err
	}
	copy(unsafe.Slice((*byte)(dst), bytes), b)
	return nil
}

// CopyWithin copies bytes bytes between two simulated addresses; the ranges may overlap.
func (m *Memory) CopyWithin(dst, src uintptr, bytes int64) error {
	if bytes <= 0 {
		return nil
	}
	m.d.mu.Lock()
	defer m.d.mu.Unlock()
	to, err := m.span("device copy", dst, bytes)
	if err != nil {
		return err
	}
	from, err := m.span("device copy", src, bytes)
	if err != nil {
		return err
	}
	copy(to, from)
	return nil
}

// Fill sets count elements of elemSize bytes (1, 2, 4 or 8) at dst to the little-endian bit
// pattern bits.
func (m *Memory) Fill(dst uintptr, elemSize int, bits uint64, count int64) error {
	switch elemSize {
	case 1, 2, 4, 8:
	default:
		return fmt.Errorf("sim: Fill with %d-byte elements; want 1, 2, 4 or 8", elemSize)
	}
	if count <= 0 {
		return nil
	}
	m.d.mu.Lock()
	defer m.d.mu.Unlock()
	b, err := m.span("fill", dst, int64(elemSize)*count)
	if err != nil {
		return err
	}
	for j := range elemSize {
		b[j] = byte(bits >> (8 * j))
	}
	for n := elemSize; n < len(b); n *= 2 {
		copy(b[n:], b[:n])
	}
	return nil
}

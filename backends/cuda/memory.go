//go:build cuda

package cuda

import (
	"fmt"
	"os"
	"unsafe"

	"gorgonia.org/cu"

	"github.com/gokkos/gokkos/views"
)

// Memory is the global memory of one CUDA device, as a views memory space: views allocated in it
// (views.Alloc1D(space.Memory(), ...)) are what kernels on the cuda space address. It implements
// views.DeviceMemory. There is one Memory per device and process; every Space opened on the
// device returns the same one, so views move freely between them. All methods are safe for
// concurrent use, and each makes the device's primary context current on a locked OS thread
// for its duration.
//
// Copies and fills are ordered with kernels: they run after every kernel launched before them
// (from any goroutine) and before every kernel launched after them.
type Memory struct {
	d *device
}

// Name returns "CUDA".
func (m *Memory) Name() string { return "CUDA" }

// HostAccessible returns false: Go code cannot address device memory.
func (m *Memory) HostAccessible() bool { return false }

// Device returns the device's ordinal.
func (m *Memory) Device() int { return m.d.id }

// Alloc allocates bytes bytes of device memory with cuMemAlloc (aligned to at least 256 bytes).
// Running out of memory is an error naming label, the byte size and the device's free memory.
func (m *Memory) Alloc(label string, bytes int64) (uintptr, error) {
	if bytes <= 0 {
		return 0, fmt.Errorf("cuda: Alloc %q: invalid size %d bytes", label, bytes)
	}
	d := m.d
	if err := d.usable(); err != nil {
		return 0, fmt.Errorf("cuda: Alloc %q (%d bytes): %w", label, bytes, err)
	}
	if err := d.enter(); err != nil {
		return 0, fmt.Errorf("cuda: Alloc %q (%d bytes): %w", label, bytes, err)
	}
	defer d.leave()
	p, err := cu.MemAlloc(bytes)
	if err != nil {
		return 0, m.allocError(label, bytes, d.check("cuMemAlloc", fromCu("cuMemAlloc", err)))
	}
	return uintptr(p), nil
}

// allocError describes a failed allocation. The caller has entered.
func (m *Memory) allocError(label string, bytes int64, err error) error {
	free, total, ierr := memInfo()
	state := ""
	if ierr == nil {
		state = fmt.Sprintf("; %s free of %s", sizeString(free), sizeString(total))
	}
	return fmt.Errorf("cuda: Alloc %q: cannot allocate %s (%d bytes) on device %d (%s)%s: %w", label, sizeString(bytes), bytes, m.d.id, m.d.name, state, err)
}

// Free releases memory that Alloc returned. It may be called from any goroutine, the runtime's
// cleanup goroutine included; cuMemFree waits for kernels that may still use the memory. Errors
// cannot be returned: after a device fault the memory is lost with the context, and Free does
// nothing.
func (m *Memory) Free(addr uintptr, bytes int64) {
	if addr == 0 {
		return
	}
	d := m.d
	if d.usable() != nil {
		return
	}
	if d.enter() != nil {
		return
	}
	defer d.leave()
	if err := d.check("cuMemFree", fromCu("cuMemFree", cu.MemFree(cu.DevicePtr(addr)))); err == nil {
		d.frees.Add(1)
	}
}

// CopyToDevice copies bytes bytes from host memory at src to device address dst. Copies of at
// least StagingThreshold bytes go through pinned host buffers in chunks, with the host's copy
// into one buffer overlapping the DMA transfer from the other; smaller ones are a direct
// cuMemcpyHtoD. It returns when src may be reused.
func (m *Memory) CopyToDevice(dst uintptr, src unsafe.Pointer, bytes int64) error {
	if bytes <= 0 {
		return nil
	}
	d := m.d
	if err := d.usable(); err != nil {
		return err
	}
	if err := d.enter(); err != nil {
		return err
	}
	defer d.leave()
	if bytes >= StagingThreshold && stagingEnabled {
		if s := d.getStager(); s != nil {
			err := s.toDevice(cu.DevicePtr(dst), src, bytes)
			d.putStager(s)
			return d.check("staged host-to-device copy", err)
		}
	}
	return d.check("cuMemcpyHtoD", fromCu("cuMemcpyHtoD", cu.MemcpyHtoD(cu.DevicePtr(dst), src, bytes)))
}

// CopyToHost copies bytes bytes from device address src to host memory at dst, after the
// kernels launched before it have completed. Large copies are staged through pinned buffers as
// in CopyToDevice. It returns when the data is in dst.
func (m *Memory) CopyToHost(dst unsafe.Pointer, src uintptr, bytes int64) error {
	if bytes <= 0 {
		return nil
	}
	d := m.d
	if err := d.usable(); err != nil {
		return err
	}
	if err := d.enter(); err != nil {
		return err
	}
	defer d.leave()
	if bytes >= StagingThreshold && stagingEnabled {
		if s := d.getStager(); s != nil {
			err := s.toHost(dst, cu.DevicePtr(src), bytes)
			d.putStager(s)
			return d.check("staged device-to-host copy", err)
		}
	}
	err := d.check("cuMemcpyDtoH", fromCu("cuMemcpyDtoH", cu.MemcpyDtoH(dst, cu.DevicePtr(src), bytes)))
	if err == nil {
		d.clearPending()
	}
	return err
}

// CopyWithin copies bytes bytes between two device addresses with cuMemcpyDtoD. The copy is
// asynchronous: it is ordered with kernels like every other operation of the space, and a fence
// or a copy to the host waits for it.
func (m *Memory) CopyWithin(dst, src uintptr, bytes int64) error {
	if bytes <= 0 {
		return nil
	}
	d := m.d
	if err := d.usable(); err != nil {
		return err
	}
	if err := d.enter(); err != nil {
		return err
	}
	defer d.leave()
	return d.check("cuMemcpyDtoD", fromCu("cuMemcpyDtoD", cu.MemcpyDtoD(cu.DevicePtr(dst), cu.DevicePtr(src), bytes)))
}

// Fill sets count elements of elemSize bytes at dst to the bit pattern bits, asynchronously
// like CopyWithin. Sizes 1, 2 and 4, and 8-byte patterns whose two halves are equal (zero
// among them), use cuMemsetD8/D16/D32; other 8-byte patterns run a small built-in kernel.
func (m *Memory) Fill(dst uintptr, elemSize int, bits uint64, count int64) error {
	if count <= 0 {
		return nil
	}
	d := m.d
	if err := d.usable(); err != nil {
		return err
	}
	if err := d.enter(); err != nil {
		return err
	}
	defer d.leave()
	p := cu.DevicePtr(dst)
	var err error
	switch elemSize {
	case 1:
		err = fromCu("cuMemsetD8", cu.MemsetD8(p, byte(bits), count))
	case 2:
		err = fromCu("cuMemsetD16", cu.MemsetD16(p, uint16(bits), count))
	case 4:
		err = fromCu("cuMemsetD32", cu.MemsetD32(p, uint32(bits), count))
	case 8:
		if lo, hi := uint32(bits), uint32(bits>>32); lo == hi && dst%4 == 0 {
			err = fromCu("cuMemsetD32", cu.MemsetD32(p, lo, 2*count))
		} else {
			err = d.fill64(p, bits, count)
		}
	default:
		return fmt.Errorf("cuda: Fill: element size %d; want 1, 2, 4 or 8", elemSize)
	}
	return d.check("fill", err)
}

// StagingThreshold is the smallest host copy, in bytes, that CopyToDevice and CopyToHost stage
// through pinned buffers; smaller copies go directly from pageable memory. Setting
// GOKKOS_CUDA_STAGING=0 turns staging off.
const StagingThreshold = 1 << 20

var stagingEnabled = os.Getenv("GOKKOS_CUDA_STAGING") != "0"

var _ views.DeviceMemory = (*Memory)(nil)

func sizeString(b int64) string {
	switch {
	case b >= 1<<40:
		return fmt.Sprintf("%.1f TiB", float64(b)/(1<<40))
	case b >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%d B", b)
}

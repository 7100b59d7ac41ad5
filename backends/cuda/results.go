//go:build cuda

package cuda

import (
	"unsafe"

	"gorgonia.org/cu"
)

// resultBuf is pinned host memory mapped into the device's address space, where the last
// kernel of a reduction or scan that returns a value writes it. The host then waits for the
// kernels and reads the value from its own memory: one synchronization, where a copy from
// device memory into Go memory (pageable) costs the driver a staged transfer on top. A device
// whose driver cannot map host memory keeps the copy (reserve reports false). It is guarded by
// device.multiMu, and lives as long as the process, like the device's other buffers.
type resultBuf struct {
	host   unsafe.Pointer
	dev    cu.DevicePtr
	failed bool // mapping failed once; copy results instead
}

// resultBytes is the size of the mapped result buffer: any value slot of the ABI fits.
const resultBytes = 4096

// reserve reports whether the buffer holds a value of slot bytes, allocating it on first use.
// The caller holds device.multiMu and has entered.
func (b *resultBuf) reserve(slot int64) bool {
	if b.failed || slot > resultBytes {
		return false
	}
	if b.host == nil {
		p, dev, err := mappedAlloc(resultBytes)
		if err != nil {
			b.failed = true
			return false
		}
		b.host, b.dev = p, dev
	}
	return true
}

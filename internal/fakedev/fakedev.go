// Package fakedev is a device memory space for tests: "device" memory is Go memory that the
// views package must treat as unaddressable, so tests can check every device code path of views
// and portable (copies, fills, marshalling, errors) without a GPU.
package fakedev

import (
	"fmt"
	"sync"
	"unsafe"
)

// Memory is a fake device memory space. Its zero value is not usable; use New.
type Memory struct {
	name  string
	limit int64

	mu     sync.Mutex
	blocks map[uintptr][]byte
	next   uintptr
	Copies int // completed host/device copies, for tests
}

// New returns a fake device memory space that refuses allocations above limit bytes in total.
func New(name string, limit int64) *Memory {
	return &Memory{name: name, limit: limit, blocks: map[uintptr][]byte{}, next: 1 << 40}
}

// Name returns the space's name.
func (m *Memory) Name() string { return m.name }

// HostAccessible returns false.
func (m *Memory) HostAccessible() bool { return false }

// Live returns the number of live allocations.
func (m *Memory) Live() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.blocks)
}

// Alloc allocates bytes bytes at a fake address.
func (m *Memory) Alloc(label string, bytes int64) (uintptr, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var used int64
	for _, b := range m.blocks {
		used += int64(len(b))
	}
	if used+bytes > m.limit {
		return 0, fmt.Errorf("fakedev: out of memory allocating %d bytes for %q", bytes, label)
	}
	addr := m.next
	m.next += uintptr(bytes+255) &^ 255
	m.blocks[addr] = make([]byte, bytes)
	return addr, nil
}

// Free releases an allocation.
func (m *Memory) Free(addr uintptr, bytes int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.blocks, addr)
}

// Bytes returns the fake device bytes at [addr, addr+n).
func (m *Memory) Bytes(addr uintptr, n int64) []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	for base, b := range m.blocks {
		if addr >= base && addr+uintptr(n) <= base+uintptr(len(b)) {
			return b[addr-base : addr-base+uintptr(n)]
		}
	}
	panic(fmt.Sprintf("fakedev: bad address range [%#x, +%d)", addr, n))
}

// CopyToDevice copies from host memory.
func (m *Memory) CopyToDevice(dst uintptr, src unsafe.Pointer, bytes int64) error {
	copy(m.Bytes(dst, bytes), unsafe.Slice((*byte)(src), bytes))
	m.Copies++
	return nil
}

// CopyToHost copies to host memory.
func (m *Memory) CopyToHost(dst unsafe.Pointer, src uintptr, bytes int64) error {
	copy(unsafe.Slice((*byte)(dst), bytes), m.Bytes(src, bytes))
	m.Copies++
	return nil
}

// CopyWithin copies between fake addresses.
func (m *Memory) CopyWithin(dst, src uintptr, bytes int64) error {
	copy(m.Bytes(dst, bytes), m.Bytes(src, bytes))
	return nil
}

// Fill stores count elements of the bit pattern.
func (m *Memory) Fill(dst uintptr, elemSize int, bits uint64, count int64) error {
	b := m.Bytes(dst, int64(elemSize)*count)
	for i := int64(0); i < count; i++ {
		for j := 0; j < elemSize; j++ {
			b[int(i)*elemSize+j] = byte(bits >> (8 * j))
		}
	}
	return nil
}

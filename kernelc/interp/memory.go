package interp

import (
	"fmt"
	"sort"
	"sync/atomic"
	"unsafe"
)

// Memory is the set of host memory regions a kernel may address. Addresses in kernel slots are
// plain numbers; the interpreter turns them back into pointers only through the region that
// contains them, which keeps the Go runtime's pointer checks satisfied and catches accesses
// outside every view.
type Memory struct {
	regions []region
	keep    []any
}

type region struct {
	base unsafe.Pointer
	addr uint64
	size uint64
}

// Add registers size bytes at p. Overlapping regions are allowed (views sharing memory); the
// memory must stay valid while kernels run (Keep it alive).
func (m *Memory) Add(p unsafe.Pointer, size uintptr) {
	if p == nil || size == 0 {
		return
	}
	r := region{base: p, addr: uint64(uintptr(p)), size: uint64(size)}
	i := sort.Search(len(m.regions), func(i int) bool { return m.regions[i].addr >= r.addr })
	m.regions = append(m.regions, region{})
	copy(m.regions[i+1:], m.regions[i:])
	m.regions[i] = r
}

// Keep holds v reachable as long as m is.
func (m *Memory) Keep(v any) { m.keep = append(m.keep, v) }

// Alloc returns n bytes of fresh zeroed memory aligned to 16 bytes, registered in m, and its
// address.
func (m *Memory) Alloc(n int) uint64 {
	if n <= 0 {
		return 0
	}
	buf := make([]uint64, (n+15)/8+2)
	p := unsafe.Pointer(&buf[0])
	off := (16 - uintptr(p)%16) % 16
	p = unsafe.Add(p, off)
	m.Keep(buf)
	m.Add(p, uintptr(n+15)/16*16)
	return uint64(uintptr(p))
}

// ptr returns a pointer to size bytes at addr, panicking if they lie outside every region.
func (m *Memory) ptr(addr uint64, size uint64) unsafe.Pointer {
	i := sort.Search(len(m.regions), func(i int) bool { return m.regions[i].addr > addr }) - 1
	for ; i >= 0; i-- {
		r := m.regions[i]
		if addr >= r.addr && addr+size <= r.addr+r.size {
			return unsafe.Add(r.base, uintptr(addr-r.addr))
		}
		if addr-r.addr > 1<<40 {
			break
		}
	}
	panic(fmt.Sprintf("interp: access of %d bytes at %#x outside every view and scratch buffer", size, addr))
}

// load reads an element. Plain element accesses are atomic in the interpreter: lanes of a
// member store the same values redundantly outside vector ranges, as on the device, and the
// race detector must not take that for a race.
func (m *Memory) load(addr uint64, size int) uint64 { return m.atomicLoad(addr, size) }

// store writes an element atomically (see load).
func (m *Memory) store(addr uint64, size int, v uint64) {
	switch size {
	case 8:
		atomic.StoreUint64((*uint64)(m.ptr(addr, 8)), v)
	case 4:
		atomic.StoreUint32((*uint32)(m.ptr(addr, 4)), uint32(v))
	default:
		m.rmw(addr, size, func(uint64) uint64 { return v })
	}
}

// word returns the aligned 32-bit word holding a small element at addr, with the element's
// shift and mask (little-endian).
func (m *Memory) word(addr uint64, size int) (*uint32, uint, uint32) {
	base := addr &^ 3
	shift := uint(addr-base) * 8
	mask := uint32(1)<<(size*8) - 1
	return (*uint32)(m.ptr(base, 4)), shift, mask << shift
}

func (m *Memory) atomicLoad(addr uint64, size int) uint64 {
	switch size {
	case 8:
		return atomic.LoadUint64((*uint64)(m.ptr(addr, 8)))
	case 4:
		return uint64(atomic.LoadUint32((*uint32)(m.ptr(addr, 4))))
	}
	w, shift, mask := m.word(addr, size)
	return uint64((atomic.LoadUint32(w) & mask) >> shift)
}

// cas compares the element's bits with old and stores new if they match.
func (m *Memory) cas(addr uint64, size int, old, new uint64) bool {
	switch size {
	case 8:
		return atomic.CompareAndSwapUint64((*uint64)(m.ptr(addr, 8)), old, new)
	case 4:
		return atomic.CompareAndSwapUint32((*uint32)(m.ptr(addr, 4)), uint32(old), uint32(new))
	}
	w, shift, mask := m.word(addr, size)
	elem := uint32(1)<<(size*8) - 1
	for {
		cur := atomic.LoadUint32(w)
		if (cur&mask)>>shift != uint32(old)&elem {
			return false
		}
		next := cur&^mask | (uint32(new)&elem)<<shift
		if atomic.CompareAndSwapUint32(w, cur, next) {
			return true
		}
	}
}

// rmw atomically replaces the element x (bits, size bytes) with f(x) and returns x.
func (m *Memory) rmw(addr uint64, size int, f func(uint64) uint64) uint64 {
	for {
		old := m.atomicLoad(addr, size)
		if m.cas(addr, size, old, f(old)) {
			return old
		}
	}
}

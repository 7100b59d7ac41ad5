package sim

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
)

// Address layout of the simulated device. Global memory addresses start at GlobalBase; the
// shared memory of the running block appears in the generic address space at SharedWindow.
const (
	GlobalBase   = 0x1_0000_0000
	SharedWindow = 0x7f00_0000_0000
	sharedStart  = 16 // first shared-space address handed out
)

// Device is simulated device memory: one global heap, from which Alloc hands out blocks that
// Free returns for reuse. A Device is not safe for concurrent use; callers that share one
// serialize their calls (and launches of the programs loaded on it).
type Device struct {
	mem  []byte
	live map[uint64]int // offset → size of each allocated block
	free []span         // free blocks below len(mem), by offset, never adjacent
	used int
}

// span is a free block of the heap.
type span struct{ off, size int }

// NewDevice returns a device with an empty global heap.
func NewDevice() *Device { return &Device{live: map[uint64]int{}} }

// Alloc returns the address of n zero bytes of global memory, 256-byte aligned. It reuses
// freed blocks first-fit and grows the heap otherwise; the cost is the zeroing, plus a copy of
// the heap when it grows past its capacity.
func (d *Device) Alloc(n int) uint64 {
	if d.live == nil {
		d.live = map[uint64]int{}
	}
	size := (n + 8 + 255) &^ 255 // a guard so that narrow accesses near the end stay in range
	off := -1
	for i, f := range d.free {
		if f.size >= size {
			off = f.off
			if f.size == size {
				d.free = append(d.free[:i], d.free[i+1:]...)
			} else {
				d.free[i] = span{f.off + size, f.size - size}
			}
			clear(d.mem[off : off+size])
			break
		}
	}
	if off < 0 {
		off = (len(d.mem) + 255) &^ 255
		if k := len(d.free); k > 0 && d.free[k-1].off+d.free[k-1].size == len(d.mem) {
			off = d.free[k-1].off
			d.free = d.free[:k-1]
		}
		end := off + size
		if end > cap(d.mem) {
			grown := make([]byte, end, max(end, 2*cap(d.mem)))
			copy(grown, d.mem[:off])
			d.mem = grown
		} else {
			d.mem = d.mem[:end]
			clear(d.mem[off:end])
		}
	}
	d.live[uint64(off)] = size
	d.used += size
	return GlobalBase + uint64(off)
}

// Free returns the block at addr, which Alloc returned, for reuse. Freeing an address that is
// not a live block is an error. The memory stays addressable: the simulator does not catch
// accesses to freed blocks.
func (d *Device) Free(addr uint64) error {
	off := addr - GlobalBase
	size, ok := d.live[off]
	if addr < GlobalBase || !ok {
		return fmt.Errorf("sim: Free of %#x, which is not an allocated block", addr)
	}
	delete(d.live, off)
	d.used -= size
	f := span{int(off), size}
	i := sort.Search(len(d.free), func(i int) bool { return d.free[i].off > f.off })
	if i < len(d.free) && f.off+f.size == d.free[i].off {
		f.size += d.free[i].size
		d.free = append(d.free[:i], d.free[i+1:]...)
	}
	if i > 0 && d.free[i-1].off+d.free[i-1].size == f.off {
		d.free[i-1].size += f.size
		return nil
	}
	d.free = append(d.free, span{})
	copy(d.free[i+1:], d.free[i:])
	d.free[i] = f
	return nil
}

// Used returns the bytes of the live blocks, each rounded up to 256 bytes with its guard.
func (d *Device) Used() int { return d.used }

// Span returns the n bytes of global memory at addr themselves, or an error when they are not
// all inside the heap. The slice is valid until the next Alloc.
func (d *Device) Span(addr uint64, n int) ([]byte, error) { return d.slice(addr, n) }

func (d *Device) slice(addr uint64, n int) ([]byte, error) {
	if addr < GlobalBase || addr-GlobalBase+uint64(n) > uint64(len(d.mem)) {
		return nil, fmt.Errorf("global access of %d bytes at %#x outside device memory", n, addr)
	}
	o := addr - GlobalBase
	return d.mem[o : o+uint64(n)], nil
}

// Write copies b to global memory at addr.
func (d *Device) Write(addr uint64, b []byte) {
	s, err := d.slice(addr, len(b))
	if err != nil {
		panic(err)
	}
	copy(s, b)
}

// Read returns a copy of n bytes of global memory at addr.
func (d *Device) Read(addr uint64, n int) []byte {
	s, err := d.slice(addr, n)
	if err != nil {
		panic(err)
	}
	return append([]byte(nil), s...)
}

// Upload allocates global memory for the values (of a fixed-size numeric type) and copies
// them there, returning the address.
func Upload[T Number](d *Device, vals []T) uint64 {
	sz := sizeOf[T]()
	a := d.Alloc(len(vals) * sz)
	buf := make([]byte, len(vals)*sz)
	for i, v := range vals {
		putBits(buf[i*sz:], sz, toBits(v))
	}
	d.Write(a, buf)
	return a
}

// Download reads n values of type T at addr.
func Download[T Number](d *Device, addr uint64, n int) []T {
	sz := sizeOf[T]()
	buf := d.Read(addr, n*sz)
	out := make([]T, n)
	for i := range out {
		out[i] = fromBitsT[T](getBits(buf[i*sz:], sz))
	}
	return out
}

// Number is the set of element types of Upload and Download.
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~float32 | ~float64
}

func sizeOf[T Number]() int {
	var z T
	switch any(z).(type) {
	case int8, uint8:
		return 1
	case int16, uint16:
		return 2
	case int32, uint32, float32:
		return 4
	}
	return 8
}

func toBits[T Number](v T) uint64 {
	switch x := any(v).(type) {
	case float32:
		return uint64(math.Float32bits(x))
	case float64:
		return math.Float64bits(x)
	case int8:
		return uint64(uint8(x))
	case int16:
		return uint64(uint16(x))
	case int32:
		return uint64(uint32(x))
	case int64:
		return uint64(x)
	case uint8:
		return uint64(x)
	case uint16:
		return uint64(x)
	case uint32:
		return uint64(x)
	case uint64:
		return x
	}
	panic("sim: unsupported type")
}

func fromBitsT[T Number](b uint64) T {
	var z T
	switch any(z).(type) {
	case float32:
		return any(math.Float32frombits(uint32(b))).(T)
	case float64:
		return any(math.Float64frombits(b)).(T)
	case int8:
		return any(int8(b)).(T)
	case int16:
		return any(int16(b)).(T)
	case int32:
		return any(int32(b)).(T)
	case int64:
		return any(int64(b)).(T)
	case uint8:
		return any(uint8(b)).(T)
	case uint16:
		return any(uint16(b)).(T)
	case uint32:
		return any(uint32(b)).(T)
	}
	return any(b).(T)
}

func putBits(b []byte, n int, v uint64) {
	switch n {
	case 1:
		b[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(v))
	default:
		binary.LittleEndian.PutUint64(b, v)
	}
}

func getBits(b []byte, n int) uint64 {
	switch n {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// Image returns a copy of the whole global heap; it starts at GlobalBase.
func (d *Device) Image() []byte { return append([]byte(nil), d.mem...) }

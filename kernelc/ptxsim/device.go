package sim

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Address layout of the simulated device. Global memory addresses start at GlobalBase; the
// shared memory of the running block appears in the generic address space at SharedWindow.
const (
	GlobalBase   = 0x1_0000_0000
	SharedWindow = 0x7f00_0000_0000
	sharedStart  = 16 // first shared-space address handed out
)

// Device is simulated device memory: one global heap.
type Device struct {
	mem []byte
}

// NewDevice returns a device with an empty global heap.
func NewDevice() *Device { return &Device{} }

// Alloc returns the address of n zero bytes of global memory, 256-byte aligned.
func (d *Device) Alloc(n int) uint64 {
	start := (len(d.mem) + 255) &^ 255
	need := start + n + 8 // a guard so that narrow accesses near the end stay in range
	d.mem = append(d.mem, make([]byte, need-len(d.mem))...)
	return GlobalBase + uint64(start)
}

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

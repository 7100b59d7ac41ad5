package interp

import (
	"fmt"
	"math"
	"reflect"
	"unsafe"

	"github.com/gokkos/gokkos/kernelc/ir"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// Bind marshals a kernel value into the slots of k's parameters, as a device backend does but
// with host addresses, and registers the memory of every view in mem (which keeps the value,
// and so its views, alive). Views must be host-accessible.
func Bind(k *ir.Kernel, kernel any, mem *Memory) ([]uint64, error) {
	rv := reflect.ValueOf(kernel)
	cp := reflect.New(rv.Type()).Elem()
	cp.Set(rv)
	mem.Keep(cp.Addr().Interface())
	var slots []uint64
	for _, p := range k.Params {
		f := cp
		for _, i := range p.Field {
			if f.Kind() != reflect.Struct || i >= f.NumField() {
				return nil, fmt.Errorf("interp: parameter %s: bad field path %v for %s", p.Name, p.Field, rv.Type())
			}
			f = f.Field(i)
		}
		switch p.Kind {
		case execspace.KindView1D, execspace.KindView2D:
			rank := 1
			if p.Kind == execspace.KindView2D {
				rank = 2
			}
			h := views.HeaderAt(unsafe.Pointer(f.UnsafeAddr()), rank)
			if h.Host == nil && h.Extent[0]*h.Extent[1] != 0 {
				return nil, fmt.Errorf("interp: parameter %s: view %q is not host-accessible", p.Name, h.Label)
			}
			size := ir.TypeOf(p.Elem).Size()
			if h.Host != nil && h.Extent[0] > 0 && (rank == 1 || h.Extent[1] > 0) {
				last := 0
				for d := 0; d < rank; d++ {
					last += (h.Extent[d] - 1) * h.Stride[d]
				}
				mem.Add(h.Host, uintptr(((last+1)*size+3)/4*4))
			}
			slots = append(slots, uint64(uintptr(h.Host)), uint64(h.Extent[0]))
			if rank == 2 {
				slots = append(slots, uint64(h.Extent[1]))
			}
			slots = append(slots, uint64(h.Stride[0]))
			if rank == 2 {
				slots = append(slots, uint64(h.Stride[1]))
			}
		default:
			slots = append(slots, scalarBits(f, p.Kind))
		}
	}
	return slots, nil
}

func scalarBits(f reflect.Value, k execspace.Kind) uint64 {
	switch k {
	case execspace.KindBool:
		return boolBits(f.Bool())
	case execspace.KindFloat32:
		return uint64(math.Float32bits(float32(f.Float())))
	case execspace.KindFloat64:
		return math.Float64bits(f.Float())
	case execspace.KindUint8, execspace.KindUint16, execspace.KindUint32, execspace.KindUint64:
		return f.Uint()
	}
	return uint64(f.Int())
}

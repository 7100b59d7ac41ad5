package interp

import (
	"fmt"
	"reflect"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
	"github.com/gokkos/gokkos/views"
)

// Bind marshals a kernel value into the slots of k's parameters (with abi.Layout, as a device
// space does, but with host addresses), and registers the memory of every view in mem (which
// keeps the value, and so its views, alive). Views must be host-accessible.
func Bind(k *ir.Kernel, kernel any, mem *Memory) ([]uint64, error) {
	rv := reflect.ValueOf(kernel)
	cp := reflect.New(rv.Type())
	cp.Elem().Set(rv)
	mem.Keep(cp.Interface())
	params := make([]abi.Param, len(k.Params))
	for i, p := range k.Params {
		params[i] = p.Param
	}
	l, err := abi.NewLayout(rv.Type(), params)
	if err != nil {
		return nil, fmt.Errorf("interp: %v", err)
	}
	slots, err := l.AppendSlots(nil, cp.UnsafePointer(), func(p abi.Param, h views.Header) (uint64, error) {
		rank := 1
		if p.Kind == abi.KindView2D {
			rank = 2
		}
		if h.Host == nil && h.Extent[0]*h.Extent[1] != 0 {
			return 0, fmt.Errorf("view %q is not host-accessible", h.Label)
		}
		size := ir.TypeOf(p.Elem).Size()
		if h.Host != nil && h.Extent[0] > 0 && (rank == 1 || h.Extent[1] > 0) {
			last := 0
			for d := 0; d < rank; d++ {
				last += (h.Extent[d] - 1) * h.Stride[d]
			}
			mem.Add(h.Host, uintptr(((last+1)*size+3)/4*4))
		}
		return uint64(uintptr(h.Host)), nil
	})
	if err != nil {
		return nil, fmt.Errorf("interp: %v", err)
	}
	return slots, nil
}

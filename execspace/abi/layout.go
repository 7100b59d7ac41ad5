package abi

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/gokkos/gokkos/views"
)

// Layout is a kernel struct type's parameters (KernelSpec.Params) resolved to byte offsets in
// the struct. Its zero value has no parameters. A Layout is immutable and safe for concurrent
// use.
type Layout struct {
	// Type is the kernel struct type.
	Type reflect.Type
	// Params are the parameters in slot order, and Offsets[i] the byte offset of Params[i]'s
	// field in Type.
	Params  []Param
	Offsets []uintptr
}

// NewLayout resolves params against kernel struct type t. It fails when a parameter's field path
// does not exist in t or names a field of another kind: the generated file was written for
// another version of the type.
func NewLayout(t reflect.Type, params []Param) (*Layout, error) {
	l := &Layout{Type: t, Params: params, Offsets: make([]uintptr, len(params))}
	for i, p := range params {
		ft := t
		var off uintptr
		for _, fi := range p.Field {
			if ft.Kind() != reflect.Struct || fi < 0 || fi >= ft.NumField() {
				return nil, fmt.Errorf("parameter %s: field path %v does not exist in %s", p.Name, p.Field, t)
			}
			f := ft.Field(fi)
			off += f.Offset
			ft = f.Type
		}
		if !kindMatches(p.Kind, ft) {
			return nil, fmt.Errorf("parameter %s: field of type %s is not a %s", p.Name, ft, p.Kind)
		}
		l.Offsets[i] = off
	}
	return l, nil
}

// kindMatches reports whether a field of type t can hold a parameter of kind k.
func kindMatches(k Kind, t reflect.Type) bool {
	switch k {
	case KindView1D:
		return t.Kind() == reflect.Struct && t.Size() == reflect.TypeFor[views.View1D[int8]]().Size()
	case KindView2D:
		return t.Kind() == reflect.Struct && t.Size() == reflect.TypeFor[views.View2D[int8]]().Size()
	case KindBool:
		return t.Kind() == reflect.Bool
	}
	return t.Kind() >= reflect.Int && t.Kind() <= reflect.Float64 && t.Size() == uintptr(k.Size())
}

// ViewSlot chooses the address a view parameter passes in its first slot. It is called for
// every view parameter with the view's header (nil-sized views included: ElemSize 0) and returns
// the address, or an error that AppendSlots returns with the parameter's name.
type ViewSlot func(p Param, h views.Header) (uint64, error)

// DeviceAddress is the ViewSlot of device spaces: the view's device address, checked to lie in
// memory space mem and not to be freed.
func DeviceAddress(mem views.MemorySpace, spaceName string) ViewSlot {
	return func(p Param, h views.Header) (uint64, error) {
		if h.ElemSize != 0 {
			if h.Freed {
				return 0, fmt.Errorf("view %q was freed", h.Label)
			}
			if h.Space != mem {
				return 0, fmt.Errorf("view %q lives in %s memory, but kernels on the %s space address %s memory; allocate it with views.Alloc1D(space.Memory(), ...) or copy it there with views.DeepCopy", h.Label, h.Space.Name(), spaceName, mem.Name())
			}
		}
		return uint64(h.Device), nil
	}
}

// AppendSlots appends the argument slots of the kernel value at k (a pointer to a value of
// l.Type) to dst and returns the extended slice: one slot per scalar (its bits, integers sign-
// or zero-extended to 64 bits, bool 0 or 1, float32 in the low 32 bits), three per View1D
// (address, extent, stride) and five per View2D (address, extent 0, extent 1, stride 0,
// stride 1), in the order of l.Params. view chooses each view's address. An error names the
// parameter.
func (l *Layout) AppendSlots(dst []uint64, k unsafe.Pointer, view ViewSlot) ([]uint64, error) {
	for i, p := range l.Params {
		ptr := unsafe.Add(k, l.Offsets[i])
		switch p.Kind {
		case KindView1D, KindView2D:
			rank := 1
			if p.Kind == KindView2D {
				rank = 2
			}
			h := views.HeaderAt(ptr, rank)
			addr, err := view(p, h)
			if err != nil {
				return dst, fmt.Errorf("kernel field %s: %w", p.Name, err)
			}
			dst = append(dst, addr, uint64(h.Extent[0]))
			if rank == 2 {
				dst = append(dst, uint64(h.Extent[1]))
			}
			dst = append(dst, uint64(h.Stride[0]))
			if rank == 2 {
				dst = append(dst, uint64(h.Stride[1]))
			}
		default:
			dst = append(dst, ScalarSlot(ptr, p.Kind))
		}
	}
	return dst, nil
}

// ScalarSlot reads a scalar of kind k at p into an 8-byte argument slot.
func ScalarSlot(p unsafe.Pointer, k Kind) uint64 {
	switch k {
	case KindBool:
		if *(*bool)(p) {
			return 1
		}
		return 0
	case KindInt8:
		return uint64(int64(*(*int8)(p)))
	case KindInt16:
		return uint64(int64(*(*int16)(p)))
	case KindInt32:
		return uint64(int64(*(*int32)(p)))
	case KindUint8:
		return uint64(*(*uint8)(p))
	case KindUint16:
		return uint64(*(*uint16)(p))
	case KindUint32, KindFloat32:
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

package corpus

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/interp"
	"github.com/gokkos/gokkos/portable/gokkosimpl"
	"github.com/gokkos/gokkos/views"
)

// testDevice runs every corpus kernel natively on the host and as generated PTX on device space
// s, with the launch shapes of the interpreter tests, and compares every output view and
// result. name names the space in messages.
func testDevice(t *testing.T, s execspace.DeviceExecutor, name string) {
	all := append(cases(), teamCases()...)
	for _, c := range all {
		sub := c.name
		if c.cfg.TeamSize > 0 {
			sub += "/" + shape(c.cfg)
		}
		t.Run(sub, func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				kn := c.make(rand.New(rand.NewPCG(seed, 7)))
				kd := c.make(rand.New(rand.NewPCG(seed, 7)))
				want := c.native(kn)
				reg := gokkosimpl.Lookup(reflect.TypeOf(kd))
				if reg == nil {
					t.Fatalf("no generated translation of %T (run go generate)", kd)
				}
				spec := reg.Spec
				got, err := runOnDevice(s, reg, kd, c.cfg)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				tol := c.tol
				if tol == 0 && strings.HasPrefix(c.name, "corpus.Math") {
					// The device math library (exp, log, pow, ...) is accurate to a few ulp,
					// not bit-identical to Go's math package; docs/kernel-language.md says so.
					tol = 1e-14
				}
				compareDeviceViews(t, name, spec.Params, kn, kd, tol)
				if want != nil {
					w := canonical(want)
					// Result slots hold the value in their low bytes; compare those.
					if sz := spec.Value.Kind.Size(); sz < 8 {
						mask := uint64(1)<<(8*sz) - 1
						w.Val, got[0] = w.Val&mask, got[0]&mask
					}
					if !sameBits(spec.Value.Kind, w.Val, got[0], tol) || (spec.Value.Loc && w.Loc != got[1]) {
						t.Errorf("seed %d: %s result %#x/%d, native %#x/%d", seed, name, got[0], got[1], w.Val, w.Loc)
					}
				}
				if t.Failed() {
					return
				}
			}
		})
	}
}

// runOnDevice copies the views of the host kernel value kh to device space s, launches its
// generated PTX with the launch shape of cfg, copies the views back into kh's views, and returns
// the result slots.
func runOnDevice(s execspace.DeviceExecutor, reg *gokkosimpl.Kernel, kh any, cfg interp.Config) ([2]uint64, error) {
	var res [2]uint64
	spec := reg.Spec
	host := addressable(kh)
	dev := addressable(kh)
	var back []func() error
	for _, p := range spec.Params {
		hp, dp := field(host, p.Field), field(dev, p.Field)
		switch p.Kind {
		case abi.KindView1D, abi.KindView2D:
			rank := 1
			if p.Kind == abi.KindView2D {
				rank = 2
			}
			if views.HeaderAt(hp, rank).ElemSize != 0 {
				cb, err := toDevice(s.Memory(), p.Elem, rank, hp, dp)
				if err != nil {
					return res, fmt.Errorf("field %s: %w", p.Name, err)
				}
				back = append(back, cb)
			}
		}
	}
	args, err := reg.Layout.AppendSlots(nil, unsafe.Pointer(dev.UnsafeAddr()), abi.DeviceAddress(s.Memory(), s.Name()))
	if err != nil {
		return res, err
	}
	l := &execspace.Launch{Label: spec.Name, Kernel: spec, Args: args, Begin: cfg.Begin, End: cfg.End,
		League: cfg.League, TeamSize: max(cfg.TeamSize, 1), VectorLength: max(cfg.VectorLength, 1),
		Scratch: cfg.Scratch, Op: cfg.Op, Result: unsafe.Pointer(&res[0])}
	if err := s.Launch(l); err != nil {
		return res, err
	}
	if err := s.Fence("corpus"); err != nil {
		return res, err
	}
	for _, cb := range back {
		if err := cb(); err != nil {
			return res, err
		}
	}
	return res, nil
}

// toDevice stores at dp a device copy of the view at hp and returns the function that copies the
// device view back into the host view.
func toDevice(mem views.MemorySpace, elem abi.Kind, rank int, hp, dp unsafe.Pointer) (func() error, error) {
	switch elem {
	case abi.KindInt8:
		return move[int8](mem, rank, hp, dp)
	case abi.KindInt16:
		return move[int16](mem, rank, hp, dp)
	case abi.KindInt32:
		return move[int32](mem, rank, hp, dp)
	case abi.KindInt64:
		return move[int64](mem, rank, hp, dp)
	case abi.KindUint8, abi.KindBool:
		return move[uint8](mem, rank, hp, dp)
	case abi.KindUint16:
		return move[uint16](mem, rank, hp, dp)
	case abi.KindUint32:
		return move[uint32](mem, rank, hp, dp)
	case abi.KindUint64:
		return move[uint64](mem, rank, hp, dp)
	case abi.KindFloat32:
		return move[float32](mem, rank, hp, dp)
	case abi.KindFloat64:
		return move[float64](mem, rank, hp, dp)
	}
	return nil, fmt.Errorf("element kind %v", elem)
}

func move[T views.Scalar](mem views.MemorySpace, rank int, hp, dp unsafe.Pointer) (func() error, error) {
	if rank == 1 {
		h := *(*views.View1D[T])(hp)
		d, err := views.MirrorViewAndCopy(mem, h)
		if err != nil {
			return nil, err
		}
		*(*views.View1D[T])(dp) = d
		return func() error { return views.DeepCopy(h, d) }, nil
	}
	h := *(*views.View2D[T])(hp)
	d, err := views.MirrorViewAndCopy2D(mem, h)
	if err != nil {
		return nil, err
	}
	*(*views.View2D[T])(dp) = d
	return func() error { return views.DeepCopy2D(h, d) }, nil
}

// compareDeviceViews compares every view parameter of the native and device kernel values; name
// names the device space.
func compareDeviceViews(t *testing.T, name string, params []abi.Param, kn, kd any, tol float64) {
	t.Helper()
	vn, vd := addressable(kn), addressable(kd)
	for _, p := range params {
		if p.Kind != abi.KindView1D && p.Kind != abi.KindView2D {
			continue
		}
		rank := 1
		if p.Kind == abi.KindView2D {
			rank = 2
		}
		hn, hd := views.HeaderAt(field(vn, p.Field), rank), views.HeaderAt(field(vd, p.Field), rank)
		size := p.Elem.Size()
		bad := 0
		for i := 0; i < hn.Extent[0]; i++ {
			for j := 0; j < hn.Extent[1]; j++ {
				off := uintptr((i*hn.Stride[0] + j*hn.Stride[1]) * size)
				a, b := readBits(unsafe.Add(hn.Host, off), size), readBits(unsafe.Add(hd.Host, off), size)
				if !sameBits(p.Elem, a, b, tol) {
					if bad < 5 {
						t.Errorf("view %s element (%d, %d): %s %#x, native %#x", p.Name, i, j, name, b, a)
					}
					bad++
				}
			}
		}
		if bad > 5 {
			t.Errorf("view %s: %d elements differ", p.Name, bad)
		}
	}
}

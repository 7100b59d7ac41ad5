//go:build cuda

package corpus

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/backends/cuda"
	"github.com/gokkos/gokkos/backends/cuda/translate/interp"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// TestGPU runs every corpus kernel natively on the host and as generated PTX on the GPU, with the
// launch shapes of the interpreter tests, and compares every output view and result.
func TestGPU(t *testing.T) {
	s, err := cuda.New(execspace.Config{})
	if err != nil {
		t.Skipf("no usable CUDA device: %v", err)
	}
	ks := translated(t)
	all := append(cases(), teamCases()...)
	for _, c := range all {
		name := c.name
		if c.cfg.TeamSize > 0 {
			name += "/" + shape(c.cfg)
		}
		t.Run(name, func(t *testing.T) {
			k := ks[c.name]
			if k == nil {
				t.Fatalf("kernel %s was not translated", c.name)
			}
			for seed := uint64(1); seed <= 3; seed++ {
				kn := c.make(rand.New(rand.NewPCG(seed, 7)))
				kd := c.make(rand.New(rand.NewPCG(seed, 7)))
				want := c.native(kn)
				got, err := runOnGPU(s, kd, c.cfg)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				compareViews(t, k, kn, kd, c.tol)
				if want != nil {
					w := canonical(want)
					if !sameBits(k.Value.Kind, w.Val, got[0], c.tol) || (k.Value.Loc && w.Loc != got[1]) {
						t.Errorf("seed %d: GPU result %#x/%d, native %#x/%d", seed, got[0], got[1], w.Val, w.Loc)
					}
				}
				if t.Failed() {
					return
				}
			}
		})
	}
}

// runOnGPU copies the views of the host kernel value kh to the GPU, launches its generated PTX
// with the launch shape of cfg, copies the views back into kh's views, and returns the result
// slots.
func runOnGPU(s *cuda.Space, kh any, cfg interp.Config) ([2]uint64, error) {
	var res [2]uint64
	spec := portable.LookupType(reflect.TypeOf(kh))
	if spec == nil {
		return res, fmt.Errorf("no generated translation of %T (run go generate)", kh)
	}
	host := addressable(kh)
	dev := addressable(kh)
	var args []uint64
	var back []func() error
	for _, p := range spec.Params {
		hp, dp := field(host, p.Field), field(dev, p.Field)
		switch p.Kind {
		case execspace.KindView1D, execspace.KindView2D:
			rank := 1
			if p.Kind == execspace.KindView2D {
				rank = 2
			}
			if views.HeaderAt(hp, rank).ElemSize != 0 {
				cb, err := toDevice(s.Memory(), p.Elem, rank, hp, dp)
				if err != nil {
					return res, fmt.Errorf("field %s: %w", p.Name, err)
				}
				back = append(back, cb)
			}
			h := views.HeaderAt(dp, rank)
			args = append(args, uint64(h.Device), uint64(h.Extent[0]))
			if rank == 2 {
				args = append(args, uint64(h.Extent[1]))
			}
			args = append(args, uint64(h.Stride[0]))
			if rank == 2 {
				args = append(args, uint64(h.Stride[1]))
			}
		default:
			args = append(args, slotOf(dp, p.Kind))
		}
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
func toDevice(mem views.MemorySpace, elem execspace.Kind, rank int, hp, dp unsafe.Pointer) (func() error, error) {
	switch elem {
	case execspace.KindInt8:
		return move[int8](mem, rank, hp, dp)
	case execspace.KindInt16:
		return move[int16](mem, rank, hp, dp)
	case execspace.KindInt32:
		return move[int32](mem, rank, hp, dp)
	case execspace.KindInt64:
		return move[int64](mem, rank, hp, dp)
	case execspace.KindUint8, execspace.KindBool:
		return move[uint8](mem, rank, hp, dp)
	case execspace.KindUint16:
		return move[uint16](mem, rank, hp, dp)
	case execspace.KindUint32:
		return move[uint32](mem, rank, hp, dp)
	case execspace.KindUint64:
		return move[uint64](mem, rank, hp, dp)
	case execspace.KindFloat32:
		return move[float32](mem, rank, hp, dp)
	case execspace.KindFloat64:
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

func slotOf(p unsafe.Pointer, k execspace.Kind) uint64 {
	switch k {
	case execspace.KindBool, execspace.KindUint8:
		return uint64(*(*uint8)(p))
	case execspace.KindInt8:
		return uint64(int64(*(*int8)(p)))
	case execspace.KindInt16:
		return uint64(int64(*(*int16)(p)))
	case execspace.KindUint16:
		return uint64(*(*uint16)(p))
	case execspace.KindInt32:
		return uint64(int64(*(*int32)(p)))
	case execspace.KindUint32, execspace.KindFloat32:
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

package views

import (
	"fmt"

	"github.com/gokkos/gokkos/internal/profile"
)

// DeepCopy copies the elements of src into dst. The views must have the same extent; they may
// live in any memory spaces (host to host, host to device, device to host, device to device).
// Copies that involve a device need the device side to be contiguous; the host side may be
// strided. DeepCopy returns when the copy is complete. An error leaves dst unspecified but
// changes no other memory.
func DeepCopy[T Scalar](dst, src View1D[T]) error {
	if dst.Len() != src.Len() {
		return fmt.Errorf("views: DeepCopy: extent mismatch: dst %q has %d elements, src %q has %d", dst.Label(), dst.Len(), src.Label(), src.Len())
	}
	return copy1D(dst, src)
}

// DeepCopy2D copies the elements of src into dst, which must have the same extents. The layouts
// may differ; a copy between layouts, or between a device and a non-contiguous view, goes through
// host staging.
func DeepCopy2D[T Scalar](dst, src View2D[T]) error {
	if dst.n0 != src.n0 || dst.n1 != src.n1 {
		return fmt.Errorf("views: DeepCopy2D: extent mismatch: dst %q is %d×%d, src %q is %d×%d", dst.Label(), dst.n0, dst.n1, src.Label(), src.n0, src.n1)
	}
	if dst.layout == src.layout && dst.contiguous() && src.contiguous() {
		return copy1D(dst.Flat(), src.Flat())
	}
	// Different layouts or subviews: stage through host mirrors of contiguous memory.
	hs, err := MirrorViewAndCopy2D(HostSpace, src)
	if err != nil {
		return err
	}
	hd := MirrorView2D(dst)
	for i := 0; i < dst.n0; i++ {
		for j := 0; j < dst.n1; j++ {
			hd.Set(i, j, hs.At(i, j))
		}
	}
	if hd.a != dst.a {
		return DeepCopy2D(dst, hd)
	}
	return nil
}

func copy1D[T Scalar](dst, src View1D[T]) error {
	if dst.Len() == 0 {
		return nil
	}
	if dst.al().isFreed() || src.al().isFreed() {
		return fmt.Errorf("views: DeepCopy: view %q or %q was freed", dst.Label(), src.Label())
	}
	bytes := int64(dst.Len()) * int64(sizeOf[T]())
	dh, sh := dst.ptr != nil, src.ptr != nil
	var err error
	switch {
	case dh && sh:
		if dst.Contiguous() && src.Contiguous() {
			copy(dst.Data(), src.Data())
		} else {
			for i := 0; i < dst.Len(); i++ {
				dst.Set(i, src.At(i))
			}
		}
	case !dh && sh:
		mem := dst.al().space.(DeviceMemory)
		if !dst.Contiguous() {
			return fmt.Errorf("views: DeepCopy: device view %q is not contiguous", dst.Label())
		}
		if !src.Contiguous() {
			src = packed(src)
		}
		err = mem.CopyToDevice(dst.devAddr(), src.ptr, bytes)
	case dh && !sh:
		mem := src.al().space.(DeviceMemory)
		if !src.Contiguous() {
			return fmt.Errorf("views: DeepCopy: device view %q is not contiguous", src.Label())
		}
		if dst.Contiguous() {
			err = mem.CopyToHost(dst.ptr, src.devAddr(), bytes)
		} else {
			tmp := New1D[T](dst.Label()+"_staging", dst.Len())
			if err = mem.CopyToHost(tmp.ptr, src.devAddr(), bytes); err == nil {
				copy1D(dst, tmp)
			}
		}
	default:
		if !dst.Contiguous() || !src.Contiguous() {
			return fmt.Errorf("views: DeepCopy: device views %q and %q must be contiguous", dst.Label(), src.Label())
		}
		dm, sm := dst.al().space.(DeviceMemory), src.al().space.(DeviceMemory)
		if dst.al().space == src.al().space {
			err = dm.CopyWithin(dst.devAddr(), src.devAddr(), bytes)
		} else {
			tmp := New1D[T](src.Label()+"_staging", src.Len())
			if err = sm.CopyToHost(tmp.ptr, src.devAddr(), bytes); err == nil {
				err = dm.CopyToDevice(dst.devAddr(), tmp.ptr, bytes)
			}
		}
	}
	if err != nil {
		return fmt.Errorf("views: DeepCopy %q (%s) ← %q (%s), %d bytes: %w", dst.Label(), dst.Space().Name(), src.Label(), src.Space().Name(), bytes, err)
	}
	profile.DeepCopy(dst.Label(), dst.Space().Name(), src.Label(), src.Space().Name(), bytes)
	return nil
}

// packed returns a contiguous host copy of a strided host view.
func packed[T Scalar](v View1D[T]) View1D[T] {
	p := New1D[T](v.Label()+"_packed", v.Len())
	for i := 0; i < v.Len(); i++ {
		p.Set(i, v.At(i))
	}
	return p
}

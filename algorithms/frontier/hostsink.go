package frontier

import (
	"sync/atomic"

	"github.com/gokkos/gokkos/views"
)

// hostBits is the host push kernels' fast path of a bitmap sink: the bitmap as a Go slice,
// whose bit is set with the atomic OR that sync/atomic compiles in place (a load, and a
// compare-and-swap only when the bit is clear), instead of the views' generic
// read-modify-write, a call per improved vertex. Its zero value (a queue sink, or a bitmap that
// is not host memory) sends every put to sink.put.
type hostBits []uint32

// newHostBits returns the fast path of sink o.
func newHostBits(o sink) hostBits {
	if !o.Bitmap {
		return nil
	}
	return o.Bits.Span(0, o.Bits.Len())
}

// put is o.put with the fast path of a bitmap.
func (h hostBits) put(o *sink, buf views.View1D[int32], c int, v int32) (int, bool) {
	if h == nil {
		return o.put(buf, c, v)
	}
	p, bit := &h[v>>5], uint32(1)<<uint(v&31)
	if atomic.LoadUint32(p)&bit != 0 || atomic.OrUint32(p, bit)&bit != 0 {
		return c, false
	}
	return c, true
}

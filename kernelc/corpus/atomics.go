package corpus

import "github.com/gokkos/gokkos/views"

// Atomics uses every view atomic, on 8-, 16-, 32- and 64-bit integers and on floats.
//
//gokkos:kernel
type Atomics struct {
	X      views.View1D[int64]
	Hist   views.View1D[int64]
	Small  views.View1D[uint8]
	Half   views.View1D[int16]
	Shared views.View1D[int32]
	Bits   views.View1D[uint32]
	F      views.View1D[float64]
	F32    views.View1D[float32]
	Old    views.View1D[int64]
	Cell   views.View1D[int64]
	Grid   views.View2D[int32]
}

// Run applies atomics for element i.
func (k Atomics) Run(i int) {
	x := k.X.At(i)
	b := int(uint64(x) % uint64(k.Hist.Len()))
	k.Hist.AtomicAdd(b, 1)
	k.Small.AtomicAdd(b%k.Small.Len(), uint8(x))
	k.Half.AtomicSub(b%k.Half.Len(), int16(x))
	k.Shared.AtomicMin(0, int32(x>>32))
	k.Shared.AtomicMax(1, int32(x>>32))
	k.Shared.AtomicSub(2, int32(x))
	k.Bits.AtomicAnd(0, uint32(x)|0x0101)
	k.Bits.AtomicOr(1, uint32(x)&0x8080)
	k.Bits.AtomicXor(2, uint32(x))
	k.F.AtomicAdd(0, float64(x%1000))
	k.F.AtomicMin(1, float64(x%977))
	k.F.AtomicMax(2, float64(x%977))
	k.F32.AtomicAdd(b%k.F32.Len(), float32(x%64))
	old := k.Cell.AtomicExchange(i, x)
	k.Old.Set(i, old)
	for {
		c := k.Shared.AtomicLoad(3)
		if k.Shared.AtomicCompareAndSwap(3, c, c+int32(i)) {
			break
		}
	}
	if k.Shared.AtomicCompareAndSwap(4, 12345, 1) {
		k.Shared.AtomicAdd(5, 1)
	}
	k.Cell.AtomicStore(i, k.Cell.AtomicLoad(i)+1)
	k.Grid.AtomicAdd(b%k.Grid.Extent(0), i%k.Grid.Extent(1), 1)
	k.Bits.AtomicAdd(3, uint32(k.Bits.AtomicOr(4, 1)&0))
}

// Views2D uses View2D methods (At, Set, Extent, Len, Stride, Row, Col, Prefetch) and View1D
// subviews, and asks for elements in and out of range with Prefetch, which changes nothing.
//
//gokkos:kernel
type Views2D struct {
	A   views.View2D[float64]
	T   views.View2D[float64]
	V   views.View1D[float64]
	Out views.View2D[float64]
}

// Run handles row i of A.
func (k Views2D) Run(i int) {
	k.V.Prefetch(i + 7)
	k.V.Prefetch(-1 - i)
	k.A.Prefetch(i, 0)
	k.A.Prefetch(i, k.A.Extent(1))
	for j := range k.A.Extent(1) {
		k.T.Set(j, i, k.A.At(i, j)*2)
	}
	row := k.A.Row(i)
	var s float64
	for j := range row.Len() {
		s += row.At(j)
	}
	k.Out.Set(i, 0, s)
	col := k.A.Col(i % k.A.Extent(1))
	k.Out.Set(i, 1, col.At(i)+float64(col.Len()*100+col.Stride()))
	sub := k.V.Sub(i, k.V.Len())
	k.Out.Set(i, 2, sub.At(0)+float64(sub.Len()))
	k.Out.Set(i, 3, float64(k.A.Len()+k.A.Stride(0)*10+k.A.Stride(1)*1000))
	d := i % 2
	k.Out.Set(i, 4, float64(k.A.Extent(d)))
	var c float64
	if sub.Contiguous() {
		c = 1
	}
	k.Out.Set(i, 5, c)
	w := k.V
	if i%3 == 0 {
		w = row
	}
	k.Out.Set(i, 6, w.At(1))
}

package conformance

import (
	"math"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// atomicMix hits a few hot elements with every atomic operation from every index.
//
//gokkos:kernel
type atomicMix struct {
	I32  views.View1D[int32]
	I64  views.View1D[int64]
	U32  views.View1D[uint32]
	U64  views.View1D[uint64]
	F32  views.View1D[float32]
	F64  views.View1D[float64]
	Hist views.View1D[int32]
	Bins int
}

func (k atomicMix) Run(i int) {
	k.Hist.AtomicAdd(i%k.Bins, 1)
	k.I32.AtomicAdd(0, 2)
	k.I32.AtomicSub(1, 3)
	k.I32.AtomicMin(2, int32(i))
	k.I32.AtomicMax(3, int32(i))
	k.I64.AtomicAdd(0, int64(i))
	k.I64.AtomicMin(1, int64(-i))
	k.I64.AtomicMax(2, int64(i)*1000000007)
	k.U32.AtomicOr(0, uint32(1)<<uint(i%32))
	k.U32.AtomicAnd(1, ^(uint32(1) << uint(i%32)))
	k.U32.AtomicXor(2, uint32(i))
	k.U64.AtomicAdd(0, uint64(i))
	k.U64.AtomicMax(1, uint64(i))
	k.F32.AtomicAdd(0, 0.5)
	k.F64.AtomicAdd(0, 0.25)
	k.F64.AtomicMin(1, float64(i))
	k.F64.AtomicMax(2, float64(i))
	k.I32.AtomicExchange(4, 7)
	if k.I64.AtomicCompareAndSwap(3, 0, int64(i)+1) {
		k.I32.AtomicAdd(5, 1) // exactly one index wins the swap
	}
	_ = k.I64.AtomicLoad(0)
	k.I64.AtomicStore(4, 42)
}

func testAtomics(t *testing.T, s execspace.Space) {
	const n, bins = 100000, 17
	i32 := upload(t, s, "i32", []int32{0, 0, math.MaxInt32, math.MinInt32, 0, 0})
	i64 := upload(t, s, "i64", []int64{0, 0, 0, 0, 0})
	u32 := upload(t, s, "u32", []uint32{0, ^uint32(0), 0})
	u64 := upload(t, s, "u64", []uint64{0, 0})
	f32 := upload(t, s, "f32", []float32{0})
	f64 := upload(t, s, "f64", []float64{0, math.Inf(1), math.Inf(-1)})
	hist := alloc[int32](t, s, "hist", bins)
	must(t, portable.ParallelFor(s, "conformance atomicMix", portable.Range(0, n), atomicMix{i32, i64, u32, u64, f32, f64, hist, bins}))
	a, b := download(t, s, i32), download(t, s, i64)
	c, d := download(t, s, u32), download(t, s, u64)
	e, f := download(t, s, f32), download(t, s, f64)
	h := download(t, s, hist)
	var xor uint32
	for i := 0; i < n; i++ {
		xor ^= uint32(i)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"i32 add", a[0], int32(2 * n)},
		{"i32 sub", a[1], int32(-3 * n)},
		{"i32 min", a[2], int32(0)},
		{"i32 max", a[3], int32(n - 1)},
		{"i32 exchange", a[4], int32(7)},
		{"cas winners", a[5], int32(1)},
		{"i64 add", b[0], int64(n) * (n - 1) / 2},
		{"i64 min", b[1], int64(-(n - 1))},
		{"i64 max", b[2], int64(n-1) * 1000000007},
		{"i64 store", b[4], int64(42)},
		{"u32 or", c[0], ^uint32(0)},
		{"u32 and", c[1], uint32(0)},
		{"u32 xor", c[2], xor},
		{"u64 add", d[0], uint64(n) * (n - 1) / 2},
		{"u64 max", d[1], uint64(n - 1)},
		{"f32 add", e[0], float32(n) / 2},
		{"f64 add", f[0], float64(n) / 4},
		{"f64 min", f[1], 0.0},
		{"f64 max", f[2], float64(n - 1)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if b[3] < 1 || b[3] > n {
		t.Errorf("cas target %d, want an index+1 in [1, %d]", b[3], n)
	}
	for i, v := range h {
		want := int32(n / bins)
		if i < n%bins {
			want++
		}
		if v != want {
			t.Errorf("hist[%d] = %d, want %d", i, v, want)
		}
	}
}

package conformance

import (
	"fmt"
	"math"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// sumIndex sums the indices.
//
//gokkos:kernel
type sumIndex struct{}

func (sumIndex) Run(i int, acc *int64) { *acc += int64(i) }

// sumF64 sums a float64 view.
//
//gokkos:kernel
type sumF64 struct{ X views.View1D[float64] }

func (k sumF64) Run(i int, acc *float64) { *acc += k.X.At(i) }

// reduceI64 sums an int64 view.
//
//gokkos:kernel
type reduceI64 struct{ X views.View1D[int64] }

func (k reduceI64) Run(i int, acc *int64) { *acc += k.X.At(i) }

// prodI64 multiplies.
//
//gokkos:kernel
type prodI64 struct{ X views.View1D[int64] }

func (k prodI64) Run(i int, acc *int64) { *acc *= k.X.At(i) }

// minF64 and maxF64 keep extremes.
//
//gokkos:kernel
type minF64 struct{ X views.View1D[float64] }

func (k minF64) Run(i int, acc *float64) { *acc = min(*acc, k.X.At(i)) }

//gokkos:kernel
type maxI32 struct{ X views.View1D[int32] }

func (k maxI32) Run(i int, acc *int32) { *acc = max(*acc, k.X.At(i)) }

// minLoc and maxLoc find extremes with their indices.
//
//gokkos:kernel
type minLoc struct{ X views.View1D[float64] }

func (k minLoc) Run(i int, acc *portable.ValLoc[float64]) {
	if x := k.X.At(i); x < acc.Val || (x == acc.Val && i < acc.Loc) {
		acc.Val, acc.Loc = x, i
	}
}

//gokkos:kernel
type maxLoc struct{ X views.View1D[int64] }

func (k maxLoc) Run(i int, acc *portable.ValLoc[int64]) {
	if x := k.X.At(i); x > acc.Val || (x == acc.Val && i < acc.Loc) {
		acc.Val, acc.Loc = x, i
	}
}

// allPositive and anyNegative are logical reductions.
//
//gokkos:kernel
type allPositive struct{ X views.View1D[int64] }

func (k allPositive) Run(i int, acc *bool) { *acc = *acc && k.X.At(i) > 0 }

//gokkos:kernel
type anyNegative struct{ X views.View1D[int64] }

func (k anyNegative) Run(i int, acc *bool) { *acc = *acc || k.X.At(i) < 0 }

// bitsAnd and bitsOr are bitwise reductions.
//
//gokkos:kernel
type bitsAnd struct{ X views.View1D[uint32] }

func (k bitsAnd) Run(i int, acc *uint32) { *acc &= k.X.At(i) }

//gokkos:kernel
type bitsOr struct{ X views.View1D[uint32] }

func (k bitsOr) Run(i int, acc *uint32) { *acc |= k.X.At(i) }

// maxAbs is a custom reduction through the kernel's own Init and Join.
//
//gokkos:kernel
type maxAbs struct{ X views.View1D[float64] }

func (k maxAbs) Run(i int, acc *float64) { k.Join(acc, math.Abs(k.X.At(i))) }
func (maxAbs) Init(dst *float64)         { *dst = 0 }
func (maxAbs) Join(dst *float64, src float64) {
	if src > *dst {
		*dst = src
	}
}

func testReduce(t *testing.T, s execspace.Space) {
	for _, n := range sizes {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			var got int64 = -1
			must(t, portable.ParallelReduce(s, "conformance sumIndex", portable.Range(0, n), sumIndex{}, portable.Sum(&got)))
			if want := int64(n) * int64(n-1) / 2; got != want {
				t.Fatalf("sum of indices = %d, want %d", got, want)
			}
			ones := make([]float64, n)
			for i := range ones {
				ones[i] = 1
			}
			var f float64 = -1
			must(t, portable.ParallelReduce(s, "conformance sumF64", portable.Range(0, n), sumF64{upload(t, s, "ones", ones)}, portable.Sum(&f)))
			if f != float64(n) {
				t.Fatalf("sum of ones = %v, want %d", f, n)
			}
		})
	}
	t.Run("dynamic", func(t *testing.T) {
		var got int64
		must(t, portable.ParallelReduce(s, "conformance sumIndex dynamic", portable.Range(10, 50010).WithSchedule(portable.Dynamic).WithChunk(77), sumIndex{}, portable.Sum(&got)))
		if want := int64(50010)*50009/2 - 45; got != want {
			t.Fatalf("sum = %d, want %d", got, want)
		}
	})
}

func testReducers(t *testing.T, s execspace.Space) {
	n := 10007
	r := lcg(42)
	ints := make([]int64, n)
	floats := make([]float64, n)
	i32 := make([]int32, n)
	bits := make([]uint32, n)
	small := make([]int64, 40)
	for i := range ints {
		ints[i] = int64(r.next()%2001) - 1000
		floats[i] = float64(int64(r.next()%1000001)-500000) / 1000
		i32[i] = int32(r.next())
		bits[i] = uint32(r.next()) | 0x80000001
	}
	for i := range small {
		small[i] = int64(i%3) + 1
	}
	ints[n/3], ints[2*n/3] = 5000, 5000 // a tie for MaxLoc: the first wins
	X, F, I32, B := upload(t, s, "ints", ints), upload(t, s, "floats", floats), upload(t, s, "i32", i32), upload(t, s, "bits", bits)

	t.Run("Sum", func(t *testing.T) {
		var got, want int64
		for _, v := range ints {
			want += v
		}
		must(t, portable.ParallelReduce(s, "conformance sum", portable.Range(0, n), reduceI64{X}, portable.Sum(&got)))
		if got != want {
			t.Fatalf("got %d, want %d", got, want)
		}
	})
	t.Run("Prod", func(t *testing.T) {
		var got int64
		want := int64(1)
		for _, v := range small {
			want *= v
		}
		must(t, portable.ParallelReduce(s, "conformance prod", portable.Range(0, len(small)), prodI64{upload(t, s, "small", small)}, portable.Prod(&got)))
		if got != want {
			t.Fatalf("got %d, want %d", got, want)
		}
	})
	t.Run("Min", func(t *testing.T) {
		got, want := 0.0, math.Inf(1)
		for _, v := range floats {
			want = min(want, v)
		}
		must(t, portable.ParallelReduce(s, "conformance min", portable.Range(0, n), minF64{F}, portable.Min(&got)))
		if got != want {
			t.Fatalf("got %v, want %v", got, want)
		}
		must(t, portable.ParallelReduce(s, "conformance min empty", portable.Range(0, 0), minF64{F}, portable.Min(&got)))
		if !math.IsInf(got, 1) {
			t.Fatalf("min of nothing = %v, want +Inf", got)
		}
	})
	t.Run("Max", func(t *testing.T) {
		var got int32
		want := int32(math.MinInt32)
		for _, v := range i32 {
			want = max(want, v)
		}
		must(t, portable.ParallelReduce(s, "conformance max", portable.Range(0, n), maxI32{I32}, portable.Max(&got)))
		if got != want {
			t.Fatalf("got %d, want %d", got, want)
		}
	})
	t.Run("MinLoc", func(t *testing.T) {
		var got portable.ValLoc[float64]
		want := portable.ValLoc[float64]{Val: math.Inf(1)}
		for i, v := range floats {
			if v < want.Val {
				want = portable.ValLoc[float64]{Val: v, Loc: i}
			}
		}
		must(t, portable.ParallelReduce(s, "conformance minloc", portable.Range(0, n), minLoc{F}, portable.MinLoc(&got)))
		if got != want {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	})
	t.Run("MaxLoc", func(t *testing.T) {
		var got portable.ValLoc[int64]
		must(t, portable.ParallelReduce(s, "conformance maxloc", portable.Range(0, n), maxLoc{X}, portable.MaxLoc(&got)))
		if want := (portable.ValLoc[int64]{Val: 5000, Loc: n / 3}); got != want {
			t.Fatalf("got %+v, want %+v", got, want)
		}
	})
	t.Run("LAnd", func(t *testing.T) {
		pos := make([]int64, 1000)
		for i := range pos {
			pos[i] = int64(i + 1)
		}
		P := upload(t, s, "positive", pos)
		got := false
		must(t, portable.ParallelReduce(s, "conformance land", portable.Range(0, len(pos)), allPositive{P}, portable.LAnd(&got)))
		if !got {
			t.Fatal("all positive: got false")
		}
		must(t, portable.ParallelReduce(s, "conformance land false", portable.Range(0, n), allPositive{X}, portable.LAnd(&got)))
		if got {
			t.Fatal("mixed signs: got true")
		}
	})
	t.Run("LOr", func(t *testing.T) {
		got := false
		must(t, portable.ParallelReduce(s, "conformance lor", portable.Range(0, n), anyNegative{X}, portable.LOr(&got)))
		if !got {
			t.Fatal("some negative: got false")
		}
	})
	t.Run("BAnd", func(t *testing.T) {
		var got uint32
		want := ^uint32(0)
		for _, v := range bits {
			want &= v
		}
		must(t, portable.ParallelReduce(s, "conformance band", portable.Range(0, n), bitsAnd{B}, portable.BAnd(&got)))
		if got != want {
			t.Fatalf("got %#x, want %#x", got, want)
		}
	})
	t.Run("BOr", func(t *testing.T) {
		var got, want uint32
		for _, v := range bits {
			want |= v
		}
		must(t, portable.ParallelReduce(s, "conformance bor", portable.Range(0, n), bitsOr{B}, portable.BOr(&got)))
		if got != want {
			t.Fatalf("got %#x, want %#x", got, want)
		}
	})
	t.Run("KernelJoin", func(t *testing.T) {
		var got, want float64
		for _, v := range floats {
			want = max(want, math.Abs(v))
		}
		k := maxAbs{F}
		must(t, portable.ParallelReduce(s, "conformance custom", portable.Range(0, n), k, portable.KernelJoin[float64](k, &got)))
		if got != want {
			t.Fatalf("got %v, want %v", got, want)
		}
	})
	t.Run("Join", func(t *testing.T) {
		got := int64(-1)
		err := portable.ParallelReduce(s, "conformance closure", portable.Range(0, n), sumIndex{}, portable.Join(&got, 0, func(dst *int64, src int64) { *dst += src }))
		if s.Info().Device {
			if err == nil {
				t.Fatal("a Go closure join ran on a device space")
			}
			return
		}
		must(t, err)
		if want := int64(n) * int64(n-1) / 2; got != want {
			t.Fatalf("got %d, want %d", got, want)
		}
	})
}

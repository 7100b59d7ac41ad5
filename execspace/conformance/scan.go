package conformance

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// prefixSum stores the exclusive prefix sum of In in Out.
//
//gokkos:kernel
type prefixSum struct {
	In, Out views.View1D[int64]
}

func (k prefixSum) Run(i int, acc *int64, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += k.In.At(i)
}

// prefixF32 is prefixSum for float32 with small integers, so that every order is exact.
//
//gokkos:kernel
type prefixF32 struct {
	In, Out views.View1D[float32]
}

func (k prefixF32) Run(i int, acc *float32, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += k.In.At(i)
}

func testScan(t *testing.T, s execspace.Space) {
	for _, n := range sizes {
		t.Run(fmt.Sprintf("int64/n=%d", n), func(t *testing.T) {
			r := lcg(n)
			in := make([]int64, n)
			for i := range in {
				in[i] = int64(r.next()%100) - 30
			}
			In, Out := upload(t, s, "in", in), alloc[int64](t, s, "out", n)
			total := int64(-12345)
			must(t, portable.ParallelScan(s, "conformance prefixSum", portable.Range(0, n), prefixSum{In, Out}, &total))
			var run int64
			for i, v := range download(t, s, Out) {
				if v != run {
					t.Fatalf("out[%d] = %d, want %d", i, v, run)
				}
				run += in[i]
			}
			if total != run {
				t.Fatalf("total = %d, want %d", total, run)
			}
		})
	}
	t.Run("float32", func(t *testing.T) {
		n := 5000
		in := make([]float32, n)
		for i := range in {
			in[i] = float32(i % 4)
		}
		In, Out := upload(t, s, "in", in), alloc[float32](t, s, "out", n)
		var total float32
		must(t, portable.ParallelScan(s, "conformance prefixF32", portable.Range(0, n), prefixF32{In, Out}, &total))
		var run float32
		for i, v := range download(t, s, Out) {
			if v != run {
				t.Fatalf("out[%d] = %v, want %v", i, v, run)
			}
			run += in[i]
		}
		if total != run {
			t.Fatalf("total = %v, want %v", total, run)
		}
	})
}

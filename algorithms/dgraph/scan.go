package dgraph

import (
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// offsetScan turns per-vertex counts into CSR offsets: Out[i] is the sum of In[0:i], for i in
// [0, N], so that Out[N] is the total.
//
//gokkos:kernel
type offsetScan struct {
	In, Out views.View1D[int64]
}

// Run adds count i (none past the end of In) and stores the exclusive prefix sum.
func (k offsetScan) Run(i int, acc *int64, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	if i < k.In.Len() {
		*acc += k.In.At(i)
	}
}

// offsetsFrom allocates N+1 offsets in space and fills them with the exclusive prefix sums of
// the N counts, returning the offsets and the total.
func offsetsFrom(space execspace.Space, label string, counts views.View1D[int64]) (views.View1D[int64], int64, error) {
	n := counts.Len()
	off, err := alloc[int64](space.Memory(), label, n+1)
	if err != nil {
		return off, 0, err
	}
	var total int64
	if err := portable.ParallelScan(space, "dgraph: offsets", portable.Range(0, n+1), offsetScan{In: counts, Out: off}, &total); err != nil {
		off.Free()
		return views.View1D[int64]{}, 0, err
	}
	return off, total, nil
}

// perVertex is the range policy of kernels with one iteration per vertex whose cost varies with
// the degree: dynamically scheduled chunks on host spaces.
func perVertex(n int) portable.RangePolicy {
	return portable.Range(0, n).WithSchedule(portable.Dynamic).WithChunk(256)
}

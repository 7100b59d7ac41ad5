package frontier

import (
	"math/bits"

	"github.com/gokkos/gokkos/algorithms/dgraph"
)

// worklistStats measures a worklist: Val is the sum and Loc the largest of its vertices'
// out-degrees. Iteration i is slot i of a queue, or word i (32 vertices) of a bitmap.
//
//gokkos:kernel
type worklistStats struct {
	G  dgraph.CSR
	In Worklist
}

// Init starts an accumulator at zero.
func (k worklistStats) Init(dst *Count) { *dst = Count{} }

// Join adds the sums and keeps the larger maximum.
func (k worklistStats) Join(dst *Count, src Count) {
	dst.Val += src.Val
	dst.Loc = max(dst.Loc, src.Loc)
}

// Run measures slot or word i.
func (k worklistStats) Run(i int, acc *Count) {
	if !k.In.Bitmap {
		d := k.G.Degree(k.In.Queue.At(i))
		acc.Val += d
		acc.Loc = max(acc.Loc, int(d))
		return
	}
	// One pass per set bit, not per bit: a bitmap after a pull step holds a few vertices per
	// word, and a loop over all 32 bits mispredicts its test on most of them.
	for w := k.In.Bits.At(i); w != 0; w &= w - 1 {
		d := k.G.Degree(int32(i*32 + bits.TrailingZeros32(w)))
		acc.Val += d
		acc.Loc = max(acc.Loc, int(d))
	}
}

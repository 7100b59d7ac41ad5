package frontier

import "github.com/gokkos/gokkos/algorithms/dgraph"

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
	w := k.In.Bits.At(i)
	for b := 0; w != 0; b++ {
		if w&1 != 0 {
			d := k.G.Degree(int32(i*32 + b))
			acc.Val += d
			acc.Loc = max(acc.Loc, int(d))
		}
		w >>= 1
	}
}

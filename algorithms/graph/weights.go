package graph

import (
	"fmt"
	"math"
)

// AddRandomWeights sets el.W to one random weight per edge, replacing any
// weights already there. With integer false the weights are uniform in
// [lo, hi) (all equal to lo when lo == hi); with integer true they are
// integers drawn uniformly from [ceil(lo), floor(hi)], stored as float64.
//
// Weights are drawn in parallel from PCG streams derived from seed, so they
// depend only on the seed, the bounds and the edge count, not on GOMAXPROCS.
// It costs O(M) time and memory and must not run concurrently with other
// uses of el. AddRandomWeights panics if a bound is not finite, lo > hi, or
// integer is set and no integer lies in [lo, hi], and, before allocating,
// with an error wrapping [ErrTooLarge] if the process cannot have the memory
// for the weights.
func AddRandomWeights(el *EdgeList, lo, hi float64, integer bool, seed uint64) {
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) || math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
		panic(fmt.Sprintf("graph: AddRandomWeights: bad range [%g, %g]", lo, hi))
	}
	ilo, ihi := math.Ceil(lo), math.Floor(hi)
	if integer && (ilo > ihi || ihi-ilo >= 1<<62) {
		panic(fmt.Sprintf("graph: AddRandomWeights: no usable integer range in [%g, %g]", lo, hi))
	}
	m := int64(len(el.Src))
	mustFit(8*m, func() string { return fmt.Sprintf("AddRandomWeights for %d edges", m) })
	el.W = make([]float64, m)
	var span uint64
	if integer {
		span = uint64(ihi-ilo) + 1
	}
	forChunks(m, func(chunk, a, b int64) {
		r := streamRand(seed, tagWeights, chunk)
		for i := a; i < b; i++ {
			if integer {
				el.W[i] = ilo + float64(r.Uint64N(span))
			} else {
				w := lo + (hi-lo)*r.Float64()
				if w >= hi && hi > lo {
					w = math.Nextafter(hi, lo)
				}
				el.W[i] = w
			}
		}
	})
}

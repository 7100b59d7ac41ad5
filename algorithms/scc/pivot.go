package scc

import (
	"math"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Pivots. A single-pivot step starts from the active vertex with the largest product of in- and
// out-degree, the vertex most likely to lie in the giant component of a small-world graph (the
// Multistep choice). A many-pivot round takes one pivot per subgraph id: every active vertex
// writes its id into its subgraph's slot, and whichever write lands last is the pivot.

// pivotMax reduces the active vertex with the largest in-degree × out-degree.
//
//gokkos:kernel
type pivotMax struct {
	Off, ROff views.View1D[int64]
	St        views.View1D[uint32]
}

// Run folds vertex v into the maximum.
func (k pivotMax) Run(v int, acc *portable.ValLoc[int64]) {
	if k.St.At(v)&stDone != 0 {
		return
	}
	x := (k.Off.At(v+1) - k.Off.At(v)) * (k.ROff.At(v+1) - k.ROff.At(v))
	if x > acc.Val {
		acc.Val, acc.Loc = x, v
	}
}

// seedPivot makes P the pivot of its subgraph and puts it in both frontiers.
//
//gokkos:kernel
type seedPivot struct {
	P     int
	St    views.View1D[uint32]
	Sub   views.View1D[int32]
	Pivot views.View1D[int32]
}

// Run seeds the pivot.
func (k seedPivot) Run(int) {
	k.Pivot.Set(int(k.Sub.At(k.P)), int32(k.P))
	k.St.AtomicOr(k.P, stFW|stBW)
}

// racePivots has every active vertex write its id into its subgraph's pivot slot.
//
//gokkos:kernel
type racePivots struct {
	St    views.View1D[uint32]
	Sub   views.View1D[int32]
	Pivot views.View1D[int32]
}

// Run offers vertex v as its subgraph's pivot.
func (k racePivots) Run(v int) {
	if k.St.At(v)&stDone == 0 {
		k.Pivot.AtomicStore(int(k.Sub.At(v)), int32(v))
	}
}

// seedPivots puts every vertex that won its subgraph's race in both frontiers, and counts them.
//
//gokkos:kernel
type seedPivots struct {
	St    views.View1D[uint32]
	Sub   views.View1D[int32]
	Pivot views.View1D[int32]
}

// Run seeds v if it is its subgraph's pivot.
func (k seedPivots) Run(v int, acc *int64) {
	if k.St.At(v)&stDone == 0 && k.Pivot.At(int(k.Sub.At(v))) == int32(v) {
		k.St.AtomicOr(v, stFW|stBW)
		*acc += 1
	}
}

// maxPivot returns the active vertex with the largest degree product, or -1 if none is active.
func (s *state) maxPivot() (int, error) {
	var best portable.ValLoc[int64]
	k := pivotMax{Off: s.out.Offsets, ROff: s.in.Offsets, St: s.st}
	if err := portable.ParallelReduce(s.space, "scc.pivot.max", portable.Range(0, s.n), k, portable.MaxLoc(&best)); err != nil {
		return -1, err
	}
	if best.Loc == math.MaxInt || best.Loc < 0 || best.Loc >= s.n {
		return -1, nil
	}
	return best.Loc, nil
}

// seedOne seeds the single pivot p.
func (s *state) seedOne(p int) error {
	return portable.ParallelFor(s.space, "scc.pivot.seed", portable.Range(0, 1), seedPivot{P: p, St: s.st, Sub: s.sub, Pivot: s.pivot})
}

// seedMany elects and seeds one pivot per subgraph and returns how many there are.
func (s *state) seedMany() (int, error) {
	if err := portable.ParallelFor(s.space, "scc.pivot.race", portable.Range(0, s.n), racePivots{St: s.st, Sub: s.sub, Pivot: s.pivot}); err != nil {
		return 0, err
	}
	n, err := count(s, "scc.pivot.seed", seedPivots{St: s.st, Sub: s.sub, Pivot: s.pivot})
	return int(n), err
}

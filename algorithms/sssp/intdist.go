package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Integer distances. When every weight of the graph is an integer in [0, 2^31) and the
// largest weight times N-1 (a bound on any shortest distance) is below infInt, the template
// methods keep 32-bit unsigned distances and a 32-bit copy of the weights: half the bytes of
// every random distance access and of every weight read, and an integer minimum in place of
// a float64 compare-and-swap. Integer sums are exact, and so are float64 sums of integers
// below 2^53: the distances equal the float path's, and Run widens them into the float64
// distance array that View, Dist and Summarize read.

// infInt is the integer distance of an unreached vertex.
const infInt = math.MaxUint32

// distances is the distance array of a computation as kernels read it: the float64 array F,
// or the integer array I when I is not empty. At returns either as a float64, so that the
// bucket and pending-queue kernels serve both forms.
type distances struct {
	F views.View1D[float64]
	I views.View1D[uint32]
}

// At returns vertex v's distance (+Inf when unreached).
func (d distances) At(v int) float64 {
	if d.I.Len() > 0 {
		x := d.I.At(v)
		if x == infInt {
			return math.Inf(1)
		}
		return float64(x)
	}
	return d.F.At(v)
}

// relaxInt is relax over integer distances and weights: W holds the weights by edge index
// (empty: every weight is 1). The sum is formed in 64 bits, so it never wraps; a sum at or
// beyond infInt never improves a distance.
type relaxInt struct {
	W, Dist views.View1D[uint32]
}

// Visit relaxes edge u→v.
func (o relaxInt) Visit(u, v int32, e int64) bool {
	w := uint64(1)
	if o.W.Len() > 0 {
		w = uint64(o.W.At(int(e)))
	}
	nd := uint64(o.Dist.AtomicLoad(int(u))) + w
	if nd >= uint64(o.Dist.AtomicLoad(int(v))) {
		return false
	}
	return uint64(o.Dist.AtomicMin(int(v), uint32(nd))) > nd
}

// nonInteger counts the weights that are not integers in [0, 2^31).
//
//gokkos:kernel
type nonInteger struct {
	W views.View1D[float64]
}

// Run contributes edge e.
func (k nonInteger) Run(e int, acc *int64) {
	w := k.W.At(e)
	if !(w >= 0 && w < 1<<31) || float64(int32(w)) != w {
		*acc += 1
	}
}

// narrowWeights copies the (integer) weights to 32 bits.
//
//gokkos:kernel
type narrowWeights struct {
	W views.View1D[float64]
	I views.View1D[uint32]
}

// Run copies edge e's weight.
func (k narrowWeights) Run(e int) { k.I.Set(e, uint32(int32(k.W.At(e)))) }

// widenDist writes the integer distances to the float64 array (+Inf for unreached).
//
//gokkos:kernel
type widenDist struct {
	I views.View1D[uint32]
	F views.View1D[float64]
}

// Run widens vertex v's distance.
func (k widenDist) Run(v int) {
	x := k.I.At(v)
	d := math.Inf(1)
	if x != infInt {
		d = float64(x)
	}
	k.F.Set(v, d)
}

// intWeights reports whether the graph's weights allow integer distances and, if so,
// returns their 32-bit copy (empty for an unweighted graph). wmax is the largest weight.
func intWeights(g *dgraph.Graph, wmax float64) (bool, views.View1D[uint32], error) {
	var none views.View1D[uint32]
	c := g.Out()
	n := max(g.N()-1, 0)
	if !c.Weighted() {
		return uint64(n) < infInt, none, nil
	}
	m := int(c.NumEdges())
	if !(wmax >= 0) || wmax*float64(n) >= infInt {
		return false, none, nil
	}
	space := g.Space()
	var bad int64
	if err := portable.ParallelReduce(space, "sssp: integer weights", portable.Range(0, m), nonInteger{W: c.Weights}, portable.Sum(&bad)); err != nil {
		return false, none, err
	}
	if bad > 0 {
		return false, none, nil
	}
	w, err := views.Alloc1D[uint32](space.Memory(), "sssp integer weights", m)
	if err != nil {
		return false, none, err
	}
	if err := portable.ParallelFor(space, "sssp: narrow weights", portable.Range(0, m), narrowWeights{W: c.Weights, I: w}); err != nil {
		w.Free()
		return false, none, err
	}
	return true, w, nil
}

// EdgeView returns the weights, so that host push steps prefetch them (frontier.EdgeViewer).
func (o relaxInt) EdgeView() any { return o.W }

package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/views"
)

// relax is the shortest-path edge operator: v's distance drops to u's plus the edge's weight
// when that is smaller, and then v joins the next worklist. W holds the weights by edge index
// (empty: every weight is 1). It keeps only the two views it reads: on the host the template
// passes the operator by value to every Visit call.
type relax struct {
	W, Dist views.View1D[float64]
}

// newRelax returns the operator for g's out-edges and the distances dist.
func newRelax(g dgraph.CSR, dist views.View1D[float64]) relax { return relax{W: g.Weights, Dist: dist} }

// Visit relaxes edge u→v.
func (o relax) Visit(u, v int32, e int64) bool {
	w := 1.0
	if o.W.Len() > 0 {
		w = o.W.At(int(e))
	}
	nd := o.Dist.AtomicLoad(int(u)) + w
	if !(nd < o.Dist.AtomicLoad(int(v))) {
		return false
	}
	return o.Dist.AtomicMin(int(v), nd) > nd
}

// poison spreads -Inf from vertices behind a negative cycle to everything they reach.
type poison struct {
	Dist views.View1D[float64]
}

// Visit gives v the distance -Inf.
func (o poison) Visit(u, v int32, e int64) bool {
	if o.Dist.AtomicLoad(int(v)) == math.Inf(-1) {
		return false
	}
	return o.Dist.AtomicMin(int(v), math.Inf(-1)) != math.Inf(-1)
}

// EdgeView returns the weights, so that host push steps prefetch them (frontier.EdgeViewer).
func (o relax) EdgeView() any { return o.W }

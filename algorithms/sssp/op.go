package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/views"
)

// relax is the shortest-path edge operator: v's distance drops to u's plus the edge's weight
// when that is smaller, and then v joins the next worklist.
type relax struct {
	G    dgraph.CSR
	Dist views.View1D[float64]
}

// Visit relaxes edge u→v.
func (o relax) Visit(u, v int32, e int64) bool {
	nd := o.Dist.AtomicLoad(int(u)) + o.G.Weight(e)
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

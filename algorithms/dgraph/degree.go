package dgraph

import (
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// degreeMax reduces the largest out-degree.
//
//gokkos:kernel
type degreeMax struct {
	Offsets views.View1D[int64]
}

// Run contributes vertex v's degree.
func (k degreeMax) Run(v int, acc *int64) {
	*acc = max(*acc, k.Offsets.At(v+1)-k.Offsets.At(v))
}

// MaxDegree returns the largest out-degree (0 for a graph without vertices), computed once with
// a reduction over the vertices and cached.
func (g *Graph) MaxDegree() (int64, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return 0, errFreed
	}
	if !g.maxKnown {
		var m int64
		if g.out.N > 0 {
			if err := portable.ParallelReduce(g.space, "dgraph: max degree", portable.Range(0, g.out.N), degreeMax{Offsets: g.out.Offsets}, portable.Max(&m)); err != nil {
				return 0, err
			}
		}
		g.maxDeg, g.maxKnown = m, true
	}
	return g.maxDeg, nil
}

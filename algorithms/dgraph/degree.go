package dgraph

import (
	"fmt"
	"math"

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

// degreeSquares sums the squares of the vertices' out-degrees plus, when In has vertices,
// their in-degrees.
//
//gokkos:kernel
type degreeSquares struct {
	Out, In CSR
}

// Run adds vertex v's squared degree.
func (k degreeSquares) Run(v int, acc *float64) {
	d := float64(k.Out.Offsets.At(v+1) - k.Out.Offsets.At(v))
	if k.In.N > 0 {
		d += float64(k.In.Offsets.At(v+1) - k.In.Offsets.At(v))
	}
	*acc += d * d
}

// DegreeCV returns the coefficient of variation (standard deviation over mean) of the vertices'
// degrees: their out-degrees plus, when in is the graph's in-edge CSR (In), their in-degrees;
// an empty in counts out-degrees alone. It is 0 for a graph without edges. The automatic method
// choices of the components packages call a graph skewed from SkewCV on. It costs one reduction
// over the vertices on the graph's space, not cached; an in of another vertex count is an error.
func (g *Graph) DegreeCV(in CSR) (float64, error) {
	n := g.N()
	if in.N != 0 && in.N != n {
		return 0, fmt.Errorf("dgraph: DegreeCV: in-edges of %d vertices for a graph of %d", in.N, n)
	}
	mean := 0.0
	if n > 0 {
		mean = float64(g.NumEdges()+in.NumEdges()) / float64(n)
	}
	if mean == 0 {
		return 0, nil
	}
	var sq float64
	if err := portable.ParallelReduce(g.space, "dgraph: degree squares", portable.Range(0, n), degreeSquares{Out: g.out, In: in}, portable.Sum(&sq)); err != nil {
		return 0, err
	}
	return math.Sqrt(max(sq/float64(n)/(mean*mean)-1, 0)), nil
}

// SkewCV is the degree coefficient of variation (DegreeCV) from which the automatic method
// choices call a graph skewed: R-MAT graphs measure 5 to 7, uniform random and small-world
// graphs below 1.
const SkewCV = 1.5

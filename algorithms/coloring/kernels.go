package coloring

import (
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/views"
)

// The template's kernels instantiated with the coloring operator, named here so that the
// kernel translator generates them.
var _ = []any{
	frontier.PushThread[propagate]{}, frontier.PushTeam[propagate]{},
	frontier.PushLocal[propagate]{}, frontier.PushGlobal[propagate]{},
	frontier.PullStep[propagate]{}, frontier.PushFused[propagate]{},
}

// levelSteps is the most fused push steps of one frontier.Advance call.
const levelSteps = 1024

// ownColor gives every vertex its own id as its color.
//
//gokkos:kernel
type ownColor struct {
	Color views.View1D[int32]
}

// Run colors vertex v.
func (k ownColor) Run(v int) { k.Color.Set(v, int32(v)) }

// countColors counts the distinct colors: color c is in use exactly when vertex c keeps it,
// since any vertex with a larger color that reaches c would also give it to every vertex
// that c reaches.
//
//gokkos:kernel
type countColors struct {
	Color views.View1D[int32]
}

// Run counts vertex v if it kept its own color.
func (k countColors) Run(v int, acc *int64) {
	if k.Color.At(v) == int32(v) {
		*acc += 1
	}
}

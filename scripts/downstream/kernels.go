// Package downstream is a user's module: a range kernel, a team kernel and an edge operator for
// gokkos' frontier template, written once for every execution space.
package downstream

//go:generate go tool gokkos-gen

import (
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// axpy sets Y to A*X+Y.
//
//gokkos:kernel
type axpy struct {
	A    float64
	X, Y views.View1D[float64]
}

func (k axpy) Run(i int) { k.Y.Set(i, k.A*k.X.At(i)+k.Y.At(i)) }

// rowSums sums each row of M into Sums, one team per row.
//
//gokkos:kernel
type rowSums struct {
	M    views.View2D[float64]
	Sums views.View1D[float64]
}

func (k rowSums) RunTeam(m teams.Member) {
	r := m.LeagueRank()
	s := teams.ThreadReduce(m, 0, k.M.Extent(1), teams.Sum, func(c int, acc *float64) { *acc += k.M.At(r, c) })
	teams.Single(m, func() { k.Sums.Set(r, s) })
}

// hops is a BFS edge operator: Dist[v] is -1 until v is reached, and Depth is the step.
type hops struct {
	Dist  views.View1D[int32]
	Depth int32
}

// Visit reaches v from u at distance Depth+1; the first thread to reach v claims it.
func (o hops) Visit(u, v int32, e int64) bool {
	return o.Dist.AtomicCompareAndSwap(int(v), -1, o.Depth+1)
}

// The template's kernels with the operator, for the generator.
var _ = []any{frontier.PushThread[hops]{}, frontier.PushTeam[hops]{}}

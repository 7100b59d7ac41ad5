// Package good has kernels for the generator's tests.
package good

import (
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Scale multiplies X by A.
//
//gokkos:kernel
type Scale struct {
	A float32
	X views.View1D[float32]
}

// Run scales element i.
func (k Scale) Run(i int) { k.X.Set(i, k.A*k.X.At(i)) }

// Sum adds the elements of X.
//
//gokkos:kernel
type Sum struct{ X views.View1D[int64] }

// Run adds element i.
func (k Sum) Run(i int, acc *int64) { *acc += k.X.At(i) }

// Prefix stores exclusive prefix sums.
//
//gokkos:kernel
type Prefix struct{ X, Out views.View1D[int32] }

// Run is the scan body.
func (k Prefix) Run(i int, acc *int32, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += k.X.At(i)
}

// Rows sums each row of M into Out, one team per row.
//
//gokkos:kernel
type Rows struct {
	M   views.View2D[float64]
	Out views.View1D[float64]
}

// RunTeam sums row LeagueRank.
func (k Rows) RunTeam(m teams.Member) {
	r := m.LeagueRank()
	s := teams.ThreadReduce(m, 0, k.M.Extent(1), teams.Sum, func(j int, acc *float64) { *acc += k.M.At(r, j) })
	k.Out.Set(r, s)
}

// Loc finds the smallest element.
//
//gokkos:kernel
type Loc struct{ X views.View1D[float64] }

// Run compares element i.
func (k Loc) Run(i int, acc *portable.ValLoc[float64]) {
	if x := k.X.At(i); x < acc.Val {
		acc.Val, acc.Loc = x, i
	}
}

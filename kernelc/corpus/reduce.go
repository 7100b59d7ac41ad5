package corpus

import (
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// SumF64 adds float64 elements (used with the Sum reducer).
//
//gokkos:kernel
type SumF64 struct{ X views.View1D[float64] }

// Run adds element i.
func (k SumF64) Run(i int, acc *float64) { *acc += k.X.At(i) }

// ProdI64 multiplies small integers (Prod reducer).
//
//gokkos:kernel
type ProdI64 struct{ X views.View1D[int64] }

// Run multiplies by element i.
func (k ProdI64) Run(i int, acc *int64) { *acc *= k.X.At(i)%3 + 2 }

// MinI32 finds the smallest element (Min reducer).
//
//gokkos:kernel
type MinI32 struct{ X views.View1D[int32] }

// Run compares element i.
func (k MinI32) Run(i int, acc *int32) { *acc = min(*acc, k.X.At(i)) }

// MaxF32 finds the largest element (Max reducer).
//
//gokkos:kernel
type MaxF32 struct{ X views.View1D[float32] }

// Run compares element i.
func (k MaxF32) Run(i int, acc *float32) {
	if x := k.X.At(i); x > *acc {
		*acc = x
	}
}

// BitsU64 ANDs or ORs elements (BAnd and BOr reducers).
//
//gokkos:kernel
type BitsU64 struct {
	X   views.View1D[uint64]
	And bool
}

// Run combines element i.
func (k BitsU64) Run(i int, acc *uint64) {
	if k.And {
		*acc &= k.X.At(i) | 0xff00ff00ff00ff00
	} else {
		*acc |= k.X.At(i) & 0x0101010101010101
	}
}

// AllPositive checks every element (LAnd and LOr reducers).
//
//gokkos:kernel
type AllPositive struct {
	X   views.View1D[float64]
	Any bool
}

// Run tests element i.
func (k AllPositive) Run(i int, acc *bool) {
	if k.Any {
		*acc = *acc || k.X.At(i) > 0.99
	} else {
		*acc = *acc && k.X.At(i) > -0.99
	}
}

// ArgMin finds the smallest element and its index (MinLoc and MaxLoc reducers).
//
//gokkos:kernel
type ArgMin struct {
	X   views.View1D[float64]
	Max bool
}

// Run compares element i.
func (k ArgMin) Run(i int, acc *portable.ValLoc[float64]) {
	x := k.X.At(i)
	if k.Max {
		if x > acc.Val {
			acc.Val, acc.Loc = x, i
		}
		return
	}
	if x < acc.Val {
		*acc = portable.ValLoc[float64]{Val: x, Loc: i}
	}
}

// MaxAbs is a reduction with its own identity and join (a custom reduction): the largest
// absolute value, starting from the kernel's Floor.
//
//gokkos:kernel
type MaxAbs struct {
	X     views.View1D[int64]
	Floor int64
}

// Run contributes element i.
func (k MaxAbs) Run(i int, acc *int64) {
	x := k.X.At(i)
	if x < 0 {
		x = -x
	}
	k.Join(acc, x)
}

// Init sets the identity.
func (k MaxAbs) Init(dst *int64) { *dst = k.Floor }

// Join keeps the larger value.
func (k MaxAbs) Join(dst *int64, src int64) {
	if src > *dst {
		*dst = src
	}
}

// PrefixI64 stores exclusive prefix sums (a scan kernel).
//
//gokkos:kernel
type PrefixI64 struct{ X, Out views.View1D[int64] }

// Run is the scan body.
func (k PrefixI64) Run(i int, acc *int64, final bool) {
	x := k.X.At(i)
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += x
}

// PrefixF64 stores inclusive prefix sums of float64 values.
//
//gokkos:kernel
type PrefixF64 struct{ X, Out views.View1D[float64] }

// Run is the scan body.
func (k PrefixF64) Run(i int, acc *float64, final bool) {
	*acc += k.X.At(i)
	if final {
		k.Out.Set(i, *acc)
	}
}

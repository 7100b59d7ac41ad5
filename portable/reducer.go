package portable

import (
	"math"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/views"
)

// Reducer says how ParallelReduce combines contributions and where the result goes, as Kokkos'
// reducers do. The built-in reducers run on every space; Join's closure reducer runs on host
// spaces only. Reducers are values safe to copy; the result pointer is written once, when the
// reduction completes.
type Reducer[T any] interface {
	// Init sets *dst to the reduction's identity.
	Init(dst *T)
	// Join combines src into *dst.
	Join(dst *T, src T)
	// Result returns where the final value is stored.
	Result() *T
	// Op names the reduction for device spaces.
	Op() abi.ReduceOp
}

type builtin[T views.Scalar] struct {
	out *T
	op  abi.ReduceOp
}

func (r builtin[T]) Result() *T       { return r.out }
func (r builtin[T]) Op() abi.ReduceOp { return r.op }

func (r builtin[T]) Init(dst *T) {
	switch r.op {
	case abi.OpSum, abi.OpBOr:
		*dst = 0
	case abi.OpProd:
		*dst = 1
	case abi.OpMin:
		if views.IsFloat[T]() {
			*dst = T(math.Inf(1))
		} else {
			*dst = views.MaxOf[T]()
		}
	case abi.OpMax:
		if views.IsFloat[T]() {
			*dst = T(math.Inf(-1))
		} else {
			*dst = views.LowestOf[T]()
		}
	case abi.OpBAnd:
		var z T
		*dst = z - 1
	}
}

func (r builtin[T]) Join(dst *T, src T) {
	switch r.op {
	case abi.OpSum:
		*dst += src
	case abi.OpProd:
		*dst *= src
	case abi.OpMin:
		*dst = min(*dst, src)
	case abi.OpMax:
		*dst = max(*dst, src)
	case abi.OpBAnd:
		*dst = T(uint64(*dst) & uint64(src))
	case abi.OpBOr:
		*dst = T(uint64(*dst) | uint64(src))
	}
}

// Sum returns the reducer that adds contributions (identity 0) into *out.
func Sum[T views.Scalar](out *T) Reducer[T] { return builtin[T]{out, abi.OpSum} }

// Prod returns the reducer that multiplies contributions (identity 1) into *out.
func Prod[T views.Scalar](out *T) Reducer[T] { return builtin[T]{out, abi.OpProd} }

// Min returns the reducer that keeps the smallest contribution (identity: T's largest value,
// +Inf for floats) in *out.
func Min[T views.Scalar](out *T) Reducer[T] { return builtin[T]{out, abi.OpMin} }

// Max returns the reducer that keeps the largest contribution (identity: T's lowest value, -Inf
// for floats) in *out.
func Max[T views.Scalar](out *T) Reducer[T] { return builtin[T]{out, abi.OpMax} }

// Integer is the set of integer element types, for the bitwise reducers.
type Integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// BAnd returns the reducer that ANDs contributions bitwise (identity: all ones) into *out.
func BAnd[T Integer](out *T) Reducer[T] { return builtin[T]{out, abi.OpBAnd} }

// BOr returns the reducer that ORs contributions bitwise (identity 0) into *out.
func BOr[T Integer](out *T) Reducer[T] { return builtin[T]{out, abi.OpBOr} }

type logical struct {
	out *bool
	and bool
}

func (r logical) Result() *bool  { return r.out }
func (r logical) Init(dst *bool) { *dst = r.and }
func (r logical) Op() abi.ReduceOp {
	if r.and {
		return abi.OpLAnd
	}
	return abi.OpLOr
}
func (r logical) Join(dst *bool, src bool) {
	if r.and {
		*dst = *dst && src
	} else {
		*dst = *dst || src
	}
}

// LAnd returns the reducer that is true when every contribution is true (identity true).
func LAnd(out *bool) Reducer[bool] { return logical{out, true} }

// LOr returns the reducer that is true when any contribution is true (identity false).
func LOr(out *bool) Reducer[bool] { return logical{out, false} }

// ValLoc is a value with its location (an index), the accumulator of MinLoc and MaxLoc.
type ValLoc[T views.Scalar] struct {
	Val T
	Loc int
}

type loc[T views.Scalar] struct {
	out *ValLoc[T]
	max bool
}

func (r loc[T]) Result() *ValLoc[T] { return r.out }
func (r loc[T]) Op() abi.ReduceOp {
	if r.max {
		return abi.OpMaxLoc
	}
	return abi.OpMinLoc
}
func (r loc[T]) Init(dst *ValLoc[T]) {
	if r.max {
		builtin[T]{op: abi.OpMax}.Init(&dst.Val)
	} else {
		builtin[T]{op: abi.OpMin}.Init(&dst.Val)
	}
	dst.Loc = math.MaxInt
}
func (r loc[T]) Join(dst *ValLoc[T], src ValLoc[T]) {
	better := src.Val < dst.Val
	if r.max {
		better = src.Val > dst.Val
	}
	if better || (src.Val == dst.Val && src.Loc < dst.Loc) {
		*dst = src
	}
}

// MinLoc returns the reducer that keeps the smallest value and its location; among equal values
// the smallest location wins, so the result does not depend on the order of combination. The
// kernel body updates its accumulator with `if x < acc.Val { acc.Val, acc.Loc = x, i }`. An
// empty range leaves Loc = math.MaxInt.
func MinLoc[T views.Scalar](out *ValLoc[T]) Reducer[ValLoc[T]] { return loc[T]{out, false} }

// MaxLoc is MinLoc for the largest value.
func MaxLoc[T views.Scalar](out *ValLoc[T]) Reducer[ValLoc[T]] { return loc[T]{out, true} }

type closure[T any] struct {
	out      *T
	identity T
	join     func(dst *T, src T)
}

func (r closure[T]) Result() *T         { return r.out }
func (r closure[T]) Op() abi.ReduceOp   { return abi.OpHostOnly }
func (r closure[T]) Init(dst *T)        { *dst = r.identity }
func (r closure[T]) Join(dst *T, src T) { r.join(dst, src) }

// Join returns a custom reducer with the given identity and join function, for any accumulator
// type. The closure is Go code, so this reducer runs on host spaces only; on a device space
// ParallelReduce returns an error. For a custom reduction that also runs on devices, give the
// kernel Init and Join methods and use KernelJoin.
func Join[T any](out *T, identity T, join func(dst *T, src T)) Reducer[T] {
	return closure[T]{out, identity, join}
}

// JoinKernel is a reduce kernel with its own identity and join, as Kokkos functors with init and
// join members: the translator compiles these methods for devices too.
type JoinKernel[T any] interface {
	Init(dst *T)
	Join(dst *T, src T)
}

type kernelJoin[T any] struct {
	out *T
	k   JoinKernel[T]
}

func (r kernelJoin[T]) Result() *T         { return r.out }
func (r kernelJoin[T]) Op() abi.ReduceOp   { return abi.OpCustom }
func (r kernelJoin[T]) Init(dst *T)        { r.k.Init(dst) }
func (r kernelJoin[T]) Join(dst *T, src T) { r.k.Join(dst, src) }

// KernelJoin returns the reducer that uses k's own Init and Join methods and stores the result
// in *out. Pass the same kernel value to ParallelReduce. It runs on every space.
func KernelJoin[T any](k JoinKernel[T], out *T) Reducer[T] { return kernelJoin[T]{out, k} }

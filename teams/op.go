package teams

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/views"
)

// Op is a reduction operator for team reductions.
type Op uint8

// The team reduction operators. BAnd and BOr need integer types.
const (
	Sum Op = iota
	Prod
	Min
	Max
	BAnd
	BOr
)

// String returns the operator's name.
func (o Op) String() string {
	return [...]string{"sum", "prod", "min", "max", "band", "bor"}[o]
}

// Identity returns op's identity for T: 0 for Sum and BOr, 1 for Prod, the largest value
// (+Inf for floats) for Min, the lowest (-Inf) for Max, all ones for BAnd.
func Identity[T views.Scalar](op Op) T {
	switch op {
	case Sum, BOr:
		return 0
	case Prod:
		return 1
	case Min:
		if views.IsFloat[T]() {
			return T(math.Inf(1))
		}
		return views.MaxOf[T]()
	case Max:
		if views.IsFloat[T]() {
			return T(math.Inf(-1))
		}
		return views.LowestOf[T]()
	case BAnd:
		if views.IsFloat[T]() {
			panic("teams: band needs an integer type")
		}
		var z T
		return z - 1 // all ones for every integer type
	}
	panic(fmt.Sprintf("teams: unknown reduction operator %d", op))
}

// Join combines b into a with op.
func Join[T views.Scalar](op Op, a, b T) T {
	switch op {
	case Sum:
		return a + b
	case Prod:
		return a * b
	case Min:
		return min(a, b)
	case Max:
		return max(a, b)
	}
	if views.IsFloat[T]() {
		panic(fmt.Sprintf("teams: %s needs an integer type", op))
	}
	if op == BAnd {
		return T(uint64(a) & uint64(b))
	}
	return T(uint64(a) | uint64(b))
}

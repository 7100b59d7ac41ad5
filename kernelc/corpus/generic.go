package corpus

import "github.com/gokkos/gokkos/views"

// Unary is an operator a generic kernel is instantiated with.
type Unary interface {
	Apply(x float64) float64
}

// Square squares its argument.
type Square struct{}

// Apply returns x*x.
func (Square) Apply(x float64) float64 { return x * x }

// Affine computes A*x + B, with its parameters as kernel fields.
type Affine struct{ A, B float64 }

// Apply returns A*x + B.
func (f Affine) Apply(x float64) float64 {
	if x < 0 {
		return f.B
	}
	return f.A*x + f.B
}

// Map applies Op to every element: a generic kernel translated once per instantiation, with
// the operator's method inlined.
//
//gokkos:kernel
type Map[Op Unary] struct {
	Op  Op
	X   views.View1D[float64]
	Out views.View1D[float64]
}

// Run maps element i.
func (k Map[Op]) Run(i int) { k.Out.Set(i, k.Op.Apply(k.X.At(i))) }

// GenericSum is a generic reduce kernel over any element type.
//
//gokkos:kernel
type GenericSum[T int32 | float32] struct {
	X views.View1D[T]
}

// Run adds element i.
func (k GenericSum[T]) Run(i int, acc *T) { *acc += k.X.At(i) * 2 }

// The instantiations the package translates.
var (
	_ = Map[Square]{}
	_ = Map[Affine]{}
	_ = GenericSum[int32]{}
	_ = GenericSum[float32]{}
)

// Package loops has kernels for the tests of gokkos-gen's host loops.
package loops

import (
	"math"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// num is the element type of the generic kernels.
type num interface{ ~float32 | ~float64 }

// early returns early for indices at or past Stop and for odd indices.
//
//gokkos:kernel
type early struct {
	Out  views.View1D[int64]
	Stop int
}

func (k early) Run(i int) {
	if i >= k.Stop {
		return
	}
	if i%2 == 1 {
		k.Out.Set(i, -1)
		return
	}
	k.Out.Set(i, int64(i)*2)
	return
}

// search returns from inside a loop.
//
//gokkos:kernel
type search struct{ Out views.View1D[int64] }

func (k search) Run(i int) {
	for j := 0; j <= i+1; j++ {
		switch {
		case j*j > i:
			k.Out.Set(i, int64(j))
			return
		}
	}
}

// labels has labels of its own.
//
//gokkos:kernel
type labels struct{ Out views.View1D[int64] }

func (k labels) Run(i int) {
	var n int64
outer:
	for a := 0; a < 4; a++ {
		for b := 0; b < 4; b++ {
			if a*b > i {
				continue outer
			}
			if a+b > i+2 {
				break outer
			}
			n++
		}
	}
	k.Out.Set(i, n)
}

// mutRecv changes its receiver: every index must start from the original fields.
//
//gokkos:kernel
type mutRecv struct {
	A   int64
	Out views.View1D[int64]
}

func (k mutRecv) Run(i int) {
	k.A += int64(i)
	k.Out.Set(i, k.A)
}

// mutIndex changes its index.
//
//gokkos:kernel
type mutIndex struct{ Out views.View1D[int64] }

func (k mutIndex) Run(i int) {
	j := i
	i = i * 3 % k.Out.Len()
	k.Out.Set(j, int64(i))
}

// counter has a method with a pointer receiver.
type counter struct{ N int64 }

func (c *counter) bump(by int64) { c.N += by }

// ptrMethod calls a pointer-receiver method on a field of its receiver.
//
//gokkos:kernel
type ptrMethod struct {
	C   counter
	Out views.View1D[int64]
}

func (k ptrMethod) Run(i int) {
	k.C.bump(int64(i))
	k.Out.Set(i, k.C.N)
}

// gscale is generic; its method calls the type parameter E.
//
//gokkos:kernel
type gscale[T num] struct {
	A T
	X views.View1D[T]
}

func (k gscale[E]) Run(i int) {
	var two E = 2
	k.X.Set(i, k.A*k.X.At(i)+two)
}

// gpair has two type parameters; the method renames both.
//
//gokkos:kernel
type gpair[F num, I ~int32 | ~int64] struct {
	X views.View1D[F]
	Y views.View1D[I]
}

func (k gpair[G, J]) Run(i int) { k.Y.Set(i, J(k.X.At(i))*2) }

// gsum is a generic reduction.
//
//gokkos:kernel
type gsum[T num] struct{ X views.View1D[T] }

func (k gsum[V]) Run(i int, acc *V) { *acc += V(math.Sqrt(float64(k.X.At(i)))) }

// gblank does not name its type parameter.
//
//gokkos:kernel
type gblank[T num] struct {
	Pad T
	Out views.View1D[int64]
}

func (k gblank[_]) Run(i int) { k.Out.Set(i, int64(i)+1) }

var (
	_ = gscale[float32]{}
	_ = gscale[float64]{}
	_ = gpair[float64, int32]{}
	_ = gsum[float64]{}
	_ = gblank[float32]{}
)

// minAt finds the smallest element.
//
//gokkos:kernel
type minAt struct{ X views.View1D[float64] }

func (k minAt) Run(i int, acc *portable.ValLoc[float64]) {
	if x := k.X.At(i); x < acc.Val {
		acc.Val, acc.Loc = x, i
	}
}

// count counts indices; neither the receiver nor the index has a name.
//
//gokkos:kernel
type count struct{}

func (count) Run(_ int, acc *int64) { *acc += 1 }

// scanSkip is a scan that returns early for negative inputs.
//
//gokkos:kernel
type scanSkip struct{ In, Out views.View1D[int64] }

func (k scanSkip) Run(i int, acc *int64, final bool) {
	if final {
		k.Out.Set(i, *acc)
	}
	if k.In.At(i) < 0 {
		return
	}
	*acc += k.In.At(i)
}

// scanMut changes final.
//
//gokkos:kernel
type scanMut struct{ In, Out views.View1D[int64] }

func (k scanMut) Run(i int, acc *int64, final bool) {
	final = final && i%2 == 0
	if final {
		k.Out.Set(i, *acc)
	}
	*acc += k.In.At(i)
}

// spanMix reads X and Y and writes Out at its own index, which the host loop turns into slice
// accesses, and reads X at the next index too, which stays a view access.
//
//gokkos:kernel
type spanMix struct {
	X, Y, Out views.View1D[float64]
	A         float64
}

func (k spanMix) Run(i int) {
	k.Y.At(i) // a bounds check as a statement
	x := k.X.At(i)
	if i+1 < k.X.Len() {
		x += k.X.At(i + 1)
	}
	k.Out.Set(i, x*k.A+k.Y.At(i))
}

// spanDot is a reduction over two spans.
//
//gokkos:kernel
type spanDot struct{ X, Y views.View1D[float64] }

func (k spanDot) Run(i int, acc *float64) { *acc += k.X.At(i) * k.Y.At(i) }

// boom reads past the end of X from index Bad on.
//
//gokkos:kernel
type boom struct {
	X   views.View1D[float64]
	Bad int
}

func (k boom) Run(i int) {
	j := i
	if i >= k.Bad {
		j += k.X.Len()
	}
	k.X.Set(i, k.X.At(j)) // boom
}

// base has the body of promoted.
type base struct{ Out views.View1D[int64] }

func (b base) Run(i int) { b.Out.Set(i, 7) }

// promoted gets Run from an embedded field.
//
//gokkos:kernel
type promoted struct{ base }

package diag

import (
	"unsafe"

	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// holder is a struct with a pointer field.
type holder struct {
	p *float64
	n int
}

// pick returns a pointer through a named result.
func pick(a *float64) (p *float64) { // want 24 "a named result holding a pointer is not supported in kernels; a pointer may only refer to the reduction accumulator; leave the result unnamed and return the pointer"
	p = a
	return
}

// add adds x to *dst: a pointer parameter bound to the accumulator is allowed.
func add(dst *float64, x float64) { *dst += x }

//gokkos:kernel
type NilPtr struct{ X views.View1D[float64] }

func (k NilPtr) Run(i int) {
	var p *float64     // want 6 "declaring a pointer variable without a value is not supported in kernels; a pointer may only refer to the reduction accumulator and gets its value where it is declared (p := acc)"
	k.X.Set(i, *p)     //
	var h holder       // want 6 "declaring a variable with pointer fields without a value is not supported in kernels"
	_ = h.n            //
	h2 := holder{n: 1} //
	k.X.Set(i, *h2.p)  // want 13 "dereferencing a nil pointer is not supported in kernels; a pointer may only refer to the reduction accumulator"
}

//gokkos:kernel
type AccAlias struct{ X views.View1D[float64] }

func (k AccAlias) Run(i int, acc *float64) {
	q := acc            // an alias of the accumulator: allowed
	*q += k.X.At(i)     //
	add(q, 1)           //
	h := holder{p: acc} //
	*h.p += 1           //
	h2 := holder{n: 2}  //
	h2.p = acc          // want 2 "assigning to a pointer variable is not supported in kernels; a pointer may only refer to the reduction accumulator and gets its value where it is declared"
	_ = q == acc        // want 6 "the == operator on a pointer is not supported in kernels; operators apply to numbers and bools"
	*pick(acc) += 1     //
}

//gokkos:kernel
type Unsafe struct{ X views.View1D[float64] }

func (k Unsafe) Run(i int) {
	var up unsafe.Pointer           // want 6 "a variable of unsafe.Pointer type is not supported in kernels; kernels have no raw memory; use views and index arithmetic"
	_ = unsafe.Add(up, 8)           // want 6 "package unsafe is not supported in kernels; kernels have no raw memory; use views and index arithmetic"
	_ = unsafe.Sizeof(k)            // a constant: allowed
	x := 1.5                        //
	_ = uintptr(unsafe.Pointer(&x)) // want 29 "taking the address of a value is not supported in kernels" want 14 "package unsafe is not supported in kernels"
	_ = unsafe.Pointer(uintptr(8))  // want 6 "package unsafe is not supported in kernels"
}

//gokkos:kernel
type Grammar struct{ X views.View1D[float64] }

func (k Grammar) RunTeam(m teams.Member) {
	var a [4]int       // want 6 "a variable of array type is not supported in kernels; use a views.View1D or View2D field"
	_ = a[1]           // want 6 "indexing an array is not supported in kernels; use a view's At and Set methods"
	for j := range a { // want 17 "range over an array is not supported in kernels; range over an int"
		_ = make([]int, j) // want 7 "allocation with make is not supported in kernels"
	} //
	x := 1.5                                                                             //
	_ = complex(x, x)                                                                    // want 6 "complex numbers are not supported in kernels; use pairs of float64 values"
	_ = teams.ThreadReduce(m, 0, 4, teams.BAnd, func(j int, acc *float64) { *acc += x }) // want 34 "teams.BAnd on float64 is not supported in kernels; bitwise reductions need integers"
	_ = k.X.AtomicAnd(0, 1)                                                              // want 6 "AtomicAnd on a view of float64 is not supported in kernels; bitwise atomics need integer views"
	var s interface{ M() }                                                               // want 6 "a variable of interface type is not supported in kernels"
	_ = s                                                                                //
}

// Package diag holds kernels outside the kernel subset. Each "want" comment gives the column
// and a part of the message the front end reports on its line.
package diag

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/gokkos/gokkos/views"
)

var global = 3

//gokkos:kernel
type Alloc struct{ X views.View1D[int32] }

func (k Alloc) Run(i int) {
	s := make([]int32, 4)             // want 7 "allocation with make is not supported in kernels; kernels cannot allocate"
	p := new(int)                     // want 7 "allocation with new is not supported in kernels"
	s = append(s, 1)                  // want 6 "allocation with append is not supported in kernels"
	_ = s[0]                          // want 6 "indexing a slice is not supported in kernels; use a view's At and Set methods"
	_ = s[1:]                         // want 6 "slicing is not supported in kernels"
	_ = len(s)                        // want 6 "the builtin len is not supported in kernels; kernels have no slices, arrays or strings; use a view's Len method"
	_ = p                             //
	m := map[int]int{}                // want 7 "a composite literal of map type is not supported in kernels; use views and an index computation instead"
	_ = m                             //
	var arr [4]int                    // want 6 "a variable of array type is not supported in kernels; use a views.View1D or View2D field"
	_ = arr                           //
	x := 5                            //
	q := &x                           // want 7 "taking the address of a value is not supported in kernels"
	_ = q                             //
	v := views.New1D[int32]("tmp", 4) // want 7 "calling views.New1D is not supported in kernels; kernels cannot allocate views or launch kernels"
	_ = v                             //
	_ = global                        // want 6 "package-level variable global is not supported in kernels; pass the value as a kernel field"
	var str string                    // want 6 "a variable of string type is not supported in kernels; kernels have no strings"
	_ = str                           //
	fmt.Println(i)                    // want 2 "calling fmt.Println is not supported in kernels; only math, math/bits, views, teams and your own functions"
	println(i)                        // want 2 "printing is not supported in kernels"
	_ = math.Gamma(1.5)               // want 6 "math.Gamma is not supported in kernels; kernels can call Abs, Acos"
	_, _ = bits.Add64(1, 2, 0)        // want 9 "bits.Add64 is not supported in kernels"
	var c complex128                  // want 6 "a variable of complex number type is not supported in kernels"
	_ = c                             //
	_ = k.X.Data()                    // want 6 "the view method Data is not supported in kernels"
	_ = views.View1D[int32]{}         // want 6 "a view literal is not supported in kernels; views are created on the host"
	var e error                       // want 6 "a variable of interface type is not supported in kernels; use a concrete type or a type parameter"
	_ = e                             //
	_ = nil == e                      // want 6 "nil is not supported in kernels"
}

// Package baduser uses a library and a template from kernels with constructs outside the
// kernel subset in the library's code. Each "want" comment gives the column and a part of
// "context (origin): message" for the diagnostic the front end reports on its line.
package baduser

import (
	"github.com/gokkos/gokkos/kernelc/frontend/testdata/xpkg/lib"
	"github.com/gokkos/gokkos/kernelc/frontend/testdata/xpkg/tmpl"
	"github.com/gokkos/gokkos/views"
)

type op struct{}

func (op) Visit(src, d int32) int32 {
	return int32(lib.Scale(float64(d))) + src // want 15 "in call to lib.Scale (lib.go:7:7): a composite literal of map type is not supported in kernels" want 15 "in call to lib.Scale (lib.go:8:13): indexing a map is not supported in kernels"
}

// K calls the library directly.
//
//gokkos:kernel
type K struct{ X views.View1D[float64] }

// Run calls lib.Outer, which calls a function that allocates.
func (k K) Run(i int) {
	x := lib.Outer(k.X.At(i)) // want 7 "in call to lib.Outer via lib.inner (lib.go:15:7): allocation with make is not supported in kernels"
	k.X.Set(i, lib.Twice(x))
	_ = lib.Scale(x) // want 6 "in call to lib.Scale (lib.go:7:7): a composite literal of map type" want 6 "in call to lib.Scale (lib.go:8:13): indexing a map"
}

// New instantiates the template with the package's operator.
func New(d views.View1D[int32]) tmpl.Gather[op] { // want 38 "in kernel tmpl.Gather[baduser.op] instantiated here (tmpl.go:36:9): allocation with make is not supported in kernels" want 38 "in kernel tmpl.Gather[baduser.op] instantiated here, via tmpl.last (tmpl.go:43:7): a composite literal of slice type is not supported in kernels" want 38 "in kernel tmpl.Gather[baduser.op] instantiated here, via tmpl.last (tmpl.go:44:9): indexing a slice is not supported in kernels"
	return tmpl.Gather[op]{Dist: d}
}

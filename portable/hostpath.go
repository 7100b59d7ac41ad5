package portable

import (
	"os"
	"reflect"

	"github.com/gokkos/gokkos/portable/gokkosimpl"
)

// hostPath returns the registered host loop of K with signature F, if any. GOKKOS_HOST_LOOPS=0
// disables them (every index then calls the kernel's method), which helps when debugging a
// kernel method with breakpoints.
func hostPath[F any, K any]() (F, bool) {
	var zero F
	if !hostLoops {
		return zero, false
	}
	v, ok := gokkosimpl.HostLoop(reflect.TypeFor[K]())
	if !ok {
		return zero, false
	}
	f, ok := v.(F)
	return f, ok
}

var hostLoops = os.Getenv("GOKKOS_HOST_LOOPS") != "0"

// checkSource refuses kernel type K, on every space, when its source changed since its
// generated file was written (gokkosimpl.CheckSource): its host loop and device code would run
// the old source. After K's first launch it costs a map load.
func checkSource[K any]() error { return gokkosimpl.CheckSource(reflect.TypeFor[K]()) }

package portable

import (
	"os"
	"reflect"
	"sync"
)

// hostPaths maps a kernel type to its generated host loop: a func(*K, lo, hi int) for range
// kernels, func(*K, lo, hi int, acc *T) for reduce kernels, func(*K, lo, hi int, acc *T, final
// bool) for scan kernels.
var hostPaths sync.Map

// RegisterHostRange records f as the host loop of range kernel type K: f(k, lo, hi) must do
// exactly what calling k.Run(i) for i in [lo, hi) does. Generated files (cmd/gokkos-gen) call it
// from init with the body of Run inlined into a loop, which spares the host space a dynamic call
// and a copy of the kernel per index; application code does not call it.
func RegisterHostRange[K any](f func(k *K, lo, hi int)) { hostPaths.Store(reflect.TypeFor[K](), f) }

// RegisterHostReduce records f as the host loop of reduce kernel type K with accumulator type T.
func RegisterHostReduce[K, T any](f func(k *K, lo, hi int, acc *T)) {
	hostPaths.Store(reflect.TypeFor[K](), f)
}

// RegisterHostScan records f as the host loop of scan kernel type K with accumulator type T.
func RegisterHostScan[K, T any](f func(k *K, lo, hi int, acc *T, final bool)) {
	hostPaths.Store(reflect.TypeFor[K](), f)
}

// hostPath returns the registered host loop of K with signature F, if any. GOKKOS_HOST_LOOPS=0
// disables them (every index then calls the kernel's method), which helps when debugging a
// kernel method with breakpoints.
func hostPath[F any, K any]() (F, bool) {
	var zero F
	if !hostLoops {
		return zero, false
	}
	v, ok := hostPaths.Load(reflect.TypeFor[K]())
	if !ok {
		return zero, false
	}
	f, ok := v.(F)
	return f, ok
}

var hostLoops = os.Getenv("GOKKOS_HOST_LOOPS") != "0"

package gokkosimpl

import (
	"fmt"
	"reflect"
	"runtime"
	"sync"

	"github.com/gokkos/gokkos/execspace/abi"
)

// Kernel is a registered kernel type: its device translation and its parameters' layout.
type Kernel struct {
	Spec   *abi.KernelSpec
	Layout *abi.Layout
}

var (
	regMu   sync.RWMutex
	kernels = map[reflect.Type]*Kernel{}
	// hostLoops maps a kernel type to its generated host loop: a func(*K, lo, hi int) for range
	// kernels, func(*K, lo, hi int, acc *T) for reduce kernels, func(*K, lo, hi int, acc *T,
	// final bool) for scan kernels.
	hostLoops sync.Map
)

// Register records the device translation of kernel type K. Generated files call it from init.
// When spec lists source pieces, the kernel's source is checked at its first launch (see
// CheckSource), in the directory of the file that calls Register. It panics if K is registered twice with different PTX or a parameter's field path does not
// exist in K (the file was generated for another version of the type). Registering the same
// translation twice (a generic instantiation generated in two packages) is allowed.
func Register[K any](spec *abi.KernelSpec) {
	t := reflect.TypeFor[K]()
	l, err := abi.NewLayout(t, spec.Params)
	if err != nil {
		panic(fmt.Sprintf("gokkos: kernel %s (%s): %v: regenerate with go generate", spec.Name, spec.Pos, err))
	}
	regMu.Lock()
	defer regMu.Unlock()
	if old, dup := kernels[t]; dup && old.Spec.PTX != spec.PTX {
		panic(fmt.Sprintf("gokkos: kernel %s registered twice with different translations", t))
	} else if !dup {
		kernels[t] = &Kernel{Spec: spec, Layout: l}
	}
	if len(spec.Source) > 0 {
		// The caller is the generated file's init: its position locates the package's source.
		var pc [1]uintptr
		runtime.Callers(2, pc[:])
		addSource(t, spec, pc[0])
	}
}

// Lookup returns the registered kernel type t, or nil.
func Lookup(t reflect.Type) *Kernel {
	regMu.RLock()
	defer regMu.RUnlock()
	return kernels[t]
}

// RegisterHostRange records f as the host loop of range kernel type K: f(k, lo, hi) must do
// exactly what calling k.Run(i) for i in [lo, hi) does. Generated files call it from init with
// the body of Run inlined into a loop, which spares the host space a dynamic call and a copy of
// the kernel per index.
func RegisterHostRange[K any](f func(k *K, lo, hi int)) { hostLoops.Store(reflect.TypeFor[K](), f) }

// RegisterHostReduce records f as the host loop of reduce kernel type K with accumulator type T.
func RegisterHostReduce[K, T any](f func(k *K, lo, hi int, acc *T)) {
	hostLoops.Store(reflect.TypeFor[K](), f)
}

// RegisterHostScan records f as the host loop of scan kernel type K with accumulator type T.
func RegisterHostScan[K, T any](f func(k *K, lo, hi int, acc *T, final bool)) {
	hostLoops.Store(reflect.TypeFor[K](), f)
}

// HostLoop returns the registered host loop of kernel type t (one of the function types the
// RegisterHost functions take), if any.
func HostLoop(t reflect.Type) (any, bool) { return hostLoops.Load(t) }

// hostVisits maps an edge operator type to its generated visit loop (see RegisterHostVisit).
var hostVisits sync.Map

// VisitSpan is a run of one vertex's out-edges for a host visit loop: the edges Begin to End
// (exclusive) of the adjacency, whose source is U. Its zero value is an empty span of vertex 0.
type VisitSpan struct {
	U          int32
	Begin, End int64
}

// RegisterHostVisit records f as the host visit loop of edge operator type Op, a type with a
// method Visit(u, v int32, e int64) bool: f(op, spans, adj, hits) must do what calling
// op.Visit(s.U, adj[e], e) for every span s in order and every edge e in [s.Begin, s.End) in
// order does, writing the targets of the calls that returned true to hits (in order) and
// returning their number; or return -1, having called nothing, when it cannot run (a view it
// reads is not a contiguous host view). hits must have room for every edge of the spans. Generated
// files call it from init with Visit's body inlined into the loop and the operator's view
// accesses turned into slice accesses and the atomics of this package, which spares a host push
// step a dynamic call and several calls of generic view methods per edge, and, with many spans
// in one call, the call's setup per vertex.
func RegisterHostVisit[Op any](f func(op *Op, spans []VisitSpan, adj []int32, hits []int32) int) {
	hostVisits.Store(reflect.TypeFor[Op](), f)
}

// HostVisit returns the registered visit loop of edge operator type t, if any.
func HostVisit(t reflect.Type) (any, bool) { return hostVisits.Load(t) }

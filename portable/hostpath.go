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

// VisitSpan is a run of one vertex's out-edges for a host visit loop (HostVisit): the edges
// Begin to End (exclusive) of the adjacency, whose source is U. Its zero value is an empty
// span of vertex 0.
type VisitSpan = gokkosimpl.VisitSpan

// checkSource refuses kernel type K, on every space, when its source changed since its
// generated file was written (gokkosimpl.CheckSource): its host loop and device code would run
// the old source. After K's first launch it costs a map load.
func checkSource[K any]() error { return gokkosimpl.CheckSource(reflect.TypeFor[K]()) }

// HostVisit returns the generated host visit loop of edge operator type Op (see
// gokkosimpl.RegisterHostVisit), for a host kernel that would otherwise call Op's Visit once
// per edge: f(op, spans, adj, hits) calls op.Visit(s.U, adj[e], e) for every span s and edge e
// of s in order and writes the targets of the calls that returned true to hits, which must
// have room for every edge of the spans, returning their number; or it returns -1, having done
// nothing, when a view of op is not a contiguous host view. It is found only when the package
// that declares Op has been generated, K's source (the kernel whose steps use the loop, which
// names Op) is the one it was generated from, and host loops are not disabled
// (GOKKOS_HOST_LOOPS=0).
func HostVisit[Op, K any]() (func(op *Op, spans []VisitSpan, adj []int32, hits []int32) int, bool) {
	if !hostLoops {
		return nil, false
	}
	v, ok := gokkosimpl.HostVisit(reflect.TypeFor[Op]())
	if !ok || checkSource[K]() != nil {
		return nil, false
	}
	f, ok := v.(func(op *Op, spans []VisitSpan, adj []int32, hits []int32) int)
	return f, ok
}

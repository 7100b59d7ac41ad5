package dgraph

import (
	"errors"
	"fmt"
	"sync"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// Graph is a directed graph resident in an execution space: the CSR of its out-edges, and on
// demand the CSR of its in-edges. Every view lives in the space's memory, so the graph's kernels
// run on that space.
//
// A Graph is made by [New] or [FromEdgeList]; the zero value is not usable. Its methods are safe
// for concurrent use. The arrays are read-only once built: algorithms keep their results in
// views of their own.
type Graph struct {
	space execspace.Space
	out   CSR

	mu       sync.Mutex
	in       CSR
	inBuilt  bool
	sym      int8 // 0 unknown, 1 symmetric, -1 not
	symEdges int8 // the same for SymmetricEdges
	maxDeg   int64
	maxKnown bool
	freed    bool
	borrowed bool // the arrays belong to another Graph (see Transpose)
}

// Space returns the execution space the graph lives in.
func (g *Graph) Space() execspace.Space { return g.space }

// N returns the number of vertices.
func (g *Graph) N() int { return g.out.N }

// NumEdges returns the number of directed edges.
func (g *Graph) NumEdges() int64 { return g.out.NumEdges() }

// Weighted reports whether the graph has edge weights.
func (g *Graph) Weighted() bool { return g.out.Weighted() }

// Out returns the CSR of the out-edges. It costs O(1); the result shares the graph's views.
func (g *Graph) Out() CSR { return g.out }

// String returns a one-line summary such as "dgraph.Graph{N: 4, M: 6, unweighted, host}".
func (g *Graph) String() string {
	kind := "unweighted"
	if g.Weighted() {
		kind = "weighted"
	}
	return fmt.Sprintf("dgraph.Graph{N: %d, M: %d, %s, %s}", g.N(), g.NumEdges(), kind, g.space.Name())
}

// Free releases the graph's device memory now instead of when it becomes unreachable. The
// graph and every CSR obtained from it become unusable. Free is idempotent. On host spaces a
// graph made by New shares memory with its source and Free only drops the accounting; the Free
// of a graph made by Transpose releases nothing.
func (g *Graph) Free() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return
	}
	g.freed = true
	if g.borrowed {
		return
	}
	if g.inBuilt && g.in.Adj != g.out.Adj {
		g.in.Free()
	}
	g.out.Free()
}

// errFreed is returned by methods called after Free.
var errFreed = errors.New("dgraph: graph was freed")

// New returns g's copy in space's memory (nil: execspace.Default()). On a host-accessible space
// the views wrap g's slices without copying, so g must not be modified while the Graph is in
// use; on a device space New copies the arrays. It validates g first (O(N+M)) and returns an
// error, never a panic, for a malformed graph or a failed allocation or copy.
func New(space execspace.Space, g *graph.CSR) (*Graph, error) {
	space, err := resolve(space)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, errors.New("dgraph: New: nil graph")
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("dgraph: New: %w", err)
	}
	mem := space.Memory()
	offsets := g.Offsets
	if len(offsets) == 0 {
		offsets = []int64{0}
	}
	var out CSR
	out.N = g.N
	if out.Offsets, err = upload(mem, "dgraph offsets", offsets); err != nil {
		return nil, err
	}
	adj := g.Adj
	if adj == nil {
		adj = []int32{}
	}
	if out.Adj, err = upload(mem, "dgraph adjacency", adj); err != nil {
		out.Free()
		return nil, err
	}
	if g.Weights != nil && len(g.Weights) > 0 {
		if out.Weights, err = upload(mem, "dgraph weights", g.Weights); err != nil {
			out.Free()
			return nil, err
		}
	}
	return &Graph{space: space, out: out}, nil
}

// Host returns a host copy of the graph's out-edges. On a host space the result shares memory
// with the graph. Errors are those of the copy.
func (g *Graph) Host() (*graph.CSR, error) {
	return HostCSR(g.out)
}

// HostCSR returns a host copy of c (c's own memory on host spaces). Errors are those of the
// copies from the device.
func HostCSR(c CSR) (*graph.CSR, error) {
	h := &graph.CSR{N: c.N}
	var err error
	if h.Offsets, err = download(c.Offsets); err != nil {
		return nil, err
	}
	if h.Adj, err = download(c.Adj); err != nil {
		return nil, err
	}
	if c.Weighted() {
		if h.Weights, err = download(c.Weights); err != nil {
			return nil, err
		}
	}
	if h.Adj == nil {
		h.Adj = []int32{}
	}
	return h, nil
}

func resolve(s execspace.Space) (execspace.Space, error) {
	if s != nil {
		return s, nil
	}
	return execspace.Default()
}

// upload returns data as a view in mem: the wrapped slice itself on host memory, a copy
// elsewhere.
func upload[T views.Scalar](mem views.MemorySpace, label string, data []T) (views.View1D[T], error) {
	v, err := views.MirrorViewAndCopy(mem, views.Wrap1D(label, data))
	if err != nil {
		return views.View1D[T]{}, fmt.Errorf("dgraph: %s: %w", label, err)
	}
	return v, nil
}

// download returns v's elements as a host slice (v's own memory when host-accessible).
func download[T views.Scalar](v views.View1D[T]) ([]T, error) {
	if v.Space().HostAccessible() && v.Contiguous() {
		return v.Data(), nil
	}
	h := views.New1D[T](v.Label()+"_host", v.Len())
	if err := views.DeepCopy(h, v); err != nil {
		return nil, fmt.Errorf("dgraph: %w", err)
	}
	return h.Data(), nil
}

// alloc allocates a zero-filled view of n elements in mem, wrapping the error.
func alloc[T views.Scalar](mem views.MemorySpace, label string, n int) (views.View1D[T], error) {
	v, err := views.Alloc1D[T](mem, label, n)
	if err != nil {
		return views.View1D[T]{}, fmt.Errorf("dgraph: %w", err)
	}
	return v, nil
}

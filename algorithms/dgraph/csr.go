package dgraph

import "github.com/gokkos/gokkos/views"

// CSR is a directed graph in compressed sparse row form whose arrays are views in one memory
// space. The out-edges of vertex v are the indices [Offsets[v], Offsets[v+1]) of Adj and, when
// the graph is weighted, of Weights. Vertex ids are int32 and edge indices int64.
//
// CSR is the form kernels hold: it has only scalar and view fields, and its methods are small
// enough to be inlined by the kernel translator. A CSR is a handle: copies share the views. The
// zero CSR is the empty graph. Methods that read elements must run where the views are
// addressable (inside kernels on the owning space, or on the host for host spaces); they panic
// otherwise, as views do.
type CSR struct {
	// N is the number of vertices.
	N int
	// Offsets has N+1 entries (none for the zero CSR).
	Offsets views.View1D[int64]
	// Adj holds each edge's destination, grouped by source.
	Adj views.View1D[int32]
	// Weights holds one weight per edge, or is the empty view for an unweighted graph.
	Weights views.View1D[float64]
}

// NumEdges returns the number of edges. It costs O(1) and touches no elements.
func (g CSR) NumEdges() int64 { return int64(g.Adj.Len()) }

// Weighted reports whether the graph has edge weights. It costs O(1).
func (g CSR) Weighted() bool { return g.Weights.Len() > 0 }

// Begin returns the index of v's first out-edge.
func (g CSR) Begin(v int32) int64 { return g.Offsets.At(int(v)) }

// End returns one past the index of v's last out-edge.
func (g CSR) End(v int32) int64 { return g.Offsets.At(int(v) + 1) }

// Degree returns v's out-degree.
func (g CSR) Degree(v int32) int64 { return g.Offsets.At(int(v)+1) - g.Offsets.At(int(v)) }

// Target returns the destination of edge e.
func (g CSR) Target(e int64) int32 { return g.Adj.At(int(e)) }

// Weight returns the weight of edge e, or 1 for an unweighted graph.
func (g CSR) Weight(e int64) float64 {
	if g.Weights.Len() == 0 {
		return 1
	}
	return g.Weights.At(int(e))
}

// Free releases the views' memory now rather than when they become unreachable. The CSR and
// every copy of it become unusable. It is idempotent.
func (g CSR) Free() {
	g.Offsets.Free()
	g.Adj.Free()
	g.Weights.Free()
}

package graph

import (
	"errors"
	"fmt"
	"math"
)

// MaxVertices is the largest vertex count a graph may have. Vertex ids are
// int32 values in [0, MaxVertices).
const MaxVertices = math.MaxInt32

// CSR is a directed graph in compressed sparse row form. The out-edges of
// vertex v are Adj[Offsets[v]:Offsets[v+1]], and when Weights is not nil the
// weight of edge Adj[i] is Weights[i].
//
// A well-formed CSR has len(Offsets) == N+1, Offsets[0] == 0, non-decreasing
// offsets, Offsets[N] == len(Adj), every id in Adj in [0, N), and Weights
// either nil or as long as Adj; [CSR.Validate] checks all of this. Graphs made
// by [Build], [CSR.Transpose] and the text readers have each vertex's
// neighbors sorted in increasing order, but a CSR assembled by hand need not,
// and the binary readers keep the order stored in the file.
//
// The zero value is the empty graph with no vertices (Offsets may then be
// nil). A CSR is a plain value: concurrent reads are safe, and any write must
// be synchronized with all other accesses by the caller.
type CSR struct {
	// N is the number of vertices.
	N int
	// Offsets has N+1 entries; vertex v's out-edges are at indices
	// [Offsets[v], Offsets[v+1]) of Adj and Weights.
	Offsets []int64
	// Adj holds the destination of every edge, grouped by source.
	Adj []int32
	// Weights holds one weight per edge, or is nil for an unweighted graph.
	Weights []float64
}

// NumEdges returns the number of directed edges of g, Offsets[N], or zero
// for a graph with no offsets. It costs O(1).
func (g *CSR) NumEdges() int64 {
	if len(g.Offsets) <= g.N || g.N < 0 {
		return 0
	}
	return g.Offsets[g.N]
}

// Weighted reports whether g carries edge weights. It costs O(1).
func (g *CSR) Weighted() bool { return g.Weights != nil }

// Degree returns the out-degree of vertex v in O(1). It panics if v is not in
// [0, N).
func (g *CSR) Degree(v int32) int64 {
	return g.Offsets[v+1] - g.Offsets[v]
}

// Neighbors returns the out-neighbors of vertex v in O(1). The result shares
// memory with g.Adj and must not be modified unless the caller owns g. It
// panics if v is not in [0, N).
func (g *CSR) Neighbors(v int32) []int32 {
	return g.Adj[g.Offsets[v]:g.Offsets[v+1]:g.Offsets[v+1]]
}

// NeighborWeights returns the weights of the out-edges of v, in the order of
// [CSR.Neighbors], or nil for an unweighted graph. It costs O(1), shares
// memory with g.Weights, and panics if v is not in [0, N).
func (g *CSR) NeighborWeights(v int32) []float64 {
	if g.Weights == nil {
		return nil
	}
	return g.Weights[g.Offsets[v]:g.Offsets[v+1]:g.Offsets[v+1]]
}

// Validate checks that g is well formed, as described on [CSR], in O(N+M).
// It returns an error naming the first problem found, or nil.
func (g *CSR) Validate() error {
	if g.N < 0 || g.N > MaxVertices {
		return fmt.Errorf("graph: vertex count %d out of range [0, %d]", g.N, MaxVertices)
	}
	if g.N == 0 && len(g.Offsets) == 0 {
		if len(g.Adj) != 0 || len(g.Weights) != 0 {
			return errors.New("graph: edges present in a graph with no offsets")
		}
		return nil
	}
	if len(g.Offsets) != g.N+1 {
		return fmt.Errorf("graph: %d offsets for %d vertices, want %d", len(g.Offsets), g.N, g.N+1)
	}
	if g.Offsets[0] != 0 {
		return fmt.Errorf("graph: Offsets[0] = %d, want 0", g.Offsets[0])
	}
	for v := 0; v < g.N; v++ {
		if g.Offsets[v+1] < g.Offsets[v] {
			return fmt.Errorf("graph: offsets decrease at vertex %d (%d > %d)", v, g.Offsets[v], g.Offsets[v+1])
		}
	}
	if m := g.Offsets[g.N]; m != int64(len(g.Adj)) {
		return fmt.Errorf("graph: Offsets[N] = %d but len(Adj) = %d", m, len(g.Adj))
	}
	if g.Weights != nil && len(g.Weights) != len(g.Adj) {
		return fmt.Errorf("graph: %d weights for %d edges", len(g.Weights), len(g.Adj))
	}
	n := uint32(g.N)
	for i, d := range g.Adj {
		if uint32(d) >= n {
			return fmt.Errorf("graph: edge %d has destination %d out of range [0, %d)", i, d, g.N)
		}
	}
	return nil
}

// String returns a one-line summary of g, such as "CSR{N: 4, M: 6, weighted}".
// It costs O(1).
func (g *CSR) String() string {
	kind := "unweighted"
	if g.Weights != nil {
		kind = "weighted"
	}
	return fmt.Sprintf("CSR{N: %d, M: %d, %s}", g.N, g.NumEdges(), kind)
}

// EdgeList returns the edges of g as an edge list in CSR order, copying
// weights when g has them. It costs O(N+M) time and memory and panics if g is
// not well formed.
func (g *CSR) EdgeList() *EdgeList {
	m := g.NumEdges()
	el := &EdgeList{N: g.N, Src: make([]int32, m), Dst: make([]int32, m)}
	copy(el.Dst, g.Adj)
	if g.Weights != nil {
		el.W = make([]float64, m)
		copy(el.W, g.Weights)
	}
	parallelVertexRanges(g.Offsets, g.N, workersFor(m+int64(g.N), 1<<16), func(_ int, lo, hi int) {
		for v := lo; v < hi; v++ {
			s := el.Src[g.Offsets[v]:g.Offsets[v+1]]
			for i := range s {
				s[i] = int32(v)
			}
		}
	})
	return el
}

// Equal reports whether g and h have the same vertex count, offsets,
// adjacency and weights (compared bit for bit, so NaN weights compare equal to
// themselves). It costs O(N+M).
func (g *CSR) Equal(h *CSR) bool {
	if g.N != h.N || g.NumEdges() != h.NumEdges() || (g.Weights == nil) != (h.Weights == nil) {
		return false
	}
	if g.N > 0 {
		if len(g.Offsets) != len(h.Offsets) {
			return false
		}
		for i := range g.Offsets {
			if g.Offsets[i] != h.Offsets[i] {
				return false
			}
		}
	}
	if len(g.Adj) != len(h.Adj) {
		return false
	}
	for i := range g.Adj {
		if g.Adj[i] != h.Adj[i] {
			return false
		}
	}
	for i := range g.Weights {
		if math.Float64bits(g.Weights[i]) != math.Float64bits(h.Weights[i]) {
			return false
		}
	}
	return true
}

package dgraph

import (
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// unionDegrees writes every vertex's out- plus in-degree.
//
//gokkos:kernel
type unionDegrees struct {
	Out, In CSR
	Deg     views.View1D[int64]
}

// Run writes vertex v's degree.
func (k unionDegrees) Run(v int) {
	k.Deg.Set(v, k.Out.Offsets.At(v+1)-k.Out.Offsets.At(v)+k.In.Offsets.At(v+1)-k.In.Offsets.At(v))
}

// unionEdges copies vertex v's out-neighbours and then its in-neighbours to its slots of Adj.
//
//gokkos:kernel
type unionEdges struct {
	Out, In CSR
	Off     views.View1D[int64]
	Adj     views.View1D[int32]
}

// Run copies vertex v's neighbours.
func (k unionEdges) Run(v int) {
	p := int(k.Off.At(v))
	for e, end := int(k.Out.Offsets.At(v)), int(k.Out.Offsets.At(v+1)); e < end; e++ {
		k.Adj.Set(p, k.Out.Adj.At(e))
		p++
	}
	for e, end := int(k.In.Offsets.At(v)), int(k.In.Offsets.At(v+1)); e < end; e++ {
		k.Adj.Set(p, k.In.Adj.At(e))
		p++
	}
}

// Undirected returns the graph with directions ignored, for searches over weak connectivity:
// vertex v's out-edges are its out-neighbours followed by its in-neighbours (from In, which the
// first call builds), without weights, so that every edge appears at both ends (2M edges in
// all; an edge and its reverse both in the graph appear twice at each end). The result is its
// own transpose: its In returns its out-edges with no copy, although its adjacency lists are not
// sorted. It is a new Graph on g's space that the caller frees; g stays as it is. It costs O(N
// + M) work and 8(N+1) + 8M bytes on the space, and returns an error for a freed graph or a
// failed allocation or launch.
func (g *Graph) Undirected() (*Graph, error) {
	in, err := g.In()
	if err != nil {
		return nil, err
	}
	out := g.Out()
	space := g.space
	mem := space.Memory()
	n := out.N
	deg, err := alloc[int64](mem, "dgraph undirected degrees", n)
	if err != nil {
		return nil, err
	}
	defer deg.Free()
	if err := portable.ParallelFor(space, "dgraph: undirected degrees", portable.Range(0, n), unionDegrees{Out: out, In: in, Deg: deg}); err != nil {
		return nil, err
	}
	u := CSR{N: n}
	var m int64
	if u.Offsets, m, err = offsetsFrom(space, "dgraph undirected offsets", deg); err != nil {
		return nil, err
	}
	if u.Adj, err = alloc[int32](mem, "dgraph undirected adjacency", int(m)); err != nil {
		u.Free()
		return nil, err
	}
	if err := portable.ParallelFor(space, "dgraph: undirected edges", perVertex(n), unionEdges{Out: out, In: in, Off: u.Offsets, Adj: u.Adj}); err != nil {
		u.Free()
		return nil, err
	}
	return &Graph{space: space, out: u, in: u, inBuilt: true, sym: 1, symEdges: 1}, nil
}

package dgraph

import (
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// countTargets adds one to Deg[destination] for every edge.
//
//gokkos:kernel
type countTargets struct {
	Adj views.View1D[int32]
	Deg views.View1D[int64]
}

// Run counts edge e.
func (k countTargets) Run(e int) { k.Deg.AtomicAdd(int(k.Adj.At(e)), 1) }

// scatterReversed places the reverse of each of u's out-edges at its destination's next free
// slot of the transpose.
//
//gokkos:kernel
type scatterReversed struct {
	G      CSR
	Cursor views.View1D[int64]
	Adj    views.View1D[int32]
	W      views.View1D[float64]
	Weight bool
}

// Run reverses vertex u's out-edges.
func (k scatterReversed) Run(u int) {
	lo, hi := int(k.G.Offsets.At(u)), int(k.G.Offsets.At(u+1))
	for e := lo; e < hi; e++ {
		p := int(k.Cursor.AtomicAdd(int(k.G.Adj.At(e)), 1))
		k.Adj.Set(p, int32(u))
		if k.Weight {
			k.W.Set(p, k.G.Weights.At(e))
		}
	}
}

// transpose builds the CSR of c's reversed edges on space, each vertex's in-neighbors sorted
// by source (ties by weight).
func transpose(space execspace.Space, c CSR) (CSR, error) {
	mem := space.Memory()
	deg, err := alloc[int64](mem, "dgraph in-degrees", c.N)
	if err != nil {
		return CSR{}, err
	}
	defer deg.Free()
	m := int(c.NumEdges())
	if err := portable.ParallelFor(space, "dgraph: count in-degrees", portable.Range(0, m), countTargets{Adj: c.Adj, Deg: deg}); err != nil {
		return CSR{}, err
	}
	in := CSR{N: c.N}
	if in.Offsets, _, err = offsetsFrom(space, "dgraph in-offsets", deg); err != nil {
		return CSR{}, err
	}
	fail := func(err error) (CSR, error) {
		in.Free()
		return CSR{}, err
	}
	if in.Adj, err = alloc[int32](mem, "dgraph in-adjacency", m); err != nil {
		return fail(err)
	}
	if c.Weighted() {
		if in.Weights, err = alloc[float64](mem, "dgraph in-weights", m); err != nil {
			return fail(err)
		}
	}
	if err := copyPrefix(deg, in.Offsets); err != nil {
		return fail(err)
	}
	k := scatterReversed{G: c, Cursor: deg, Adj: in.Adj, W: in.Weights, Weight: c.Weighted()}
	if err := portable.ParallelFor(space, "dgraph: scatter reversed", perVertex(c.N), k); err != nil {
		return fail(err)
	}
	if err := sortAll(space, in, "dgraph: sort in-adjacency"); err != nil {
		return fail(err)
	}
	return in, nil
}

// In returns the CSR of the in-edges: vertex v's in-edges are the indices [Offsets[v],
// Offsets[v+1]) of its Adj (the sources) and Weights. Pull (bottom-up) steps read it.
//
// The first call asks Symmetric: a symmetric graph returns Out itself, with no copy. Any other
// gets its transpose, built on the graph's space (in-degree count with atomics, scan, atomic
// scatter, sort of each vertex's in-edges: by a thread, or by a team for a hub; O(N+M) memory)
// and kept for later calls. It is safe for concurrent use; concurrent first calls build once.
func (g *Graph) In() (CSR, error) {
	sym, err := g.Symmetric()
	if err != nil {
		return CSR{}, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return CSR{}, errFreed
	}
	if g.inBuilt {
		return g.in, nil
	}
	if sym {
		g.in = g.out
	} else {
		in, err := transpose(g.space, g.out)
		if err != nil {
			return CSR{}, err
		}
		g.in = in
	}
	g.inBuilt = true
	return g.in, nil
}

// Transpose returns g with its edges reversed, as a Graph that shares g's arrays: its
// out-edges are g's in-edges (built by In on the first call: O(N+M) work and memory, O(1)
// after) and its in-edges are g's out-edges, so pull steps over the transpose need no further
// copy. The transpose must not be used after g is freed; its own Free releases nothing. A
// symmetric graph's transpose holds the same edges as g.
func (g *Graph) Transpose() (*Graph, error) {
	in, err := g.In()
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.freed {
		return nil, errFreed
	}
	t := &Graph{space: g.space, out: in, in: g.out, inBuilt: true, sym: g.sym, borrowed: true}
	return t, nil
}

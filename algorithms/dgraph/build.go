package dgraph

import (
	"errors"
	"fmt"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// edgeSource is the list of edges FromEdgeList builds from: the list itself, then, when
// Symmetrize is set, the reverse of every edge that is not a self loop. Edges dropped by
// DropSelfLoops are skipped.
type edgeSource struct {
	Src, Dst      views.View1D[int32]
	M             int
	DropSelfLoops bool
	Symmetrize    bool
}

// count returns how many edges the source emits: M, or 2M with Symmetrize.
func (s edgeSource) count() int {
	if s.Symmetrize {
		return 2 * s.M
	}
	return s.M
}

// edge returns emitted edge i and whether it is kept.
func (s edgeSource) edge(i int) (int32, int32, bool) {
	j := i
	if j >= s.M {
		j -= s.M
	}
	a, b := s.Src.At(j), s.Dst.At(j)
	if a == b && (s.DropSelfLoops || i >= s.M) {
		return a, b, false
	}
	if i >= s.M {
		return b, a, true
	}
	return a, b, true
}

// countSources adds one to Deg[source] for every kept edge.
//
//gokkos:kernel
type countSources struct {
	E   edgeSource
	Deg views.View1D[int64]
}

// Run counts edge i.
func (k countSources) Run(i int) {
	s, _, keep := k.E.edge(i)
	if keep {
		k.Deg.AtomicAdd(int(s), 1)
	}
}

// scatterEdges places every kept edge at its source's next free slot.
//
//gokkos:kernel
type scatterEdges struct {
	E      edgeSource
	W      views.View1D[float64]
	Cursor views.View1D[int64]
	Adj    views.View1D[int32]
	OutW   views.View1D[float64]
	Weight bool
}

// Run places edge i.
func (k scatterEdges) Run(i int) {
	s, d, keep := k.E.edge(i)
	if !keep {
		return
	}
	p := int(k.Cursor.AtomicAdd(int(s), 1))
	k.Adj.Set(p, d)
	if k.Weight {
		j := i
		if j >= k.E.M {
			j -= k.E.M
		}
		k.OutW.Set(p, k.W.At(j))
	}
}

// FromEdgeList builds the CSR of el on space (nil: execspace.Default()), applying opt as
// graph.Build does, with kernels on the space: the edge list is copied to the space, degrees
// are counted with atomic additions, offsets come from an exclusive scan, edges are scattered
// with atomic cursors, and each vertex's edges are sorted by destination (ties by weight).
// With opt.Dedup a second count, scan and compaction keep the first edge of each run of equal
// destinations, the one with the smallest weight. The result equals graph.Build(el, opt)
// exactly, whatever the number of threads.
//
// It costs O(N+M) work plus the per-vertex sorts (O(d log d) for degree d) and O(N+M) memory
// in the space beyond the result. It returns an error, never a panic, for a malformed list or
// a failed allocation or launch.
func FromEdgeList(space execspace.Space, el *graph.EdgeList, opt graph.BuildOptions) (*Graph, error) {
	space, err := resolve(space)
	if err != nil {
		return nil, err
	}
	if el == nil {
		return nil, errors.New("dgraph: FromEdgeList: nil edge list")
	}
	if err := el.Validate(); err != nil {
		return nil, fmt.Errorf("dgraph: FromEdgeList: %w", err)
	}
	m := el.Len()
	if opt.Symmetrize && int64(m) > (1<<62) {
		return nil, fmt.Errorf("dgraph: FromEdgeList: %d edges overflow when symmetrized", m)
	}
	mem := space.Memory()
	var src, dst views.View1D[int32]
	var w views.View1D[float64]
	if src, err = upload(mem, "dgraph edge sources", nonNil(el.Src)); err != nil {
		return nil, err
	}
	defer freeIfCopy(src)
	if dst, err = upload(mem, "dgraph edge destinations", nonNil(el.Dst)); err != nil {
		return nil, err
	}
	defer freeIfCopy(dst)
	weighted := el.W != nil
	if weighted && m > 0 {
		if w, err = upload(mem, "dgraph edge weights", el.W); err != nil {
			return nil, err
		}
		defer freeIfCopy(w)
	}
	es := edgeSource{Src: src, Dst: dst, M: m, DropSelfLoops: opt.DropSelfLoops, Symmetrize: opt.Symmetrize}
	n := el.N

	deg, err := alloc[int64](mem, "dgraph degrees", n)
	if err != nil {
		return nil, err
	}
	defer deg.Free()
	if err := portable.ParallelFor(space, "dgraph: count degrees", portable.Range(0, es.count()), countSources{E: es, Deg: deg}); err != nil {
		return nil, err
	}
	out := CSR{N: n}
	var total int64
	if out.Offsets, total, err = offsetsFrom(space, "dgraph offsets", deg); err != nil {
		return nil, err
	}
	fail := func(err error) (*Graph, error) {
		out.Free()
		return nil, err
	}
	if out.Adj, err = alloc[int32](mem, "dgraph adjacency", int(total)); err != nil {
		return fail(err)
	}
	if weighted && total > 0 {
		if out.Weights, err = alloc[float64](mem, "dgraph weights", int(total)); err != nil {
			return fail(err)
		}
	}
	// The degree counts are no longer needed: reuse them as scatter cursors.
	if err := copyPrefix(deg, out.Offsets); err != nil {
		return fail(err)
	}
	sc := scatterEdges{E: es, W: w, Cursor: deg, Adj: out.Adj, OutW: out.Weights, Weight: out.Weighted()}
	if err := portable.ParallelFor(space, "dgraph: scatter edges", portable.Range(0, es.count()), sc); err != nil {
		return fail(err)
	}
	if err := sortAll(space, out, "dgraph: sort adjacency"); err != nil {
		return fail(err)
	}
	if opt.Dedup {
		d, err := dedup(space, out)
		if err != nil {
			return fail(err)
		}
		out.Free()
		out = d
	}
	return &Graph{space: space, out: out}, nil
}

// dedup returns a new CSR holding the first edge of each run of equal destinations of g's
// sorted adjacency.
func dedup(space execspace.Space, g CSR) (CSR, error) {
	mem := space.Memory()
	deg, err := alloc[int64](mem, "dgraph distinct degrees", g.N)
	if err != nil {
		return CSR{}, err
	}
	defer deg.Free()
	if err := portable.ParallelFor(space, "dgraph: count distinct", perVertex(g.N), countDistinct{G: g, Deg: deg}); err != nil {
		return CSR{}, err
	}
	out := CSR{N: g.N}
	var total int64
	if out.Offsets, total, err = offsetsFrom(space, "dgraph offsets", deg); err != nil {
		return CSR{}, err
	}
	if out.Adj, err = alloc[int32](mem, "dgraph adjacency", int(total)); err != nil {
		out.Free()
		return CSR{}, err
	}
	if g.Weighted() && total > 0 {
		if out.Weights, err = alloc[float64](mem, "dgraph weights", int(total)); err != nil {
			out.Free()
			return CSR{}, err
		}
	}
	k := compactDistinct{G: g, Off: out.Offsets, Adj: out.Adj, W: out.Weights, Weight: out.Weighted()}
	if err := portable.ParallelFor(space, "dgraph: compact distinct", perVertex(g.N), k); err != nil {
		out.Free()
		return CSR{}, err
	}
	return out, nil
}

func nonNil(s []int32) []int32 {
	if s == nil {
		return []int32{}
	}
	return s
}

// copyPrefix copies the first dst.Len() elements of src to dst.
func copyPrefix(dst, src views.View1D[int64]) error {
	if dst.Len() == 0 {
		return nil // an empty subview is not safe to take on every space
	}
	if err := views.DeepCopy(dst, src.Sub(0, dst.Len())); err != nil {
		return fmt.Errorf("dgraph: %w", err)
	}
	return nil
}

// freeIfCopy frees v when it is a device copy rather than a wrap of host data.
func freeIfCopy[T views.Scalar](v views.View1D[T]) {
	if !v.Space().HostAccessible() {
		v.Free()
	}
}

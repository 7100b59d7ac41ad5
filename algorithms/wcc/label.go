package wcc

import (
	"fmt"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Filter selects the subgraph whose weakly connected components Label computes. The zero Filter
// selects the whole graph.
type Filter struct {
	// Status, when not empty, holds one word per vertex; vertices whose word has a bit of
	// Exclude set are left out of the subgraph (together with their edges).
	Status views.View1D[uint32]
	// Exclude is the mask of Status bits that leave a vertex out.
	Exclude uint32
	// Key, when not empty, holds one key per vertex; only edges whose endpoints have equal keys
	// belong to the subgraph.
	Key views.View1D[int32]
}

// Label computes the weakly connected components of the subgraph of g that f selects and stores
// in labels[v] the smallest vertex id of v's component; a vertex that f leaves out is labelled
// with its own id. The edges of g are taken as undirected, so g may be either the out-edge or
// the in-edge CSR of a graph. labels must have one element per vertex and live, like g and f's
// views, in the memory of space (nil means execspace.Default()). Label runs Afforest with the
// default options (see LabelWith) and returns the number of linking passes it ran.
func Label(space execspace.Space, g dgraph.CSR, f Filter, labels views.View1D[int32]) (rounds int, err error) {
	return LabelWith(space, g, f, labels, Options{})
}

// LabelWith is Label with the method and its settings taken from opt. With one CSR Afforest has
// no in-edges, so it skips no component unless opt.Symmetric says the CSR holds every edge at
// both ends (NoInEdges does not apply; Samples and Seed apply only with Symmetric): its
// neighbour rounds and a final phase link every edge of the subgraph once, in
// opt.NeighborRounds+1 passes of O(N + M) work in all, and the degree classes allocate two
// vertex lists per call on device spaces. LabelProp runs hooking rounds of O(N + M) work each
// until a round changes nothing. Search and Auto need a Graph (Search searches the undirected
// copy that New builds) and run Afforest here. rounds is the number of passes or hooking rounds.
func LabelWith(space execspace.Space, g dgraph.CSR, f Filter, labels views.View1D[int32], opt Options) (rounds int, err error) {
	if space == nil {
		if space, err = execspace.Default(); err != nil {
			return 0, err
		}
	}
	if opt, err = opt.resolved(); err != nil {
		return 0, err
	}
	n := g.N
	if labels.Len() != n {
		return 0, fmt.Errorf("wcc: Label: %d labels for %d vertices", labels.Len(), n)
	}
	if (f.Status.Len() != 0 && f.Status.Len() != n) || (f.Key.Len() != 0 && f.Key.Len() != n) {
		return 0, fmt.Errorf("wcc: Label: filter views of %d and %d elements for %d vertices", f.Status.Len(), f.Key.Len(), n)
	}
	if n == 0 {
		return 0, nil
	}
	if opt.Method == LabelProp {
		return labelProp(space, g, f, labels)
	}
	h, err := newHooking(space, g, dgraph.CSR{}, f, opt, opt.Symmetric, opt.Symmetric)
	if err != nil {
		return 0, err
	}
	defer h.free()
	res, err := h.run(labels)
	return res.rounds, err
}

// labelProp is label propagation with pointer jumping over the subgraph of g that f selects,
// into labels; it returns the number of hooking rounds.
func labelProp(space execspace.Space, g dgraph.CSR, f Filter, labels views.View1D[int32]) (rounds int, err error) {
	n := g.N
	if err := portable.ParallelFor(space, "wcc.init", portable.Range(0, n), initLabels{L: labels}); err != nil {
		return 0, err
	}
	h := hook{Off: g.Offsets, Adj: g.Adj, L: labels, St: f.Status, Exclude: f.Exclude, Key: f.Key}
	edges := portable.Range(0, n).WithSchedule(portable.Dynamic).WithChunk(256)
	for {
		var changed int64
		if err := portable.ParallelReduce(space, "wcc.hook", edges, h, portable.Sum(&changed)); err != nil {
			return rounds, err
		}
		rounds++
		if changed == 0 {
			return rounds, nil
		}
		if err := portable.ParallelFor(space, "wcc.shortcut", portable.Range(0, n), shortcut{L: labels}); err != nil {
			return rounds, err
		}
	}
}

// initLabels gives every vertex its own id as its label.
//
//gokkos:kernel
type initLabels struct {
	L views.View1D[int32]
}

// Run labels vertex v.
func (k initLabels) Run(v int) { k.L.Set(v, int32(v)) }

// hook is one hooking round over the out-edges of every vertex: for an edge between u and w with
// labels lu < lw, the label lw (a vertex of the same component) and the vertex w both take lu as
// their new label by atomic minimum. The sum it reduces counts the labels that decreased.
//
//gokkos:kernel
type hook struct {
	Off     views.View1D[int64]
	Adj     views.View1D[int32]
	L       views.View1D[int32]
	St      views.View1D[uint32]
	Exclude uint32
	Key     views.View1D[int32]
}

// out reports whether the filter leaves v out.
func (k hook) out(v int) bool { return k.St.Len() != 0 && k.St.At(v)&k.Exclude != 0 }

// Run hooks the out-edges of vertex u.
func (k hook) Run(u int, acc *int64) {
	if k.out(u) {
		return
	}
	keyed := k.Key.Len() != 0
	ku := int32(0)
	if keyed {
		ku = k.Key.At(u)
	}
	end := k.Off.At(u + 1)
	for e := k.Off.At(u); e < end; e++ {
		w := int(k.Adj.At(int(e)))
		if w == u || k.out(w) || (keyed && k.Key.At(w) != ku) {
			continue
		}
		lu, lw := k.L.AtomicLoad(u), k.L.AtomicLoad(w)
		if lu == lw {
			continue
		}
		lo, hi, x := lu, lw, w
		if lw < lu {
			lo, hi, x = lw, lu, u
		}
		if k.L.AtomicMin(int(hi), lo) > lo {
			*acc += 1
		}
		if k.L.AtomicMin(x, lo) > lo {
			*acc += 1
		}
	}
}

// shortcut points every vertex at the root of its tree (pointer jumping to the end). Roots keep
// their labels during the kernel, so afterwards every label is a root. It is Afforest's
// compress as well.
//
//gokkos:kernel
type shortcut struct {
	L views.View1D[int32]
}

// Run compresses the path from v to its root. Only v's thread writes v's label, and only when
// it changes.
func (k shortcut) Run(v int) {
	first := k.L.AtomicLoad(v)
	l := first
	for {
		p := k.L.AtomicLoad(int(l))
		if p == l {
			break
		}
		l = p
	}
	if l != first {
		k.L.AtomicStore(v, l)
	}
}

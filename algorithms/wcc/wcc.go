package wcc

import (
	"errors"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Result is the outcome of a run.
type Result struct {
	// Comp holds the component of every vertex, numbered 0 to Count-1 in increasing order of
	// each component's smallest vertex id. WCC.Run leaves it nil (see WCC.Components); the
	// package-level Run fills it.
	Comp []int32
	// Count is the number of weakly connected components.
	Count int
	// Largest is the number of vertices of the largest component (0 for the empty graph).
	Largest int
	// Rounds is the number of hooking rounds label propagation ran.
	Rounds int
}

// WCC computes the weakly connected components of one graph, with its labels and component
// numbers in the graph's space. Run may be called repeatedly. A WCC is not safe for concurrent
// use; Free releases its memory.
type WCC struct {
	g      *dgraph.Graph
	labels views.View1D[int32] // root label per vertex
	size   views.View1D[int32] // component size per root, then component number per root
	comp   views.View1D[int32] // component number per vertex
	ran    bool
}

// New prepares a run over g: three arrays of N int32 in g's space. Errors are a nil graph or a
// failed allocation.
func New(g *dgraph.Graph) (*WCC, error) {
	if g == nil {
		return nil, errors.New("wcc: nil graph")
	}
	w := &WCC{g: g}
	mem := g.Space().Memory()
	var err error
	for _, p := range []*views.View1D[int32]{&w.labels, &w.size, &w.comp} {
		if *p, err = views.Alloc1D[int32](mem, "wcc", g.N()); err != nil {
			w.Free()
			return nil, err
		}
	}
	return w, nil
}

// Free releases the run's memory now. It is idempotent.
func (w *WCC) Free() {
	w.labels.Free()
	w.size.Free()
	w.comp.Free()
}

// Run labels the components and numbers them on the graph's space, and returns the counts (the
// result's Comp is nil). It costs O(N + M) work per hooking round. Errors are launch errors.
func (w *WCC) Run() (*Result, error) {
	w.ran = false
	space, n := w.g.Space(), w.g.N()
	res := &Result{}
	if n == 0 {
		w.ran = true
		return res, nil
	}
	var err error
	if res.Rounds, err = Label(space, w.g.Out(), Filter{}, w.labels); err != nil {
		return nil, err
	}
	if err := w.size.Fill(0); err != nil {
		return nil, err
	}
	if err := portable.ParallelFor(space, "wcc.sizes", portable.Range(0, n), countSizes{L: w.labels, Size: w.size}); err != nil {
		return nil, err
	}
	var big int32
	if err := portable.ParallelReduce(space, "wcc.largest", portable.Range(0, n), maxSize{Size: w.size}, portable.Max(&big)); err != nil {
		return nil, err
	}
	// size[r] becomes the number of root r; every vertex then reads its root's number.
	var total int64
	if err := portable.ParallelScan(space, "wcc.number", portable.Range(0, n), numberRoots{L: w.labels, Num: w.size}, &total); err != nil {
		return nil, err
	}
	if err := portable.ParallelFor(space, "wcc.gather", portable.Range(0, n), gatherNumbers{L: w.labels, Num: w.size, Out: w.comp}); err != nil {
		return nil, err
	}
	res.Count, res.Largest = int(total), int(big)
	w.ran = true
	return res, nil
}

// View returns the component numbers of the last Run in the graph's space.
func (w *WCC) View() views.View1D[int32] { return w.comp }

// Components returns a host copy of the component numbers of the last Run.
func (w *WCC) Components() ([]int32, error) {
	if !w.ran {
		return nil, errors.New("wcc: no completed run")
	}
	out := make([]int32, w.comp.Len())
	if err := views.DeepCopy(views.Wrap1D("wcc components", out), w.comp); err != nil {
		return nil, err
	}
	return out, nil
}

// Run is the one-call form: it computes the weakly connected components of g (on g's space) and
// returns them with their counts. It allocates and frees the run's memory.
func Run(g *dgraph.Graph) (*Result, error) {
	w, err := New(g)
	if err != nil {
		return nil, err
	}
	defer w.Free()
	res, err := w.Run()
	if err != nil {
		return nil, err
	}
	if res.Comp, err = w.Components(); err != nil {
		return nil, err
	}
	return res, nil
}

// countSizes adds every vertex to its root's size.
//
//gokkos:kernel
type countSizes struct {
	L, Size views.View1D[int32]
}

// Run counts vertex v.
func (k countSizes) Run(v int) { k.Size.AtomicAdd(int(k.L.At(v)), 1) }

// maxSize reduces the largest component size.
//
//gokkos:kernel
type maxSize struct {
	Size views.View1D[int32]
}

// Run folds root v's size into the maximum.
func (k maxSize) Run(v int, acc *int32) { *acc = max(*acc, k.Size.At(v)) }

// numberRoots numbers the roots (vertices labelled with themselves) in increasing order, storing
// each root's number over its size.
//
//gokkos:kernel
type numberRoots struct {
	L, Num views.View1D[int32]
}

// Run numbers vertex v if it is a root.
func (k numberRoots) Run(v int, acc *int64, final bool) {
	if k.L.At(v) != int32(v) {
		return
	}
	if final {
		k.Num.Set(v, int32(*acc))
	}
	*acc += 1
}

// gatherNumbers gives every vertex its root's number.
//
//gokkos:kernel
type gatherNumbers struct {
	L, Num, Out views.View1D[int32]
}

// Run numbers vertex v.
func (k gatherNumbers) Run(v int) { k.Out.Set(v, k.Num.At(int(k.L.At(v)))) }

package wcc

import (
	"errors"
	"time"

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
	// Rounds is the number of passes over the edges: Afforest's neighbour rounds and its final
	// phase, label propagation's hooking rounds, or 1 for Search (its search and hooking).
	Rounds int
	// Skipped is the number of vertices that Afforest's final phase skipped as members of the
	// sampled giant component (counted by the phase itself), or for Search those of the
	// search's component; 0 when nothing was skipped.
	Skipped int
	// Method is the method that ran: the one asked for, or the one Auto chose.
	Method Method
	// LabelTime is how long Run took to label every vertex with the smallest vertex of its
	// component (see WCC.Labels), up to a fence of the space, before it numbered and counted
	// the components: the part that codes which stop at such labels time.
	LabelTime time.Duration
}

// WCC computes the weakly connected components of one graph, with its labels and component
// numbers in the graph's space. Run may be called repeatedly. A WCC is not safe for concurrent
// use; Free releases its memory.
type WCC struct {
	g      *dgraph.Graph
	h      *hooking            // Afforest's prepared state; nil for the other methods
	s      *searcher           // Search's prepared state; nil for the other methods
	method Method              // the method that runs (Auto's choice)
	labels views.View1D[int32] // root label per vertex
	size   views.View1D[int32] // per component number: its size less one (outside the giant)
	comp   views.View1D[int32] // component number per vertex
	ran    bool
}

// NewWith prepares a run of opt.Method over g: three arrays of N int32 in g's space and, for
// Afforest, the sample buffer and (on device spaces) the vertex lists of the team-linked
// degree classes. For Afforest on a directed graph New also builds the graph's in-edges with
// dgraph.Graph.In unless opt.NoInEdges is set (see Options.NoInEdges); the graph keeps them.
// Search builds the graph's undirected copy (dgraph.Graph.Undirected: 2M edges and the in-edges
// it is made from) and a reach-only search over it; Auto first measures the graph (auto.go) and
// then prepares the method it picks. Errors are a nil graph, invalid options, or a failed
// allocation or launch.
func NewWith(g *dgraph.Graph, opt Options) (*WCC, error) {
	if g == nil {
		return nil, errors.New("wcc: nil graph")
	}
	if opt.Method == Auto {
		m, err := choose(g)
		if err != nil {
			return nil, err
		}
		opt.Method = m
	}
	opt, err := opt.forGraph(g).resolved()
	if err != nil {
		return nil, err
	}
	w := &WCC{g: g, method: opt.Method}
	mem := g.Space().Memory()
	for _, p := range []*views.View1D[int32]{&w.labels, &w.size, &w.comp} {
		if *p, err = views.Alloc1D[int32](mem, "wcc", g.N()); err != nil {
			w.Free()
			return nil, err
		}
	}
	switch {
	case opt.Method == Afforest:
		if w.h, err = prepareAfforest(g, opt); err != nil {
			w.Free()
			return nil, err
		}
	case opt.Method == Search && g.N() > 0:
		if w.s, err = prepareSearch(g); err != nil {
			w.Free()
			return nil, err
		}
	}
	return w, nil
}

// prepareAfforest chooses the CSRs Afforest reads on g and prepares it: the out-edges, and the
// in-edges of a directed graph unless opt.NoInEdges; the giant-component skip needs either a
// symmetric graph or the in-edges.
func prepareAfforest(g *dgraph.Graph, opt Options) (*hooking, error) {
	var in dgraph.CSR
	skip, sym := true, false
	if g.N() > 0 {
		var err error
		if sym, err = g.Symmetric(); err != nil {
			return nil, err
		}
		switch {
		case sym || opt.Samples <= 0:
		case opt.NoInEdges:
			skip = false
		default:
			if in, err = g.In(); err != nil {
				return nil, err
			}
		}
	}
	return newHooking(g.Space(), g.Out(), in, Filter{}, opt, skip, sym)
}

// Free releases the run's memory now. It is idempotent. The in-edges New may have built belong
// to the graph and stay.
func (w *WCC) Free() {
	w.labels.Free()
	w.size.Free()
	w.comp.Free()
	if w.h != nil {
		w.h.free()
	}
	if w.s != nil {
		w.s.free()
		w.s = nil
	}
}

// Run labels the components and numbers them on the graph's space, and returns the counts (the
// result's Comp is nil). Afforest costs O(N + M) work in all; label propagation O(N + M) per
// hooking round. Errors are launch errors.
func (w *WCC) Run() (*Result, error) {
	w.ran = false
	t0 := time.Now()
	space, n := w.g.Space(), w.g.N()
	res := &Result{Method: w.method}
	if n == 0 {
		w.ran = true
		return res, nil
	}
	giant := int32(-1)
	switch {
	case w.h != nil:
		hr, err := w.h.run(w.labels)
		if err != nil {
			return nil, err
		}
		res.Rounds, res.Skipped, giant = hr.rounds, hr.skipped, hr.giant
	case w.s != nil:
		var err error
		if giant, res.Skipped, err = w.s.run(w.labels); err != nil {
			return nil, err
		}
		res.Rounds = 1
	default:
		var err error
		if res.Rounds, err = labelProp(space, w.g.Out(), Filter{}, w.labels); err != nil {
			return nil, err
		}
	}
	if err := space.Fence("wcc labels"); err != nil {
		return nil, err
	}
	res.LabelTime = time.Since(t0)
	if giant < 0 && n >= labelSamples {
		// No sample named a giant component (label propagation, or Afforest without
		// sampling): find one now, so that its vertices are not counted by atomic additions
		// to one counter.
		var best int64
		if err := portable.ParallelReduce(space, "wcc.sample-labels", portable.Range(0, labelSamples), sampleLabels{L: w.labels, N: int64(n)}, portable.Max(&best)); err != nil {
			return nil, err
		}
		if best>>32 >= labelSamples/8 {
			giant = int32(best & 0xffffffff)
		}
	}
	// Roots are numbered in increasing order (the number in comp[r], the size counter of
	// component number c in size[c], cleared there); then every other vertex copies its
	// root's number and counts itself in its component's size. The sampled giant
	// component's vertices are counted by a reduction rather than by atomic additions to
	// one counter.
	var total int64
	if err := portable.ParallelScan(space, "wcc.number", portable.Range(0, n), numberRoots{L: w.labels, Num: w.comp, Size: w.size}, &total); err != nil {
		return nil, err
	}
	var inGiant int64
	if err := portable.ParallelReduce(space, "wcc.gather", portable.Range(0, n), gatherNumbers{L: w.labels, Num: w.comp, Size: w.size, C: int(giant)}, portable.Sum(&inGiant)); err != nil {
		return nil, err
	}
	var big int32
	if err := portable.ParallelReduce(space, "wcc.largest", portable.Range(0, int(total)), maxSize{Size: w.size}, portable.Max(&big)); err != nil {
		return nil, err
	}
	big = max(big, int32(inGiant)) + 1
	res.Count, res.Largest = int(total), int(big)
	w.ran = true
	return res, nil
}

// View returns the component numbers of the last Run in the graph's space.
func (w *WCC) View() views.View1D[int32] { return w.comp }

// Labels returns the labels of the last Run in the graph's space: every vertex's label is the
// smallest vertex of its component (the labels GAP's cc and ECL-CC produce). The view belongs
// to w; the next Run overwrites it.
func (w *WCC) Labels() views.View1D[int32] { return w.labels }

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

// New is NewWith with the default Options (Afforest).
func New(g *dgraph.Graph) (*WCC, error) { return NewWith(g, Options{}) }

// Run is RunWith with the default Options (Afforest).
func Run(g *dgraph.Graph) (*Result, error) { return RunWith(g, Options{}) }

// RunWith is the one-call form: it computes the weakly connected components of g (on g's space)
// with opt and returns them with their counts. It allocates and frees the run's memory.
func RunWith(g *dgraph.Graph, opt Options) (*Result, error) {
	w, err := NewWith(g, opt)
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

// labelSamples is the number of evenly spaced vertices whose labels sampleLabels compares.
const labelSamples = 64

// sampleLabels finds the label shared by most of labelSamples evenly spaced vertices of N: the
// reduction's maximum holds the number of samples that share it (high 32 bits) and the label
// (low 32 bits).
//
//gokkos:kernel
type sampleLabels struct {
	L views.View1D[int32]
	N int64
}

// Run counts how many samples share sample i's label.
func (k sampleLabels) Run(i int, acc *int64) {
	l := k.L.At(int(int64(i) * k.N / labelSamples))
	c := int64(0)
	for j := 0; j < labelSamples; j++ {
		if k.L.At(int(int64(j)*k.N/labelSamples)) == l {
			c++
		}
	}
	*acc = max(*acc, c<<32|int64(l))
}

// maxSize reduces the largest entry of Size: the size of the largest component outside the
// reduction's, less one.
//
//gokkos:kernel
type maxSize struct {
	Size views.View1D[int32]
}

// Run folds the size counter of component number v into the maximum.
func (k maxSize) Run(v int, acc *int32) { *acc = max(*acc, k.Size.At(v)) }

// numberRoots numbers the roots (vertices labelled with themselves) in increasing order: root
// r gets its number c in Num[r], and Size[c], the counter of its component's other vertices,
// is cleared. The counting pass has no branch on whether v is a root (on graphs with many
// small components that branch is unpredictable), and the final pass writes Num for every
// vertex: one that is not a root gets its root's number in gatherNumbers.
//
//gokkos:kernel
type numberRoots struct {
	L, Num, Size views.View1D[int32]
}

// Run numbers vertex v.
func (k numberRoots) Run(v int, acc *int64, final bool) {
	root := int64(0)
	if k.L.At(v) == int32(v) {
		root = 1
	}
	if final {
		k.Num.Set(v, int32(*acc))
		if root != 0 {
			k.Size.Set(int(*acc), 0)
		}
	}
	*acc += root
}

// gatherNumbers gives every vertex that is not a root its root's number and counts it in
// Size[number], except that the vertices of vertex C's component (C >= 0) are counted in the
// reduction instead, since atomics on one counter from every thread would serialize. Roots
// are left alone, so that isolated vertices touch nothing.
//
//gokkos:kernel
type gatherNumbers struct {
	L, Num, Size views.View1D[int32]
	C            int
}

// Run numbers and counts vertex v.
func (k gatherNumbers) Run(v int, acc *int64) {
	r := int(k.L.At(v))
	if r == v {
		return
	}
	c := k.Num.At(r)
	k.Num.Set(v, c)
	if k.C >= 0 && r == int(k.L.At(k.C)) {
		*acc += 1
		return
	}
	k.Size.AtomicAdd(int(c), 1)
}

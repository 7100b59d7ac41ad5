package wcc

import (
	"errors"
	"fmt"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Result is the outcome of Run.
type Result struct {
	// Comp holds the component of every vertex, numbered 0 to Count-1 in increasing order of
	// each component's smallest vertex id.
	Comp []int32
	// Count is the number of weakly connected components.
	Count int
	// Largest is the number of vertices of the largest component (0 for the empty graph).
	Largest int
	// Rounds is the number of hooking rounds label propagation ran.
	Rounds int
}

// Run computes the weakly connected components of g on space (nil means execspace.Default()).
// It returns an error, and no result, if g is nil or not well formed or a launch fails.
func Run(space execspace.Space, g *graph.CSR) (*Result, error) {
	if g == nil {
		return nil, errors.New("wcc: nil graph")
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("wcc: %w", err)
	}
	if space == nil {
		var err error
		if space, err = execspace.Default(); err != nil {
			return nil, err
		}
	}
	n := g.N
	if n == 0 {
		return &Result{Comp: []int32{}}, nil
	}
	dg, err := upload(space, g)
	if err != nil {
		return nil, err
	}
	mem := space.Memory()
	if !mem.HostAccessible() {
		defer dg.Offsets.Free()
		defer dg.Adj.Free()
	}
	labels, err := views.Alloc1D[int32](mem, "wcc.labels", n)
	if err != nil {
		return nil, err
	}
	defer labels.Free()
	rounds, err := Label(space, dg, Filter{}, labels)
	if err != nil {
		return nil, err
	}
	res := &Result{Rounds: rounds}
	if res.Comp, res.Count, res.Largest, err = number(space, labels); err != nil {
		return nil, err
	}
	return res, nil
}

// number turns root labels (every vertex labelled with the smallest id of its component) into
// component numbers on the host, and returns them with the component count and the largest
// component's size.
func number(space execspace.Space, labels views.View1D[int32]) (comp []int32, count, largest int, err error) {
	n := labels.Len()
	mem := space.Memory()
	size, err := views.Alloc1D[int32](mem, "wcc.size", n)
	if err != nil {
		return nil, 0, 0, err
	}
	defer size.Free()
	if err = portable.ParallelFor(space, "wcc.sizes", portable.Range(0, n), countSizes{L: labels, Size: size}); err != nil {
		return nil, 0, 0, err
	}
	var big int32
	if err = portable.ParallelReduce(space, "wcc.largest", portable.Range(0, n), maxSize{Size: size}, portable.Max(&big)); err != nil {
		return nil, 0, 0, err
	}
	// size[r] becomes the number of root r; every vertex then reads its root's number.
	var total int64
	if err = portable.ParallelScan(space, "wcc.number", portable.Range(0, n), numberRoots{L: labels, Num: size}, &total); err != nil {
		return nil, 0, 0, err
	}
	out, err := views.Alloc1D[int32](mem, "wcc.comp", n)
	if err != nil {
		return nil, 0, 0, err
	}
	defer out.Free()
	if err = portable.ParallelFor(space, "wcc.gather", portable.Range(0, n), gatherNumbers{L: labels, Num: size, Out: out}); err != nil {
		return nil, 0, 0, err
	}
	comp = make([]int32, n)
	if err = views.DeepCopy(views.Wrap1D("wcc.result", comp), out); err != nil {
		return nil, 0, 0, err
	}
	return comp, int(total), int(big), nil
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

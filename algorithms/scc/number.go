package scc

import (
	"math"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Numbering: every method leaves in comp[v] a representative, some member vertex of v's
// component, which depends on pivots and races. The result numbers components 0 to Count-1 in
// increasing order of their smallest vertex instead, which depends on the graph only.

// compSizes adds every vertex to its representative's size and lowers the representative's
// smallest member.
//
//gokkos:kernel
type compSizes struct {
	Comp, Size, Least views.View1D[int32]
}

// Run counts vertex v.
func (k compSizes) Run(v int) {
	r := int(k.Comp.At(v))
	k.Size.AtomicAdd(r, 1)
	k.Least.AtomicMin(r, int32(v))
}

// compCounts counts the components (high 32 bits) and the non-trivial ones (low 32 bits).
//
//gokkos:kernel
type compCounts struct {
	Size views.View1D[int32]
}

// Run counts the component represented by v, if any.
func (k compCounts) Run(v int, acc *int64) {
	if sz := k.Size.At(v); sz > 0 {
		*acc += 1 << 32
		if sz > 1 {
			*acc += 1
		}
	}
}

// compLargest reduces the largest component size.
//
//gokkos:kernel
type compLargest struct {
	Size views.View1D[int32]
}

// Run folds the size of the component represented by v into the maximum.
func (k compLargest) Run(v int, acc *int32) { *acc = max(*acc, k.Size.At(v)) }

// compNumbers numbers the components in increasing order of their smallest vertex: the scan
// runs over vertices, and a vertex that is its component's smallest stores the component's
// number over the representative's size.
//
//gokkos:kernel
type compNumbers struct {
	Comp, Least, Num views.View1D[int32]
}

// Run numbers v's component if v is its smallest vertex.
func (k compNumbers) Run(v int, acc *int64, final bool) {
	r := int(k.Comp.At(v))
	if k.Least.At(r) != int32(v) {
		return
	}
	if final {
		k.Num.Set(r, int32(*acc))
	}
	*acc += 1
}

// compGather gives every vertex its component's number.
//
//gokkos:kernel
type compGather struct {
	Comp, Num, Out views.View1D[int32]
}

// Run numbers vertex v.
func (k compGather) Run(v int) { k.Out.Set(v, k.Num.At(int(k.Comp.At(v)))) }

// number numbers the components into s.col and fills res's counts.
func (s *state) number(res *Result) error {
	size, least := s.size, s.least
	if err := size.Fill(0); err != nil {
		return err
	}
	if err := least.Fill(math.MaxInt32); err != nil {
		return err
	}
	if err := launch(s, "scc.number.sizes", compSizes{Comp: s.comp, Size: size, Least: least}); err != nil {
		return err
	}
	counts, err := count(s, "scc.number.counts", compCounts{Size: size})
	if err != nil {
		return err
	}
	var largest int32
	if err := portable.ParallelReduce(s.space, "scc.number.largest", portable.Range(0, s.n), compLargest{Size: size}, portable.Max(&largest)); err != nil {
		return err
	}
	var total int64
	if err := portable.ParallelScan(s.space, "scc.number.scan", portable.Range(0, s.n), compNumbers{Comp: s.comp, Least: least, Num: size}, &total); err != nil {
		return err
	}
	if err := launch(s, "scc.number.gather", compGather{Comp: s.comp, Num: size, Out: s.col}); err != nil {
		return err
	}
	res.Count, res.NonTrivial, res.Largest = hi(counts), lo(counts), int(largest)
	return nil
}

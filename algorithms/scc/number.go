package scc

import (
	"slices"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Numbering: every method leaves in comp[v] a representative, some member vertex of v's
// component, which depends on pivots and races. The result numbers components 0 to Count-1 in
// increasing order of their smallest vertex instead, which depends on the graph only.

// hotSamples is the number of evenly spaced vertices whose representatives compSample compares
// to find a component that holds a large share of the graph.
const hotSamples = 64

// compSample finds the representative shared by most of hotSamples evenly spaced vertices:
// the reduction's maximum holds the number of samples that share it (high 32 bits) and the
// representative (low 32 bits).
//
//gokkos:kernel
type compSample struct {
	Comp views.View1D[int32]
	N    int32
}

// Run counts how many samples share sample i's representative.
func (k compSample) Run(i int, acc *int64) {
	r := k.Comp.At(int(int64(i) * int64(k.N) / hotSamples))
	c := int64(0)
	for j := 0; j < hotSamples; j++ {
		if k.Comp.At(int(int64(j)*int64(k.N)/hotSamples)) == r {
			c++
		}
	}
	*acc = max(*acc, c<<32|int64(r))
}

// compInit clears Size and points every vertex's Least at itself.
//
//gokkos:kernel
type compInit struct {
	Size, Least views.View1D[int32]
}

// Run initializes the entries of vertex v.
func (k compInit) Run(v int) {
	k.Size.Set(v, 0)
	k.Least.Set(v, int32(v))
}

// compSizes counts, for every representative r, the members other than r in Size[r], and
// lowers Least[r] to the smallest member (Least[r] starts at r, a member). A representative is
// its own component's member, so the vertices of singleton components (most of them, after
// trimming) touch nothing. Members of Hot, a representative that a large share of the vertices
// have, are counted by the reduction instead (low 32 bits): atomics on one address from every
// thread would serialize them. The member whose addition finds Size[r] at zero adds one to the
// high 32 bits, which count the components other than Hot's with more than one vertex. A
// member lowers Least[r] only when it is smaller than r and than the value it reads first, so
// that most members only read it.
//
//gokkos:kernel
type compSizes struct {
	Comp, Size, Least views.View1D[int32]
	Hot               int32
}

// Run counts vertex v.
func (k compSizes) Run(v int, acc *int64) {
	r := k.Comp.At(v)
	if r == int32(v) {
		return
	}
	if int32(v) < r && int32(v) < k.Least.AtomicLoad(int(r)) {
		k.Least.AtomicMin(int(r), int32(v))
	}
	if r == k.Hot {
		*acc += 1
	} else if k.Size.AtomicAdd(int(r), 1) == 0 {
		*acc += 1 << 32
	}
}

// isZero returns 1 where d is zero and 0 otherwise, without a branch.
func isZero(d int64) int64 { return ((d | -d) >> 63) + 1 }

// compLargest reduces the largest entry of Size: the size of the largest component other than
// Hot's, less one.
//
//gokkos:kernel
type compLargest struct {
	Size views.View1D[int32]
}

// Run folds Size[v] into the maximum.
func (k compLargest) Run(v int, acc *int32) { *acc = max(*acc, k.Size.At(v)) }

// compNumbers numbers the components in increasing order of their smallest vertex and counts
// them: the scan runs over vertices, a vertex that is its component's smallest (its leader:
// Least[Comp[v]] is v) adds one, and stores the count before it at its own entry of Num, its
// component's number. Num may be compSizes' Size: the scan reads no entry of it. Where leaders
// are many (Few false: a graph's singletons among its large components, at random), every
// vertex stores, and whether it leads is arithmetic, so that the scan's two passes run at the
// pace of their loads rather than of a branch predictor that cannot follow leaders; where one
// component holds most vertices (Few), only leaders store.
//
//gokkos:kernel
type compNumbers struct {
	Comp, Least, Num views.View1D[int32]
	Few              bool
}

// Run counts v if it leads its component and, in the final pass, stores the count before it.
func (k compNumbers) Run(v int, acc *int64, final bool) {
	lead := isZero(int64(k.Least.At(int(k.Comp.At(v)))) - int64(v))
	if final && (!k.Few || lead == 1) {
		k.Num.Set(v, int32(*acc))
	}
	*acc += lead
}

// compGather gives every vertex its component's number: the entry of Num at the component's
// leader.
//
//gokkos:kernel
type compGather struct {
	Comp, Least, Num, Out views.View1D[int32]
}

// Run numbers vertex v.
func (k compGather) Run(v int) { k.Out.Set(v, k.Num.At(int(k.Least.At(int(k.Comp.At(v)))))) }

// soloMax bounds the vertices outside a giant component that number lists one by one (see
// compSolo): beyond it the scan numbers them.
const soloMax = 1 << 14

// compSolo numbers the vertices of Hot's component, whose smallest vertex is Lead, and lists
// the others in Solo, counting them in Count[0]; Count[1] becomes non-zero when one of them is
// not its own representative (a component of more than one vertex besides Hot's). Both counts
// must be zero at launch; only the first Solo.Len() vertices are stored. When Count[1] stays
// zero every component but Hot's is a single vertex, every vertex below Lead is one, and Hot's
// component is number Lead: a graph that is strongly connected but for a handful of vertices
// without in- or out-edges, as a uniform random graph of 16 edges per vertex is, is numbered
// by this pass and a scatter of the listed vertices' numbers. A count's atomic addition is
// skipped once the count shows the list full or the shape wrong, so that a graph of another
// shape does not serialize the pass on one address.
//
//gokkos:kernel
type compSolo struct {
	Comp, Solo, Count, Out views.View1D[int32]
	Hot, Lead              int32
}

// Run numbers vertex v if it is in Hot's component and lists it otherwise.
func (k compSolo) Run(v int) {
	r := k.Comp.At(v)
	if r == k.Hot {
		k.Out.Set(v, k.Lead)
		return
	}
	if r != int32(v) && k.Count.AtomicLoad(1) == 0 {
		k.Count.AtomicAdd(1, 1)
	}
	if int(k.Count.AtomicLoad(0)) <= k.Solo.Len() {
		if i := k.Count.AtomicAdd(0, 1); int(i) < k.Solo.Len() {
			k.Solo.Set(int(i), int32(v))
		}
	}
}

// compScatter stores Num[i] at Out[Solo[i]].
//
//gokkos:kernel
type compScatter struct {
	Solo, Num, Out views.View1D[int32]
}

// Run stores entry i.
func (k compScatter) Run(i int) { k.Out.Set(int(k.Solo.At(i)), k.Num.At(i)) }

// number numbers the components into s.col and fills res's counts. Where the run found a giant
// component with at most soloMax vertices outside it, or compSample's samples suggest one, it
// first tries numberSolo's one pass. Otherwise, or when that finds another shape, it costs a
// pass that clears two arrays, one over the representatives, and, unless one component holds every
// vertex, the scan's two passes and a gather (and a pass over the sizes when no component
// holds half of the vertices).
func (s *state) number(res *Result) error {
	size, least := s.size, s.least
	hot := s.hot // a component a step of the run found to hold an eighth of the vertices or more
	try := hot >= 0 && s.n-s.hotSize <= soloMax
	if hot < 0 && s.n >= hotSamples {
		var sample int64
		if err := portable.ParallelReduce(s.space, "scc.number.sample", portable.Range(0, hotSamples), compSample{Comp: s.comp, N: int32(s.n)}, portable.Max(&sample)); err != nil {
			return err
		}
		if hi(sample) >= hotSamples/8 {
			hot = int32(lo(sample))
			// The samples outside the most common component, scaled to the graph, estimate
			// the vertices outside it.
			try = int64(hotSamples-hi(sample))*int64(s.n) <= hotSamples*soloMax/2
		}
	}
	if try {
		if ok, err := s.numberSolo(hot, res); ok || err != nil {
			return err
		}
	}
	if err := launch(s, "scc.number.init", compInit{Size: size, Least: least}); err != nil {
		return err
	}
	sizes, err := count(s, "scc.number.sizes", compSizes{Comp: s.comp, Size: size, Least: least, Hot: hot})
	if err != nil {
		return err
	}
	hotSize, nonTrivial := lo(sizes), hi(sizes)
	if hotSize > 0 {
		nonTrivial++
	}
	if int64(hotSize)+1 == int64(s.n) {
		// One component holds every vertex (a strongly connected graph): it is number 0, and
		// one fill replaces the scan's two passes and the gather.
		res.Count, res.NonTrivial, res.Largest = 1, nonTrivial, s.n
		return portable.Fill(s.space, "scc.number.one", s.col, 0)
	}
	// Hot's component is the largest when it holds more than half of the vertices: no pass
	// over the other sizes then.
	var largest int32
	if 2*int64(hotSize+1) <= int64(s.n) {
		if err := portable.ParallelReduce(s.space, "scc.number.largest", portable.Range(0, s.n), compLargest{Size: size}, portable.Max(&largest)); err != nil {
			return err
		}
	}
	var comps int64
	if err := portable.ParallelScan(s.space, "scc.number.scan", portable.Range(0, s.n), compNumbers{Comp: s.comp, Least: least, Num: size, Few: 4*int64(hotSize+1) >= 3*int64(s.n)}, &comps); err != nil {
		return err
	}
	if err := launch(s, "scc.number.gather", compGather{Comp: s.comp, Least: least, Num: size, Out: s.col}); err != nil {
		return err
	}
	res.Count, res.NonTrivial, res.Largest = int(comps), nonTrivial, int(max(largest, int32(hotSize)))+1
	return nil
}

// numberSolo numbers the components in one pass (compSolo) when every vertex but a few single
// ones (at most soloMax) is in hot's component: it finds that component's smallest vertex among
// the first hotSamples vertices, runs the pass, and has the host sort and number the listed
// vertices, which compScatter stores; numbers follow the components' smallest vertices, as
// number's do. It reports false, having set nothing in res, when the graph has another shape
// (the smallest vertex further on, too many vertices outside, or a component of several
// vertices besides hot's); s.col is then partly written, and number's other passes write all
// of it. It uses s.size and s.least as scratch.
func (s *state) numberSolo(hot int32, res *Result) (bool, error) {
	if s.n < 2 {
		return false, nil // no room for the two counts; the other passes cost nothing here
	}
	head := make([]int32, min(s.n, hotSamples))
	if err := views.DeepCopy(views.Wrap1D("scc components", head), s.comp.Sub(0, len(head))); err != nil {
		return false, err
	}
	lead := int32(slices.Index(head, hot))
	if lead < 0 {
		return false, nil
	}
	list, count := s.size.Sub(0, min(s.n, soloMax)), s.least.Sub(0, 2)
	if err := portable.Fill(s.space, "scc.number.solo.clear", count, 0); err != nil {
		return false, err
	}
	if err := launch(s, "scc.number.solo", compSolo{Comp: s.comp, Solo: list, Count: count, Out: s.col, Hot: hot, Lead: lead}); err != nil {
		return false, err
	}
	counts := make([]int32, 2)
	if err := views.DeepCopy(views.Wrap1D("scc solo counts", counts), count); err != nil {
		return false, err
	}
	solo := int(counts[0])
	if counts[1] != 0 || solo > list.Len() {
		return false, nil
	}
	res.Count, res.Largest = solo+1, s.n-solo
	res.NonTrivial = 0
	if s.n-solo > 1 {
		res.NonTrivial = 1
	}
	if solo == 0 {
		return true, nil // one component: lead is 0, every vertex's number
	}
	vs := make([]int32, solo)
	if err := views.DeepCopy(views.Wrap1D("scc solo", vs), list.Sub(0, solo)); err != nil {
		return false, err
	}
	slices.Sort(vs)
	// A single vertex's number counts the single vertices below it, and the giant component
	// when its smallest vertex is below too.
	nums := make([]int32, solo)
	for i, v := range vs {
		nums[i] = int32(i)
		if v > lead {
			nums[i]++
		}
	}
	vl, num := list.Sub(0, solo), s.least.Sub(0, solo)
	if err := views.DeepCopy(vl, views.Wrap1D("scc solo", vs)); err != nil {
		return false, err
	}
	if err := views.DeepCopy(num, views.Wrap1D("scc solo numbers", nums)); err != nil {
		return false, err
	}
	return true, portable.ParallelFor(s.space, "scc.number.scatter", portable.Range(0, solo), compScatter{Solo: vl, Num: num, Out: s.col})
}

package corpus

import "github.com/gokkos/gokkos/views"

// CSR is a compressed sparse row graph: the neighbours of v are Adj[Offsets[v]:Offsets[v+1]].
type CSR struct {
	Offsets views.View1D[int64]
	Adj     views.View1D[int32]
	N       int
}

// Degree returns the number of neighbours of v.
func (g CSR) Degree(v int) int { return int(g.Offsets.At(v+1) - g.Offsets.At(v)) }

// Neighbor returns the j-th neighbour of v.
func (g CSR) Neighbor(v, j int) int32 { return g.Adj.At(int(g.Offsets.At(v)) + j) }

// pair is a struct local type.
type pair struct {
	lo, hi int64
}

func (p pair) span() int64 { return p.hi - p.lo }

func (p *pair) widen(by int64) {
	p.lo -= by
	p.hi += by
}

// search returns the first index in [lo, hi) of sorted v whose value is ≥ x (hi if none),
// with early returns inside a loop.
func search(v views.View1D[int32], lo, hi int, x int32) int {
	if lo >= hi {
		return hi
	}
	if v.At(lo) >= x {
		return lo
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if v.At(mid) < x {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// minmax returns two results with named result parameters.
func minmax(a, b, c int64) (lo, hi int64) {
	lo, hi = a, a
	if b < lo {
		lo = b
	}
	if b > hi {
		hi = b
	}
	lo, hi = min(lo, c), max(hi, c)
	return
}

// clamp is a generic helper.
func clamp[T int32 | int64 | float64](x, lo, hi T) T {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

// Graph sums neighbour ids per vertex through a nested struct field, helper methods, struct
// locals with value and pointer methods, a binary search helper and a generic helper.
//
//gokkos:kernel
type Graph struct {
	G      CSR
	Sorted views.View1D[int32]
	Out    views.View2D[int64]
	Params struct {
		Lo, Hi int64
	}
}

// Run processes vertex v.
func (k Graph) Run(v int) {
	var sum int64
	for j := range k.G.Degree(v) {
		sum += int64(k.G.Neighbor(v, j))
	}
	k.Out.Set(v, 0, sum)
	p := pair{lo: int64(v), hi: sum}
	p.widen(2)
	q := p
	q.widen(1)
	k.Out.Set(v, 1, p.span()*10+q.span())
	k.Out.Set(v, 2, int64(search(k.Sorted, 0, k.Sorted.Len(), int32(v*3))))
	k.Out.Set(v, 3, clamp(sum, k.Params.Lo, k.Params.Hi))
	k.Out.Set(v, 4, int64(clamp(int32(v)-50, 0, 100)))
	c := pair{hi: 5}
	c = pair{c.hi, c.lo}
	k.Out.Set(v, 5, c.lo*10+c.hi+int64(k.G.N))
	lo, hi := minmax(sum, int64(v), int64(k.G.Degree(v)))
	k.Out.Set(v, 6, lo*1000+hi)
}

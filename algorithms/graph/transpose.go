package graph

import "math"

// Transpose returns the graph with every edge of g reversed, weights kept.
// Each vertex's in-neighbors appear in increasing order of source id, and
// the result shares no memory with g.
//
// Transpose is a parallel counting sort over GOMAXPROCS goroutines taking
// O(N+M) time and memory; its result does not depend on GOMAXPROCS. It is
// safe to call concurrently on the same g, and it panics if g is not well
// formed (see [CSR.Validate]).
func (g *CSR) Transpose() *CSR {
	if g.NumEdges() < math.MaxUint32 {
		return transposeCounted[uint32](g)
	}
	return transposeCounted[int64](g)
}

func transposeCounted[C counter](g *CSR) *CSR {
	n, m := g.N, g.NumEdges()
	if n == 0 {
		return &CSR{Offsets: []int64{0}}
	}
	off, adj, w := g.Offsets, g.Adj, g.Weights
	p := maxWorkersForCounts(workersFor(m+int64(n), 1<<16), m, n)
	counts := make([][]C, p)
	parallelVertexRanges(off, n, p, func(wk, lo, hi int) {
		cnt := make([]C, n)
		counts[wk] = cnt
		for _, d := range adj[off[lo]:off[hi]] {
			cnt[d]++
		}
	})
	toff := prefixCounts(n, counts)
	tadj := make([]int32, m)
	var tw []float64
	if w != nil {
		tw = make([]float64, m)
	}
	parallelVertexRanges(off, n, p, func(wk, lo, hi int) {
		cur := counts[wk]
		for v := lo; v < hi; v++ {
			for e := off[v]; e < off[v+1]; e++ {
				d := adj[e]
				pos := toff[d] + int64(cur[d])
				cur[d]++
				tadj[pos] = int32(v)
				if tw != nil {
					tw[pos] = w[e]
				}
			}
		}
	})
	return &CSR{N: n, Offsets: toff, Adj: tadj, Weights: tw}
}

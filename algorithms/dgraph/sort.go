package dgraph

import "github.com/gokkos/gokkos/views"

// The functions below sort and de-duplicate one vertex's adjacency inside a kernel. They use
// only kernel-subset Go (views, scalars, loops), so that the translator inlines them into
// device code: the sort is an in-place heap sort, O(d log d) for a vertex of degree d, with no
// recursion and no extra memory.

// edgeLess orders edges by destination, then by weight (NaN first, as cmp.Compare does) when
// weighted.
func edgeLess(adj views.View1D[int32], w views.View1D[float64], weighted bool, i, j int) bool {
	a, b := adj.At(i), adj.At(j)
	if a != b {
		return a < b
	}
	if !weighted {
		return false
	}
	x, y := w.At(i), w.At(j)
	return x < y || (x != x && y == y)
}

// edgeSwap exchanges edges i and j.
func edgeSwap(adj views.View1D[int32], w views.View1D[float64], weighted bool, i, j int) {
	a := adj.At(i)
	adj.Set(i, adj.At(j))
	adj.Set(j, a)
	if weighted {
		x := w.At(i)
		w.Set(i, w.At(j))
		w.Set(j, x)
	}
}

// siftDown restores the max-heap property below root in the heap of n edges starting at lo.
func siftDown(adj views.View1D[int32], w views.View1D[float64], weighted bool, lo, root, n int) {
	for {
		child := 2*root + 1
		if child >= n {
			return
		}
		if child+1 < n && edgeLess(adj, w, weighted, lo+child, lo+child+1) {
			child++
		}
		if !edgeLess(adj, w, weighted, lo+root, lo+child) {
			return
		}
		edgeSwap(adj, w, weighted, lo+root, lo+child)
		root = child
	}
}

// sortEdges sorts edges [lo, hi) by edgeLess. Ranges already in order are left untouched after
// one linear check.
func sortEdges(adj views.View1D[int32], w views.View1D[float64], weighted bool, lo, hi int) {
	sorted := true
	for i := lo + 1; i < hi; i++ {
		if edgeLess(adj, w, weighted, i, i-1) {
			sorted = false
			break
		}
	}
	if sorted {
		return
	}
	n := hi - lo
	for root := n/2 - 1; root >= 0; root-- {
		siftDown(adj, w, weighted, lo, root, n)
	}
	for end := n - 1; end > 0; end-- {
		edgeSwap(adj, w, weighted, lo, lo+end)
		siftDown(adj, w, weighted, lo, 0, end)
	}
}

// sortAdjacency sorts the out-edges of every vertex of degree at most hubDegree by
// destination (ties by weight), one thread per vertex; sortHubs sorts the others.
//
//gokkos:kernel
type sortAdjacency struct {
	G CSR
}

// Run sorts vertex v's edges unless v is a hub.
func (k sortAdjacency) Run(v int) {
	lo, hi := int(k.G.Offsets.At(v)), int(k.G.Offsets.At(v+1))
	if hi-lo <= hubDegree {
		sortEdges(k.G.Adj, k.G.Weights, k.G.Weighted(), lo, hi)
	}
}

// countDistinct stores in Deg[v] the number of distinct destinations of v's sorted edges.
//
//gokkos:kernel
type countDistinct struct {
	G   CSR
	Deg views.View1D[int64]
}

// Run counts vertex v's distinct destinations.
func (k countDistinct) Run(v int) {
	lo, hi := int(k.G.Offsets.At(v)), int(k.G.Offsets.At(v+1))
	var c int64
	for i := lo; i < hi; i++ {
		if i == lo || k.G.Adj.At(i) != k.G.Adj.At(i-1) {
			c++
		}
	}
	k.Deg.Set(v, c)
}

// compactDistinct copies the first edge of each run of equal destinations of v's sorted edges
// (the one with the smallest weight) to the new arrays at the new offsets.
//
//gokkos:kernel
type compactDistinct struct {
	G      CSR
	Off    views.View1D[int64]
	Adj    views.View1D[int32]
	W      views.View1D[float64]
	Weight bool
}

// Run compacts vertex v's edges.
func (k compactDistinct) Run(v int) {
	lo, hi := int(k.G.Offsets.At(v)), int(k.G.Offsets.At(v+1))
	p := int(k.Off.At(v))
	for i := lo; i < hi; i++ {
		if i == lo || k.G.Adj.At(i) != k.G.Adj.At(i-1) {
			k.Adj.Set(p, k.G.Adj.At(i))
			if k.Weight {
				k.W.Set(p, k.G.Weights.At(i))
			}
			p++
		}
	}
}

package graph

import "fmt"

// Graph500 R-MAT quadrant probabilities; the fourth, d, is 1-a-b-c = 0.05.
const (
	rmatA = 0.57
	rmatB = 0.19
	rmatC = 0.19
)

// RMAT returns a directed R-MAT graph with 2^scale vertices and
// edgeFactor*2^scale edges, using the Graph500 quadrant probabilities
// a=0.57, b=0.19, c=0.19, d=0.05. Vertex ids are then randomly permuted so
// that high-degree vertices are spread over the id range. The list keeps the
// self loops and duplicate edges the process produces; use [BuildOptions] to
// drop them. It is unweighted; see [AddRandomWeights].
//
// Edges are generated in parallel, each block of edges from its own PCG
// stream derived from seed, so the result depends only on the arguments and
// not on GOMAXPROCS. It costs O(scale*M) time and O(M) memory ([RMATBytes]).
// RMAT panics if scale is not in [0, 30] or edgeFactor is negative, and, before
// allocating anything, with an error wrapping [ErrTooLarge] if the process
// cannot have the memory it needs.
func RMAT(scale, edgeFactor int, seed uint64) *EdgeList {
	if scale < 0 || scale > 30 || edgeFactor < 0 {
		panic(fmt.Sprintf("graph: RMAT(scale=%d, edgeFactor=%d): want scale in [0, 30] and edgeFactor >= 0", scale, edgeFactor))
	}
	mustFit(RMATBytes(scale, edgeFactor), func() string { return fmt.Sprintf("RMAT(scale=%d, edgeFactor=%d)", scale, edgeFactor) })
	el := rmatEdges(scale, edgeFactor, seed)
	perm := permutation(el.N, streamRand(seed, tagPermute, 0))
	relabel(el.Src, perm)
	relabel(el.Dst, perm)
	return el
}

// rmatEdges draws the R-MAT edges before the vertex permutation.
func rmatEdges(scale, edgeFactor int, seed uint64) *EdgeList {
	n := 1 << scale
	m := int64(edgeFactor) * int64(n)
	el := &EdgeList{N: n, Src: make([]int32, m), Dst: make([]int32, m)}
	scale32 := float64(1 << 32)
	ta := uint32(rmatA * scale32)
	tab := uint32((rmatA + rmatB) * scale32)
	tabc := uint32((rmatA + rmatB + rmatC) * scale32)
	// ge returns 1 if t >= x and 0 otherwise, without a branch: quadrant
	// choices are random, so branches would mispredict half the time.
	ge := func(t, x uint32) uint32 { return uint32((int64(x) - 1 - int64(t)) >> 63 & 1) }
	forChunks(m, func(chunk, lo, hi int64) {
		r := streamPCG(seed, tagRMAT, chunk)
		for i := lo; i < hi; i++ {
			var u, v uint32
			for level := 0; level < scale; level += 2 {
				x := r.Uint64()
				for k := 0; k < 2 && level+k < scale; k++ {
					t := uint32(x)
					x >>= 32
					// Quadrants a, b, c, d are (u, v) bits 00, 01, 10, 11.
					u = u<<1 | ge(t, tab)
					v = v<<1 | (ge(t, ta) - ge(t, tab) + ge(t, tabc))
				}
			}
			el.Src[i], el.Dst[i] = int32(u), int32(v)
		}
	})
	return el
}

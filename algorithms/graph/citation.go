package graph

import "fmt"

// Citation returns a directed graph with n vertices shaped like a citation
// network: a long chain of small strongly connected components with links
// that all point one way along it, so that the graph outside the components
// is acyclic and its longest paths are long.
//
// The vertices, in an underlying time order, form groups: about half are
// single vertices, the others hold 2 to 8 vertices joined in a directed
// cycle (with a chord when there are four or more), the mutual citations of
// papers that appeared together. Every group but the first cites the group
// just before it (an edge from one of its members to one of that group's),
// and every vertex cites up to two earlier vertices, mostly close in time
// (the distance back is geometric with mean 8 groups, and the target is
// clamped to the first group), so every edge between groups goes from a later
// group to an earlier one. The strongly connected components are therefore
// exactly the groups.
//
// Vertex ids are randomly permuted. The graph is unweighted; duplicate edges
// can occur. It is generated serially from a PCG stream derived from seed,
// so it depends only on the arguments; it costs O(n) time and memory
// ([CitationBytes]). Citation panics if n is negative or exceeds
// MaxVertices, and, before allocating anything, with an error wrapping
// [ErrTooLarge] if the process cannot have the memory it needs.
func Citation(n int, seed uint64) *EdgeList {
	if n < 0 || n > MaxVertices {
		panic(fmt.Sprintf("graph: Citation(%d): want 0 <= n <= %d", n, MaxVertices))
	}
	mustFit(CitationBytes(n), func() string { return fmt.Sprintf("Citation(%d)", n) })
	r := streamRand(seed, tagCitation, 0)
	el := &EdgeList{N: n, Src: make([]int32, 0, 4*n), Dst: make([]int32, 0, 4*n)}
	add := func(u, v int) {
		el.Src = append(el.Src, int32(u))
		el.Dst = append(el.Dst, int32(v))
	}
	var starts []int // first vertex of every group, then n
	for v := 0; v < n; {
		starts = append(starts, v)
		s := 1
		if r.IntN(2) == 0 {
			s = 2 + r.IntN(7)
		}
		v = min(v+s, n)
	}
	starts = append(starts, n)
	member := func(g int) int { return starts[g] + r.IntN(starts[g+1]-starts[g]) }
	for g := 0; g+1 < len(starts); g++ {
		lo, s := starts[g], starts[g+1]-starts[g]
		if s >= 2 {
			for i := 0; i < s; i++ {
				add(lo+i, lo+(i+1)%s)
			}
			if s >= 4 {
				add(lo, lo+2)
			}
		}
		if g == 0 {
			continue
		}
		add(member(g), member(g-1))
		for v := lo; v < lo+s; v++ {
			for range r.IntN(3) {
				back := 1
				for back < g && r.IntN(8) != 0 {
					back++
				}
				add(v, member(g-back))
			}
		}
	}
	perm := permutation(n, r)
	relabel(el.Src, perm)
	relabel(el.Dst, perm)
	return el
}

package ref

import "github.com/gokkos/gokkos/algorithms/graph"

// UnionFindWCC returns the weakly connected components of g, treating every
// edge as undirected. comp[v] is in [0, count), and components are numbered
// in increasing order of their smallest vertex. It uses union by size with
// path halving and costs O((N+M) α(N)).
func UnionFindWCC(g *graph.CSR) (comp []int32, count int) {
	n := g.N
	parent := make([]int32, n)
	size := make([]int32, n)
	for i := range parent {
		parent[i], size[i] = int32(i), 1
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for v := int32(0); int(v) < n; v++ {
		for _, w := range g.Neighbors(v) {
			a, b := find(v), find(w)
			if a == b {
				continue
			}
			if size[a] < size[b] {
				a, b = b, a
			}
			parent[b] = a
			size[a] += size[b]
		}
	}
	comp = make([]int32, n)
	label := make([]int32, n)
	for i := range label {
		label[i] = -1
	}
	for v := int32(0); int(v) < n; v++ {
		r := find(v)
		if label[r] < 0 {
			label[r] = int32(count)
			count++
		}
		comp[v] = label[r]
	}
	return comp, count
}

// ComponentsEqual reports whether a and b describe the same partition of
// the vertices: they have the same length and a[u] == a[v] exactly when
// b[u] == b[v], whatever the labels. It costs O(N).
func ComponentsEqual(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	ab := make(map[int32]int32)
	ba := make(map[int32]int32)
	for i := range a {
		x, y := a[i], b[i]
		if m, ok := ab[x]; ok && m != y {
			return false
		} else if !ok {
			ab[x] = y
		}
		if m, ok := ba[y]; ok && m != x {
			return false
		} else if !ok {
			ba[y] = x
		}
	}
	return true
}

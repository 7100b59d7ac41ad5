package ref

import (
	"fmt"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// ValidateBFS checks a breadth-first search result from root against the
// Graph500 validation rules, adapted to directed graphs, and returns an error
// describing the first violation found, or nil. level and parent use the
// conventions of BFS (-1 for unreached, parent[root] == root), but any valid
// BFS tree is accepted, not only the one BFS builds. The rules:
//
//  1. level and parent have one entry per vertex and root is a vertex;
//     level[v] == -1 exactly when parent[v] == -1.
//  2. The root is its own parent and has level 0, and no other vertex has
//     level 0.
//  3. Every tree edge parent[v] -> v exists in g and level[v] ==
//     level[parent[v]] + 1. With rule 2 this means that every reached vertex
//     has a parent path back to the root.
//  4. For every edge u -> v of g with u reached, v is reached and
//     level[v] <= level[u] + 1. On a symmetric graph this is Graph500's rule
//     that the levels of an edge's endpoints differ by at most one, or both
//     endpoints are unreached.
//  5. The reached set, and each level, equals that of the reference BFS.
//
// It costs O(N+M) time and memory.
func ValidateBFS(g *graph.CSR, root int32, level, parent []int32) error {
	n := g.N
	if len(level) != n || len(parent) != n {
		return fmt.Errorf("bfs: got %d levels and %d parents for %d vertices", len(level), len(parent), n)
	}
	if root < 0 || int(root) >= n {
		return fmt.Errorf("bfs: root %d is not a vertex (n = %d)", root, n)
	}
	if parent[root] != root {
		return fmt.Errorf("bfs: root %d has parent %d, want itself", root, parent[root])
	}
	if level[root] != 0 {
		return fmt.Errorf("bfs: root %d has level %d, want 0", root, level[root])
	}
	for v := int32(0); int(v) < n; v++ {
		l, p := level[v], parent[v]
		if (l == -1) != (p == -1) {
			return fmt.Errorf("bfs: vertex %d has level %d but parent %d (both must be -1 or neither)", v, l, p)
		}
		if l < -1 || p < -1 || int(p) >= n {
			return fmt.Errorf("bfs: vertex %d has invalid level %d or parent %d", v, l, p)
		}
		if p == -1 || v == root {
			continue
		}
		if l == 0 {
			return fmt.Errorf("bfs: vertex %d has level 0 but is not the root %d", v, root)
		}
		if level[p] != l-1 {
			return fmt.Errorf("bfs: tree edge %d -> %d: parent level %d, child level %d (want a difference of one)", p, v, level[p], l)
		}
		if !hasEdge(g, p, v) {
			return fmt.Errorf("bfs: tree edge %d -> %d is not an edge of the graph", p, v)
		}
	}
	for u := int32(0); int(u) < n; u++ {
		if level[u] < 0 {
			continue
		}
		for _, v := range g.Neighbors(u) {
			if level[v] < 0 {
				return fmt.Errorf("bfs: edge %d -> %d leaves reached vertex %d (level %d) for unreached vertex %d", u, v, u, level[u], v)
			}
			if level[v] > level[u]+1 {
				return fmt.Errorf("bfs: edge %d -> %d spans levels %d -> %d (a BFS level grows by at most one along an edge)", u, v, level[u], level[v])
			}
		}
	}
	want, _ := BFS(g, root)
	for v := range want {
		if (want[v] < 0) != (level[v] < 0) {
			if want[v] < 0 {
				return fmt.Errorf("bfs: vertex %d is marked reached but root %d does not reach it", v, root)
			}
			return fmt.Errorf("bfs: vertex %d is reachable from root %d but not marked reached", v, root)
		}
		if want[v] != level[v] {
			return fmt.Errorf("bfs: vertex %d has level %d, want %d", v, level[v], want[v])
		}
	}
	return nil
}

// hasEdge reports whether g has the edge u -> v, by binary search when u's
// neighbors are sorted and by a scan otherwise.
func hasEdge(g *graph.CSR, u, v int32) bool {
	nb := g.Neighbors(u)
	lo, hi := 0, len(nb)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if nb[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(nb) && nb[lo] == v {
		return true
	}
	for _, w := range nb {
		if w == v {
			return true
		}
	}
	return false
}

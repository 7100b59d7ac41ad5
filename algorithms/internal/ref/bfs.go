package ref

import "github.com/gokkos/gokkos/algorithms/graph"

// BFS runs a breadth-first search along out-edges from root. level[v] is the
// number of edges on a shortest path from root to v and parent[v] is the
// vertex from which v was first reached (parent[root] == root); both are -1
// for vertices that root does not reach. Neighbors are visited in adjacency
// order, so the parent array is deterministic. BFS costs O(N+M) and panics if
// root is not a vertex of g.
func BFS(g *graph.CSR, root int32) (level []int32, parent []int32) {
	level = make([]int32, g.N)
	parent = make([]int32, g.N)
	for i := range level {
		level[i], parent[i] = -1, -1
	}
	level[root], parent[root] = 0, root
	queue := make([]int32, 0, 64)
	queue = append(queue, root)
	for head := 0; head < len(queue); head++ {
		v := queue[head]
		for _, w := range g.Neighbors(v) {
			if level[w] < 0 {
				level[w] = level[v] + 1
				parent[w] = v
				queue = append(queue, w)
			}
		}
	}
	return level, parent
}

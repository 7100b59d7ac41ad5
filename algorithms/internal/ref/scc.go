package ref

import "github.com/gokkos/gokkos/algorithms/graph"

// TarjanSCC returns the strongly connected components of g. comp[v] is the
// component of v, in [0, count). Components are numbered in the order
// Tarjan's algorithm completes them, which is a reverse topological order of
// the condensation: every edge between two components goes from a higher
// number to a lower one, and component 0 has no edges leaving it.
//
// The depth-first search keeps an explicit stack instead of recursing, so
// long paths (millions of vertices) are fine. TarjanSCC costs O(N+M) time
// and memory.
func TarjanSCC(g *graph.CSR) (comp []int32, count int) {
	n := g.N
	index := make([]int32, n) // DFS discovery order plus one; 0 = unvisited
	low := make([]int32, n)
	onStack := make([]bool, n)
	comp = make([]int32, n)
	for i := range comp {
		comp[i] = -1
	}
	type frame struct {
		v    int32
		next int64 // next edge of v to look at
	}
	var calls []frame
	var stack []int32
	next := int32(0)
	visit := func(v int32) {
		next++
		index[v], low[v] = next, next
		stack = append(stack, v)
		onStack[v] = true
		calls = append(calls, frame{v, g.Offsets[v]})
	}
	for s := int32(0); int(s) < n; s++ {
		if index[s] != 0 {
			continue
		}
		visit(s)
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			end := g.Offsets[v+1]
			descended := false
			for f.next < end {
				w := g.Adj[f.next]
				f.next++
				if index[w] == 0 {
					visit(w)
					descended = true
					break
				}
				if onStack[w] {
					low[v] = min(low[v], index[w])
				}
			}
			if descended {
				continue
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = int32(count)
					if w == v {
						break
					}
				}
				count++
			}
			calls = calls[:len(calls)-1]
			if k := len(calls); k > 0 {
				u := calls[k-1].v
				low[u] = min(low[u], low[v])
			}
		}
	}
	return comp, count
}

package scc

// tarjan returns, for the graph with n vertices and out-edges adj[off[v]:off[v+1]], a
// representative per vertex: the first vertex of its strongly connected component that the
// depth-first search discovered. It is Tarjan's algorithm with an explicit call stack, so that
// long paths do not recurse, and costs O(n + m).
func tarjan(n int, off []int64, adj []int32) []int32 {
	const unseen = -1
	order := make([]int32, n) // discovery number, unseen before
	low := make([]int32, n)
	rep := make([]int32, n)
	for i := range order {
		order[i] = unseen
		rep[i] = unseen
	}
	type frame struct {
		v    int32
		edge int64
	}
	var calls []frame
	var stack []int32 // vertices whose component is still open
	next := int32(0)
	open := func(v int32) {
		order[v], low[v] = next, next
		next++
		stack = append(stack, v)
		calls = append(calls, frame{v, off[v]})
	}
	for root := int32(0); int(root) < n; root++ {
		if order[root] != unseen {
			continue
		}
		open(root)
		for len(calls) > 0 {
			top := &calls[len(calls)-1]
			v := top.v
			if top.edge < off[v+1] {
				w := adj[top.edge]
				top.edge++
				switch {
				case order[w] == unseen:
					open(w)
				case rep[w] == unseen: // w is on the stack: its component is still open
					low[v] = min(low[v], order[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] != order[v] {
				continue
			}
			// v is the first vertex of its component: pop the component.
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				rep[w] = v
				if w == v {
					break
				}
			}
		}
	}
	return rep
}

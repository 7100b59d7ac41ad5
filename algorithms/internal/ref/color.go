package ref

import "github.com/gokkos/gokkos/algorithms/graph"

// ColorFixedPoint returns the fixed point of max-label propagation along
// out-edges, starting from label(v) = v: the final label of v is the largest
// id of a vertex that reaches v (v reaches itself). Vertices of one strongly
// connected component share a label, which makes this the first phase of the
// coloring SCC algorithm.
//
// Rather than iterate to the fixed point it computes it directly: it takes
// the strongly connected components with TarjanSCC and pushes labels through
// the condensation in topological order, in O(N+M) time.
func ColorFixedPoint(g *graph.CSR) []int32 {
	comp, count := TarjanSCC(g)
	label := make([]int32, count)
	for i := range label {
		label[i] = -1
	}
	for v, c := range comp {
		label[c] = max(label[c], int32(v))
	}
	// Group the vertices by component with a counting sort.
	start := make([]int32, count+1)
	for _, c := range comp {
		start[c+1]++
	}
	for c := 0; c < count; c++ {
		start[c+1] += start[c]
	}
	members := make([]int32, g.N)
	fill := append([]int32(nil), start[:count]...)
	for v, c := range comp {
		members[fill[c]] = int32(v)
		fill[c]++
	}
	// TarjanSCC numbers components in reverse topological order, so going
	// from the highest number down visits every component after all the
	// components that reach it.
	for c := count - 1; c >= 0; c-- {
		for _, v := range members[start[c]:start[c+1]] {
			for _, w := range g.Neighbors(v) {
				if d := comp[w]; d != int32(c) {
					label[d] = max(label[d], label[c])
				}
			}
		}
	}
	out := make([]int32, g.N)
	for v, c := range comp {
		out[v] = label[c]
	}
	return out
}

// ColorFixedPointNaive computes the same result as ColorFixedPoint by
// iterating the propagation label(w) = max(label(w), label(v)) over every
// edge v -> w until nothing changes. It costs O(D*M) for D the number of
// rounds needed (at most N) and is kept as an independent check.
func ColorFixedPointNaive(g *graph.CSR) []int32 {
	label := make([]int32, g.N)
	for i := range label {
		label[i] = int32(i)
	}
	for changed := true; changed; {
		changed = false
		for v := int32(0); int(v) < g.N; v++ {
			for _, w := range g.Neighbors(v) {
				if label[v] > label[w] {
					label[w] = label[v]
					changed = true
				}
			}
		}
	}
	return label
}

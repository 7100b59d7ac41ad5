package ref

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// weight returns the weight of edge e of g, or 1 for an unweighted graph.
func weight(g *graph.CSR, e int64) float64 {
	if g.Weights == nil {
		return 1
	}
	return g.Weights[e]
}

// Dijkstra returns the shortest-path distance from src to every vertex along
// out-edges, with +Inf for vertices src does not reach. An unweighted graph
// has unit weights. It uses a binary heap with lazy deletion and costs
// O((N+M) log M). Dijkstra panics if src is not a vertex of g or if it meets
// a negative or NaN weight; use BellmanFord for negative weights.
func Dijkstra(g *graph.CSR, src int32) []float64 {
	dist := make([]float64, g.N)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[src] = 0
	h := &distHeap{}
	h.push(0, src)
	done := make([]bool, g.N)
	for h.len() > 0 {
		d, v := h.pop()
		if done[v] {
			continue
		}
		done[v] = true
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			w := weight(g, e)
			if !(w >= 0) {
				panic(fmt.Sprintf("ref: Dijkstra: edge %d -> %d has weight %g", v, g.Adj[e], w))
			}
			u := g.Adj[e]
			if nd := d + w; nd < dist[u] {
				dist[u] = nd
				h.push(nd, u)
			}
		}
	}
	return dist
}

// distHeap is a binary min-heap of (distance, vertex) pairs.
type distHeap struct {
	d []float64
	v []int32
}

func (h *distHeap) len() int { return len(h.d) }

func (h *distHeap) push(d float64, v int32) {
	h.d = append(h.d, d)
	h.v = append(h.v, v)
	i := len(h.d) - 1
	for i > 0 {
		p := (i - 1) / 2
		if h.d[p] <= h.d[i] {
			break
		}
		h.swap(i, p)
		i = p
	}
}

func (h *distHeap) pop() (float64, int32) {
	d, v := h.d[0], h.v[0]
	last := len(h.d) - 1
	h.swap(0, last)
	h.d, h.v = h.d[:last], h.v[:last]
	i := 0
	for {
		l, r, s := 2*i+1, 2*i+2, i
		if l < last && h.d[l] < h.d[s] {
			s = l
		}
		if r < last && h.d[r] < h.d[s] {
			s = r
		}
		if s == i {
			break
		}
		h.swap(i, s)
		i = s
	}
	return d, v
}

func (h *distHeap) swap(i, j int) {
	h.d[i], h.d[j] = h.d[j], h.d[i]
	h.v[i], h.v[j] = h.v[j], h.v[i]
}

// BellmanFord returns shortest-path distances from src along out-edges,
// allowing negative weights; unweighted graphs have unit weights. Unreached
// vertices get +Inf. negCycle reports whether a cycle of negative total
// weight is reachable from src; if so, every vertex reachable from such a
// cycle gets -Inf and the other distances are exact.
//
// Each round relaxes only the out-edges of vertices whose distance changed in
// the previous round, so the cost is O(N*M) in the worst case but usually far
// less; a negative cycle adds N full passes over the edges. BellmanFord
// panics if src is not a vertex of g.
func BellmanFord(g *graph.CSR, src int32) (dist []float64, negCycle bool) {
	n := g.N
	dist = make([]float64, n)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[src] = 0
	queued := make([]bool, n)
	frontier := []int32{src}
	var next []int32
	for round := 0; len(frontier) > 0; round++ {
		if round >= n {
			negCycle = true
			break
		}
		next = next[:0]
		for _, v := range frontier {
			queued[v] = false
		}
		for _, v := range frontier {
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				u := g.Adj[e]
				if nd := dist[v] + weight(g, e); nd < dist[u] {
					dist[u] = nd
					if !queued[u] {
						queued[u] = true
						next = append(next, u)
					}
				}
			}
		}
		frontier, next = next, frontier
	}
	if !negCycle {
		return dist, false
	}
	// Anything still improvable lies on or behind a negative cycle; n
	// passes spread -Inf to everything reachable from one.
	negInf := math.Inf(-1)
	for pass := 0; pass < n; pass++ {
		changed := false
		for v := int32(0); int(v) < n; v++ {
			if math.IsInf(dist[v], 1) {
				continue
			}
			for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
				u := g.Adj[e]
				if dist[u] != negInf && (dist[v] == negInf || dist[v]+weight(g, e) < dist[u]) {
					dist[u] = negInf
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	return dist, true
}

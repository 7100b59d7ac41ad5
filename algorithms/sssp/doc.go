// Package sssp computes single-source shortest paths with four methods, three of them on the
// frontier template:
//
//   - BellmanFord: unordered Bellman-Ford on the template. The worklist holds the vertices
//     whose distance dropped in the previous step; a step relaxes their out-edges with an
//     atomic minimum, with any of the template's strategies and worklist formats. It accepts
//     negative weights and detects negative cycles: a worklist still non-empty after N steps
//     means one is reachable, and every vertex reachable from the last worklist gets -Inf.
//   - Ordered: a Dijkstra-like ordered method. Vertices whose distance changed wait in a
//     pending queue; each step finds the smallest pending distance m with a ParallelReduce
//     and expands every pending vertex with distance at most m + w_min (w_min the smallest
//     weight, so those distances are final), then puts the improved vertices back into the
//     pending queue. Weights must be non-negative.
//   - DeltaStepping: Meyer and Sanders' buckets of width Delta, run as a near-far worklist
//     (as Davidson and colleagues do on GPUs): the frontier holds the vertices below the
//     current bucket's end and is pushed until it empties, improved vertices beyond it wait
//     in a far pile, and the far pile is split once per bucket. On the host the far pile
//     holds only a window of buckets, and the entries beyond it wait in a later pile that is
//     split once per window (see window.go). Where the host computes with integer distances
//     (below), it runs binned delta-stepping instead (see bins.go): one launch of a concurrent
//     league whose members file every vertex they improve into their own bin of its bucket
//     at once, as GAP's delta-stepping does with thread-local bins, so that no pass looks at a
//     vertex outside the current bucket; Stats.Iterations then counts buckets processed.
//     Weights must be non-negative.
//   - EdgeList: Bellman-Ford over an edge list instead of the CSR, one edge per thread, with
//     the edges reordered by cache-sized segments of the distance array (Afanasyev and
//     Voevodin): edges are grouped by the segment of their destination, so that the
//     scattered atomic updates of one group stay within a segment that fits in the space's
//     cache (execspace.Info.CacheBytes), and sorted by source within a group. It detects
//     negative cycles too.
//
// Distances are float64; unweighted graphs have unit weights, and integer weights are exact
// up to 2^53. The template methods compute internally with 32-bit unsigned distances and a
// 32-bit copy of the weights when every weight is a non-negative integer below 2^31 and the
// largest weight times N-1 stays below 2^32-1 (SSSP.IntegerDistances; Options.FloatDistances
// turns this off): half the bytes per random distance access, and integer atomic minima
// instead of float64 compare-and-swap loops. The results are the same float64 values. Unreached vertices have distance +Inf. Results of every method are equal to a
// serial Dijkstra's on graphs with non-negative weights: each distance is the smallest sum,
// accumulated from the source along a path, of the path's weights.
//
//	s, err := sssp.New(g, sssp.Options{Method: sssp.DeltaStepping})
//	defer s.Free()
//	st, err := s.Run(src)
//	dist, err := s.Dist()
package sssp

//go:generate go tool gokkos-gen

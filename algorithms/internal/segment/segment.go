// Package segment sizes the vertex segments by which the edge-list methods (edge-list SSSP and
// edge-list SCC) group their edges: a segment is the part of a per-vertex array that fits in
// half of the space's cache, so that the edges of one group touch one or two cached segments.
package segment

import "github.com/gokkos/gokkos/execspace"

// DefaultBytes is the segment size, in bytes, used when the space reports no cache size.
const DefaultBytes = 4 << 20

// MaxSegments bounds the number of segments, so that the per-segment counters of a sort take
// O(N+M) memory.
const MaxSegments = 64

// Vertices returns the vertices per segment (segV) and the number of segments (segs) for a
// graph of n vertices and m edges whose per-vertex arrays take perVertex bytes per vertex
// together. A segment holds bytes bytes of them; bytes ≤ 0 means half of the space's cache
// (info.CacheBytes: the L2 of a GPU, the last-level cache of the CPU as cpuid reports it), or
// DefaultBytes when the space reports none. The number of segments is at most the average
// degree (rounded up) and at most MaxSegments; segV·segs ≥ n always, and both are at least 1.
// It allocates nothing and costs O(1).
func Vertices(info execspace.Info, bytes, perVertex int64, n int, m int64) (segV, segs int) {
	if bytes <= 0 {
		bytes = info.CacheBytes / 2
		if bytes <= 0 {
			bytes = DefaultBytes
		}
	}
	segV = int(max(1, min(bytes/max(perVertex, 1), int64(max(n, 1)))))
	segs = (n + segV - 1) / segV
	limit := MaxSegments
	if n > 0 {
		limit = min(limit, max(1, int((m+int64(n)-1)/int64(n))))
	}
	if segs > limit {
		segs = limit
		segV = (n + segs - 1) / segs
	}
	return segV, max(segs, 1)
}

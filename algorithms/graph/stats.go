package graph

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// DegreeStats summarizes the out-degree distribution of a graph. The zero
// value describes the empty graph.
type DegreeStats struct {
	// N and M are the vertex and edge counts.
	N int
	M int64
	// Min and Max are the smallest and largest out-degrees (0 when N is 0).
	Min, Max int64
	// Mean and StdDev are the mean and population standard deviation of the
	// out-degrees.
	Mean, StdDev float64
	// Zero counts the vertices with no out-edges.
	Zero int64
	// Histogram[0] counts vertices of degree 0 and Histogram[k], for k >= 1,
	// counts vertices with degree in [2^(k-1), 2^k). It has no trailing
	// zero buckets.
	Histogram []int64
}

// Stats computes the out-degree statistics of g in O(N). It is safe to call
// concurrently and panics if g is not well formed.
func (g *CSR) Stats() DegreeStats {
	s := DegreeStats{N: g.N, M: g.NumEdges()}
	if g.N == 0 {
		return s
	}
	s.Min = math.MaxInt64
	var hist [65]int64
	var sum float64
	for v := 0; v < g.N; v++ {
		d := g.Offsets[v+1] - g.Offsets[v]
		s.Min = min(s.Min, d)
		s.Max = max(s.Max, d)
		hist[bits.Len64(uint64(d))]++
		sum += float64(d)
	}
	s.Zero = hist[0]
	s.Mean = sum / float64(g.N)
	var sq float64
	for v := 0; v < g.N; v++ {
		dev := float64(g.Offsets[v+1]-g.Offsets[v]) - s.Mean
		sq += dev * dev
	}
	s.StdDev = math.Sqrt(sq / float64(g.N))
	top := bits.Len64(uint64(s.Max))
	s.Histogram = append([]int64(nil), hist[:top+1]...)
	return s
}

// String formats s over several lines: a summary line followed by one line
// per non-empty histogram bucket.
func (s DegreeStats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "vertices %d, edges %d, out-degree min %d max %d mean %.3f stddev %.3f, %d with degree 0",
		s.N, s.M, s.Min, s.Max, s.Mean, s.StdDev, s.Zero)
	for k, c := range s.Histogram {
		if c == 0 {
			continue
		}
		if k == 0 {
			fmt.Fprintf(&b, "\n  degree 0: %d", c)
		} else {
			fmt.Fprintf(&b, "\n  degree [%d, %d): %d", uint64(1)<<(k-1), uint64(1)<<k, c)
		}
	}
	return b.String()
}

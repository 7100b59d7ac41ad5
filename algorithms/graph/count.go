package graph

import "github.com/gokkos/gokkos/internal/hugepage"

// counter is the integer type of the per-worker counters of a counting sort:
// uint32 halves their memory when the edge count allows it.
type counter interface{ ~uint32 | ~int64 }

// maxWorkersForCounts limits the worker count of a counting sort over m
// items keyed by n vertices so that the per-worker counter arrays together
// need no more entries than max(m, n).
func maxWorkersForCounts(p int, m int64, n int) int {
	if n > 0 {
		if lim := max(m/int64(n), 1); int64(p) > lim {
			p = int(lim)
		}
	}
	return max(p, 1)
}

// prefixCounts turns per-worker key counts into CSR offsets. On return
// off[v] is the number of items with keys below v, off[n] is the total, and
// counts[w][v] is the number of items with key v counted by workers before w,
// which is worker w's first write position relative to off[v].
func prefixCounts[C counter](n int, counts [][]C) []int64 {
	off := hugepage.Make[int64](n+1, n+1)
	p := workersFor(int64(n)*int64(len(counts)), 1<<18)
	sums := make([]int64, p+1)
	parallelRanges(int64(n), p, func(r int, lo, hi int64) {
		var total int64
		for v := lo; v < hi; v++ {
			var rel C
			for w := range counts {
				c := counts[w][v]
				counts[w][v] = rel
				rel += c
			}
			off[v] = int64(rel)
			total += int64(rel)
		}
		sums[r+1] = total
	})
	for r := 1; r <= p; r++ {
		sums[r] += sums[r-1]
	}
	parallelRanges(int64(n), p, func(r int, lo, hi int64) {
		run := sums[r]
		for v := lo; v < hi; v++ {
			d := off[v]
			off[v] = run
			run += d
		}
	})
	off[n] = sums[p]
	return off
}

package graph

import (
	"fmt"
	"math"
	"slices"

	"github.com/gokkos/gokkos/internal/hugepage"
	"github.com/gokkos/gokkos/internal/memlimit"
)

// BuildOptions selects the clean-up steps [Build] applies while it converts an
// edge list. The zero value keeps every edge as given.
type BuildOptions struct {
	// DropSelfLoops removes edges whose source equals their destination.
	DropSelfLoops bool
	// Dedup keeps one edge of each (source, destination) pair; of weighted
	// duplicates the one with the smallest weight is kept.
	Dedup bool
	// Symmetrize adds the reverse of every edge, with the same weight, so
	// that the result is the directed form of an undirected graph. A self
	// loop is not doubled. Combine with Dedup to drop the duplicates that
	// arise when both directions were already present.
	Symmetrize bool
}

// Build converts el into a CSR with each vertex's neighbors sorted in
// increasing order (ties between duplicate edges broken by weight), applying
// the steps chosen in opt. el is not modified and the result shares no memory
// with it.
//
// Build is two stable counting sorts (count degrees, prefix-sum, scatter),
// by destination and then by source, as in an LSD radix sort, so that the
// neighbor lists come out sorted without any comparison sort; input already
// in (source, destination) order, as files often are, takes a single pass. Each pass runs
// over GOMAXPROCS goroutines with per-goroutine counters, which keeps the
// order deterministic: the result does not depend on GOMAXPROCS. It takes
// O(N+M) time and O(N+M) memory beyond the result. Build returns an error, and no graph,
// if el is malformed as described on [EdgeList.Validate], or, before allocating
// anything, if the process cannot have the memory it needs (the error wraps
// [ErrTooLarge]). It is safe to call concurrently on the same el.
func Build(el *EdgeList, opt BuildOptions) (*CSR, error) {
	if err := el.checkShape(); err != nil {
		return nil, err
	}
	if need := buildBytes(int64(el.N), int64(len(el.Src)), el.W != nil, opt); need >= memlimit.Unchecked {
		if err := checkMemory("building a CSR of "+graphSize(int64(el.N), int64(len(el.Src))), need); err != nil {
			return nil, fmt.Errorf("graph: %w", err)
		}
	}
	emit := int64(len(el.Src))
	if opt.Symmetrize {
		emit *= 2
	}
	if emit < math.MaxUint32 {
		return buildCounted[uint32](el, opt)
	}
	return buildCounted[int64](el, opt)
}

func buildCounted[C counter](el *EdgeList, opt BuildOptions) (*CSR, error) {
	n, m := el.N, int64(len(el.Src))
	src, dst, w := el.Src, el.Dst, el.W
	un := uint32(n)
	drop, sym := opt.DropSelfLoops, opt.Symmetrize
	p := maxWorkersForCounts(workersFor(m, 1<<16), m, n)
	if !sym && sortedEdges(src, dst) {
		return buildSorted[C](el, opt, p)
	}

	// Pass 1: a stable counting sort of the edges by destination, keeping
	// each edge's source (and weight) in tmpSrc (and tmpW).
	counts := make([][]C, p)
	bad := make([]int64, p)
	parallelRanges(m, p, func(wk int, lo, hi int64) {
		cnt := make([]C, n)
		counts[wk] = cnt
		bad[wk] = -1
		for i := lo; i < hi; i++ {
			s, d := src[i], dst[i]
			if uint32(s) >= un || uint32(d) >= un {
				bad[wk] = i
				return
			}
			if s == d {
				if !drop {
					cnt[d]++
				}
				continue
			}
			cnt[d]++
			if sym {
				cnt[s]++
			}
		}
	})
	for _, i := range bad {
		if i >= 0 {
			return nil, el.rangeError(int(i))
		}
	}
	byDst := prefixCounts(n, counts)
	total := byDst[n]
	tmpSrc := make([]int32, total)
	var tmpW []float64
	if w != nil {
		tmpW = make([]float64, total)
	}
	parallelRanges(m, p, func(wk int, lo, hi int64) {
		cur := counts[wk]
		for i := lo; i < hi; i++ {
			s, d := src[i], dst[i]
			if s == d && drop {
				continue
			}
			pos := byDst[d] + int64(cur[d])
			cur[d]++
			tmpSrc[pos] = s
			if w != nil {
				tmpW[pos] = w[i]
			}
			if sym && s != d {
				pos = byDst[s] + int64(cur[s])
				cur[s]++
				tmpSrc[pos] = d
				if w != nil {
					tmpW[pos] = w[i]
				}
			}
		}
		clear(cur)
	})

	// Pass 2: a stable counting sort by source. Reading the edges in
	// destination order leaves every neighbor list sorted, as in an LSD
	// radix sort, with no comparison sort needed.
	b := vertexSplits(byDst, n, p)
	parallelRanges(int64(p), p, func(wk int, _, _ int64) {
		cnt := counts[wk]
		for _, s := range tmpSrc[byDst[b[wk]]:byDst[b[wk+1]]] {
			cnt[s]++
		}
	})
	off := prefixCounts(n, counts)
	adj := hugepage.Make[int32](int(total), int(total))
	var wts []float64
	if w != nil {
		wts = hugepage.Make[float64](int(total), int(total))
	}
	parallelRanges(int64(p), p, func(wk int, _, _ int64) {
		cur := counts[wk]
		for d := b[wk]; d < b[wk+1]; d++ {
			for j := byDst[d]; j < byDst[d+1]; j++ {
				s := tmpSrc[j]
				pos := off[s] + int64(cur[s])
				cur[s]++
				adj[pos] = int32(d)
				if wts != nil {
					wts[pos] = tmpW[j]
				}
			}
		}
	})
	counts, tmpSrc, tmpW = nil, nil, nil

	off, adj, wts = finishSegments(n, off, adj, wts, opt.Dedup)
	return &CSR{N: n, Offsets: off, Adj: adj, Weights: wts}, nil
}

// sortedEdges reports whether the edges are in increasing (source,
// destination) order, checking in parallel.
func sortedEdges(src, dst []int32) bool {
	m := int64(len(src))
	p := workersFor(m, 1<<18)
	ok := make([]bool, p)
	parallelRanges(m, p, func(wk int, lo, hi int64) {
		if lo > 0 {
			lo-- // compare with the last edge of the previous range too
		}
		for i := lo + 1; i < hi; i++ {
			if src[i] < src[i-1] || src[i] == src[i-1] && dst[i] < dst[i-1] {
				return
			}
		}
		ok[wk] = true
	})
	for _, o := range ok {
		if !o {
			return false
		}
	}
	return true
}

// buildSorted builds a CSR from edges already sorted by (source,
// destination) with a single counting pass by source, whose scatter writes
// memory in order.
func buildSorted[C counter](el *EdgeList, opt BuildOptions, p int) (*CSR, error) {
	n, m := el.N, int64(len(el.Src))
	src, dst, w := el.Src, el.Dst, el.W
	un := uint32(n)
	drop := opt.DropSelfLoops
	counts := make([][]C, p)
	bad := make([]int64, p)
	parallelRanges(m, p, func(wk int, lo, hi int64) {
		cnt := make([]C, n)
		counts[wk] = cnt
		bad[wk] = -1
		for i := lo; i < hi; i++ {
			s, d := src[i], dst[i]
			if uint32(s) >= un || uint32(d) >= un {
				bad[wk] = i
				return
			}
			if s != d || !drop {
				cnt[s]++
			}
		}
	})
	for _, i := range bad {
		if i >= 0 {
			return nil, el.rangeError(int(i))
		}
	}
	off := prefixCounts(n, counts)
	total := off[n]
	adj := hugepage.Make[int32](int(total), int(total))
	var wts []float64
	if w != nil {
		wts = hugepage.Make[float64](int(total), int(total))
	}
	parallelRanges(m, p, func(wk int, lo, hi int64) {
		cur := counts[wk]
		for i := lo; i < hi; i++ {
			s, d := src[i], dst[i]
			if s == d && drop {
				continue
			}
			pos := off[s] + int64(cur[s])
			cur[s]++
			adj[pos] = d
			if wts != nil {
				wts[pos] = w[i]
			}
		}
	})
	counts = nil
	off, adj, wts = finishSegments(n, off, adj, wts, opt.Dedup)
	return &CSR{N: n, Offsets: off, Adj: adj, Weights: wts}, nil
}

// finishSegments puts the weights of repeated edges in increasing order
// and, when dedup is set, keeps only the first (lightest) edge of each run
// of equal destinations, compacting the arrays. The neighbor lists must
// already be sorted. It returns the possibly new offsets and slices.
func finishSegments(n int, off []int64, adj []int32, wts []float64, dedup bool) ([]int64, []int32, []float64) {
	if wts == nil && !dedup {
		return off, adj, wts
	}
	m := off[n]
	p := workersFor(m+int64(n), 1<<15)
	var deg []int64
	if dedup {
		deg = make([]int64, n+1)
	}
	removed := make([]int64, max(p, 1))
	parallelVertexRanges(off, n, p, func(wk, lo, hi int) {
		for v := lo; v < hi; v++ {
			a, b := off[v], off[v+1]
			seg := adj[a:b]
			if wts != nil {
				ws := wts[a:b]
				for i := 0; i < len(seg); {
					j := i + 1
					for j < len(seg) && seg[j] == seg[i] {
						j++
					}
					if j-i > 1 {
						slices.Sort(ws[i:j])
					}
					i = j
				}
			}
			if dedup {
				k := uniq(seg, wts, a)
				deg[v+1] = k
				removed[wk] += (b - a) - k
			}
		}
	})
	var gone int64
	for _, r := range removed {
		gone += r
	}
	if gone == 0 {
		return off, adj, wts
	}
	newOff := deg
	for v := 1; v <= n; v++ {
		newOff[v] += newOff[v-1]
	}
	for v := 0; v < n; v++ {
		a, b := newOff[v], newOff[v+1]
		if a != off[v] {
			copy(adj[a:b], adj[off[v]:])
			if wts != nil {
				copy(wts[a:b], wts[off[v]:])
			}
		}
	}
	mm := newOff[n]
	if mm < m-m/4 {
		adj = slices.Clone(adj[:mm])
		if wts != nil {
			wts = slices.Clone(wts[:mm])
		}
	} else {
		adj = adj[:mm:mm]
		if wts != nil {
			wts = wts[:mm:mm]
		}
	}
	return newOff, adj, wts
}

// uniq removes repeated values from the sorted seg, moving the weights in
// wts (indexed from base) along, and returns the new length. The first of
// each run, which has the smallest weight, is kept.
func uniq(seg []int32, wts []float64, base int64) int64 {
	if len(seg) == 0 {
		return 0
	}
	k := 1
	for i := 1; i < len(seg); i++ {
		if seg[i] != seg[k-1] {
			seg[k] = seg[i]
			if wts != nil {
				wts[base+int64(k)] = wts[base+int64(i)]
			}
			k++
		}
	}
	return int64(k)
}

package graph

import (
	"cmp"
	"math"
	"slices"
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
// Build is a counting sort (count degrees, prefix-sum, scatter) run over
// GOMAXPROCS goroutines, followed by a per-vertex sort that is skipped for
// lists already in order; it takes O(N+M) memory beyond the result and
// O(M log d) time in the worst case, where d is the largest degree. The
// result does not depend on GOMAXPROCS. Build returns an error, and no graph,
// if el is malformed as described on [EdgeList.Validate]. It is safe to call
// concurrently on the same el.
func Build(el *EdgeList, opt BuildOptions) (*CSR, error) {
	if err := el.checkShape(); err != nil {
		return nil, err
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
					cnt[s]++
				}
				continue
			}
			cnt[s]++
			if sym {
				cnt[d]++
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
	adj := make([]int32, total)
	var wts []float64
	if w != nil {
		wts = make([]float64, total)
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
			if sym && s != d {
				pos = off[d] + int64(cur[d])
				cur[d]++
				adj[pos] = s
				if wts != nil {
					wts[pos] = w[i]
				}
			}
		}
	})
	counts = nil

	off, adj, wts = sortSegments(n, off, adj, wts, opt.Dedup)
	if n == 0 {
		off = []int64{0}
	}
	return &CSR{N: n, Offsets: off, Adj: adj, Weights: wts}, nil
}

// edgePair is a destination with its weight, used to sort weighted lists.
type edgePair struct {
	d int32
	w float64
}

func cmpEdgePair(a, b edgePair) int {
	if c := cmp.Compare(a.d, b.d); c != 0 {
		return c
	}
	return cmp.Compare(a.w, b.w)
}

// sortSegments sorts every vertex's neighbor list (by destination, then
// weight) and, when dedup is set, removes repeated destinations, compacting
// the arrays. It returns the possibly new offsets and slices.
func sortSegments(n int, off []int64, adj []int32, wts []float64, dedup bool) ([]int64, []int32, []float64) {
	m := off[n]
	p := workersFor(m+int64(n), 1<<15)
	var deg []int64
	if dedup {
		deg = make([]int64, n+1)
	}
	removed := make([]int64, max(p, 1))
	parallelVertexRanges(off, n, p, func(wk, lo, hi int) {
		var buf []edgePair
		for v := lo; v < hi; v++ {
			a, b := off[v], off[v+1]
			if b-a < 2 {
				if dedup {
					deg[v+1] = b - a
				}
				continue
			}
			seg := adj[a:b]
			if wts == nil {
				if !slices.IsSorted(seg) {
					slices.Sort(seg)
				}
			} else {
				buf = sortWeighted(seg, wts[a:b], buf)
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

// sortWeighted sorts seg and its weights ws together by (destination,
// weight), reusing buf as scratch space, and returns buf.
func sortWeighted(seg []int32, ws []float64, buf []edgePair) []edgePair {
	sorted := true
	for i := 1; i < len(seg); i++ {
		if seg[i] < seg[i-1] || (seg[i] == seg[i-1] && cmp.Less(ws[i], ws[i-1])) {
			sorted = false
			break
		}
	}
	if sorted {
		return buf
	}
	if len(seg) <= 24 {
		for i := 1; i < len(seg); i++ {
			d, w := seg[i], ws[i]
			j := i
			for ; j > 0 && cmpEdgePair(edgePair{d, w}, edgePair{seg[j-1], ws[j-1]}) < 0; j-- {
				seg[j], ws[j] = seg[j-1], ws[j-1]
			}
			seg[j], ws[j] = d, w
		}
		return buf
	}
	buf = buf[:0]
	for i := range seg {
		buf = append(buf, edgePair{seg[i], ws[i]})
	}
	slices.SortFunc(buf, cmpEdgePair)
	for i, e := range buf {
		seg[i], ws[i] = e.d, e.w
	}
	return buf
}

// uniq removes repeated values from the sorted seg, moving the weights in
// wts (indexed from base) along, and returns the new length. The first of
// each run, which has the smallest weight, is kept.
func uniq(seg []int32, wts []float64, base int64) int64 {
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

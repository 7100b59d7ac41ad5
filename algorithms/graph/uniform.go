package graph

import (
	"fmt"
	"math/bits"
	"slices"
)

// Uniform returns a directed Erdős–Rényi G(n, m) graph: m distinct edges
// chosen uniformly at random among the n*(n-1) ordered pairs of distinct
// vertices, so there are no self loops and no duplicates. The edges are
// returned sorted by (source, destination) and unweighted.
//
// Candidate edges are drawn in parallel from PCG streams derived from seed,
// then sorted and deduplicated, with further seeded rounds until m distinct
// edges remain (for dense requests the complement is drawn instead), so the
// result depends only on the arguments and not on GOMAXPROCS. It costs
// O(M) expected time and memory for sparse graphs ([UniformBytes]). Uniform
// panics if n or m is negative, n exceeds MaxVertices, or m exceeds n*(n-1),
// and, before allocating anything, with an error wrapping [ErrTooLarge] if
// the process cannot have the memory it needs.
func Uniform(n int, m int64, seed uint64) *EdgeList {
	if n < 0 || n > MaxVertices || m < 0 || (n > 0 && m > int64(n)*int64(n-1)) || (n == 0 && m > 0) {
		panic(fmt.Sprintf("graph: Uniform(n=%d, m=%d): want 0 <= m <= n*(n-1) and n <= %d", n, m, MaxVertices))
	}
	mustFit(UniformBytes(n, m), func() string { return fmt.Sprintf("Uniform(n=%d, m=%d)", n, m) })
	el := &EdgeList{N: n}
	if m == 0 {
		el.Src, el.Dst = []int32{}, []int32{}
		return el
	}
	pairs := int64(n) * int64(n-1)
	complement := m > pairs/2
	want := m
	if complement {
		want = pairs - m
	}
	keys := distinctPairKeys(n, want, seed)
	el.Src, el.Dst = make([]int32, 0, m), make([]int32, 0, m)
	emit := func(k uint64) {
		u, v := int32(k/uint64(n)), int32(k%uint64(n))
		el.Src = append(el.Src, u)
		el.Dst = append(el.Dst, v)
	}
	if !complement {
		for _, k := range keys {
			emit(k)
		}
		return el
	}
	j := 0
	for u := uint64(0); u < uint64(n); u++ {
		for v := uint64(0); v < uint64(n); v++ {
			if u == v {
				continue
			}
			k := u*uint64(n) + v
			if j < len(keys) && keys[j] == k {
				j++
				continue
			}
			emit(k)
		}
	}
	return el
}

// distinctPairKeys returns want distinct keys u*n+v with u != v, sorted.
func distinctPairKeys(n int, want int64, seed uint64) []uint64 {
	var keys []uint64
	for round := int64(0); int64(len(keys)) < want; round++ {
		missing := want - int64(len(keys))
		fresh := make([]uint64, missing)
		un := uint64(n)
		forChunks(missing, func(chunk, lo, hi int64) {
			r := streamRand(seed, tagUniform, round<<32|chunk)
			for i := lo; i < hi; i++ {
				u := r.Uint64N(un)
				v := r.Uint64N(un - 1)
				if v >= u {
					v++
				}
				fresh[i] = u*un + v
			}
		})
		keys = append(keys, fresh...)
		radixSort(keys, uint64(n)*uint64(n))
		keys = slices.Compact(keys)
	}
	return keys
}

// radixSort sorts keys, all below limit, with an LSD radix sort on 16-bit
// digits.
func radixSort(keys []uint64, limit uint64) {
	if len(keys) < 256 {
		slices.Sort(keys)
		return
	}
	tmp := make([]uint64, len(keys))
	src, dst := keys, tmp
	nbits := bits.Len64(limit)
	for shift := 0; shift < nbits; shift += 16 {
		var cnt [1 << 16]int
		for _, k := range src {
			cnt[(k>>shift)&0xffff]++
		}
		sum := 0
		for i, c := range cnt {
			cnt[i] = sum
			sum += c
		}
		for _, k := range src {
			d := (k >> shift) & 0xffff
			dst[cnt[d]] = k
			cnt[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
	}
}

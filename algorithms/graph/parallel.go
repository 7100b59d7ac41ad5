package graph

import (
	"runtime"
	"sort"
	"sync"
)

// workersFor returns how many goroutines to use for work of the given size,
// giving each at least minPer units.
func workersFor(units, minPer int64) int {
	p := runtime.GOMAXPROCS(0)
	if minPer < 1 {
		minPer = 1
	}
	if q := units / minPer; q < int64(p) {
		p = int(q)
	}
	return max(p, 1)
}

// parallelRanges calls fn(w, lo, hi) for p contiguous ranges covering [0, n),
// the w-th range on its own goroutine, and returns when all calls are done.
func parallelRanges(n int64, p int, fn func(w int, lo, hi int64)) {
	if p <= 1 || n <= 1 {
		fn(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for w := 0; w < p; w++ {
		lo, hi := n*int64(w)/int64(p), n*int64(w+1)/int64(p)
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w, lo, hi)
		}()
	}
	wg.Wait()
}

// vertexSplits returns p+1 vertex boundaries that cut [0, n) into p ranges
// with about the same number of vertices plus edges each.
func vertexSplits(offsets []int64, n, p int) []int {
	b := make([]int, p+1)
	b[p] = n
	if n == 0 {
		return b
	}
	total := offsets[n] + int64(n)
	for w := 1; w < p; w++ {
		target := total * int64(w) / int64(p)
		b[w] = sort.Search(n, func(v int) bool { return offsets[v]+int64(v) >= target })
		if b[w] < b[w-1] {
			b[w] = b[w-1]
		}
	}
	return b
}

// parallelVertexRanges calls fn(w, lo, hi) for p vertex ranges balanced by
// edge count, each on its own goroutine, and waits for all of them.
func parallelVertexRanges(offsets []int64, n, p int, fn func(w, lo, hi int)) {
	if p <= 1 || n <= 1 {
		fn(0, 0, n)
		return
	}
	b := vertexSplits(offsets, n, p)
	var wg sync.WaitGroup
	for w := 0; w < p; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w, b[w], b[w+1])
		}()
	}
	wg.Wait()
}

package graph

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
)

// Stream tags keep the random streams of different generators apart.
const (
	tagRMAT uint64 = iota + 1
	tagPermute
	tagUniform
	tagGrid
	tagSmallWorld
	tagWeights
	tagRoad
	tagCitation
)

// genChunk is the number of items each seeded generator stream produces; it
// is fixed so that results do not depend on the number of goroutines.
const genChunk = 1 << 16

// splitmix64 is the SplitMix64 finalizer, used to derive stream seeds.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// streamPCG returns the PCG source of stream (tag, index) for seed; hot
// loops call it directly to avoid the interface call of rand.Rand.
func streamPCG(seed, tag uint64, index int64) *rand.PCG {
	return rand.NewPCG(seed, splitmix64(tag<<40^uint64(index)))
}

// streamRand returns the generator of stream (tag, index) for seed.
func streamRand(seed, tag uint64, index int64) *rand.Rand {
	return rand.New(streamPCG(seed, tag, index))
}

// forChunks splits [0, m) into chunks of genChunk items and calls
// fn(chunk, lo, hi) for each, on up to GOMAXPROCS goroutines.
func forChunks(m int64, fn func(chunk, lo, hi int64)) {
	nch := (m + genChunk - 1) / genChunk
	p := workersFor(nch, 1)
	var next atomic.Int64
	work := func() {
		for {
			c := next.Add(1) - 1
			if c >= nch {
				return
			}
			fn(c, c*genChunk, min(m, (c+1)*genChunk))
		}
	}
	if p <= 1 {
		work()
		return
	}
	var wg sync.WaitGroup
	for range p {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	wg.Wait()
}

// permutation returns a uniformly random permutation of [0, n) drawn from r.
func permutation(n int, r *rand.Rand) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(i)
	}
	for i := n - 1; i > 0; i-- {
		j := r.Uint64N(uint64(i + 1))
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// relabel replaces every id x in ids by perm[x], in parallel.
func relabel(ids []int32, perm []int32) {
	forChunks(int64(len(ids)), func(_, lo, hi int64) {
		for i := lo; i < hi; i++ {
			ids[i] = perm[ids[i]]
		}
	})
}

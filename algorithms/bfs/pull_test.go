package bfs

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// pullWords is the template's host pull over words [first, last), written out with calls of
// the operator's methods: the reference of the generated pull loops.
func pullWords[Op frontier.PullOp](op Op, off []int64, adj []int32, cur, next []uint32, n, first, last int) int64 {
	var count int64
	for w := first; w < last; w++ {
		mask := op.PendingWord(w)
		if rest := n - 32*w; rest < 32 {
			mask &= uint32(1)<<uint(rest) - 1
		}
		var word uint32
		for mask != 0 {
			b := bits.TrailingZeros32(mask)
			mask &= mask - 1
			v := 32*w + b
			joined := false
			for e := off[v]; e < off[v+1]; e++ {
				u := adj[e]
				if cur[u>>5]&(1<<(u&31)) == 0 {
					continue
				}
				j, done := op.Pull(u, int32(v), e)
				joined = joined || j
				if done {
					break
				}
			}
			if joined {
				word |= 1 << b
				count++
			}
		}
		next[w] = word
	}
	return count
}

// TestHostPullLoop checks that the generated pull loops of visit and reach do what the
// template's host pull does with calls of PendingWord and Pull: the same joined vertices, count
// and states, over all words and over a range of them, with a last word of 8 vertices.
func TestHostPullLoop(t *testing.T) {
	const n = 72 // three words, the last one partial
	// In-edges of v: a few sources spread over the graph, some in the worklist.
	off := make([]int64, n+1)
	var adj []int32
	for v := range n {
		for k := range v % 5 {
			adj = append(adj, int32((v*7+k*13+1)%n))
		}
		off[v+1] = int64(len(adj))
	}
	cur := make([]uint32, 3)
	for u := 0; u < n; u += 3 {
		cur[u>>5] |= 1 << (u & 31)
	}
	visited := []uint32{0x0000ffff, 0x80000001, 0x1}
	states := func() []uint64 {
		s := make([]uint64, n)
		for v := range s {
			s[v] = unreached
			if visited[v>>5]&(1<<(v&31)) != 0 {
				s[v] = packState(1, 0)
			}
		}
		return s
	}
	for _, r := range []struct {
		name        string
		first, last int
	}{{"all words", 0, 3}, {"last words", 1, 3}, {"first word", 0, 1}} {
		t.Run("visit/"+r.name, func(t *testing.T) {
			loop, ok := portable.HostPull[visit, frontier.PullStep[visit]]()
			if !ok {
				t.Fatal("no generated pull loop for visit; run go generate")
			}
			mk := func() visit {
				return visit{State: views.Wrap1D("state", states()), Visited: views.Wrap1D("visited", slices.Clone(visited)), Depth: 4}
			}
			ref, got := mk(), mk()
			wantNext, gotNext := make([]uint32, 3), make([]uint32, 3)
			want := pullWords(ref, off, adj, cur, wantNext, n, r.first, r.last)
			c := loop(&got, off, adj, cur, gotNext, n, r.first, r.last)
			if c != want || !slices.Equal(gotNext, wantNext) {
				t.Errorf("joined %d, words %x; want %d, %x", c, gotNext, want, wantNext)
			}
			if want == 0 {
				t.Error("the case joins no vertex")
			}
			if !slices.Equal(got.State.Data(), ref.State.Data()) {
				t.Errorf("states %v, want %v", got.State.Data(), ref.State.Data())
			}
		})
		t.Run("reach/"+r.name, func(t *testing.T) {
			loop, ok := portable.HostPull[reach, frontier.PullStep[reach]]()
			if !ok {
				t.Fatal("no generated pull loop for reach; run go generate")
			}
			op := reach{Visited: views.Wrap1D("visited", slices.Clone(visited))}
			wantNext, gotNext := make([]uint32, 3), make([]uint32, 3)
			want := pullWords(op, off, adj, cur, wantNext, n, r.first, r.last)
			c := loop(&op, off, adj, cur, gotNext, n, r.first, r.last)
			if c != want || !slices.Equal(gotNext, wantNext) {
				t.Errorf("joined %d, words %x; want %d, %x", c, gotNext, want, wantNext)
			}
		})
	}
}

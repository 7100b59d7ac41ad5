package coloring

import (
	"math/bits"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// TestHostPullLoop checks that the generated pull loop of propagate, whose Pull never ends a
// vertex's scan, does what the template's host pull does with calls of PendingWord and Pull:
// every in-neighbor in the worklist offers its color, and the same vertices join.
func TestHostPullLoop(t *testing.T) {
	loop, ok := portable.HostPull[propagate, frontier.PullStep[propagate]]()
	if !ok {
		t.Fatal("no generated pull loop for propagate; run go generate")
	}
	const n = 40
	off := make([]int64, n+1)
	var adj []int32
	// Rows of ascending sources whose colors are their ids: a vertex's later sources in the
	// worklist offer larger colors than its first, so a scan that stopped at the first that
	// joins would leave smaller colors.
	for v := range n {
		row := make([]int32, 0, 6)
		for k := range 2 + v%5 {
			row = append(row, int32((v*11+k*7+3)%n))
		}
		slices.Sort(row)
		adj = append(adj, row...)
		off[v+1] = int64(len(adj))
	}
	cur := []uint32{0x5a5a5a5a, 0xa5}
	colors := make([]int32, n)
	for v := range colors {
		colors[v] = int32(v)
	}
	ref := propagate{Color: views.Wrap1D("color", slices.Clone(colors))}
	got := propagate{Color: views.Wrap1D("color", slices.Clone(colors))}
	wantNext, gotNext := make([]uint32, 2), make([]uint32, 2)
	var want int64
	for w := range 2 {
		mask := ref.PendingWord(w)
		if rest := n - 32*w; rest < 32 {
			mask &= uint32(1)<<uint(rest) - 1
		}
		for mask != 0 {
			b := bits.TrailingZeros32(mask)
			mask &= mask - 1
			v := 32*w + b
			joined := false
			for e := off[v]; e < off[v+1]; e++ {
				if u := adj[e]; cur[u>>5]&(1<<(u&31)) != 0 {
					j, done := ref.Pull(u, int32(v), e)
					joined = joined || j
					if done {
						break
					}
				}
			}
			if joined {
				wantNext[w] |= 1 << b
				want++
			}
		}
	}
	if c := loop(&got, off, adj, cur, gotNext, n, 0, 2); c != want || !slices.Equal(gotNext, wantNext) {
		t.Errorf("joined %d, words %x; want %d, %x", c, gotNext, want, wantNext)
	}
	if want == 0 {
		t.Error("the case joins no vertex")
	}
	if !slices.Equal(got.Color.Data(), ref.Color.Data()) {
		t.Errorf("colors %v, want %v", got.Color.Data(), ref.Color.Data())
	}
}

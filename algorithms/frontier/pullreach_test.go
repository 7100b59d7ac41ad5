package frontier_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/views"
)

// bitReach is a reachability operator whose claim is a bit of Bits, as PullReach requires.
type bitReach struct {
	Bits views.View1D[uint32]
}

func (o bitReach) Visit(u, v int32, e int64) bool {
	bit := uint32(1) << uint(v&31)
	return o.Bits.AtomicOr(int(v>>5), bit)&bit == 0
}

func (o bitReach) Pending(v int32) bool {
	return o.Bits.AtomicLoad(int(v>>5))&(uint32(1)<<uint(v&31)) == 0
}

func (o bitReach) PendingWord(w int) uint32 { return ^o.Bits.AtomicLoad(w) }

func (o bitReach) Pull(u, v int32, e int64) (bool, bool) { return true, true }

// TestPullReach checks searches that alternate PullReach and Push steps against a serial
// search on the test graphs, with the host's word mapping and the devices' vertex mapping: the
// bitmap ends holding exactly the reachable vertices, every step's worklist holds only vertices
// new to it, and the search ends.
func TestPullReach(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	for _, tc := range frontiertest.Graphs(false, false) {
		if len(tc.Roots) == 0 {
			continue // the empty graph
		}
		for _, tune := range []frontier.Tuning{{}, {PullWords: -1}, {PullWords: 1}} {
			t.Run(fmt.Sprintf("%s/words=%d", tc.Name, tune.PullWords), func(t *testing.T) {
				g, err := dgraph.New(s, tc.Graph)
				if err != nil {
					t.Fatal(err)
				}
				f, err := frontier.New(g, frontier.Options{Tuning: tune})
				if err != nil {
					t.Fatal(err)
				}
				defer f.Free()
				root := tc.Roots[0]
				b0 := make([]uint32, (tc.Graph.N+31)/32)
				b0[root>>5] |= 1 << uint(root&31)
				bits := upload(t, s, b0)
				if err := f.Set(root); err != nil {
					t.Fatal(err)
				}
				op := bitReach{Bits: bits}
				seen := 1
				for i := 0; !f.Empty(); i++ {
					if i > tc.Graph.N {
						t.Fatal("the search does not end")
					}
					var st frontier.Step
					if i%2 == 0 {
						st, err = frontier.PullReach(f, op, bits)
					} else {
						st, err = frontier.Push(f, op)
					}
					if err != nil {
						t.Fatal(err)
					}
					seen += int(st.Added)
				}
				want := reachable(tc.Graph, root)
				got := download(t, bits)
				n := 0
				for v := range want {
					in := got[v>>5]&(1<<uint(v&31)) != 0
					if in != want[v] {
						t.Fatalf("vertex %d reached %v, want %v", v, in, want[v])
					}
					if in {
						n++
					}
				}
				if seen != n {
					t.Fatalf("steps added %d vertices in all, %d reached", seen, n)
				}
			})
		}
	}
}

// TestPullReachGrows checks that a PullReach step sources from the vertices it claims during
// the same step, where a Pull step sources from the worklist alone: along the chain 0 → 32 →
// 64 → ... → 480, whose vertices lie in successive bitmap words that one iteration (of 16
// words) scans in order, one PullReach step from vertex 0 claims the whole chain and a Pull
// step its first link. A bitmap of the wrong length panics.
func TestPullReachGrows(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	el := &graph.EdgeList{N: 512}
	for v := int32(0); v+32 < 512; v += 32 {
		el.Src, el.Dst = append(el.Src, v), append(el.Dst, v+32)
	}
	g, err := dgraph.FromEdgeList(s, el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		grow bool
		want int64
	}{
		{"pull", false, 1},
		{"pullreach", true, 15},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := frontier.New(g, frontier.Options{Tuning: frontier.Tuning{PullWords: 16}})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Free()
			b0 := make([]uint32, 16)
			b0[0] = 1
			bits := upload(t, s, b0)
			if err := f.Set(0); err != nil {
				t.Fatal(err)
			}
			var st frontier.Step
			if tc.grow {
				st, err = frontier.PullReach(f, bitReach{Bits: bits}, bits)
			} else {
				st, err = frontier.Pull(f, bitReach{Bits: bits})
			}
			if err != nil {
				t.Fatal(err)
			}
			if st.Added != tc.want || f.Size() != tc.want {
				t.Fatalf("step added %d, worklist %d; want %d", st.Added, f.Size(), tc.want)
			}
			got, err := f.Vertices()
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range got {
				if v != int32(32*(i+1)) {
					t.Fatalf("worklist %v, want the chain's vertices from 32", got)
				}
			}
		})
	}
	t.Run("length", func(t *testing.T) {
		f, err := frontier.New(g, frontier.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer f.Free()
		short := upload(t, s, make([]uint32, 15))
		defer func() {
			if r := recover(); r == nil || !strings.HasPrefix(fmt.Sprint(r), "frontier: ") {
				t.Fatalf("recovered %v, want a frontier panic", r)
			}
		}()
		_, _ = frontier.PullReach(f, bitReach{Bits: short}, short)
	})
}

// reachable returns which vertices of g a search from root reaches.
func reachable(g *graph.CSR, root int32) []bool {
	seen := make([]bool, g.N)
	seen[root] = true
	q := []int32{root}
	for len(q) > 0 {
		u := q[0]
		q = q[1:]
		for _, v := range g.Neighbors(u) {
			if !seen[v] {
				seen[v] = true
				q = append(q, v)
			}
		}
	}
	return seen
}

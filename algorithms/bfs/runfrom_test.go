package bfs_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/bfs"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	"github.com/gokkos/gokkos/views"
)

// hostBits copies the visited bitmap of b's last search to the host.
func hostBits(b *bfs.BFS) ([]uint32, error) {
	v := b.Reached()
	h := make([]uint32, v.Len())
	return h, views.DeepCopy(views.Wrap1D("reached", h), v)
}

// nearest returns the multi-source levels by definition: each vertex's smallest level over
// searches from every root (-1 when none reaches it).
func nearest(g *graph.CSR, roots []int32) []int32 {
	out := make([]int32, g.N)
	for i := range out {
		out[i] = -1
	}
	for _, r := range roots {
		l, _ := ref.BFS(g, r)
		for v, x := range l {
			if x >= 0 && (out[v] < 0 || x < out[v]) {
				out[v] = x
			}
		}
	}
	return out
}

// TestRunFrom checks multi-source searches against nearest on every test graph: the levels,
// parents on the level before along an edge (roots their own parents), the level counts, and
// for ReachOnly searches the reached set; roots given twice count once.
func TestRunFrom(t *testing.T) {
	s := space(t)
	opts := []bfs.Options{
		{Direction: bfs.TopDown},
		{Direction: bfs.Optimizing, Alpha: 1e9, Beta: 1},
		{Direction: bfs.TopDown, Tuning: frontier.Tuning{LevelTeams: 2, LevelRounds: 3, LevelVertices: 1 << 20, LevelEdges: 1 << 24, LevelDegree: 1 << 20, Buffer: 2}},
	}
	for _, tc := range frontiertest.Graphs(false, false) {
		n := tc.Graph.N
		if n == 0 {
			continue
		}
		roots := []int32{int32(n - 1), 0, int32(n / 2), 0}
		want := nearest(tc.Graph, roots)
		var wantCounts []int64
		for _, l := range want {
			if l >= 0 {
				for int(l) >= len(wantCounts) {
					wantCounts = append(wantCounts, 0)
				}
				wantCounts[l]++
			}
		}
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		for i, o := range opts {
			for _, reachOnly := range []bool{false, true} {
				o.ReachOnly = reachOnly
				t.Run(fmt.Sprintf("%s/%d/reach=%v", tc.Name, i, reachOnly), func(t *testing.T) {
					b, err := bfs.New(g, o)
					if err != nil {
						t.Fatal(err)
					}
					defer b.Free()
					st, err := b.RunFrom(roots...)
					if err != nil {
						t.Fatal(err)
					}
					if st.Root != roots[0] {
						t.Fatalf("Stats.Root %d, want the first root %d", st.Root, roots[0])
					}
					if reachOnly {
						bits, err := hostBits(b)
						if err != nil {
							t.Fatal(err)
						}
						for v, l := range want {
							if got := bits[v>>5]&(1<<uint(v&31)) != 0; got != (l >= 0) {
								t.Fatalf("vertex %d reached %v, level %d", v, got, l)
							}
						}
						return
					}
					if !slices.Equal(st.Levels, wantCounts) {
						t.Fatalf("level counts %v, want %v", st.Levels, wantCounts)
					}
					level, err := b.Level()
					if err != nil {
						t.Fatal(err)
					}
					parent, err := b.Parent()
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(level, want) {
						t.Fatalf("levels %v, want %v", level, want)
					}
					for v, l := range level {
						p := parent[v]
						switch {
						case l < 0 && p != -1:
							t.Fatalf("unreached vertex %d has parent %d", v, p)
						case l == 0 && p != int32(v):
							t.Fatalf("root %d has parent %d", v, p)
						case l > 0 && (p < 0 || level[p] != l-1 || !slices.Contains(tc.Graph.Adj[tc.Graph.Offsets[p]:tc.Graph.Offsets[p+1]], int32(v))):
							t.Fatalf("vertex %d at level %d has parent %d (level %d)", v, l, p, level[max(p, 0)])
						}
					}
				})
			}
		}
		g.Free()
	}
}

// TestRunFromDoubled checks a forward-backward search as one traversal: a ReachOnly search of
// the doubled graph from v and N+v reaches in its first half what v reaches, and in its second
// half what reaches v.
func TestRunFromDoubled(t *testing.T) {
	s := space(t)
	for _, tc := range frontiertest.Graphs(false, false) {
		if tc.Graph.N == 0 {
			continue
		}
		t.Run(tc.Name, func(t *testing.T) {
			g, err := dgraph.New(s, tc.Graph)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Free()
			d, err := g.Doubled()
			if err != nil {
				t.Fatal(err)
			}
			defer d.Free()
			b, err := bfs.New(d, bfs.Options{ReachOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Free()
			n := tc.Graph.N
			tr := tc.Graph.Transpose()
			for _, v := range tc.Roots {
				if _, err := b.RunFrom(v, int32(n)+v); err != nil {
					t.Fatal(err)
				}
				bits, err := hostBits(b)
				if err != nil {
					t.Fatal(err)
				}
				fw, _ := ref.BFS(tc.Graph, v)
				bw, _ := ref.BFS(tr, v)
				for u := 0; u < n; u++ {
					gotF := bits[u>>5]&(1<<uint(u&31)) != 0
					w := n + u
					gotB := bits[w>>5]&(1<<uint(w&31)) != 0
					if gotF != (fw[u] >= 0) || gotB != (bw[u] >= 0) {
						t.Fatalf("root %d: vertex %d reached forwards %v (want %v), backwards %v (want %v)", v, u, gotF, fw[u] >= 0, gotB, bw[u] >= 0)
					}
				}
			}
		})
	}
}

// TestRunFromErrors checks the errors of RunFrom.
func TestRunFromErrors(t *testing.T) {
	g, err := dgraph.New(space(t), frontiertest.Graphs(false, false)[1].Graph)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	b, err := bfs.New(g, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Free()
	for _, roots := range [][]int32{nil, {0, int32(g.N())}, {-1}} {
		if _, err := b.RunFrom(roots...); err == nil {
			t.Errorf("RunFrom(%v) succeeded", roots)
		}
	}
}

package frontier_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/views"
)

// traversal is the sequence of worklists of a traversal from vertex 0, each sorted, with the
// Added and AddedEdges of the step that made it.
type traversal struct {
	lists        [][]int32
	added, edges []int64
	fused        int
}

// traverse runs push steps with op from vertex 0 until the worklist is empty: plain Push
// steps, or PushLevels calls of at most max steps whenever Levels admits the worklist. A
// PushLevels call that starts nothing must face a worklist with a vertex of degree above
// limit (degree gives a vertex's out-degree).
func traverse[Op frontier.EdgeOp](t *testing.T, f *frontier.Frontier, op Op, max int, degree func(v int32) int, limit int) traversal {
	t.Helper()
	var tr traversal
	if err := f.Set(0); err != nil {
		t.Fatal(err)
	}
	record := func(s frontier.Step) {
		v, err := f.Vertices()
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(v)
		tr.lists = append(tr.lists, v)
		tr.added = append(tr.added, s.Added)
		tr.edges = append(tr.edges, s.AddedEdges)
	}
	for !f.Empty() {
		ok, err := f.Levels()
		if err != nil {
			t.Fatal(err)
		}
		if max > 0 && ok {
			before := f.Iteration()
			steps, err := frontier.PushLevels(f, op, max)
			if err != nil {
				t.Fatal(err)
			}
			if len(steps) == 0 {
				// A vertex above LevelDegree: nothing ran, and Levels now says no.
				v, err := f.Vertices()
				if err != nil {
					t.Fatal(err)
				}
				top := 0
				for _, u := range v {
					if d := degree(u); d > top {
						top = d
					}
				}
				if top <= limit {
					t.Fatalf("PushLevels started nothing on a worklist of largest degree %d (limit %d)", top, limit)
				}
				if again, err := f.Levels(); err != nil || again || f.Iteration() != before {
					t.Fatalf("after an unstarted PushLevels: Levels() = %v, %v; iteration %d -> %d", again, err, before, f.Iteration())
				}
				s, err := frontier.Push(f, op)
				if err != nil {
					t.Fatal(err)
				}
				record(s)
				continue
			}
			if len(steps) > max || f.Iteration() != before+len(steps) {
				t.Fatalf("PushLevels ran %d steps (max %d), iteration %d -> %d", len(steps), max, before, f.Iteration())
			}
			// Only the last worklist of the call is still there to compare; the others are
			// checked through their sizes.
			for _, s := range steps[:len(steps)-1] {
				if !s.Fused || s.Added == 0 {
					t.Fatalf("inner fused step %+v", s)
				}
				tr.lists = append(tr.lists, nil)
				tr.added = append(tr.added, s.Added)
				tr.edges = append(tr.edges, s.AddedEdges)
			}
			tr.fused += len(steps)
			record(steps[len(steps)-1])
			continue
		}
		s, err := frontier.Push(f, op)
		if err != nil {
			t.Fatal(err)
		}
		record(s)
	}
	return tr
}

func TestPushLevels(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	for _, tc := range frontiertest.Graphs(false, false) {
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		for _, unique := range []bool{true, false} {
			for _, c := range []struct{ max, degree int }{{1, 0}, {3, 0}, {1024, 0}, {1024, 2}} {
				max := c.max
				t.Run(fmt.Sprintf("%s/unique=%v/max=%d/degree=%d", tc.Name, unique, max, c.degree), func(t *testing.T) {
					if tc.Graph.N == 0 {
						t.Skip("no vertex 0")
					}
					run := func(max int) traversal {
						// Small bounds, so that traversals leave and re-enter fused steps.
						tune := frontier.Tuning{EdgeSample: 1, LevelVertices: 16, LevelEdges: 64, LevelDegree: c.degree}
						limit := tune.LevelDegree
						if limit == 0 {
							limit = frontier.DefaultTuning(s.Info()).LevelDegree
						}
						deg := func(v int32) int { return int(tc.Graph.Degree(v)) }
						f, err := frontier.New(g, frontier.Options{Strategy: frontier.Baseline, Format: frontier.Queue, Unique: unique, Tuning: tune})
						if err != nil {
							t.Fatal(err)
						}
						defer f.Free()
						m := make([]int32, tc.Graph.N)
						m[0] = 1
						mark := upload(t, s, m)
						if unique {
							return traverse(t, f, reach{Mark: mark}, max, deg, limit)
						}
						return traverse(t, f, layer{Mark: mark}, max, deg, limit)
					}
					want, got := run(0), run(max)
					small := tc.Graph.Degree(0) <= 64
					for i := range want.added {
						small = small || (want.added[i] > 0 && want.added[i] <= 16 && want.edges[i] <= 64)
					}
					if c.degree == 0 && small != (got.fused > 0) {
						t.Fatalf("%d fused steps; a worklist within the bounds: %v", got.fused, small)
					}
					if !slices.Equal(got.added, want.added) || !slices.Equal(got.edges, want.edges) {
						t.Fatalf("fused steps added %v (edges %v), plain steps %v (%v)", got.added, got.edges, want.added, want.edges)
					}
					for i, l := range got.lists {
						if l != nil && !slices.Equal(l, want.lists[i]) {
							t.Fatalf("worklist %d: %v, want %v", i, l, want.lists[i])
						}
					}
				})
			}
		}
	}
}

// layer stores in Mark[v] the number of the step that first reaches v plus one (the root's
// entry is 1) and reports v on every visit from the step before, so that queues must
// de-duplicate the vertices with several in-edges from one worklist.
type layer struct {
	Mark views.View1D[int32]
}

func (o layer) Visit(u, v int32, e int64) bool {
	next := o.Mark.AtomicLoad(int(u)) + 1
	o.Mark.AtomicCompareAndSwap(int(v), 0, next)
	return o.Mark.AtomicLoad(int(v)) == next
}

func TestPushLevelsErrors(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	g, err := dgraph.New(s, frontiertest.Graphs(false, false)[1].Graph)
	if err != nil {
		t.Fatal(err)
	}
	f, err := frontier.New(g, frontier.Options{Unique: true, Tuning: frontier.Tuning{LevelEdges: -1}})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Free()
	if err := f.Set(0); err != nil {
		t.Fatal(err)
	}
	if ok, err := f.Levels(); ok || err != nil {
		t.Fatalf("Levels() = %v, %v with LevelEdges -1", ok, err)
	}
	if _, err := frontier.PushLevels(f, reach{Mark: upload(t, s, make([]int32, g.N()))}, 0); err == nil {
		t.Fatal("PushLevels with max 0: no error")
	}
	f.Free()
	if _, err := f.Levels(); err == nil {
		t.Fatal("Levels on a freed worklist: no error")
	}
}

// correctingReach is reach as a label-correcting operator, which lets fused steps run local
// rounds.
type correctingReach struct{ reach }

func (correctingReach) Correcting() bool { return true }

// TestPushLevelsRounds checks the rounds a fused step reports on a path, where a team's local
// rounds each claim the next vertex: every step but the last covers LevelRounds levels and
// hands one vertex on, and the last stops the round after the path's end.
func TestPushLevelsRounds(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	for _, tc := range []struct {
		n, rounds int
		want      []int
	}{
		{n: 23, rounds: 5, want: []int{5, 5, 5, 5, 3}},
		{n: 11, rounds: 5, want: []int{5, 5, 1}},
		{n: 4, rounds: 1, want: []int{1, 1, 1, 1}},
	} {
		t.Run(fmt.Sprintf("n=%d/rounds=%d", tc.n, tc.rounds), func(t *testing.T) {
			el := &graph.EdgeList{N: tc.n}
			for v := 0; v+1 < tc.n; v++ {
				el.Src, el.Dst = append(el.Src, int32(v)), append(el.Dst, int32(v+1))
			}
			gr, err := graph.Build(el, graph.BuildOptions{})
			if err != nil {
				t.Fatal(err)
			}
			g, err := dgraph.New(s, gr)
			if err != nil {
				t.Fatal(err)
			}
			f, err := frontier.New(g, frontier.Options{Strategy: frontier.Baseline, Format: frontier.Queue,
				Tuning: frontier.Tuning{LevelRounds: tc.rounds}})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Free()
			m := make([]int32, tc.n)
			m[0] = 1
			op := correctingReach{reach{Mark: upload(t, s, m)}}
			if err := f.Set(0); err != nil {
				t.Fatal(err)
			}
			steps, err := frontier.PushLevels(f, op, 100)
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for i, st := range steps {
				got = append(got, st.Rounds)
				if wantAdded := int64(min(1, len(tc.want)-1-i)); st.Added != wantAdded {
					t.Errorf("step %d added %d, want %d", i, st.Added, wantAdded)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("rounds per step %v, want %v", got, tc.want)
			}
			if err := views.DeepCopy(views.Wrap1D("marks", m), op.Mark); err != nil {
				t.Fatal(err)
			}
			if i := slices.Index(m, 0); i >= 0 {
				t.Fatalf("vertex %d not reached", i)
			}
		})
	}
}

// TestPushLevelsLocalTeams runs fused steps with local rounds in teams of several members on
// the test graphs, with a buffer of two vertices (members flush several times a round) and
// lists of 32 entries (wide rounds spill to the worklist), and checks that exactly the vertices
// reachable from the root are marked and that local rounds ran.
func TestPushLevelsLocalTeams(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	tune := frontier.Tuning{LevelTeamSize: 4, LevelTeams: 3, LevelRounds: 4, Buffer: 2,
		LevelVertices: 1 << 20, LevelEdges: 1 << 20, LevelDegree: 1 << 20}
	for _, tc := range frontiertest.Graphs(false, false) {
		for _, root := range tc.Roots {
			t.Run(fmt.Sprintf("%s/root=%d", tc.Name, root), func(t *testing.T) {
				g, err := dgraph.New(s, tc.Graph)
				if err != nil {
					t.Fatal(err)
				}
				f, err := frontier.New(g, frontier.Options{Strategy: frontier.Baseline, Format: frontier.Queue, Tuning: tune})
				if err != nil {
					t.Fatal(err)
				}
				defer f.Free()
				m := make([]int32, tc.Graph.N)
				m[root] = 1
				op := correctingReach{reach{Mark: upload(t, s, m)}}
				if err := f.Set(root); err != nil {
					t.Fatal(err)
				}
				local := false
				for !f.Empty() {
					steps, err := frontier.Advance(f, op, 8)
					if err != nil {
						t.Fatal(err)
					}
					for _, st := range steps {
						local = local || st.Rounds > 1
					}
				}
				if err := views.DeepCopy(views.Wrap1D("marks", m), op.Mark); err != nil {
					t.Fatal(err)
				}
				want := make([]bool, tc.Graph.N)
				want[root] = true
				queue := []int32{root}
				for len(queue) > 0 {
					u := queue[0]
					queue = queue[1:]
					for _, v := range tc.Graph.Neighbors(u) {
						if !want[v] {
							want[v] = true
							queue = append(queue, v)
						}
					}
				}
				for v := range m {
					if (m[v] != 0) != want[v] {
						t.Fatalf("vertex %d marked %d, reachable %v", v, m[v], want[v])
					}
				}
				if tc.Graph.NumEdges() > 0 && len(tc.Graph.Neighbors(root)) > 0 && !local {
					t.Fatal("no fused step ran local rounds")
				}
			})
		}
	}
}

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
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/sweep"
	"github.com/gokkos/gokkos/views"
)

func space(t testing.TB) execspace.Space {
	t.Helper()
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// configs is every combination the tests cover: each strategy with each format, top-down and
// direction-optimizing, plus the adaptive runtime.
func configs() []bfs.Options {
	var out []bfs.Options
	for _, s := range append([]frontier.Strategy{frontier.Auto}, frontier.Strategies()...) {
		for _, f := range []frontier.Format{frontier.AutoFormat, frontier.Queue, frontier.Bitmap} {
			for _, d := range []bfs.Direction{bfs.TopDown, bfs.Optimizing} {
				out = append(out, bfs.Options{Strategy: s, Format: f, Direction: d, Trace: true})
			}
		}
	}
	// Small buffers and chunks exercise the flush rounds and multi-chunk paths on the host.
	out = append(out, bfs.Options{Strategy: frontier.Baseline, Direction: bfs.TopDown, Tuning: frontier.Tuning{Buffer: 3, SlotsPerThread: 2}},
		bfs.Options{Strategy: frontier.LocalCollapse, Direction: bfs.TopDown, Tuning: frontier.Tuning{Buffer: 2, SlotsPerThread: 3}},
		bfs.Options{Strategy: frontier.GlobalCollapse, Direction: bfs.TopDown, Tuning: frontier.Tuning{Buffer: 5, Teams: 3}},
		bfs.Options{Strategy: frontier.Hierarchical, Direction: bfs.TopDown, Tuning: frontier.Tuning{Buffer: 1}},
		bfs.Options{Alpha: 1e9, Beta: 1},                                         // pull as soon as possible, back to push late
		bfs.Options{Alpha: 1e9, Beta: 1, Tuning: frontier.Tuning{PullWords: -1}}, // the device's pull mapping
		bfs.Options{Alpha: 1e9, Beta: 1, Tuning: frontier.Tuning{PullWords: 3}},
		// Fused steps for every level, in a concurrent league of several teams (as many as the
		// space's workers) that meet at a league barrier between levels.
		bfs.Options{Direction: bfs.TopDown, Tuning: frontier.Tuning{LevelTeams: 3, LevelVertices: 1 << 20, LevelEdges: 1 << 24, LevelDegree: 1 << 20, Buffer: 2}},
		// The same with local rounds inside each team (lists of 8 entries for a team of one
		// member, so that full lists send vertices on to the next step), top-down and after
		// pull steps.
		bfs.Options{Direction: bfs.TopDown, Tuning: frontier.Tuning{LevelTeams: 3, LevelRounds: 5, LevelVertices: 1 << 20, LevelEdges: 1 << 24, LevelDegree: 1 << 20, Buffer: 2}},
		bfs.Options{Alpha: 1e9, Beta: 1, Tuning: frontier.Tuning{LevelTeams: 2, LevelRounds: 3, LevelVertices: 64, LevelEdges: 256}},
	)
	return out
}

func name(o bfs.Options) string {
	return fmt.Sprintf("%v/%v/%v/%+v", o.Strategy, o.Format, o.Direction, o.Tuning)
}

func TestBFS(t *testing.T) {
	s := space(t)
	cfgs := configs()
	c := 0      // the (graph, root) case, for sweep.Pick
	rounds := 0 // runs whose fused steps ran local rounds
	defer func() {
		if !t.Failed() && rounds == 0 {
			t.Error("no run took fused steps with local rounds")
		}
	}()
	for _, tc := range frontiertest.Graphs(false, false) {
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		for _, root := range tc.Roots {
			want, _ := ref.BFS(tc.Graph, root)
			var wantLevels []int64
			for _, l := range want {
				if l >= 0 {
					for int(l) >= len(wantLevels) {
						wantLevels = append(wantLevels, 0)
					}
					wantLevels[l]++
				}
			}
			c++
			for j, opt := range cfgs {
				if !sweep.Pick(c, j, len(cfgs), 6) {
					continue
				}
				t.Run(fmt.Sprintf("%s/root=%d/%s", tc.Name, root, name(opt)), func(t *testing.T) {
					b, err := bfs.New(g, opt)
					if err != nil {
						t.Fatal(err)
					}
					defer b.Free()
					for run := 0; run < 2; run++ { // a second run must reset everything
						st, level := runValid(t, b, tc.Graph, root)
						if !slices.Equal(level, want) {
							t.Fatalf("run %d: levels differ from ref.BFS", run)
						}
						if !slices.Equal(st.Levels, wantLevels) {
							t.Fatalf("run %d: level counts %v, want %v", run, st.Levels, wantLevels)
						}
						if st.Depth != len(wantLevels)-1 {
							t.Fatalf("depth %d, want %d", st.Depth, len(wantLevels)-1)
						}
						if st.LocalRounds {
							rounds++
						}
					}
				})
			}
		}
	}
}

func TestRunAndErrors(t *testing.T) {
	s := space(t)
	tc := frontiertest.Graphs(false, false)[1] // isolated vertices
	g, err := dgraph.New(s, tc.Graph)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bfs.Run(g, -1, bfs.Options{}); err == nil {
		t.Error("negative root accepted")
	}
	if _, err := bfs.Run(g, int32(tc.Graph.N), bfs.Options{}); err == nil {
		t.Error("root past the end accepted")
	}
	if _, err := bfs.New(g, bfs.Options{Alpha: -1}); err == nil {
		t.Error("negative alpha accepted")
	}
	if _, err := bfs.New(nil, bfs.Options{}); err == nil {
		t.Error("nil graph accepted")
	}
	b, err := bfs.New(g, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Level(); err == nil {
		t.Error("Level before Run succeeded")
	}
	r, err := bfs.Run(g, 3, bfs.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Reached != 1 || r.Depth != 0 || r.Level[3] != 0 || r.Parent[3] != 3 {
		t.Fatalf("isolated root: %+v", r)
	}
}

func TestParseDirection(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bfs.Direction
		ok   bool
	}{{"auto", bfs.Auto, true}, {"push", bfs.TopDown, true}, {"DO", bfs.Optimizing, true}, {"sideways", 0, false}} {
		got, err := bfs.ParseDirection(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseDirection(%q) = %v, %v", tc.in, got, err)
		}
	}
}

// TestDirectionSwitching checks when direction-optimizing traversal takes pull steps: on a
// scale-free graph, whose frontier explodes, it does; on a grid, whose frontier stays a thin
// wave and shrinks towards the end, it never does.
func TestDirectionSwitching(t *testing.T) {
	cases := []struct {
		name     string
		el       *graph.EdgeList
		wantPull bool
	}{
		{"rmat", graph.RMAT(14, 16, 5), true},
		{"grid", graph.Grid(150, 150, 0), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := dgraph.FromEdgeList(space(t), c.el, graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true})
			if err != nil {
				t.Fatal(err)
			}
			defer g.Free()
			b, err := bfs.New(g, bfs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Free()
			st, err := b.Run(0)
			if err != nil {
				t.Fatal(err)
			}
			if (st.PullSteps > 0) != c.wantPull {
				t.Errorf("%d pull and %d push steps; want pull steps: %v", st.PullSteps, st.PushSteps, c.wantPull)
			}
		})
	}
}

// TestReachOnly checks searches with Options.ReachOnly against ref.BFS on every test graph
// and root with every configuration: the reached bitmap holds exactly the reachable
// vertices, the level counts are the reference's, repeated runs reset the bitmap, and the
// level and parent accessors refuse.
func TestReachOnly(t *testing.T) {
	s := space(t)
	cfgs := configs()
	c := 0
	for _, tc := range frontiertest.Graphs(false, false) {
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		for _, root := range tc.Roots {
			want, _ := ref.BFS(tc.Graph, root)
			var wantLevels []int64
			for _, l := range want {
				if l >= 0 {
					for int(l) >= len(wantLevels) {
						wantLevels = append(wantLevels, 0)
					}
					wantLevels[l]++
				}
			}
			c++
			for j, opt := range cfgs {
				if !sweep.Pick(c, j, len(cfgs), 6) {
					continue
				}
				opt.ReachOnly = true
				t.Run(fmt.Sprintf("%s/root=%d/%s", tc.Name, root, name(opt)), func(t *testing.T) {
					b, err := bfs.New(g, opt)
					if err != nil {
						t.Fatal(err)
					}
					defer b.Free()
					for run := 0; run < 2; run++ {
						st, err := b.Run(root)
						if err != nil {
							t.Fatal(err)
						}
						bits := b.Reached()
						h := make([]uint32, bits.Len())
						if err := views.DeepCopy(views.Wrap1D("reached", h), bits); err != nil {
							t.Fatal(err)
						}
						for v, l := range want {
							if got := h[v>>5]&(1<<uint(v&31)) != 0; got != (l >= 0) {
								t.Fatalf("run %d: vertex %d reached %v, level %d", run, v, got, l)
							}
						}
						wantCounts := wantLevels
						if st.LocalRounds || st.Grown {
							// Steps that ran levels inside teams, or pull steps that claimed
							// several levels: one count, every vertex reached.
							var all int64
							for _, c := range wantLevels {
								all += c
							}
							wantCounts = []int64{all}
						}
						if !slices.Equal(st.Levels, wantCounts) {
							t.Fatalf("run %d: level counts %v, want %v", run, st.Levels, wantCounts)
						}
						if _, err := b.Level(); err == nil {
							t.Fatal("Level of a ReachOnly search succeeded")
						}
					}
				})
			}
		}
	}
}

// TestReachOnlyPulls checks ReachOnly searches with either kind of pull step (plain pull steps
// and the merges around them, the devices' choice, or frontier.PullReach steps, the host's)
// whatever the space, in configurations that pull early and often, against ref.BFS: the
// reached bitmap holds exactly the reachable vertices, and the counts add up to them.
func TestReachOnlyPulls(t *testing.T) {
	s := space(t)
	cfgs := []bfs.Options{
		{},
		{Alpha: 1e9, Beta: 1},
		{Alpha: 1e9, Beta: 1, Tuning: frontier.Tuning{PullWords: -1}},
		{Alpha: 1e9, Beta: 1, Tuning: frontier.Tuning{PullWords: 3}},
	}
	for _, grow := range []bool{false, true} {
		restore := bfs.SetGrowPull(grow)
		for _, tc := range frontiertest.Graphs(false, false) {
			if len(tc.Roots) == 0 {
				continue
			}
			g, err := dgraph.New(s, tc.Graph)
			if err != nil {
				t.Fatal(err)
			}
			root := tc.Roots[len(tc.Roots)-1]
			want, _ := ref.BFS(tc.Graph, root)
			for _, opt := range cfgs {
				opt.ReachOnly = true
				t.Run(fmt.Sprintf("grow=%v/%s/%s", grow, tc.Name, name(opt)), func(t *testing.T) {
					b, err := bfs.New(g, opt)
					if err != nil {
						t.Fatal(err)
					}
					defer b.Free()
					st, err := b.Run(root)
					if err != nil {
						t.Fatal(err)
					}
					h := make([]uint32, b.Reached().Len())
					if err := views.DeepCopy(views.Wrap1D("reached", h), b.Reached()); err != nil {
						t.Fatal(err)
					}
					var n int64
					for v, l := range want {
						if got := h[v>>5]&(1<<uint(v&31)) != 0; got != (l >= 0) {
							t.Fatalf("vertex %d reached %v, level %d", v, got, l)
						}
						if l >= 0 {
							n++
						}
					}
					if st.Reached != n {
						t.Fatalf("Stats.Reached %d, want %d (levels %v)", st.Reached, n, st.Levels)
					}
					if st.Grown != (grow && st.PullSteps > 0) {
						t.Fatalf("Grown %v after %d pull steps", st.Grown, st.PullSteps)
					}
				})
			}
		}
		restore()
	}
}

// runValid runs b from root and checks its levels and parents against the Graph500 rules
// (ref.ValidateBFS) on g; it returns the run's statistics and levels.
func runValid(t *testing.T, b *bfs.BFS, g *graph.CSR, root int32) (bfs.Stats, []int32) {
	t.Helper()
	st, err := b.Run(root)
	if err != nil {
		t.Fatal(err)
	}
	level, err := b.Level()
	if err != nil {
		t.Fatal(err)
	}
	parent, err := b.Parent()
	if err != nil {
		t.Fatal(err)
	}
	if err := ref.ValidateBFS(g, root, level, parent); err != nil {
		t.Fatalf("%v (stats %+v)", err, st)
	}
	return st, level
}

package scc

import (
	"cmp"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/sweep"
	"github.com/gokkos/gokkos/views"
)

// edgeListConfigs are EdgeList's variants: the default (segments from the space's cache),
// small segments that split every test graph into many groups, no reordering, and the
// transpose-based backward reach.
var edgeListConfigs = []Options{
	{Method: EdgeList},
	{Method: EdgeList, SegmentBytes: 256},
	{Method: EdgeList, NoReorder: true},
	{Method: EdgeList, TransposeBackward: true, SegmentBytes: 512},
}

// simEdgeListGraphs are the test graphs small enough for the simulated device.
var simEdgeListGraphs = map[string]bool{
	"empty": true, "one-vertex": true, "isolated": true, "self-loops": true, "two-cycle": true,
	"pair-chain": true, "giant": true, "rmat-12-sparse": true,
}

func edgeListName(o Options) string {
	return fmt.Sprintf("reorder=%v/transpose=%v/segment=%d", !o.NoReorder, o.TransposeBackward, o.SegmentBytes)
}

// TestEdgeList checks EdgeList's partitions against Tarjan's on every test graph, with every
// variant, on the default space, and on the small graphs on the simulated device (the PTX of its
// kernels) when the default space is another.
func TestEdgeList(t *testing.T) {
	spaces := []execspace.Space{testSpace(t)}
	if spaces[0].Name() != "sim" && !testing.Short() && !raceEnabled {
		sim, err := execspace.Open("sim", execspace.Config{})
		if err != nil {
			t.Fatal(err)
		}
		defer sim.Close()
		spaces = append(spaces, sim)
	}
	for _, space := range spaces {
		t.Run(space.Name(), func(t *testing.T) {
			onSim := space.Name() == "sim"
			for c, tg := range testGraphs {
				if onSim && !simEdgeListGraphs[tg.name] && !sweep.Exhaustive() {
					continue
				}
				t.Run(tg.name, func(t *testing.T) {
					g := build(t, tg.make())
					want := expect(t, g)
					dg, err := dgraph.New(space, g)
					if err != nil {
						t.Fatal(err)
					}
					defer dg.Free()
					for j, o := range edgeListConfigs {
						// On the simulator and under the race detector (which slows the
						// sweeps tenfold), each graph runs two of the variants, in turn.
						if (onSim || raceEnabled) && !sweep.Pick(c, j, len(edgeListConfigs), 2) {
							continue
						}
						t.Run(edgeListName(o), func(t *testing.T) {
							res, err := Run(dg, o)
							if err != nil {
								t.Fatal(err)
							}
							check(t, res, want)
							st := res.Stats
							if res.Iterations != st.FBRounds || st.ColorRounds != 0 || st.Trimmed+st.Phase1Found+st.Phase2Found != g.N {
								t.Fatalf("%d iterations, %d FB and %d colour rounds; %d trimmed + %d + %d found of %d vertices",
									res.Iterations, st.FBRounds, st.ColorRounds, st.Trimmed, st.Phase1Found, st.Phase2Found, g.N)
							}
						})
					}
				})
			}
		})
	}
}

// hostCopy returns a host copy of v.
func hostCopy[T views.Scalar](t *testing.T, v views.View1D[T]) []T {
	t.Helper()
	out := make([]T, v.Len())
	if len(out) > 0 {
		if err := views.DeepCopy(views.Wrap1D("host copy", out), v); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestEdgeListSort checks the edge list: the graph's edges without self loops, grouped by
// (segment of the source, segment of the destination) and by source within a group, or in the
// CSR's order without reordering.
func TestEdgeListSort(t *testing.T) {
	el := graph.RMAT(11, 8, 21)
	for v := range int32(50) { // self loops, which the list drops
		el.Src, el.Dst = append(el.Src, v), append(el.Dst, v)
	}
	g, dg := load(t, el)
	var want [][2]int32
	for u := range int32(g.N) {
		for _, w := range g.Neighbors(u) {
			if w != u {
				want = append(want, [2]int32{u, w})
			}
		}
	}
	for _, tc := range []struct {
		opt  Options
		segs int
	}{
		{Options{Method: EdgeList, NoReorder: true}, 1},
		{Options{Method: EdgeList, SegmentBytes: 8 * 256}, 8},
		{Options{Method: EdgeList, SegmentBytes: 8 * 512}, 4},
	} {
		t.Run(edgeListName(tc.opt), func(t *testing.T) {
			c, err := New(dg, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Free()
			l := c.s.el
			if l.segs != tc.segs || l.segs*l.segV < g.N {
				t.Fatalf("%d segments of %d vertices for %d vertices, want %d segments", l.segs, l.segV, g.N, tc.segs)
			}
			src, dst := hostCopy(t, l.src), hostCopy(t, l.dst)
			got := make([][2]int32, len(src))
			for i := range src {
				got[i] = [2]int32{src[i], dst[i]}
				if i > 0 && elKey(int(src[i-1]), int(dst[i-1]), l.segV, l.segs) > elKey(int(src[i]), int(dst[i]), l.segV, l.segs) {
					t.Fatalf("edge %d (%d→%d) is out of group order after %d→%d", i, src[i], dst[i], src[i-1], dst[i-1])
				}
			}
			if tc.opt.NoReorder {
				if !slices.Equal(got, want) {
					t.Fatal("the list without reordering differs from the CSR's edges")
				}
				return
			}
			less := func(a, b [2]int32) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }
			slices.SortFunc(got, less)
			w := slices.Clone(want)
			slices.SortFunc(w, less)
			if !slices.Equal(got, w) {
				t.Fatal("the list is not a permutation of the graph's edges without self loops")
			}
		})
	}
}

// TestEdgeListStats checks what EdgeList reports on the small-world graph: the phases with
// Options.Trace add up to the counts, the first round finds the giant component, FWcc splits
// the rest, and the reach is part of the forward-backward time.
func TestEdgeListStats(t *testing.T) {
	const n = 20000
	g, dg := load(t, graph.SmallWorld(n, 12))
	want := expect(t, g)
	res := run(t, dg, Options{Method: EdgeList, Trace: true, SegmentBytes: 8 << 10})
	check(t, res, want)
	st := res.Stats
	if st.Phase1Rounds != 1 || st.Phase1Found != n/2 || st.WCCSubgraphs < 2 || st.FBRounds != 1+st.Phase2Rounds {
		t.Fatalf("first round found %d (want %d); %d FWcc subgraphs; %d FB rounds, %d after the first", st.Phase1Found, n/2, st.WCCSubgraphs, st.FBRounds, st.Phase2Rounds)
	}
	loops := 0
	for u := range int32(g.N) {
		for _, w := range g.Neighbors(u) {
			if w == u {
				loops++
			}
		}
	}
	if st.Segments < 2 || st.ListEdges != g.NumEdges()-int64(loops) {
		t.Fatalf("%d segments, %d listed edges of %d with %d self loops", st.Segments, st.ListEdges, g.NumEdges(), loops)
	}
	sum := map[string]int{}
	iters := map[string]int{}
	var reach time.Duration
	for _, p := range st.Phases {
		sum[p.Name] += p.Vertices
		iters[p.Name] += p.Iterations
		if p.Name == "forward" || p.Name == "backward" {
			reach += p.Time
		}
	}
	if sum["trim"] != st.Trimmed || iters["trim"] != st.TrimPasses || sum["split"] != st.Phase1Found+st.Phase2Found ||
		iters["forward"]+iters["backward"] != st.ReachIterations || sum["wcc"] != st.WCCSubgraphs {
		t.Fatalf("phases %v (iterations %v) do not add up to %+v", sum, iters, st)
	}
	if reach != st.ReachTime || st.ReachTime > st.FBTime || st.TrimTime <= 0 {
		t.Fatalf("reach %v in phases, ReachTime %v, FBTime %v, TrimTime %v", reach, st.ReachTime, st.FBTime, st.TrimTime)
	}
	if untraced := run(t, dg, Options{Method: EdgeList}); untraced.Stats.Phases != nil {
		t.Fatal("phases recorded without Options.Trace")
	}
}

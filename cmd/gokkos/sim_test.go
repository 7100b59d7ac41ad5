package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/gokkos/gokkos/algorithms/bfs"
	"github.com/gokkos/gokkos/algorithms/coloring"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/sssp"
	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
)

// This file runs the graph algorithms on the simulated device (backends/sim): an execution
// space whose memory the host cannot address and whose launches run each kernel's generated PTX
// in the PTX simulator, with the GPU's launch semantics (teams of many threads with real
// barriers, team scans and broadcasts, per-block reductions). It exercises the device paths of
// the frontier template (team-sized flushes, one thread per vertex in pull steps, the device
// tuning) that host spaces, whose teams have one member, never take, and checks their results
// against the host's.

// simSpace is the sim space, counting each kernel's launches that run more than one thread per
// team, and reporting the tuning hints of a smaller device: teams of at most 64 threads (fewer
// simulated threads) and a 4 KiB cache (edge-list SSSP splits even small graphs into segments).
type simSpace struct {
	*sim.Space

	mu       sync.Mutex
	launches map[string]int // kernel name → launches with more than one thread per team
}

// Info returns the sim space's Info with the smaller device's team and cache sizes.
func (s *simSpace) Info() execspace.Info {
	info := s.Space.Info()
	info.MaxTeamSize, info.MaxBlockSize, info.CacheBytes = 64, 64, 1<<12
	return info
}

// Launch counts the launch and runs it on the sim space.
func (s *simSpace) Launch(l *execspace.Launch) error {
	switch l.Kernel.Form {
	case abi.FormTeam, abi.FormTeamReduce:
		if l.TeamSize != execspace.Auto && l.TeamSize <= 1 {
			break
		}
		fallthrough
	default:
		s.mu.Lock()
		s.launches[l.Kernel.Name]++
		s.mu.Unlock()
	}
	return s.Space.Launch(l)
}

func newSim(t *testing.T) *simSpace {
	if testing.Short() {
		t.Skip("simulates the algorithms' kernels")
	}
	s, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return &simSpace{Space: s, launches: map[string]int{}}
}

// simGraphs are small graphs of the test set, with weights.
func simGraphs() []frontiertest.Case {
	var out []frontiertest.Case
	for _, c := range frontiertest.Graphs(true, true) {
		switch c.Name {
		case "self-loops", "star", "rmat-undirected", "smallworld", "duplicates":
			out = append(out, c)
		}
	}
	grid := graph.Grid(9, 13, 0)
	graph.AddRandomWeights(grid, 1, 9, true, 3)
	g, _ := graph.Build(grid, graph.BuildOptions{})
	return append(out, frontiertest.Case{Name: "grid", Graph: g, Roots: []int32{0, 50}})
}

// checkDeviceBuild builds el with opt on space and checks the graph and its in-edges against
// graph.Build and graph.CSR.Transpose on the host.
func checkDeviceBuild(t *testing.T, space execspace.Space, el *graph.EdgeList, opt graph.BuildOptions) {
	t.Helper()
	g, err := dgraph.FromEdgeList(space, el, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	got, err := g.Host()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := graph.Build(el, opt)
	if !got.Equal(want) {
		t.Fatalf("FromEdgeList(%+v) differs from graph.Build", opt)
	}
	in, err := g.In()
	if err != nil {
		t.Fatal(err)
	}
	hin, err := dgraph.HostCSR(in)
	if err != nil {
		t.Fatal(err)
	}
	if !hin.Equal(want.Transpose()) {
		t.Fatalf("In(%+v) differs from graph.CSR.Transpose", opt)
	}
}

func TestSimulatedDevice(t *testing.T) {
	if raceEnabled {
		// The simulator serializes every launch, so the race detector has nothing to find here
		// and slows it tenfold: scripts/test.sh runs this test without it.
		t.Skip("the simulated-device matrix runs without the race detector (scripts/test.sh)")
	}
	dev := newSim(t)
	defer func() {
		// Every kernel of the template must have run with device-sized teams.
		for _, name := range []string{"PushThread[bfs.visit]", "PushTeam[bfs.visit]", "PushLocal[bfs.visit]", "PushGlobal[bfs.visit]",
			"PullStep[bfs.visit]", "frontier.Classify", "PushLocal[sssp.relax]", "PushLocal[sssp.relaxInt]", "PullStep[coloring.propagate]", "sssp.relaxEdges",
			"dgraph.sortHubs", "dgraph.unmatchedHubs"} {
			found := false
			for k, n := range dev.launches {
				found = found || (n > 0 && strings.HasSuffix(k, name))
			}
			if !found && !t.Failed() {
				t.Errorf("kernel %s never ran on the simulated device", name)
			}
		}
	}()
	host, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("hub sort", func(t *testing.T) {
		// Hubs of every size around the team-sort threshold and past powers of two, with
		// their edges in random order, duplicates and tied weights: the teams' sorting
		// network must put them in graph.Build's order, out-edges and in-edges.
		rng := rand.New(rand.NewPCG(7, 11))
		el := &graph.EdgeList{N: 400}
		for h, d := range []int{63, 64, 65, 127, 128, 129, 777, 1024, 1500} {
			for j := 0; j < d; j++ {
				el.Src = append(el.Src, int32(h))
				el.Dst = append(el.Dst, int32(10+rng.IntN(390)))
				el.W = append(el.W, float64(rng.IntN(4)))
			}
		}
		for i := range el.Src {
			j := rng.IntN(i + 1)
			el.Src[i], el.Src[j] = el.Src[j], el.Src[i]
			el.Dst[i], el.Dst[j] = el.Dst[j], el.Dst[i]
			el.W[i], el.W[j] = el.W[j], el.W[i]
		}
		for _, opt := range []graph.BuildOptions{{}, {Symmetrize: true}, {Dedup: true}} {
			checkDeviceBuild(t, dev, el, opt)
		}
	})
	for _, tc := range simGraphs() {
		dg, err := dgraph.New(dev, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		hg, err := dgraph.New(host, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.Name+"/dgraph", func(t *testing.T) {
			el := tc.Graph.EdgeList()
			for _, opt := range []graph.BuildOptions{{}, {Symmetrize: true, Dedup: true}} {
				checkDeviceBuild(t, dev, el, opt)
			}
		})
		for _, root := range tc.Roots {
			want, err := bfs.Run(hg, root, bfs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range append(frontier.Strategies(), frontier.Auto) {
				for _, d := range []bfs.Direction{bfs.TopDown, bfs.Optimizing} {
					t.Run(fmt.Sprintf("%s/bfs/root=%d/%v/%v", tc.Name, root, st, d), func(t *testing.T) {
						got, err := bfs.Run(dg, root, bfs.Options{Strategy: st, Direction: d, Alpha: 2, Beta: 4})
						if err != nil {
							t.Fatal(err)
						}
						if !slices.Equal(got.Level, want.Level) || !slices.Equal(got.Levels, want.Levels) {
							t.Fatalf("levels %v, want %v", got.Levels, want.Levels)
						}
						for v, p := range got.Parent {
							if v != int(root) && p >= 0 && want.Level[p] != want.Level[v]-1 {
								t.Fatalf("parent %d of %d is at level %d, want %d", p, v, want.Level[p], want.Level[v]-1)
							}
						}
					})
				}
			}
			wantDist, err := sssp.Run(hg, root, sssp.Options{Method: sssp.Ordered})
			if err != nil {
				t.Fatal(err)
			}
			for _, opt := range []sssp.Options{{Method: sssp.BellmanFord}, {Method: sssp.BellmanFord, Strategy: frontier.LocalCollapse},
				{Method: sssp.BellmanFord, Strategy: frontier.LocalCollapse, FloatDistances: true}, {Method: sssp.DeltaStepping, Strategy: frontier.Hierarchical},
				{Method: sssp.DeltaStepping, FloatDistances: true}, {Method: sssp.Ordered, Strategy: frontier.GlobalCollapse}, {Method: sssp.EdgeList}} {
				t.Run(fmt.Sprintf("%s/sssp/root=%d/%v/%v/float=%v", tc.Name, root, opt.Method, opt.Strategy, opt.FloatDistances), func(t *testing.T) {
					got, err := sssp.Run(dg, root, opt)
					if err != nil {
						t.Fatal(err)
					}
					for v := range got.Dist {
						if got.Dist[v] != wantDist.Dist[v] && !(math.IsInf(got.Dist[v], 1) && math.IsInf(wantDist.Dist[v], 1)) {
							t.Fatalf("dist[%d] = %v, want %v", v, got.Dist[v], wantDist.Dist[v])
						}
					}
				})
			}
		}
		want, err := coloring.Run(hg, coloring.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []coloring.Options{{}, {Strategy: frontier.Baseline, Format: frontier.Queue}, {Strategy: frontier.LocalCollapse, Format: frontier.Bitmap},
			{Strategy: frontier.GlobalCollapse}, {Strategy: frontier.Hierarchical, Format: frontier.Queue}, {Pull: true}} {
			t.Run(fmt.Sprintf("%s/coloring/%v/%v/pull=%v", tc.Name, opt.Strategy, opt.Format, opt.Pull), func(t *testing.T) {
				got, err := coloring.Run(dg, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.Color, want.Color) || got.Colors != want.Colors {
					t.Fatalf("colors differ from the host's")
				}
			})
		}
	}
}

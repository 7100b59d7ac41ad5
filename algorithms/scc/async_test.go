package scc

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/sweep"
)

// asyncGraphs are the road-like and citation-like generators, inputs of Async and AutoMethod
// beside the common table.
var asyncGraphs = []testGraph{
	{name: "road", make: func() *graph.EdgeList { return graph.Road(60, 70, 0.25, 3) }},
	{name: "citation", make: func() *graph.EdgeList { return graph.Citation(20000, 4) }},
}

// runChecked runs o on dg and checks the partition, the counts and the bookkeeping of the
// method that ran.
func runChecked(t *testing.T, dg *dgraph.Graph, o Options, want reference) *Result {
	t.Helper()
	res, err := Run(dg, o)
	if err != nil {
		t.Fatal(err)
	}
	check(t, res, want)
	st := res.Stats
	if res.Iterations != st.FBRounds+st.ColorRounds+st.AsyncRounds {
		t.Fatalf("iterations %d, rounds %d + %d + %d", res.Iterations, st.FBRounds, st.ColorRounds, st.AsyncRounds)
	}
	picked := o.Method
	if o.Method == AutoMethod {
		picked = Multistep // the empty graph's
		if dg.N() > 0 {
			picked = st.Signals.Pick()
		}
	}
	switch {
	case st.AsyncFallback && (picked != Async || st.Chosen != Multistep || st.AsyncSweeps == 0):
		t.Fatalf("%v (picked %v) fell back to %v after %d sweeps", o.Method, picked, st.Chosen, st.AsyncSweeps)
	case !st.AsyncFallback && st.Chosen != picked:
		t.Fatalf("%v ran as %v; its signals %+v pick %v", o.Method, st.Chosen, st.Signals, picked)
	}
	if st.Chosen == Async && dg.N() > 0 && st.Trimmed+st.AsyncFound != dg.N() {
		t.Fatalf("async: trimmed %d + settled %d vertices, want %d", st.Trimmed, st.AsyncFound, dg.N())
	}
	return res
}

func TestAsyncAndAutoMatchTarjan(t *testing.T) {
	s := testSpace(t)
	for _, tg := range append(slices.Clone(testGraphs), asyncGraphs...) {
		t.Run(tg.name, func(t *testing.T) {
			g := build(t, tg.make())
			want := expect(t, g)
			dg, err := dgraph.New(s, g)
			if err != nil {
				t.Fatal(err)
			}
			defer dg.Free()
			for _, m := range []Method{Async, AutoMethod} {
				t.Run(m.String(), func(t *testing.T) {
					res := runChecked(t, dg, Options{Method: m}, want)
					st := res.Stats
					t.Logf("chosen %v, signals cv %.2f levels %d visited %d; %d rounds, %d sweeps, %d checks",
						st.Chosen, st.Signals.DegreeCV, st.Signals.Levels, st.Signals.Visited, st.AsyncRounds, st.AsyncSweeps, st.AsyncChecks)
				})
			}
		})
	}
}

// simGraphs are small inputs for the simulated device, which runs every kernel's PTX in a
// simulator: one of each shape of the host table.
var simGraphs = []testGraph{
	{name: "empty", make: func() *graph.EdgeList { return edges(0) }},
	{name: "self-loops", make: selfLoops},
	{name: "two-cycle", make: func() *graph.EdgeList { return edges(2, 0, 1, 1, 0) }},
	{name: "cycle", make: func() *graph.EdgeList { return cycle(300, 7) }},
	{name: "path", make: func() *graph.EdgeList { return path(300, 8) }},
	{name: "pair-chain", make: func() *graph.EdgeList { return pairChain(60, 2) }},
	{name: "rmat-8", make: func() *graph.EdgeList { return graph.RMAT(8, 4, 3) }},
	{name: "grid", make: func() *graph.EdgeList { return graph.GridWithDrops(12, 14, 0.3, 5) }},
	{name: "oriented-grid", make: func() *graph.EdgeList { return orientedGrid(10, 12, 6) }},
	{name: "smallworld", make: func() *graph.EdgeList { return graph.SmallWorld(600, 7) }},
	{name: "road", make: func() *graph.EdgeList { return graph.Road(12, 15, 0.25, 3) }},
	{name: "citation", make: func() *graph.EdgeList { return graph.Citation(400, 4) }},
}

// TestAsyncAndAutoOnSim runs Async and AutoMethod on the simulated device, where teams have
// many threads with real barriers and team reductions, and checks the partitions against
// Tarjan's, AutoMethod's signals against the host's, and its choice against the device rule.
func TestAsyncAndAutoOnSim(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates the kernels")
	}
	dev, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	host := testSpace(t)
	for _, tg := range simGraphs {
		t.Run(tg.name, func(t *testing.T) {
			g := build(t, tg.make())
			want := expect(t, g)
			dg, err := dgraph.New(dev, g)
			if err != nil {
				t.Fatal(err)
			}
			defer dg.Free()
			hg, err := dgraph.New(host, g)
			if err != nil {
				t.Fatal(err)
			}
			defer hg.Free()
			for _, m := range []Method{Async, AutoMethod} {
				t.Run(m.String(), func(t *testing.T) {
					got := runChecked(t, dg, Options{Method: m}, want).Stats
					ref := runChecked(t, hg, Options{Method: m}, want).Stats
					a, b := got.Signals, ref.Signals
					b.Device = true
					if m == AutoMethod && dg.N() > 0 && (got.Signals.Pick() != b.Pick() || a.Levels != b.Levels || a.Visited != b.Visited || a.DegreeCV != b.DegreeCV || a.Reciprocity != b.Reciprocity || !a.Device) {
						t.Fatalf("sim: %v from %+v; host: %v from %+v", got.Chosen, a, ref.Chosen, b)
					}
				})
			}
		})
	}
}

// TestAsyncSeeds runs Async on the road and citation generators and on scrambled chains of
// 2-cycles over several seeds (many more with GOKKOS_TEST_EXHAUSTIVE=1).
func TestAsyncSeeds(t *testing.T) {
	seeds := 3
	if sweep.Exhaustive() {
		seeds = 40
	}
	for seed := range uint64(seeds) {
		for _, tg := range []testGraph{
			{name: "road", make: func() *graph.EdgeList { return graph.Road(30, 40, 0.2+0.02*float64(seed%10), seed) }},
			{name: "citation", make: func() *graph.EdgeList { return graph.Citation(3000, seed) }},
			{name: "pair-chain", make: func() *graph.EdgeList { return pairChain(500, seed+1) }},
			{name: "oriented-grid", make: func() *graph.EdgeList { return orientedGrid(30, 30, seed+1) }},
		} {
			t.Run(fmt.Sprintf("%s/%d", tg.name, seed), func(t *testing.T) {
				g, dg := load(t, tg.make())
				runChecked(t, dg, Options{Method: Async}, expect(t, g))
			})
		}
	}
}

// TestAsyncFewHostChecks checks that Async's host round trips do not follow the diameter: a
// cycle and a path of longN vertices and a grid take one round each and a few flag reads.
func TestAsyncFewHostChecks(t *testing.T) {
	for _, tg := range []testGraph{
		{name: "long-cycle", make: func() *graph.EdgeList { return cycle(longN, 7) }},
		{name: "grid", make: func() *graph.EdgeList { return graph.Grid(150, 150, 1) }},
		{name: "road", make: func() *graph.EdgeList { return graph.Road(150, 150, 0, 1) }},
	} {
		t.Run(tg.name, func(t *testing.T) {
			g, dg := load(t, tg.make())
			st := runChecked(t, dg, Options{Method: Async}, expect(t, g)).Stats
			if st.AsyncChecks > 12 {
				t.Fatalf("%d rounds, %d sweeps, %d flag reads; want at most 12 reads", st.AsyncRounds, st.AsyncSweeps, st.AsyncChecks)
			}
			t.Logf("%d rounds, %d sweeps, %d flag reads", st.AsyncRounds, st.AsyncSweeps, st.AsyncChecks)
		})
	}
}

// TestAutoPicks checks AutoMethod's signals and device choice on shapes whose signals are
// clear (Weak for a symmetric grid; Async for long paths, oriented grids and citation chains;
// Multistep for roads, whose edges are mostly two-way, and for R-MAT, uniform and small-world
// graphs), and that a host space runs Multistep on graphs that
// are not symmetric.
func TestAutoPicks(t *testing.T) {
	for _, c := range []struct {
		tg   testGraph
		want Method
	}{
		{testGraph{name: "path", make: func() *graph.EdgeList { return path(5000, 3) }}, Async},
		{testGraph{name: "grid", make: func() *graph.EdgeList { return graph.GridWithDrops(100, 100, 0.25, 2) }}, Weak},
		{testGraph{name: "oriented-grid", make: func() *graph.EdgeList { return orientedGrid(100, 100, 2) }}, Async},
		{testGraph{name: "road", make: func() *graph.EdgeList { return graph.Road(100, 100, 0.25, 2) }}, Multistep},
		{testGraph{name: "citation", make: func() *graph.EdgeList { return graph.Citation(20000, 2) }}, Async},
		{testGraph{name: "rmat", make: func() *graph.EdgeList { return graph.RMAT(14, 16, 2) }}, Multistep},
		{testGraph{name: "uniform", make: func() *graph.EdgeList { return graph.Uniform(1<<14, 16<<14, 2) }}, Multistep},
		{testGraph{name: "smallworld", make: func() *graph.EdgeList { return graph.SmallWorld(1<<15, 2) }}, Multistep},
	} {
		t.Run(c.tg.name, func(t *testing.T) {
			g, dg := load(t, c.tg.make())
			st := runChecked(t, dg, Options{Method: AutoMethod}, expect(t, g)).Stats
			sig := st.Signals
			if host := !dg.Space().Info().Device; host && c.want != Weak && st.Chosen != Multistep {
				t.Fatalf("auto chose %v on a host space, want multistep", st.Chosen)
			}
			sig.Device = true
			if sig.Pick() != c.want {
				t.Fatalf("auto would choose %v from %+v on a device, want %v", sig.Pick(), sig, c.want)
			}
		})
	}
}

func TestParseAsyncAndAuto(t *testing.T) {
	for name, want := range map[string]Method{"async": Async, "Auto": AutoMethod, " ASYNC ": Async} {
		if m, err := ParseMethod(name); err != nil || m != want {
			t.Errorf("ParseMethod(%q) = %v, %v; want %v", name, m, err, want)
		}
	}
	if (Options{}).Method != Multistep {
		t.Fatal("the zero Options no longer run Multistep")
	}
}

// TestAsyncBudget checks Options.AsyncBudget: a road graph whose propagation outlasts a budget
// of one sweep (it takes more than one batch of sweeps or more than one round, on every
// space) falls back to Multistep with the right
// partition, a grid that converges within a large budget does not, and a negative budget is
// refused.
func TestAsyncBudget(t *testing.T) {
	for _, c := range []struct {
		tg       testGraph
		budget   int
		fallback bool
	}{
		// Scrambled ids slow the propagation down: about 15 sweeps in two rounds on the host,
		// 6 in two rounds on an H100.
		{testGraph{name: "road", make: func() *graph.EdgeList { return scrambled(graph.Road(70, 70, 0.25, 1), 1) }}, 1, true},
		{testGraph{name: "grid", make: func() *graph.EdgeList { return graph.Grid(60, 60, 1) }}, 1000, false},
	} {
		t.Run(c.tg.name, func(t *testing.T) {
			g, dg := load(t, c.tg.make())
			st := runChecked(t, dg, Options{Method: Async, AsyncBudget: c.budget}, expect(t, g)).Stats
			if st.AsyncFallback != c.fallback {
				t.Fatalf("fallback %v after %d sweeps with a budget of %d; want %v", st.AsyncFallback, st.AsyncSweeps, c.budget, c.fallback)
			}
			if c.fallback && st.Phase1Rounds+st.SerialVertices == 0 {
				t.Fatalf("fell back after %d sweeps, then no forward-backward step and no serial finish", st.AsyncSweeps)
			}
		})
	}
	_, dg := load(t, graph.Road(5, 5, 0, 1))
	if _, err := New(dg, Options{Method: Async, AsyncBudget: -1}); err == nil {
		t.Fatal("a negative budget was accepted")
	}
}

package scc

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
)

// load puts el into the default space.
func load(t testing.TB, el *graph.EdgeList) (*graph.CSR, *dgraph.Graph) {
	t.Helper()
	g := build(t, el)
	dg, err := dgraph.New(testSpace(t), g)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(dg.Free)
	return g, dg
}

func run(t testing.TB, dg *dgraph.Graph, o Options) *Result {
	t.Helper()
	res, err := Run(dg, o)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestHybridSwitchesAndSavesRounds checks the two-phase behaviour on the small-world graph:
// the first single-pivot step finds the giant component (half the vertices), phase 1 ends
// there, Trim2 and FWcc find work, and Hybrid's colour rounds finish phase 2 in fewer rounds
// than FBTrim's many-pivot forward-backward rounds.
func TestHybridSwitchesAndSavesRounds(t *testing.T) {
	const n = 40000
	g, dg := load(t, graph.SmallWorld(n, 12))
	want := expect(t, g)
	fb := run(t, dg, Options{Method: FBTrim})
	hy := run(t, dg, Options{Method: Hybrid})
	check(t, fb, want)
	check(t, hy, want)
	for _, r := range []*Result{fb, hy} {
		st := r.Stats
		if !st.Switched || st.SwitchSize != n/2 || st.Phase1Rounds != 1 || st.Phase1Found != n/2 {
			t.Fatalf("%v: switched %v at a component of %d after %d single-pivot steps; want the giant component of %d after one",
				st.Method, st.Switched, st.SwitchSize, st.Phase1Rounds, n/2)
		}
		if st.Trimmed == 0 || st.Trim2Pairs == 0 || st.WCCSubgraphs < 2 || st.WCCRounds == 0 {
			t.Fatalf("%v: trimmed %d, Trim2 pairs %d, FWcc subgraphs %d in %d rounds; want all positive (and several subgraphs)",
				st.Method, st.Trimmed, st.Trim2Pairs, st.WCCSubgraphs, st.WCCRounds)
		}
		if got := st.Trimmed + 2*st.Trim2Pairs + st.Phase1Found + st.Phase2Found; got != n {
			t.Fatalf("%v: steps assigned %d vertices, want %d", st.Method, got, n)
		}
	}
	if fb.Stats.ColorRounds != 0 || hy.Stats.FBRounds != hy.Stats.Phase1Rounds {
		t.Fatalf("FBTrim ran %d colour rounds; Hybrid ran %d forward-backward steps after phase 1", fb.Stats.ColorRounds, hy.Stats.FBRounds-hy.Stats.Phase1Rounds)
	}
	if hy.Stats.FBRounds >= fb.Stats.FBRounds || hy.Stats.Phase2Rounds >= fb.Stats.Phase2Rounds {
		t.Fatalf("Hybrid: %d FB steps, %d phase-2 rounds; FBTrim: %d FB steps, %d phase-2 rounds; want fewer for Hybrid",
			hy.Stats.FBRounds, hy.Stats.Phase2Rounds, fb.Stats.FBRounds, fb.Stats.Phase2Rounds)
	}
	t.Logf("FBTrim: %d FB steps (%d in phase 2), %d reach iterations; Hybrid: %d FB steps, %d colour rounds, %d reach and %d propagation iterations",
		fb.Stats.FBRounds, fb.Stats.Phase2Rounds, fb.Stats.ReachIterations,
		hy.Stats.FBRounds, hy.Stats.ColorRounds, hy.Stats.ReachIterations, hy.Stats.PropagationIterations)
}

// TestPhase1Bounded checks that phase 1 gives up after Phase1Rounds steps on a graph without a
// large component.
func TestPhase1Bounded(t *testing.T) {
	g, dg := load(t, pairChain(2000, 3))
	want := expect(t, g)
	for _, m := range []Method{FBTrim, Hybrid} {
		res := run(t, dg, Options{Method: m, Phase1Rounds: 3})
		check(t, res, want)
		if res.Stats.Switched || res.Stats.Phase1Rounds != 3 {
			t.Fatalf("%v: switched %v after %d single-pivot steps; want no switch after 3", m, res.Stats.Switched, res.Stats.Phase1Rounds)
		}
	}
}

// TestTrimOnly checks that trimming alone settles a long path, before any pivot is chosen.
func TestTrimOnly(t *testing.T) {
	const n = 20000
	g, dg := load(t, path(n, 4))
	want := expect(t, g)
	for _, m := range []Method{Multistep, FBTrim, Hybrid} {
		res := run(t, dg, Options{Method: m, SerialCutoff: -1})
		check(t, res, want)
		if res.Stats.Trimmed != n || res.Iterations != 0 {
			t.Fatalf("%v: trimmed %d of %d, %d rounds", m, res.Stats.Trimmed, n, res.Iterations)
		}
		if res.Stats.TrimPasses > n/chainLimit+2 {
			t.Fatalf("%v: %d trimming passes for a path of %d with chains of %d", m, res.Stats.TrimPasses, n, chainLimit)
		}
	}
}

// TestMultistepSerialFinish checks the three regimes of Multistep's serial cutoff on the
// small-world graph.
func TestMultistepSerialFinish(t *testing.T) {
	const n = 30000
	g, dg := load(t, graph.SmallWorld(n, 13))
	want := expect(t, g)
	never := run(t, dg, Options{Method: Multistep, SerialCutoff: -1})
	some := run(t, dg, Options{Method: Multistep, SerialCutoff: 2000})
	all := run(t, dg, Options{Method: Multistep, SerialCutoff: n})
	def := run(t, dg, Options{Method: Multistep}) // the space's default cutoff
	for _, r := range []*Result{never, some, all, def} {
		check(t, r, want)
	}
	cut := DefaultSerialCutoff
	if dg.Space().Info().Device {
		cut = DefaultDeviceSerialCutoff
	}
	if def.Stats.SerialVertices > cut || (cut >= n && def.Stats.SerialVertices != n-def.Stats.Trimmed) {
		t.Fatalf("default cutoff %d: %d serial vertices after %d trimmed", cut, def.Stats.SerialVertices, def.Stats.Trimmed)
	}
	if never.Stats.SerialVertices != 0 || never.Stats.FBRounds != 1 || never.Stats.ColorRounds == 0 {
		t.Fatalf("no cutoff: %d serial vertices, %d FB steps, %d colour rounds", never.Stats.SerialVertices, never.Stats.FBRounds, never.Stats.ColorRounds)
	}
	if some.Stats.SerialVertices > 2000 || some.Stats.FBRounds != 1 || some.Stats.Phase1Found != n/2 {
		t.Fatalf("cutoff 2000: %d serial vertices, %d FB steps finding %d", some.Stats.SerialVertices, some.Stats.FBRounds, some.Stats.Phase1Found)
	}
	if all.Stats.SerialVertices != n-all.Stats.Trimmed || all.Iterations != 0 {
		t.Fatalf("cutoff %d: %d serial vertices after %d trimmed, %d rounds", n, all.Stats.SerialVertices, all.Stats.Trimmed, all.Iterations)
	}
}

// TestMultistepSlowColours checks that on the host Multistep stops colour rounds that assign few
// vertices each (a citation graph of many small components along long paths) and finishes
// serially although more vertices than the cutoff remain, and that a negative cutoff keeps it
// in colour rounds.
func TestMultistepSlowColours(t *testing.T) {
	const n = 20000
	g, dg := load(t, graph.Citation(n, 5))
	if dg.Space().Info().Device {
		t.Skip("devices never give up colour rounds")
	}
	want := expect(t, g)
	cut := run(t, dg, Options{Method: Multistep, SerialCutoff: 1})
	never := run(t, dg, Options{Method: Multistep, SerialCutoff: -1})
	check(t, cut, want)
	check(t, never, want)
	if never.Stats.SerialVertices != 0 || never.Stats.ColorRounds < 10 {
		t.Fatalf("no cutoff: %d serial vertices, %d colour rounds; want none and many", never.Stats.SerialVertices, never.Stats.ColorRounds)
	}
	t.Logf("cutoff 1: %d colour rounds, %d serial vertices; no cutoff: %d colour rounds", cut.Stats.ColorRounds, cut.Stats.SerialVertices, never.Stats.ColorRounds)
	if cut.Stats.ColorRounds >= never.Stats.ColorRounds/2 || cut.Stats.SerialVertices <= 1 {
		t.Fatalf("cutoff 1: %d colour rounds (%d without cutoff), %d serial vertices; want it to give up early", cut.Stats.ColorRounds, never.Stats.ColorRounds, cut.Stats.SerialVertices)
	}
}

// TestRepeatedRuns runs one SCC several times and checks the numbering is the same.
func TestRepeatedRuns(t *testing.T) {
	g, dg := load(t, graph.RMAT(11, 6, 14))
	want := expect(t, g)
	for _, m := range []Method{Multistep, FBTrim, Hybrid} {
		c, err := New(dg, Options{Method: m, SerialCutoff: 100})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.Components(); err == nil {
			t.Fatal("no error for components before a run")
		}
		for range 3 {
			res, err := c.Run()
			if err != nil {
				t.Fatal(err)
			}
			if res.Comp != nil {
				t.Fatal("SCC.Run filled Comp")
			}
			if res.Comp, err = c.Components(); err != nil {
				t.Fatal(err)
			}
			check(t, res, want)
		}
		c.Free()
		c.Free()
	}
}

func TestOptions(t *testing.T) {
	_, dg := load(t, edges(3, 0, 1, 1, 0))
	bad := []Options{
		{Method: 7},
		{Traversal: 9},
		{Strategy: 42},
		{SwitchFraction: -0.5},
		{SwitchFraction: 1},
		{Phase1Rounds: -1},
		{HeavyDegree: -2},
		{Method: EdgeList, SegmentBytes: -1},
	}
	for _, o := range bad {
		if _, err := Run(dg, o); err == nil {
			t.Errorf("no error for %+v", o)
		}
	}
	if _, err := Run(nil, Options{}); err == nil {
		t.Error("no error for a nil graph")
	}
	for _, m := range []Method{Multistep, FBTrim, Hybrid, EdgeList} {
		if got, err := ParseMethod(strings.ToUpper(m.String())); err != nil || got != m {
			t.Errorf("ParseMethod(%q) = %v, %v", m, got, err)
		}
	}
	for tr := Auto; tr <= DataLB; tr++ {
		if got, err := ParseTraversal(tr.String()); err != nil || got != tr {
			t.Errorf("ParseTraversal(%q) = %v, %v", tr, got, err)
		}
	}
	if m, err := ParseMethod("FB-Trim-Hybrid"); err != nil || m != Hybrid {
		t.Errorf("ParseMethod(FB-Trim-Hybrid) = %v, %v", m, err)
	}
	if m, err := ParseMethod("edge-list"); err != nil || m != EdgeList {
		t.Errorf("ParseMethod(edge-list) = %v, %v", m, err)
	}
	if _, err := ParseMethod("dfs"); err == nil || !strings.Contains(err.Error(), "multistep") {
		t.Errorf("ParseMethod(dfs): %v", err)
	}
	if _, err := ParseTraversal("bfs"); err == nil || !strings.Contains(err.Error(), "topo-lb") {
		t.Errorf("ParseTraversal(bfs): %v", err)
	}
	if Method(9).String() != "Method(9)" || Traversal(9).String() != "Traversal(9)" {
		t.Error("String of unknown values")
	}
	res, err := Run(dg, Options{Method: Hybrid, Traversal: DataLB, Strategy: frontier.Baseline})
	if err != nil || res.Count != 2 || res.NonTrivial != 1 || res.Largest != 2 {
		t.Fatalf("result %+v, %v", res, err)
	}
}

// TestTarjan compares the serial finish's Tarjan with the reference on random graphs.
func TestTarjan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, sz := range []struct{ n, m int }{{1, 0}, {1, 1}, {5, 8}, {100, 150}, {1000, 1200}, {3000, 9000}} {
		el := edges(sz.n)
		for range sz.m {
			el.Src = append(el.Src, int32(r.IntN(sz.n)))
			el.Dst = append(el.Dst, int32(r.IntN(sz.n)))
		}
		g := build(t, el)
		rep := tarjan(g.N, g.Offsets, g.Adj)
		want, _ := ref.TarjanSCC(g)
		if !ref.ComponentsEqual(rep, want) {
			t.Fatalf("n=%d m=%d: partition differs from the reference", sz.n, sz.m)
		}
		for v, x := range rep {
			if rep[x] != x {
				t.Fatalf("n=%d: representative %d of %d is not its own representative", sz.n, x, v)
			}
		}
	}
}

package frontier_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// upload returns a copy of data in s's memory.
func upload[T views.Scalar](t testing.TB, s execspace.Space, data []T) views.View1D[T] {
	t.Helper()
	v, err := views.Alloc1D[T](s.Memory(), "test data", len(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 {
		if err := views.DeepCopy(v, views.Wrap1D("test data host", data)); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// download returns a host copy of v.
func download[T views.Scalar](t testing.TB, v views.View1D[T]) []T {
	t.Helper()
	h := views.New1D[T]("test result", v.Len())
	if v.Len() > 0 {
		if err := views.DeepCopy(h, v); err != nil {
			t.Fatal(err)
		}
	}
	return h.Data()
}

func space(t testing.TB) execspace.Space {
	t.Helper()
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// reach is a minimal operator: it marks every vertex it reaches.
type reach struct {
	Mark views.View1D[int32]
}

func (o reach) Visit(u, v int32, e int64) bool {
	return o.Mark.AtomicExchange(int(v), 1) == 0
}

func (o reach) Pending(v int32) bool { return o.Mark.At(int(v)) == 0 }

func (o reach) PendingWord(w int) uint32 {
	var m uint32
	for b := 0; b < 32 && w*32+b < o.Mark.Len(); b++ {
		if o.Mark.At(w*32+b) == 0 {
			m |= 1 << uint(b)
		}
	}
	return m
}

func (o reach) Pull(u, v int32, e int64) (bool, bool) {
	o.Mark.Set(int(v), 1)
	return true, true
}

// dup reports v on every visit, so that queues must de-duplicate.
type dup struct {
	Hits views.View1D[int32]
}

func (o dup) Visit(u, v int32, e int64) bool {
	o.Hits.AtomicAdd(int(v), 1)
	return true
}

// hostOnly skips tests whose operators, defined in this test file, have no device translation
// (gokkos-gen translates a package's own files, not its tests); the algorithm packages test
// the template on devices.
func hostOnly(t *testing.T, s execspace.Space) {
	if s.Info().Device {
		t.Skip("the test operators have no device translation")
	}
}

func TestWorklistAndSteps(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	for _, tc := range frontiertest.Graphs(false, false) {
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []frontier.Format{frontier.AutoFormat, frontier.Queue, frontier.Bitmap} {
			for _, st := range append(frontier.Strategies(), frontier.Auto) {
				t.Run(fmt.Sprintf("%s/%v/%v", tc.Name, st, format), func(t *testing.T) {
					f, err := frontier.New(g, frontier.Options{Strategy: st, Format: format, Trace: true, Tuning: frontier.Tuning{EdgeSample: 1}})
					if err != nil {
						t.Fatal(err)
					}
					defer f.Free()
					// One push step from every vertex: the next worklist is the set of
					// vertices with an in-edge, each once.
					if err := f.SetAll(); err != nil {
						t.Fatal(err)
					}
					if f.Size() != int64(tc.Graph.N) {
						t.Fatalf("SetAll: size %d", f.Size())
					}
					all, err := f.Vertices()
					if err != nil {
						t.Fatal(err)
					}
					if len(all) != tc.Graph.N || (len(all) > 0 && (all[0] != 0 || all[len(all)-1] != int32(tc.Graph.N-1))) {
						t.Fatalf("SetAll vertices %d", len(all))
					}
					hits := upload(t, s, make([]int32, tc.Graph.N))
					step, err := frontier.Push(f, dup{Hits: hits})
					if err != nil {
						t.Fatal(err)
					}
					var want []int32
					indeg := make([]int64, tc.Graph.N)
					var edges int64
					for _, v := range tc.Graph.Adj {
						indeg[v]++
					}
					for v, d := range indeg {
						if d > 0 {
							want = append(want, int32(v))
							edges += tc.Graph.Degree(int32(v))
						}
					}
					got, err := f.Vertices()
					if err != nil {
						t.Fatal(err)
					}
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("next worklist %v, want %v", got, want)
					}
					if step.Added != int64(len(want)) || step.AddedEdges != edges || f.Iteration() != 1 || len(f.Trace()) != 1 {
						t.Fatalf("step %+v, want %d added with %d edges", step, len(want), edges)
					}
					h := download(t, hits)
					for v, d := range indeg {
						if int64(h[v]) != d {
							t.Fatalf("vertex %d visited %d times, want %d", v, h[v], d)
						}
					}
					if e, err := f.Edges(); err != nil || e != edges {
						t.Fatalf("Edges() = %d, %v; want %d", e, err, edges)
					}
					if m, err := f.Measure(); err != nil || m.Edges != edges {
						t.Fatalf("Measure() = %+v, %v; want %d edges", m, err, edges)
					}
				})
			}
		}
	}
}

func TestPullAndAssign(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	tc := frontiertest.Graphs(false, false)[7] // rmat
	g, err := dgraph.New(s, tc.Graph)
	if err != nil {
		t.Fatal(err)
	}
	for _, tune := range []frontier.Tuning{{}, {PullWords: -1}, {PullWords: 1}} {
		f, err := frontier.New(g, frontier.Options{Tuning: tune})
		if err != nil {
			t.Fatal(err)
		}
		m0 := make([]int32, tc.Graph.N)
		m0[0] = 1
		mark := upload(t, s, m0)
		if err := f.Set(0); err != nil {
			t.Fatal(err)
		}
		op := reach{Mark: mark}
		for i := 0; !f.Empty(); i++ {
			var err error
			if i%2 == 0 {
				_, err = frontier.Pull(f, op)
			} else {
				_, err = frontier.Push(f, op)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		level := make([]int32, tc.Graph.N)
		for i := range level {
			level[i] = -1
		}
		level[0] = 0
		q := []int32{0}
		for len(q) > 0 {
			u := q[0]
			q = q[1:]
			for _, v := range tc.Graph.Neighbors(u) {
				if level[v] < 0 {
					level[v] = 0
					q = append(q, v)
				}
			}
		}
		marked := download(t, mark)
		for v := range level {
			if (level[v] == 0) != (marked[v] == 1) {
				t.Fatalf("tuning %+v: vertex %d reached %v, marked %d", tune, v, level[v] == 0, marked[v])
			}
		}
		// Assign a queue and a bitmap.
		q2 := upload(t, s, []int32{5, 9, 2})
		if err := f.Assign(frontier.Worklist{Size: 3, Queue: q2}); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.Vertices(); !slices.Equal(got, []int32{5, 9, 2}) || f.Size() != 3 {
			t.Fatalf("Assign queue: %v", got)
		}
		b0 := make([]uint32, (tc.Graph.N+31)/32)
		b0[1] = 1<<3 | 1<<7
		bits := upload(t, s, b0)
		if err := f.Assign(frontier.Worklist{Bitmap: true, Size: tc.Graph.N, Bits: bits}); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.Vertices(); !slices.Equal(got, []int32{35, 39}) || f.Size() != 2 {
			t.Fatalf("Assign bitmap: %v", got)
		}
		// Compact turns the bitmap into a queue of its vertices; a queue stays as it is.
		for range 2 {
			if err := f.Compact(); err != nil {
				t.Fatal(err)
			}
			w := f.Worklist()
			if f.Format() != frontier.Queue || w.Bitmap || w.Slots() != 2 || f.Size() != 2 {
				t.Fatalf("Compact: format %v, %d slots, size %d", f.Format(), w.Slots(), f.Size())
			}
			if got, _ := f.Vertices(); !slices.Equal(got, []int32{35, 39}) {
				t.Fatalf("Compact: %v", got)
			}
		}
		if err := f.Assign(frontier.Worklist{Size: tc.Graph.N + 1, Queue: q2}); err == nil {
			t.Fatal("Assign accepted an oversized queue")
		}
		f.Free()
		f.Free()
		if err := f.Set(0); err == nil {
			t.Fatal("Set after Free succeeded")
		}
		if err := f.Compact(); err == nil {
			t.Fatal("Compact after Free succeeded")
		}
	}
}

func TestNewErrors(t *testing.T) {
	s := space(t)
	g, err := dgraph.New(s, &graph.CSR{N: 3, Offsets: []int64{0, 0, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []frontier.Options{{Strategy: 99}, {Format: 7}, {SampleEvery: -1}, {Tuning: frontier.Tuning{Buffer: -1}}} {
		if _, err := frontier.New(g, opt); err == nil {
			t.Errorf("New accepted %+v", opt)
		}
	}
	if _, err := frontier.New(nil, frontier.Options{}); err == nil {
		t.Error("New accepted a nil graph")
	}
	f, err := frontier.New(g, frontier.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Free()
	if err := f.Set(3); err == nil {
		t.Error("Set accepted a vertex out of range")
	}
	if err := f.Set(-1); err == nil {
		t.Error("Set accepted a negative vertex")
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want frontier.Strategy
	}{{"auto", frontier.Auto}, {"BASELINE", frontier.Baseline}, {"hier", frontier.Hierarchical}, {"ml", frontier.LocalCollapse}, {"global-collapse", frontier.GlobalCollapse}} {
		got, err := frontier.ParseStrategy(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseStrategy(%q) = %v, %v", tc.in, got, err)
		}
		if back, err := frontier.ParseStrategy(got.String()); err != nil || back != got {
			t.Errorf("round trip of %v: %v, %v", got, back, err)
		}
	}
	if _, err := frontier.ParseStrategy("zigzag"); err == nil {
		t.Error("unknown strategy accepted")
	}
	for _, f := range []frontier.Format{frontier.AutoFormat, frontier.Queue, frontier.Bitmap} {
		if back, err := frontier.ParseFormat(f.String()); err != nil || back != f {
			t.Errorf("format round trip of %v: %v, %v", f, back, err)
		}
	}
	if _, err := frontier.ParseFormat("list"); err == nil {
		t.Error("unknown format accepted")
	}
}

func TestDecide(t *testing.T) {
	gpu := execspace.Info{Device: true, Units: 100, WarpSize: 32, MaxTeamSize: 1024, MaxBlockSize: 1024}
	host := execspace.Info{Units: 2, WarpSize: 1, MaxTeamSize: 1, MaxBlockSize: 1}
	n := 1 << 20
	tg := frontier.NewThresholds(gpu, n, 256)
	th := frontier.NewThresholds(host, n, 1)
	if tg.T1 != 32 || tg.T2 != 102400 || math.Abs(tg.T3-1.0/64) > 1e-12 || !math.IsInf(th.T1, 1) || th.T2 != 2 {
		t.Fatalf("thresholds: gpu %+v host %+v", tg, th)
	}
	for _, tc := range []struct {
		name string
		th   frontier.Thresholds
		s    frontier.Sample
		want frontier.Decision
	}{
		{"gpu-root", tg, frontier.Sample{Size: 1, Edges: 1 << 20, MaxDegree: 1 << 20, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.GlobalCollapse, In: frontier.Queue, Out: frontier.Bitmap}},
		{"gpu-small", tg, frontier.Sample{Size: 100, Edges: 400, MaxDegree: 9, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.Baseline, In: frontier.Queue, Out: frontier.Queue}},
		{"gpu-dense", tg, frontier.Sample{Size: 600000, Edges: 38400000, MaxDegree: 500, Format: frontier.Bitmap}, frontier.Decision{Strategy: frontier.GlobalCollapse, In: frontier.Bitmap, Out: frontier.Bitmap}},
		{"gpu-even-many", tg, frontier.Sample{Size: 4000000, Edges: 128000000, MaxDegree: 64, Format: frontier.Bitmap}, frontier.Decision{Strategy: frontier.LocalCollapse, In: frontier.Bitmap, Out: frontier.Bitmap}},
		{"gpu-sparse-bitmap", tg, frontier.Sample{Size: 100000, Edges: 3200000, MaxDegree: 500, Format: frontier.Bitmap}, frontier.Decision{Strategy: frontier.LocalCollapse, In: frontier.Queue, Out: frontier.Bitmap}},
		{"gpu-skewed", tg, frontier.Sample{Size: 100000, Edges: 900000, MaxDegree: 9000, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.Hierarchical, In: frontier.Queue, Out: frontier.Bitmap}},
		{"gpu-few-heavy", tg, frontier.Sample{Size: 9146, Edges: 20446717, MaxDegree: 67720, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.GlobalCollapse, In: frontier.Queue, Out: frontier.Bitmap}},
		{"gpu-few-vertices-many-edges", tg, frontier.Sample{Size: 300, Edges: 10000, MaxDegree: 50, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.GlobalCollapse, In: frontier.Queue, Out: frontier.Queue}},
		{"gpu-skewed-many", tg, frontier.Sample{Size: 4000000, Edges: 120000000, MaxDegree: 160000, Format: frontier.Bitmap}, frontier.Decision{Strategy: frontier.Hierarchical, In: frontier.Bitmap, Out: frontier.Bitmap}},
		{"gpu-one-team", tg, frontier.Sample{Size: 16, Edges: 560, MaxDegree: 44, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.LocalCollapse, In: frontier.Queue, Out: frontier.Queue}},
		{"gpu-bitmap-to-queue", tg, frontier.Sample{Size: 10, Edges: 20, MaxDegree: 3, Format: frontier.Bitmap}, frontier.Decision{Strategy: frontier.Baseline, In: frontier.Queue, Out: frontier.Queue}},
		{"host-hub", th, frontier.Sample{Size: 1000, Edges: 100000, MaxDegree: 60000, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.GlobalCollapse, In: frontier.Queue, Out: frontier.Bitmap}},
		{"host-even", th, frontier.Sample{Size: 100000, Edges: 1600000, MaxDegree: 40, Format: frontier.Queue}, frontier.Decision{Strategy: frontier.Baseline, In: frontier.Queue, Out: frontier.Bitmap}},
	} {
		if got := tc.th.Decide(tc.s); got != tc.want {
			t.Errorf("%s: Decide = %v, want %v", tc.name, got, tc.want)
		}
	}
	u := th
	u.Unique = true
	if got := u.Decide(frontier.Sample{Size: 100000, Edges: 1600000, MaxDegree: 40, Format: frontier.Queue}); got.Out != frontier.Queue {
		t.Errorf("unique operator: output %v, want queue", got.Out)
	}
}

func TestDefaultTuning(t *testing.T) {
	h := frontier.DefaultTuning(execspace.Info{Units: 4, WarpSize: 1, MaxTeamSize: 1, MaxBlockSize: 1})
	if h.TeamSize != 1 || h.Buffer < 64 || h.PullWords <= 0 || h.Teams != 32 {
		t.Errorf("host tuning %+v", h)
	}
	d := frontier.DefaultTuning(execspace.Info{Device: true, Units: 10, WarpSize: 32, MaxTeamSize: 1024, MaxBlockSize: 1024})
	if d.TeamSize != 256 || d.WarpSize != 32 || d.PullWords >= 0 || d.Teams != 80 {
		t.Errorf("device tuning %+v", d)
	}
}

package wcc

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
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

func build(t testing.TB, el *graph.EdgeList) *graph.CSR {
	t.Helper()
	g, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func edges(n int, pairs ...int32) *graph.EdgeList {
	el := &graph.EdgeList{N: n, Src: []int32{}, Dst: []int32{}}
	for i := 0; i+1 < len(pairs); i += 2 {
		el.Src = append(el.Src, pairs[i])
		el.Dst = append(el.Dst, pairs[i+1])
	}
	return el
}

// path returns the directed path 0 → 1 → ... → n-1 with its vertex ids scrambled by a stride.
func path(n int) *graph.EdgeList {
	el := edges(n)
	id := func(i int) int32 { return int32((i * 7919) % n) }
	for i := 0; i+1 < n; i++ {
		el.Src = append(el.Src, id(i))
		el.Dst = append(el.Dst, id(i+1))
	}
	return el
}

func cases() []struct {
	name string
	el   *graph.EdgeList
} {
	return []struct {
		name string
		el   *graph.EdgeList
	}{
		{"empty", edges(0)},
		{"isolated", edges(50)},
		{"self-loops", edges(4, 0, 0, 1, 1, 2, 3, 3, 3)},
		{"two-pieces", edges(6, 0, 1, 2, 1, 3, 4, 5, 4)},
		{"path-100000", path(100000)},
		{"rmat-14", graph.RMAT(14, 8, 1)},
		{"rmat-12-sparse", graph.RMAT(12, 1, 2)},
		{"grid-drops", graph.GridWithDrops(60, 70, 0.45, 3)},
		{"smallworld", graph.SmallWorld(20000, 4)},
		{"uniform-sparse", graph.Uniform(5000, 3000, 5)},
	}
}

func TestRunMatchesUnionFind(t *testing.T) {
	s := space(t)
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			g := build(t, c.el)
			dg, err := dgraph.New(s, g)
			if err != nil {
				t.Fatal(err)
			}
			defer dg.Free()
			res, err := Run(dg)
			if err != nil {
				t.Fatal(err)
			}
			want, count := ref.UnionFindWCC(g)
			if res.Count != count {
				t.Fatalf("count %d, want %d", res.Count, count)
			}
			// Both number components by their smallest vertex, so the labels agree exactly.
			for v := range want {
				if res.Comp[v] != want[v] {
					t.Fatalf("vertex %d: component %d, want %d", v, res.Comp[v], want[v])
				}
			}
			sizes := make([]int, count)
			largest := 0
			for _, c := range want {
				sizes[c]++
				largest = max(largest, sizes[c])
			}
			if res.Largest != largest {
				t.Fatalf("largest %d, want %d", res.Largest, largest)
			}
			if g.N > 0 && g.NumEdges() > 0 && res.Rounds < 1 {
				t.Fatalf("%d rounds", res.Rounds)
			}
		})
	}
}

func TestLabelFilter(t *testing.T) {
	s := space(t)
	// 0-1-2-3-4-5 as a path; vertex 2 excluded; key splits {0,1} from {3} and {4,5}.
	g := build(t, edges(6, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5))
	g2, err := dgraph.New(s, g)
	if err != nil {
		t.Fatal(err)
	}
	dg := g2.Out()
	mem := s.Memory()
	st := alloc(t, mem, []uint32{0, 0, 4, 0, 0, 0})
	key := alloc(t, mem, []int32{7, 7, 7, 1, 2, 2})
	labels, err := views.Alloc1D[int32](mem, "labels", 6)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Label(s, dg, Filter{Status: st, Exclude: 4, Key: key}, labels); err != nil {
		t.Fatal(err)
	}
	got := make([]int32, 6)
	if err := views.DeepCopy(views.Wrap1D("got", got), labels); err != nil {
		t.Fatal(err)
	}
	if want := []int32{0, 0, 2, 3, 4, 4}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("labels %v, want %v", got, want)
	}
	if _, err := Label(s, dg, Filter{}, labels.Sub(0, 5)); err == nil {
		t.Fatal("no error for a short label view")
	}
}

func alloc[T views.Scalar](t *testing.T, mem views.MemorySpace, data []T) views.View1D[T] {
	t.Helper()
	v, err := views.MirrorViewAndCopy(mem, views.Wrap1D("test", data))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestErrors(t *testing.T) {
	s := space(t)
	if _, err := Run(nil); err == nil {
		t.Fatal("no error for a nil graph")
	}
	g, err := dgraph.New(s, build(t, edges(3, 0, 1)))
	if err != nil {
		t.Fatal(err)
	}
	w, err := New(g)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Free()
	if _, err := w.Components(); err == nil {
		t.Fatal("no error for components before a run")
	}
	if _, err := Label(s, g.Out(), Filter{Key: views.New1D[int32]("short key", 2)}, views.New1D[int32]("labels", 3)); err == nil {
		t.Fatal("no error for a short key view")
	}
}

func TestRepeatedRuns(t *testing.T) {
	s := space(t)
	g, err := dgraph.New(s, build(t, graph.RMAT(10, 4, 9)))
	if err != nil {
		t.Fatal(err)
	}
	w, err := New(g)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Free()
	var first []int32
	for i := range 3 {
		if _, err := w.Run(); err != nil {
			t.Fatal(err)
		}
		comp, err := w.Components()
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = comp
		} else if fmt.Sprint(comp) != fmt.Sprint(first) {
			t.Fatal("a repeated run gave different components")
		}
	}
}

package bfs

import (
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// TestHostPushQueue checks host push steps into a queue whose operator has a generated visit
// loop (reach), where the loop writes its targets straight into the thread's buffer and the
// step counts them per piece of edges: two levels of a graph whose root has 3,001 out-edges
// (three pieces, each flushing the buffer, the last of an odd length) and whose next level
// claims 6,002 more vertices of varied degrees, on one and two workers, with exact degree
// counts (EdgeSample 1) and unique claims (Options.Unique: the path is for queues without
// deduplication). The steps' vertex sets, Added and AddedEdges must be what a walk of the edge
// list gives.
func TestHostPushQueue(t *testing.T) {
	const mid = 3001 // vertices 1..mid, the root's targets; each has two targets of its own
	n := 1 + 3*mid
	el := &graph.EdgeList{N: n}
	edge := func(u, v int) { el.Src, el.Dst = append(el.Src, int32(u)), append(el.Dst, int32(v)) }
	for i := 1; i <= mid; i++ {
		edge(0, i)
		edge(i, mid+2*i-1)
		edge(i, mid+2*i)
		edge(i, 0) // back to the visited root: never claimed
	}
	for v := mid + 1; v < n; v++ {
		for j := 0; j < v%4; j++ { // degrees 0..3, edges to the first level's vertices
			edge(v, 1+(v+j)%mid)
		}
	}
	csr, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	degree := func(v int32) int64 { return csr.Degree(v) }
	for _, threads := range []int{1, 2} {
		t.Run(map[int]string{1: "one worker", 2: "two workers"}[threads], func(t *testing.T) {
			s, err := host.New(execspace.Config{NumThreads: threads})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			g, err := dgraph.New(s, csr)
			if err != nil {
				t.Fatal(err)
			}
			defer g.Free()
			f, err := frontier.New(g, frontier.Options{Strategy: frontier.Baseline, Format: frontier.Queue, Unique: true, Tuning: frontier.Tuning{EdgeSample: 1}})
			if err != nil {
				t.Fatal(err)
			}
			defer f.Free()
			bits := make([]uint32, (n+31)/32)
			bits[0] = 1 // the root
			op := reach{Visited: views.Wrap1D("visited", bits)}
			if err := f.Set(0); err != nil {
				t.Fatal(err)
			}
			for level, lo := range []int{1, mid + 1} {
				hi := lo + mid
				if level == 1 {
					hi = n
				}
				step, err := frontier.Push(f, op)
				if err != nil {
					t.Fatal(err)
				}
				got, err := f.Vertices()
				if err != nil {
					t.Fatal(err)
				}
				slices.Sort(got)
				var want []int32
				var edges int64
				for v := lo; v < hi; v++ {
					want = append(want, int32(v))
					edges += degree(int32(v))
				}
				if !slices.Equal(got, want) {
					t.Fatalf("level %d: %d vertices, want %d (%d..%d)", level+1, len(got), len(want), lo, hi-1)
				}
				if step.Added != int64(len(want)) || step.AddedEdges != edges {
					t.Fatalf("level %d: Added %d, AddedEdges %d; want %d and %d", level+1, step.Added, step.AddedEdges, len(want), edges)
				}
			}
		})
	}
}

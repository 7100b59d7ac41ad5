package frontier

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// TestQueueToBitmap converts queues of several sizes to bitmaps on the host, where a queue of
// at least N/marksShare vertices goes through the byte marks and a smaller one through atomic
// ORs, and checks the bitmap's vertices (a last word only partly inside the graph included)
// and that the marks are all zero again after each conversion.
func TestQueueToBitmap(t *testing.T) {
	s, err := host.New(execspace.Config{NumThreads: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := dgraph.FromEdgeList(s, graph.Grid(91, 97, 0), graph.BuildOptions{}) // 8827 vertices: several chunks of the host's grain
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	n := g.N()
	f, err := New(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Free()
	r := rand.New(rand.NewPCG(1, 2))
	for _, size := range []int{0, 1, n/marksShare - 1, n / marksShare, 5000, n - 1, n} {
		for round := range 2 {
			t.Run(fmt.Sprintf("size=%d/round=%d", size, round), func(t *testing.T) {
				want := r.Perm(n)[:size]
				queue := make([]int32, size)
				for i, v := range want {
					queue[i] = int32(v)
				}
				if err := f.Set(queue...); err != nil {
					t.Fatal(err)
				}
				if err := f.convert(Bitmap); err != nil {
					t.Fatal(err)
				}
				if f.Format() != Bitmap {
					t.Fatalf("format %v after the conversion", f.Format())
				}
				got, err := f.Vertices()
				if err != nil {
					t.Fatal(err)
				}
				slices.Sort(queue)
				if !slices.Equal(got, queue) {
					t.Fatalf("bitmap holds %v, want %v", got, queue)
				}
				marks := f.marks
				if size*marksShare >= n && marks.Len() != n {
					t.Fatalf("marks of %d bytes after a conversion of %d vertices, want %d", marks.Len(), size, n)
				}
				if marks.Len() > 0 {
					h := make([]uint8, marks.Len())
					if err := views.DeepCopy(views.Wrap1D("marks", h), marks); err != nil {
						t.Fatal(err)
					}
					if i := slices.IndexFunc(h, func(b uint8) bool { return b != 0 }); i >= 0 {
						t.Fatalf("mark of vertex %d left set", i)
					}
				}
			})
		}
	}
}

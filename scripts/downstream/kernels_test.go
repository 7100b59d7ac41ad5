package downstream

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// space is the space GOKKOS_SPACE names (host by default).
func space(t *testing.T) execspace.Space {
	t.Helper()
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("space %s", s.Name())
	return s
}

func TestAxpy(t *testing.T) {
	s := space(t)
	const n = 1000
	hx, hy := views.New1D[float64]("hx", n), views.New1D[float64]("hy", n)
	for i := range n {
		hx.Set(i, float64(i))
		hy.Set(i, 1)
	}
	x, err := views.MirrorViewAndCopy(s.Memory(), hx)
	if err != nil {
		t.Fatal(err)
	}
	y, err := views.MirrorViewAndCopy(s.Memory(), hy)
	if err != nil {
		t.Fatal(err)
	}
	if err := portable.ParallelFor(s, "axpy", portable.Range(0, n), axpy{A: 2, X: x, Y: y}); err != nil {
		t.Fatal(err)
	}
	if err := views.DeepCopy(hy, y); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if got, want := hy.At(i), 2*float64(i)+1; got != want {
			t.Fatalf("y[%d] = %v, want %v", i, got, want)
		}
	}
}

func TestRowSums(t *testing.T) {
	s := space(t)
	const rows, cols = 37, 53
	hm := views.New2D[float64]("hm", rows, cols, views.LayoutRight)
	for r := range rows {
		for c := range cols {
			hm.Set(r, c, float64(r+c))
		}
	}
	m, err := views.MirrorViewAndCopy2D(s.Memory(), hm)
	if err != nil {
		t.Fatal(err)
	}
	sums, err := views.Alloc1D[float64](s.Memory(), "sums", rows)
	if err != nil {
		t.Fatal(err)
	}
	if err := portable.ParallelForTeam(s, "row sums", portable.Teams(rows, portable.Auto), rowSums{M: m, Sums: sums}); err != nil {
		t.Fatal(err)
	}
	hs := views.New1D[float64]("hs", rows)
	if err := views.DeepCopy(hs, sums); err != nil {
		t.Fatal(err)
	}
	for r := range rows {
		want := float64(cols*r + cols*(cols-1)/2)
		if got := hs.At(r); got != want {
			t.Fatalf("row %d: sum %v, want %v", r, got, want)
		}
	}
}

func TestHops(t *testing.T) {
	s := space(t)
	const rows, cols = 20, 30
	h, err := graph.Build(graph.Grid(rows, cols, 1), graph.BuildOptions{Symmetrize: true, Dedup: true})
	if err != nil {
		t.Fatal(err)
	}
	g, err := dgraph.New(s, h)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	n := g.N()
	hd := views.New1D[int32]("hd", n)
	for v := range n {
		hd.Set(v, -1)
	}
	hd.Set(0, 0)
	dist, err := views.MirrorViewAndCopy(s.Memory(), hd)
	if err != nil {
		t.Fatal(err)
	}
	f, err := frontier.New(g, frontier.Options{Unique: true})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Free()
	if err := f.Set(0); err != nil {
		t.Fatal(err)
	}
	for op := (hops{Dist: dist}); !f.Empty(); op.Depth++ {
		if _, err := frontier.Push(f, op); err != nil {
			t.Fatal(err)
		}
	}
	if err := views.DeepCopy(hd, dist); err != nil {
		t.Fatal(err)
	}
	for v := range n {
		r, c := v/cols, v%cols
		if got := hd.At(v); got != int32(r+c) {
			t.Fatalf("vertex %d (%d, %d): distance %d, want %d", v, r, c, got, r+c)
		}
	}
}

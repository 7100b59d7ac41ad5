package frontier_test

import (
	"math"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
)

// TestSampledEdges checks the estimate of a large push step's added edges, whose degrees push
// steps sample once a thread has added 64 vertices, at wider strides past 4,096 and 65,536.
// One worker adds the n leaves of a star in order; leaf i has i mod 5 out-edges, a pattern
// that every stride (16, 64, 256: 1, 4 and 1 modulo 5) samples evenly, so the estimate must be
// close to the exact count; with EdgeSample 1 it must be exact.
func TestSampledEdges(t *testing.T) {
	s, err := host.New(execspace.Config{NumThreads: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const n = 100_000
	el := &graph.EdgeList{N: n + 1}
	var exact int64
	for i := 1; i <= n; i++ {
		el.Src, el.Dst = append(el.Src, 0), append(el.Dst, int32(i))
		for j := 0; j < i%5; j++ {
			el.Src, el.Dst = append(el.Src, int32(i)), append(el.Dst, int32(1+(i+j)%n))
			exact++
		}
	}
	csr, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := dgraph.New(s, csr)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	for _, c := range []struct {
		sample int
		tol    float64 // relative error allowed
	}{{1, 0}, {16, 0.01}, {24, 0.01}} {
		f, err := frontier.New(g, frontier.Options{Strategy: frontier.Baseline, Format: frontier.Queue, Tuning: frontier.Tuning{EdgeSample: c.sample}})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Set(0); err != nil {
			t.Fatal(err)
		}
		mark := upload(t, s, make([]int32, n+1))
		step, err := frontier.Push(f, reach{Mark: mark})
		f.Free()
		if err != nil {
			t.Fatal(err)
		}
		if step.Added != n {
			t.Fatalf("EdgeSample %d: added %d, want %d", c.sample, step.Added, n)
		}
		if rel := math.Abs(float64(step.AddedEdges-exact)) / float64(exact); rel > c.tol {
			t.Errorf("EdgeSample %d: estimated %d added edges, exact %d (relative error %.4f > %.4f)", c.sample, step.AddedEdges, exact, rel, c.tol)
		}
	}
}

package dgraph_test

import (
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// path returns the directed path 0 → 1 → … → n-1.
func path(n int) *graph.EdgeList {
	el := &graph.EdgeList{N: n}
	for v := 0; v+1 < n; v++ {
		el.Src, el.Dst = append(el.Src, int32(v)), append(el.Dst, int32(v+1))
	}
	return el
}

// TestSampleBalls checks the diameter estimate on the host and the simulated device: a path
// searched both ways runs into the level bound, a uniform random graph fills its ball in a
// few levels, a graph without edges sees one vertex per search, and both spaces agree.
func TestSampleBalls(t *testing.T) {
	dev, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer dev.Close()
	for _, tc := range []struct {
		name         string
		el           *graph.EdgeList
		ball, levels int
		undirected   bool
		check        func(b dgraph.Balls) bool
	}{
		{"path-undirected", path(300), 256, 64, true, func(b dgraph.Balls) bool { return b.Levels == 64 && b.Visited <= 129 }},
		{"path-levels-8", path(300), 256, 8, true, func(b dgraph.Balls) bool { return b.Levels == 8 && b.Visited <= 17 }},
		{"uniform", graph.Uniform(2048, 16*2048, 5), 512, 64, false, func(b dgraph.Balls) bool { return b.Visited == 512 && b.Levels > 0 && b.Levels <= 4 }},
		{"uniform-ball-above-n", graph.Uniform(100, 1600, 5), 1000, 64, true, func(b dgraph.Balls) bool { return b.Visited == 100 && b.Levels < 64 }},
		{"no-edges", &graph.EdgeList{N: 50, Src: []int32{}, Dst: []int32{}}, 16, 64, false, func(b dgraph.Balls) bool { return b.Levels == 0 && b.Visited == 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got [2]dgraph.Balls
			for i, s := range []execspace.Space{space(t), dev} {
				g, err := dgraph.FromEdgeList(s, tc.el, graph.BuildOptions{})
				if err != nil {
					t.Fatal(err)
				}
				defer g.Free()
				var in dgraph.CSR
				if tc.undirected {
					if in, err = g.In(); err != nil {
						t.Fatal(err)
					}
				}
				seen, err := views.Alloc1D[uint32](s.Memory(), "seen", g.N())
				if err != nil {
					t.Fatal(err)
				}
				defer seen.Free()
				if got[i], err = g.SampleBalls(4, tc.ball, tc.levels, in, seen); err != nil {
					t.Fatal(err)
				}
				if got[i].Samples != 4 || !tc.check(got[i]) {
					t.Fatalf("%s: %+v", s.Name(), got[i])
				}
			}
			if got[0] != got[1] {
				t.Fatalf("host %+v, simulated device %+v", got[0], got[1])
			}
		})
	}
}

// TestSampleBallsErrors checks that bad arguments are errors that name the call.
func TestSampleBallsErrors(t *testing.T) {
	s := space(t)
	g, err := dgraph.FromEdgeList(s, path(10), graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	seen, err := views.Alloc1D[uint32](s.Memory(), "seen", 10)
	if err != nil {
		t.Fatal(err)
	}
	defer seen.Free()
	other, err := dgraph.FromEdgeList(s, path(7), graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Free()
	for _, tc := range []struct {
		name                  string
		samples, ball, levels int
		in                    dgraph.CSR
		seen                  views.View1D[uint32]
	}{
		{"no samples", 0, 8, 8, dgraph.CSR{}, seen},
		{"33 samples", 33, 8, 8, dgraph.CSR{}, seen},
		{"no ball", 4, 0, 8, dgraph.CSR{}, seen},
		{"no levels", 4, 8, 0, dgraph.CSR{}, seen},
		{"short scratch", 4, 8, 8, dgraph.CSR{}, seen.Sub(0, 9)},
		{"other graph's in-edges", 4, 8, 8, other.Out(), seen},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := g.SampleBalls(tc.samples, tc.ball, tc.levels, tc.in, tc.seen); err == nil {
				t.Fatal("no error")
			}
		})
	}
}

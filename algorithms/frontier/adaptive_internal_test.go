package frontier

import (
	"math/rand/v2"
	"testing"

	"github.com/gokkos/gokkos/execspace"
)

// TestDegreeMoot checks degreeMoot against every largest degree up to the bound: when it says
// the degree is moot, Decide makes one choice for all of them, and it says so for the cases
// that matter (a device and a graph of small degrees).
func TestDegreeMoot(t *testing.T) {
	gpu := NewThresholds(execspace.Info{Device: true, Units: 132, WarpSize: 32, MaxTeamSize: 1024, MaxBlockSize: 1024}, 1<<22, 128)
	host := NewThresholds(execspace.Info{Units: 2, WarpSize: 1, MaxTeamSize: 1, MaxBlockSize: 1}, 1<<18, 1)
	cases := []struct {
		name  string
		th    Thresholds
		s     Sample
		bound int64
		want  bool
	}{
		{"device, small degrees, large step", gpu, Sample{Size: 300_000, Edges: 500_000, Format: Queue}, 20, true},
		{"device, small degrees, small step", gpu, Sample{Size: 2_000, Edges: 3_000, Format: Queue}, 20, true},
		{"device, a hub", gpu, Sample{Size: 300_000, Edges: 500_000, Format: Queue}, 100_000, false},
		{"device, degree at the warp", gpu, Sample{Size: 300_000, Edges: 500_000, Format: Queue}, 32, true},
		{"device, degree past the warp", gpu, Sample{Size: 300_000, Edges: 500_000, Format: Queue}, 33, false},
		{"host, small step", host, Sample{Size: 10, Edges: 1, Format: Queue}, 1_000, true},
		{"host, hub may hold a unit's share", host, Sample{Size: 1_000, Edges: 1_000, Format: Queue}, 1_000, false},
		{"unknown edges", gpu, Sample{Size: 10, Edges: -1, Format: Queue}, 4, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.th.degreeMoot(c.s, c.bound); got != c.want {
				t.Errorf("degreeMoot(%+v, %d) = %v, want %v", c.s, c.bound, got, c.want)
			}
		})
	}
	t.Run("never wrong", func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 2_000; i++ {
			th := gpu
			if i%2 == 1 {
				th = host
			}
			size := r.Int64N(1 << uint(r.IntN(22)+1))
			s := Sample{Size: size, Edges: size * r.Int64N(64), Format: Format(1 + r.IntN(2))}
			bound := r.Int64N(1 << uint(r.IntN(14)+1))
			if !th.degreeMoot(s, bound) {
				continue
			}
			ref := th.Decide(Sample{Size: s.Size, Edges: s.Edges, Format: s.Format})
			for d := int64(0); d <= bound; d++ {
				x := s
				x.MaxDegree = d
				if got := th.Decide(x); got != ref {
					t.Fatalf("degreeMoot(%+v, %d) but Decide at degree %d = %v, at 0 %v", s, bound, d, got, ref)
				}
			}
		}
	})
}

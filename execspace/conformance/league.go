package conformance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// leagueSteps runs Steps steps in one launch of a concurrent league: step s writes
// dst[i] = src[i] + src[(7i+3) mod N] + s for every i (the league's members sharing the
// indices), with A and B alternating as source and destination, and a league barrier between
// steps, so that every step reads what other teams wrote in the step before. Member 0 of team
// 0 records the league size in Info[0].
//
//gokkos:kernel
type leagueSteps struct {
	A, B  views.View1D[int64]
	Info  views.View1D[int64]
	Steps int
}

func (k leagueSteps) RunTeam(m teams.Member) {
	n := k.A.Len()
	stride := m.LeagueSize() * m.TeamSize()
	if m.LeagueRank() == 0 && m.TeamRank() == 0 {
		k.Info.Set(0, int64(m.LeagueSize()))
	}
	for s := 0; s < k.Steps; s++ {
		src, dst := k.A, k.B
		if s%2 == 1 {
			src, dst = k.B, k.A
		}
		for i := m.LeagueRank()*m.TeamSize() + m.TeamRank(); i < n; i += stride {
			dst.Set(i, src.At(i)+src.At((7*i+3)%n)+int64(s))
		}
		m.LeagueBarrier()
	}
}

// leagueStepsWant computes leagueSteps on the host.
func leagueStepsWant(a []int64, steps int) []int64 {
	n := len(a)
	src, dst := append([]int64(nil), a...), make([]int64, n)
	for s := range steps {
		for i := range n {
			dst[i] = src[i] + src[(7*i+3)%n] + int64(s)
		}
		src, dst = dst, src
	}
	return src
}

func testLeagueBarrier(t *testing.T, s execspace.Space) {
	const n, steps = 10007, 12
	for _, league := range []int{1, 3, 100000} {
		for _, size := range []int{1, 32, 256, portable.Auto} {
			t.Run(fmt.Sprintf("league=%d/size=%d", league, size), func(t *testing.T) {
				init := make([]int64, n)
				for i := range init {
					init[i] = int64(i % 13)
				}
				a, b := alloc[int64](t, s, "a", n), alloc[int64](t, s, "b", n)
				info := alloc[int64](t, s, "info", 1)
				if err := views.DeepCopy(a, views.Wrap1D("init", init)); err != nil {
					t.Fatal(err)
				}
				p := portable.Teams(league, size).WithConcurrent()
				if err := portable.ParallelForTeam(s, "league steps", p, leagueSteps{A: a, B: b, Info: info, Steps: steps}); err != nil {
					t.Fatal(err)
				}
				got := download(t, s, a) // an even number of steps ends in A
				ran := download(t, s, info)[0]
				if ran < 1 || ran > int64(league) {
					t.Fatalf("league of %d teams asked for %d", ran, league)
				}
				want := leagueStepsWant(init, steps)
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("league of %d: element %d = %d, want %d", ran, i, got[i], want[i])
					}
				}
			})
		}
	}
	if s.Info().Device {
		t.Run("not concurrent", func(t *testing.T) {
			a, b := alloc[int64](t, s, "a", 8), alloc[int64](t, s, "b", 8)
			info := alloc[int64](t, s, "info", 1)
			err := portable.ParallelForTeam(s, "league steps", portable.Teams(4, 32), leagueSteps{A: a, B: b, Info: info, Steps: 2})
			if err == nil || !strings.Contains(err.Error(), "concurrent team policy") {
				t.Fatalf("launch without a concurrent policy: err = %v, want a refusal", err)
			}
		})
	}
}

package conformance

import (
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// reverseChunks reverses each chunk of Chunk elements of In into Out through team scratch at
// Level, using per-thread scratch as a second staging step.
//
//gokkos:kernel
type reverseChunks struct {
	In, Out views.View1D[float64]
	Chunk   int
	Level   int
}

func (k reverseChunks) RunTeam(m teams.Member) {
	base := m.LeagueRank() * k.Chunk
	// Scratch levels are constants in kernels: branch on the level.
	var buf views.View1D[float64]
	var mine views.View1D[int32]
	if k.Level == 0 {
		buf = teams.TeamScratch[float64](m, 0, k.Chunk)
		mine = teams.ThreadScratch[int32](m, 0, 4)
	} else {
		buf = teams.TeamScratch[float64](m, 1, k.Chunk)
		mine = teams.ThreadScratch[int32](m, 1, 4)
	}
	mine.Set(0, int32(m.TeamRank()))
	teams.ThreadRange(m, 0, k.Chunk, func(i int) { buf.Set(i, k.In.At(base+i)) })
	m.Barrier()
	teams.ThreadRange(m, 0, k.Chunk, func(i int) {
		k.Out.Set(base+i, buf.At(k.Chunk-1-i)+float64(mine.At(0)-int32(m.TeamRank())))
	})
}

func testTeamScratch(t *testing.T, s execspace.Space) {
	const chunk, league = 512, 40
	in := make([]float64, chunk*league)
	for i := range in {
		in[i] = float64(i) * 1.5
	}
	In := upload(t, s, "in", in)
	for _, level := range []int{0, 1} {
		for _, size := range []int{1, 64} {
			Out := alloc[float64](t, s, "out", len(in))
			p := portable.Teams(league, size).WithScratch(level, chunk*8, 16)
			must(t, portable.ParallelForTeam(s, "conformance reverseChunks", p, reverseChunks{In, Out, chunk, level}))
			for i, v := range download(t, s, Out) {
				c, j := i/chunk, i%chunk
				if want := in[c*chunk+chunk-1-j]; v != want {
					t.Fatalf("level %d size %d: out[%d] = %v, want %v", level, size, i, v, want)
				}
			}
		}
	}
	t.Run("over limit", func(t *testing.T) {
		limit := s.Info().ScratchLimit[0]
		Out := alloc[float64](t, s, "out", len(in))
		p := portable.Teams(league, 1).WithScratch(0, limit+1, 0)
		err := portable.ParallelForTeam(s, "conformance scratch over limit", p, reverseChunks{In, Out, chunk, 0})
		if err == nil {
			t.Fatalf("level-0 scratch of %d bytes over a limit of %d: no error", limit+1, limit)
		}
		t.Log(err)
	})
	t.Run("over request", func(t *testing.T) {
		if s.Info().Device {
			t.Skip("a scratch request beyond the policy is a host-side panic; device kernels do not check it")
		}
		Out := views.New1D[float64]("out", len(in))
		p := portable.Teams(league, 1).WithScratch(0, 8, 16)
		defer func() {
			if recover() == nil {
				t.Fatal("TeamScratch beyond the policy's request did not panic")
			}
		}()
		_ = portable.ParallelForTeam(s, "conformance scratch over request", p, reverseChunks{In, Out, chunk, 0})
	})
}

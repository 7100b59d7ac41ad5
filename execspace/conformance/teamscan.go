package conformance

import (
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// memberScan stores each member's exclusive prefix of (rank+1)*(league+1) and the team total.
//
//gokkos:kernel
type memberScan struct {
	Prefix, Total views.View1D[int64]
}

func (k memberScan) RunTeam(m teams.Member) {
	v := int64((m.TeamRank() + 1) * (m.LeagueRank() + 1))
	p, tot := teams.TeamScan(m, v)
	id := m.LeagueRank()*m.TeamSize() + m.TeamRank()
	k.Prefix.Set(id, p)
	k.Total.Set(id, tot)
}

// rowScan writes, for row r of In, its exclusive prefix sums to Out with a thread-range scan and
// the row total to Total.
//
//gokkos:kernel
type rowScan struct {
	In, Out views.View2D[int32]
	Total   views.View1D[int32]
}

func (k rowScan) RunTeam(m teams.Member) {
	r := m.LeagueRank()
	tot := teams.ThreadScan(m, 0, k.In.Extent(1), func(c int, acc *int32, final bool) {
		if final {
			k.Out.Set(r, c, *acc)
		}
		*acc += k.In.At(r, c)
	})
	if m.TeamRank() == 0 {
		k.Total.Set(r, tot)
	}
}

func testTeamScan(t *testing.T, s execspace.Space) {
	t.Run("TeamScan", func(t *testing.T) {
		league := 9
		for _, size := range []int{1, 7, 32, 128} {
			ts := 1
			if s.Info().Device {
				ts = size
			}
			prefix, total := alloc[int64](t, s, "prefix", league*ts), alloc[int64](t, s, "total", league*ts)
			must(t, portable.ParallelForTeam(s, "conformance memberScan", portable.Teams(league, size), memberScan{prefix, total}))
			ps, tot := download(t, s, prefix), download(t, s, total)
			for l := 0; l < league; l++ {
				var run int64
				for r := 0; r < ts; r++ {
					id := l*ts + r
					if ps[id] != run {
						t.Fatalf("size %d league %d rank %d: prefix %d, want %d", size, l, r, ps[id], run)
					}
					run += int64((r + 1) * (l + 1))
				}
				for r := 0; r < ts; r++ {
					if tot[l*ts+r] != run {
						t.Fatalf("size %d league %d rank %d: total %d, want %d", size, l, r, tot[l*ts+r], run)
					}
				}
			}
		}
	})
	t.Run("ThreadScan", func(t *testing.T) {
		rows, cols := 13, 1001
		in := make([]int32, rows*cols)
		rng := lcg(3)
		for i := range in {
			in[i] = int32(rng.next() % 50)
		}
		In, err := views.Alloc2D[int32](s.Memory(), "in", rows, cols, views.LayoutRight)
		must(t, err)
		defer In.Free()
		must(t, views.DeepCopy2D(In, views.Wrap2D("in_host", in, rows, cols, views.LayoutRight)))
		for _, shape := range [][2]int{{1, 1}, {32, 1}, {256, 1}, {4, 32}, {8, 4}} {
			size, vl := shape[0], shape[1]
			Out, err := views.Alloc2D[int32](s.Memory(), "out", rows, cols, views.LayoutRight)
			must(t, err)
			defer Out.Free()
			tot := alloc[int32](t, s, "total", rows)
			must(t, portable.ParallelForTeam(s, "conformance rowScan", portable.Teams(rows, size).WithVectorLength(vl), rowScan{In, Out, tot}))
			out := make([]int32, rows*cols)
			must(t, s.Fence("rowScan"))
			must(t, views.DeepCopy2D(views.Wrap2D("out_host", out, rows, cols, views.LayoutRight), Out))
			totals := download(t, s, tot)
			for r := 0; r < rows; r++ {
				var run int32
				for c := 0; c < cols; c++ {
					if out[r*cols+c] != run {
						t.Fatalf("size %d: out(%d, %d) = %d, want %d", size, r, c, out[r*cols+c], run)
					}
					run += in[r*cols+c]
				}
				if totals[r] != run {
					t.Fatalf("size %d: row %d total %d, want %d", size, r, totals[r], run)
				}
			}
		}
	})
}

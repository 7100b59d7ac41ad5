package conformance

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// teamIDs records, for every member of every team, its league rank, team size and league size,
// and counts the member's visits.
//
//gokkos:kernel
type teamIDs struct {
	Rank, Hits views.View1D[int32]
	Size       views.View1D[int32]
}

func (k teamIDs) RunTeam(m teams.Member) {
	id := m.LeagueRank()*m.TeamSize() + m.TeamRank()
	k.Rank.Set(id, int32(m.LeagueRank()))
	k.Size.Set(id, int32(m.TeamSize()<<20+m.LeagueSize()))
	k.Hits.AtomicAdd(id, 1)
}

// rowSums fills row r of a matrix with r*cols+c over a thread range and then a vector range,
// and stores each row's sum (from a team-vector reduction) and its maximum (from a thread
// reduction, broadcast from rank 0 inside Single).
//
//gokkos:kernel
type rowSums struct {
	M    views.View2D[int64]
	Sum  views.View1D[int64]
	Max  views.View1D[int64]
	Cols int
}

func (k rowSums) RunTeam(m teams.Member) {
	r := m.LeagueRank()
	teams.ThreadRange(m, 0, k.Cols/2, func(c int) { k.M.Set(r, c, int64(r*k.Cols+c)) })
	teams.VectorRange(m, k.Cols/2, k.Cols, func(c int) { k.M.Set(r, c, int64(r*k.Cols+c)) })
	m.Barrier()
	sum := teams.TeamVectorReduce(m, 0, k.Cols, teams.Sum, func(c int, acc *int64) { *acc += k.M.At(r, c) })
	mx := teams.ThreadReduce(m, 0, k.Cols, teams.Max, func(c int, acc *int64) { *acc = max(*acc, k.M.At(r, c)) })
	mx = teams.Broadcast(m, mx, 0)
	teams.Single(m, func() {
		k.Sum.Set(r, sum)
		k.Max.Set(r, mx)
	})
}

// memberReduce combines one value per member with TeamReduce.
//
//gokkos:kernel
type memberReduce struct {
	Out views.View1D[int64]
}

func (k memberReduce) RunTeam(m teams.Member) {
	v := int64(m.TeamRank() + 1)
	s := teams.TeamReduce(m, v, teams.Sum)
	mn := teams.TeamReduce(m, v, teams.Min)
	if m.TeamRank() == 0 {
		k.Out.Set(m.LeagueRank(), s*1000+mn)
	}
}

func testTeam(t *testing.T, s execspace.Space) {
	for _, league := range []int{0, 1, 37, 1000} {
		for _, size := range []int{1, 4, 32, portable.Auto} {
			t.Run(fmt.Sprintf("ids/league=%d/size=%d", league, size), func(t *testing.T) {
				// The space decides the real team size (1 on the host); allocate for the
				// largest possible.
				maxSize := max(1, s.Info().MaxTeamSize)
				if size > 0 {
					maxSize = min(maxSize, size)
				}
				n := league * maxSize
				rank, hits, sz := alloc[int32](t, s, "rank", n), alloc[int32](t, s, "hits", n), alloc[int32](t, s, "size", n)
				must(t, portable.ParallelForTeam(s, "conformance teamIDs", portable.Teams(league, size), teamIDs{rank, hits, sz}))
				rs, hs, ss := download(t, s, rank), download(t, s, hits), download(t, s, sz)
				if league == 0 {
					return
				}
				teamSize := int(ss[0]) >> 20
				if teamSize < 1 || teamSize > maxSize || (size > 0 && s.Info().Device && teamSize != size) {
					t.Fatalf("team size %d for a request of %d (max %d)", teamSize, size, maxSize)
				}
				for id := 0; id < league*teamSize; id++ {
					if hs[id] != 1 || int(rs[id]) != id/teamSize || int(ss[id]) != teamSize<<20+league {
						t.Fatalf("member %d: hits %d, league rank %d, size code %#x", id, hs[id], rs[id], ss[id])
					}
				}
			})
		}
	}
	t.Run("rows", func(t *testing.T) {
		rows, cols := 50, 67
		for _, size := range []int{1, 8, portable.Auto} {
			for _, vl := range []int{1, 4, 32} {
				mat, err := views.Alloc2D[int64](s.Memory(), "matrix", rows, cols, views.LayoutRight)
				must(t, err)
				defer mat.Free()
				sum, mx := alloc[int64](t, s, "sum", rows), alloc[int64](t, s, "max", rows)
				must(t, portable.ParallelForTeam(s, "conformance rowSums", portable.Teams(rows, size).WithVectorLength(vl), rowSums{mat, sum, mx, cols}))
				ss, ms := download(t, s, sum), download(t, s, mx)
				for r := 0; r < rows; r++ {
					base := int64(r * cols)
					want := base*int64(cols) + int64(cols*(cols-1)/2)
					if ss[r] != want || ms[r] != base+int64(cols-1) {
						t.Fatalf("size %d vector %d row %d: sum %d max %d, want %d and %d", size, vl, r, ss[r], ms[r], want, base+int64(cols-1))
					}
				}
				h := views.CreateMirror2D(mat)
				must(t, views.DeepCopy2D(h, mat))
				for r := 0; r < rows; r++ {
					for c := 0; c < cols; c++ {
						if h.At(r, c) != int64(r*cols+c) {
							t.Fatalf("M(%d, %d) = %d", r, c, h.At(r, c))
						}
					}
				}
			}
		}
	})
	t.Run("TeamReduce", func(t *testing.T) {
		league := 20
		for _, size := range []int{1, 16, 64} {
			out := alloc[int64](t, s, "out", league)
			must(t, portable.ParallelForTeam(s, "conformance memberReduce", portable.Teams(league, size), memberReduce{out}))
			got := download(t, s, out)
			ts := int64(1)
			if s.Info().Device {
				ts = int64(size)
			}
			for l, v := range got {
				if want := ts*(ts+1)/2*1000 + 1; v != want {
					t.Fatalf("size %d team %d: %d, want %d", size, l, v, want)
				}
			}
		}
	})
}

// teamCount contributes every member's rank+1 and the league rank to a team reduction.
//
//gokkos:kernel
type teamCount struct{}

func (teamCount) RunTeam(m teams.Member, acc *int64) {
	*acc += int64(m.LeagueRank()*1000 + m.TeamRank() + 1)
}

func testTeamReduce(t *testing.T, s execspace.Space) {
	for _, size := range []int{1, 32} {
		league := 300
		var got int64
		must(t, portable.ParallelReduceTeam(s, "conformance teamCount", portable.Teams(league, size), teamCount{}, portable.Sum(&got)))
		ts := int64(1)
		if s.Info().Device {
			ts = int64(size)
		}
		want := ts*1000*int64(league*(league-1)/2) + int64(league)*ts*(ts+1)/2
		if got != want {
			t.Fatalf("size %d: got %d, want %d", size, got, want)
		}
	}
}

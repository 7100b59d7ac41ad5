package corpus

import (
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// The team kernels below compute results that do not depend on the team size or vector
// length, so that host runs (teams of one) and interpreter runs (teams of several lanes) agree.

// MatVec computes Y = A*X with rows spread over the team's members and columns over vector
// lanes (a VectorReduce nested in a ThreadRange); each team handles RowsPerTeam rows.
//
//gokkos:kernel
type MatVec struct {
	A           views.View2D[float64]
	X, Y        views.View1D[float64]
	RowsPerTeam int
}

// RunTeam computes the team's rows.
func (k MatVec) RunTeam(m teams.Member) {
	first := m.LeagueRank() * k.RowsPerTeam
	teams.ThreadRange(m, 0, k.RowsPerTeam, func(r int) {
		row := first + r
		if row >= k.A.Extent(0) {
			return
		}
		s := teams.VectorReduce(m, 0, k.A.Extent(1), teams.Sum, func(j int, acc *float64) {
			*acc += k.A.At(row, j) * k.X.At(j)
		})
		k.Y.Set(row, s)
	})
}

// Tiles reverses each team's tile of X through level-0 team scratch with a barrier, and
// checks per-member level-1 scratch.
//
//gokkos:kernel
type Tiles struct {
	X, Out views.View1D[int32]
	Check  views.View1D[int32]
	Tile   int
}

// RunTeam handles tile LeagueRank.
func (k Tiles) RunTeam(m teams.Member) {
	base := m.LeagueRank() * k.Tile
	tile := teams.TeamScratch[int32](m, 0, k.Tile)
	teams.TeamVectorRange(m, 0, k.Tile, func(j int) { tile.Set(j, k.X.At(base+j)) })
	m.Barrier()
	teams.ThreadRange(m, 0, k.Tile, func(j int) {
		teams.VectorRange(m, 0, 1, func(int) { k.Out.Set(base+j, tile.At(k.Tile-1-j)*int32(m.LeagueSize())) })
	})
	mine := teams.ThreadScratch[int64](m, 1, 4)
	for j := range mine.Len() {
		mine.Set(j, int64(m.TeamRank()*10+j))
	}
	ok := int32(1)
	for j := range mine.Len() {
		if mine.At(j) != int64(m.TeamRank()*10+j) {
			ok = 0
		}
	}
	all := teams.TeamReduce(m, ok, teams.Min)
	teams.Single(m, func() { k.Check.Set(m.LeagueRank(), all+int32(tile.Len())) })
}

// Collectives uses TeamReduce with every operator, TeamScan for a stream compaction,
// Broadcast and Single; each team handles a chunk of Chunk elements.
//
//gokkos:kernel
type Collectives struct {
	X     views.View1D[int64]
	Red   views.View2D[int64]
	Keep  views.View1D[int64]
	Count views.View1D[int64]
	Chunk int
}

// RunTeam reduces and compacts the team's chunk.
func (k Collectives) RunTeam(m teams.Member) {
	lg, rank, size := m.LeagueRank(), m.TeamRank(), m.TeamSize()
	base := lg * k.Chunk
	sum, prod, lo, hi := int64(0), int64(1), teams.Identity[int64](teams.Min), teams.Identity[int64](teams.Max)
	and, or := int64(-1), int64(0)
	for j := rank; j < k.Chunk; j += size {
		x := k.X.At(base + j)
		sum += x
		prod *= x%3 + 2
		lo = min(lo, x)
		hi = max(hi, x)
		and &= x | 0x100
		or |= x & 0xff
	}
	k.Red.Set(lg, 0, teams.TeamReduce(m, sum, teams.Sum))
	k.Red.Set(lg, 1, teams.TeamReduce(m, prod, teams.Prod))
	k.Red.Set(lg, 2, teams.TeamReduce(m, lo, teams.Min))
	k.Red.Set(lg, 3, teams.TeamReduce(m, hi, teams.Max))
	k.Red.Set(lg, 4, teams.TeamReduce(m, and, teams.BAnd))
	k.Red.Set(lg, 5, teams.TeamReduce(m, or, teams.BOr))
	// Compaction: each member takes a contiguous part of the chunk.
	per := (k.Chunk + size - 1) / size
	lo2, hi2 := min(k.Chunk, rank*per), min(k.Chunk, (rank+1)*per)
	n := int64(0)
	for j := lo2; j < hi2; j++ {
		if k.X.At(base+j) > 0 {
			n++
		}
	}
	prefix, total := teams.TeamScan(m, n)
	at := int64(base) + prefix
	for j := lo2; j < hi2; j++ {
		if x := k.X.At(base + j); x > 0 {
			k.Keep.Set(int(at), x)
			at++
		}
	}
	v := int64(-7)
	if rank == 0 {
		v = total * 3
	}
	b := teams.Broadcast(m, v, 0)
	teams.Single(m, func() {
		k.Count.Set(lg, b)
		if b < 0 {
			return
		}
		k.Count.Set(lg, b+1)
	})
}

// Scans uses ThreadScan, VectorScan nested in a ThreadRange, TeamVectorReduce and
// TeamVectorRange, and reports the team shape.
//
//gokkos:kernel
type Scans struct {
	X      views.View1D[int32]
	Prefix views.View1D[int32]
	Rows   views.View2D[int32]
	Out    views.View2D[int64]
	Chunk  int
}

// RunTeam scans the team's chunk.
func (k Scans) RunTeam(m teams.Member) {
	lg := m.LeagueRank()
	base := lg * k.Chunk
	total := teams.ThreadScan(m, 0, k.Chunk, func(j int, acc *int32, final bool) {
		if final {
			k.Prefix.Set(base+j, *acc)
		}
		*acc += k.X.At(base + j)
	})
	teams.ThreadRange(m, 0, k.Rows.Extent(1), func(r int) {
		t := teams.VectorScan(m, 0, k.Chunk, func(j int, acc *int32, final bool) {
			v := k.X.At(base+j) * int32(r+1)
			if final && j == k.Chunk-1 {
				k.Rows.Set(lg, r, *acc+v)
			}
			*acc += v
		})
		_ = t
	})
	sq := teams.TeamVectorReduce(m, 0, k.Chunk, teams.Sum, func(j int, acc *int64) {
		x := int64(k.X.At(base + j))
		*acc += x * x
	})
	mx := teams.ThreadReduce(m, 0, k.Chunk, teams.Max, func(j int, acc *int32) {
		*acc = max(*acc, k.X.At(base+j))
	})
	teams.TeamVectorRange(m, 0, 1, func(int) {
		k.Out.Set(lg, 0, int64(total))
		k.Out.Set(lg, 1, sq)
		k.Out.Set(lg, 2, int64(mx))
		k.Out.Set(lg, 3, int64(m.LeagueSize()))
	})
	size := teams.TeamReduce(m, 1, teams.Sum)
	lanes := teams.TeamReduce(m, m.VectorLength(), teams.Max)
	teams.Single(m, func() {
		k.Out.Set(lg, 4, int64(size-m.TeamSize()))
		k.Out.Set(lg, 5, int64(lanes-m.VectorLength()))
	})
}

// TeamSum is a team reduce kernel: members add their ThreadRange iterations to the
// accumulator.
//
//gokkos:kernel
type TeamSum struct {
	X     views.View1D[float64]
	Chunk int
}

// RunTeam adds the team's chunk.
func (k TeamSum) RunTeam(m teams.Member, acc *float64) {
	base := m.LeagueRank() * k.Chunk
	teams.ThreadRange(m, 0, k.Chunk, func(j int) {
		*acc += k.X.At(base + j)
	})
}

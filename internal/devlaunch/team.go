package devlaunch

import (
	"fmt"
	"math/bits"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
)

// MaxAutoTeam is the most threads (team size × vector length) that team size Auto chooses.
const MaxAutoTeam = 256

// Team is the resolved shape of a team launch (FormTeam, FormTeamReduce's Main).
type Team struct {
	// League is the league size; Size and Vector the team size and vector length.
	League, Size, Vector int
	// Grid is the number of blocks; block b runs league ranks b, b+Grid, ....
	Grid int
	// Shared is the dynamic shared memory per block in bytes: the kernel's SharedPerThread
	// bytes per thread rounded up to 16, then level-0 team scratch, then level-0 thread scratch
	// per member.
	Shared int
	// Level1 is the level-1 scratch of one team in bytes (team part plus members' parts); a
	// launch needs Grid × Level1 bytes of it.
	Level1 int64
}

// Threads returns the threads per block, Size × Vector.
func (t Team) Threads() int { return t.Size * t.Vector }

// Prefix returns the FormTeam argument prefix of launch l with the level-1 scratch buffer at
// base: (league, teamSize, vectorLength, scratch0Team, scratch0Thread, scratch1Base,
// scratch1Team, scratch1Thread).
func (t Team) Prefix(l *execspace.Launch, base uint64) []uint64 {
	return []uint64{uint64(t.League), uint64(t.Size), uint64(t.Vector),
		uint64(l.Scratch[0].Team), uint64(l.Scratch[0].Thread),
		base, uint64(l.Scratch[1].Team), uint64(l.Scratch[1].Thread)}
}

// TeamShape resolves the team size, vector length, shared memory, grid and level-1 scratch of a
// team launch l of kernel k's entry e on d:
//
//   - VectorLength Auto (or 0) is 1; otherwise a power of two up to the warp size.
//   - TeamSize Auto picks, among multiples of warp/vector up to MaxAutoTeam threads (and e's
//     limit), the size with the most resident threads per multiprocessor, the largest on ties,
//     whose dynamic shared memory fits.
//   - The grid is min(league, multiprocessors × resident blocks), at least 1, and fewer when
//     the teams' level-1 scratch would exceed d.Level1Budget.
//   - A concurrent launch (l.Concurrent) runs one team per block, every block resident at
//     once: its league is cut to the grid (and to d.Resident), and the launch must be
//     cooperative. A kernel that calls LeagueBarrier is refused without l.Concurrent.
//
// Errors describe an invalid request (negative league or scratch, a bad vector length or team
// size) or a team that does not fit the device. The caller reserves Grid × Level1 bytes of
// level-1 scratch.
func TeamShape(d Device, e Entry, k *abi.KernelSpec, l *execspace.Launch) (Team, error) {
	t := Team{League: l.League, Vector: l.VectorLength}
	if t.League < 0 {
		return Team{}, fmt.Errorf("negative league size %d", t.League)
	}
	if k.LeagueBarrier && !l.Concurrent {
		return Team{}, fmt.Errorf("kernel %s calls LeagueBarrier, so its teams must all run at once: launch it with a concurrent team policy (portable.TeamPolicy.WithConcurrent)", k.Name)
	}
	switch {
	case t.Vector == execspace.Auto || t.Vector == 0:
		t.Vector = 1
	case t.Vector < 1 || t.Vector > d.Warp || bits.OnesCount(uint(t.Vector)) != 1:
		return Team{}, fmt.Errorf("vector length %d; want a power of two up to the warp size %d", t.Vector, d.Warp)
	}
	for lv, sc := range l.Scratch {
		if sc.Team < 0 || sc.Thread < 0 {
			return Team{}, fmt.Errorf("negative level-%d scratch request (%d B per team, %d B per thread)", lv, sc.Team, sc.Thread)
		}
	}
	sharedFor := func(size int) int {
		return Align16(k.SharedPerThread*size*t.Vector) + l.Scratch[0].Team + l.Scratch[0].Thread*size
	}
	room := d.SharedOptin - e.StaticShared
	if l.TeamSize == execspace.Auto {
		best := Block{}
		step := max(1, d.Warp/t.Vector)
		top := min(e.MaxThreads, MaxAutoTeam) / t.Vector
		top -= top % step
		for size := top; size >= step; size -= step {
			sh := sharedFor(size)
			if sh > room {
				continue
			}
			n, err := e.Occupancy(size*t.Vector, sh)
			if err != nil {
				return Team{}, err
			}
			if n*size > best.Threads*best.PerSM {
				best = Block{size, n}
			}
		}
		if best.Threads == 0 {
			return Team{}, fmt.Errorf("no team size fits: even %d threads need %d B of dynamic shared memory, and the device allows %d B per block beside the entry's %d B of static shared memory", step*t.Vector, sharedFor(step), room, e.StaticShared)
		}
		t.Size = best.Threads
	} else {
		t.Size = l.TeamSize
		if t.Size < 1 {
			return Team{}, fmt.Errorf("team size %d; want a positive size or Auto", t.Size)
		}
	}
	threads := t.Threads()
	if threads > e.MaxThreads {
		return Team{}, fmt.Errorf("team of %d×%d = %d threads exceeds entry %s's limit of %d threads per block%s", t.Size, t.Vector, threads, e.Name, e.MaxThreads, e.regs(" (", " per thread)"))
	}
	t.Shared = sharedFor(t.Size)
	if t.Shared > room {
		return Team{}, fmt.Errorf("dynamic shared memory of %d B per team (%d B kernel + %d B level-0 team scratch + %d B × %d members level-0 thread scratch) exceeds the device's %d B per block beside the entry's %d B of static shared memory",
			t.Shared, Align16(k.SharedPerThread*threads), l.Scratch[0].Team, l.Scratch[0].Thread, t.Size, room, e.StaticShared)
	}
	perSM, err := e.Occupancy(threads, t.Shared)
	if err != nil {
		return Team{}, err
	}
	if perSM == 0 {
		return Team{}, fmt.Errorf("a block of %d threads with %d B of dynamic shared memory does not fit on a multiprocessor%s", threads, t.Shared, e.regs(" (", " per thread)"))
	}
	t.Grid = min(max(t.League, 1), d.SMs*perSM)
	t.Level1 = int64(l.Scratch[1].Team) + int64(t.Size)*int64(l.Scratch[1].Thread)
	if t.Level1 > 0 {
		if t.Level1 > d.Level1Budget {
			return Team{}, fmt.Errorf("level-1 scratch of %d B per team exceeds the limit of %d B", t.Level1, d.Level1Budget)
		}
		t.Grid = int(min(int64(t.Grid), max(1, d.Level1Budget/t.Level1)))
	}
	if l.Concurrent {
		if d.Resident > 0 {
			t.Grid = min(t.Grid, d.Resident)
		}
		t.League = min(t.League, t.Grid)
	}
	return t, nil
}

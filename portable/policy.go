package portable

import (
	"fmt"

	"github.com/gokkos/gokkos/execspace"
)

// Schedule says how a policy's iterations are handed to host workers; device spaces ignore it.
type Schedule = execspace.Schedule

// The schedules.
const (
	Static  = execspace.Static
	Dynamic = execspace.Dynamic
)

// Auto asks the execution space to choose a team size or vector length.
const Auto = execspace.Auto

// RangePolicy is the index range [Begin, End) of a range pattern, with an optional chunk size
// and schedule for host spaces. The zero value is the empty range.
type RangePolicy struct {
	Begin, End int
	Chunk      int // iterations per chunk; 0 lets the space choose
	Schedule   Schedule
}

// Range returns the policy of the indices [begin, end) with the default chunk size and the
// static schedule.
func Range(begin, end int) RangePolicy { return RangePolicy{Begin: begin, End: end} }

// WithChunk returns p with chunk size c (0: the space chooses).
func (p RangePolicy) WithChunk(c int) RangePolicy { p.Chunk = c; return p }

// WithSchedule returns p with schedule s.
func (p RangePolicy) WithSchedule(s Schedule) RangePolicy { p.Schedule = s; return p }

func (p RangePolicy) check() error {
	if p.End < p.Begin {
		return fmt.Errorf("range [%d, %d) ends before it begins", p.Begin, p.End)
	}
	if p.Chunk < 0 {
		return fmt.Errorf("negative chunk size %d", p.Chunk)
	}
	return nil
}

// TeamPolicy is a league of teams: League teams of TeamSize members, each with VectorLength
// lanes, and scratch memory per team and per member at two levels (0: fast and small, GPU shared
// memory; 1: large). On the host a team always has one member and one lane, whatever TeamSize
// asks for. The zero value is an empty league.
type TeamPolicy struct {
	League       int
	TeamSize     int // members per team, or Auto
	VectorLength int // lanes per member (a power of two up to 32), or Auto; 0 means 1
	Scratch      [2]execspace.ScratchSize
	Chunk        int // league ranks per chunk on host spaces; 0 lets the space choose
	Schedule     Schedule
	// Concurrent asks that every team of the league run at the same time (see WithConcurrent).
	Concurrent bool
}

// Teams returns a policy of league teams of teamSize members (or Auto) with one vector lane and no
// scratch.
func Teams(league, teamSize int) TeamPolicy {
	return TeamPolicy{League: league, TeamSize: teamSize, VectorLength: 1}
}

// WithVectorLength returns p with v lanes per member (a power of two up to 32, or Auto).
func (p TeamPolicy) WithVectorLength(v int) TeamPolicy { p.VectorLength = v; return p }

// WithScratch returns p requesting perTeam bytes of scratch per team and perThread bytes per
// member at level (0 or 1). It panics if level is not 0 or 1.
func (p TeamPolicy) WithScratch(level, perTeam, perThread int) TeamPolicy {
	if level != 0 && level != 1 {
		panic(fmt.Sprintf("portable: WithScratch: level %d; levels are 0 and 1", level))
	}
	p.Scratch[level] = execspace.ScratchSize{Team: perTeam, Thread: perThread}
	return p
}

// WithConcurrent returns p asking that every team of the league run at the same time, so that the
// teams may wait for each other at teams.Member.LeagueBarrier (a persistent kernel that runs
// many steps in one launch). A space runs at most as many teams as it holds at once, and
// fewer than League when League is larger: Member.LeagueSize says how many run, and a kernel
// for a concurrent policy divides its work by LeagueSize, not by the League it asked for.
//
// On a GPU (the cuda space) the teams are one block each and the launch is cooperative: at
// most the blocks that fit on the device at once, from the kernel's occupancy. The simulated
// device runs blocks one after another, so its concurrent leagues have one team. On the host
// each team runs on its own goroutine, at most one team per worker; Chunk and Schedule do
// not apply.
func (p TeamPolicy) WithConcurrent() TeamPolicy { p.Concurrent = true; return p }

// WithChunk returns p with c league ranks per chunk on host spaces.
func (p TeamPolicy) WithChunk(c int) TeamPolicy { p.Chunk = c; return p }

// WithSchedule returns p with schedule s on host spaces.
func (p TeamPolicy) WithSchedule(s Schedule) TeamPolicy { p.Schedule = s; return p }

func (p TeamPolicy) check() error {
	if p.League < 0 {
		return fmt.Errorf("negative league size %d", p.League)
	}
	if p.TeamSize == 0 || p.TeamSize < Auto {
		return fmt.Errorf("team size %d; want a positive size or Auto", p.TeamSize)
	}
	switch p.VectorLength {
	case Auto, 0, 1, 2, 4, 8, 16, 32:
	default:
		return fmt.Errorf("vector length %d; want a power of two up to 32 or Auto", p.VectorLength)
	}
	for l, s := range p.Scratch {
		if s.Team < 0 || s.Thread < 0 {
			return fmt.Errorf("negative level-%d scratch size (%d per team, %d per thread)", l, s.Team, s.Thread)
		}
	}
	if p.Chunk < 0 {
		return fmt.Errorf("negative chunk size %d", p.Chunk)
	}
	return nil
}

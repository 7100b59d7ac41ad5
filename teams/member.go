package teams

import "fmt"

// Member is a team member's handle, passed by value to RunTeam. It is valid only during the
// RunTeam call that received it and only on that goroutine. The zero Member is a team of one in a
// league of one, with no scratch.
type Member struct {
	league     int
	leagueSize int
	s          *Scratch
	sync       *LeagueSync
}

// NewHostMember returns the member of a one-member team of league rank league in a league of
// leagueSize teams, with scratch s (which may be nil when the policy requests none). Execution
// spaces call it; application code receives Members from RunTeam.
func NewHostMember(league, leagueSize int, s *Scratch) Member {
	if s != nil {
		s.reset()
	}
	return Member{league: league, leagueSize: leagueSize, s: s}
}

// NewConcurrentHostMember is NewHostMember for a concurrent launch, whose teams all run at
// once and meet at LeagueBarrier through ls. Execution spaces call it.
func NewConcurrentHostMember(league, leagueSize int, s *Scratch, ls *LeagueSync) Member {
	m := NewHostMember(league, leagueSize, s)
	m.sync = ls
	return m
}

// LeagueRank returns the team's index in the league, in [0, LeagueSize()).
func (m Member) LeagueRank() int { return m.league }

// LeagueSize returns the number of teams in the league.
func (m Member) LeagueSize() int { return max(m.leagueSize, 1) }

// TeamRank returns the member's index in its team, in [0, TeamSize()).
func (m Member) TeamRank() int { return 0 }

// TeamSize returns the number of members (threads) in the team.
func (m Member) TeamSize() int { return 1 }

// VectorLength returns the number of vector lanes per member.
func (m Member) VectorLength() int { return 1 }

// Barrier waits until every member of the team has reached it. Memory written before the
// barrier (scratch included) is visible to every member after it.
func (m Member) Barrier() {}

// Single runs body once per team, on member 0, and makes its writes visible to the whole team
// afterwards.
func Single(m Member, body func()) { body() }

// Broadcast returns the value v of the member with rank from to every member.
func Broadcast[T any](m Member, v T, from int) T {
	if from != 0 {
		panic(fmt.Sprintf("teams: Broadcast from rank %d in a team of %d", from, m.TeamSize()))
	}
	return v
}

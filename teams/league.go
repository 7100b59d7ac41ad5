package teams

import (
	"fmt"
	"runtime"
	"sync/atomic"
)

// LeagueBarrier waits until every member of every team of the league has reached it; memory
// writes made before it by any member are visible to every member after it. It is the
// league-wide counterpart of Barrier, for kernels that run many steps in one launch (a
// persistent kernel) and need the whole league to finish one step before the next begins.
//
// Only a launch with a concurrent team policy (portable.TeamPolicy.WithConcurrent) may reach it:
// its teams all run at once, so none waits for a team that has not started. Device spaces
// refuse any other launch of a kernel that calls it; on the host, reaching it in a launch of
// more than one team without that policy panics. Every member of every team must reach the
// same sequence of league barriers: a team that returns while the others wait at one more
// leaves them waiting for ever (a hung launch on a device). It must not be called inside a teams
// range, reduction, scan or Single body.
//
// Cost: on a GPU two block barriers, two fences and one atomic per team, a poll of one word
// in L2 by each team's first thread, and the wait for the slowest team; on the host an atomic
// per team and a spin (yielding after spinPolls polls).
func (m Member) LeagueBarrier() {
	if m.sync == nil {
		if m.LeagueSize() == 1 {
			return
		}
		panic(fmt.Sprintf("teams: LeagueBarrier in a launch of %d teams without a concurrent policy (portable.TeamPolicy.WithConcurrent)", m.LeagueSize()))
	}
	m.sync.wait()
}

// LeagueSync is the state of LeagueBarrier for the teams of one concurrent launch on a host
// space: a count of arrivals and an epoch that the last arrival advances. Execution spaces
// create one per launch (NewLeagueSync) and hand it to every team's Member; it is safe for
// concurrent use by those teams.
type LeagueSync struct {
	teams   int32
	arrived atomic.Int32
	epoch   atomic.Uint32
	broken  atomic.Bool
}

// NewLeagueSync returns the barrier state of a concurrent launch of teams teams.
func NewLeagueSync(teams int) *LeagueSync { return &LeagueSync{teams: int32(teams)} }

// Abort releases the teams waiting at the barrier after another team of the launch failed:
// their LeagueBarrier panics with ErrLeagueAborted, which the space recovers.
func (ls *LeagueSync) Abort() { ls.broken.Store(true) }

// ErrLeagueAborted is the value LeagueBarrier panics with after LeagueSync.Abort.
var ErrLeagueAborted error = leagueAborted{}

type leagueAborted struct{}

func (leagueAborted) Error() string { return "teams: another team of the launch failed" }

// spinPolls is the number of polls of the epoch before a waiting team starts to yield its
// thread (every 64 polls after that): tens of microseconds, longer than a step's imbalance
// usually lasts. Yielding sooner sends every waiting team through the scheduler's global lock
// at every barrier, which at 16 teams cost a fifth of a binned traversal's time.
const spinPolls = 1 << 14

func (ls *LeagueSync) wait() {
	e := ls.epoch.Load()
	if ls.arrived.Add(1) == ls.teams {
		ls.arrived.Store(0)
		ls.epoch.Add(1)
		return
	}
	for spins := 0; ls.epoch.Load() == e; spins++ {
		if ls.broken.Load() {
			panic(ErrLeagueAborted)
		}
		if spins >= spinPolls && spins%64 == 0 {
			runtime.Gosched()
		}
	}
}

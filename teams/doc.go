// Package teams is the API a team kernel (RunTeam(m teams.Member)) uses inside a team: its rank
// in the league and in the team, barriers, per-team single execution, broadcasts, loops split
// over the team's threads and vector lanes, reductions and scans over those loops and over one
// value per member, and team scratch memory — Kokkos' TeamPolicy member API.
//
// The same kernel runs on every execution space. On the host a team has one member and one
// vector lane (as in Kokkos' host backends), so the loops run serially, barriers cost nothing,
// and team reductions return the member's own value; on a GPU a team is a thread block. Code that
// uses TeamRank and TeamSize instead of assuming a size is correct on both.
//
// Functions that take a body (ThreadRange, VectorRange, ...) must be called by every member of
// the team with the same bounds, as in Kokkos.
package teams

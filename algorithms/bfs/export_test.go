package bfs

import "github.com/gokkos/gokkos/execspace"

// SetGrowPull makes ReachOnly searches take frontier.PullReach steps (grow) or plain pull
// steps whatever the space, and returns the function that restores the choice.
func SetGrowPull(grow bool) (restore func()) {
	old := growPull
	growPull = func(execspace.Space) bool { return grow }
	return func() { growPull = old }
}

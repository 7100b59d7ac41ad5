//go:build race

package graph_test

// raceEnabled reports whether the race detector is on.
const raceEnabled = true

//go:build !race

package scc

// raceEnabled is true in builds with the race detector.
const raceEnabled = false

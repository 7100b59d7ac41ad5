//go:build race

package scc

// raceEnabled is true in builds with the race detector, which slows the topology-driven sweeps
// over long cycles (one instrumented atomic load per vertex per sweep) by two orders of
// magnitude; the long inputs shrink there (see longN).
const raceEnabled = true

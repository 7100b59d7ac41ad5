package bfs

import (
	"fmt"
	"strings"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

// Direction selects top-down or direction-optimizing traversal. The zero value is Auto.
type Direction uint8

// The directions.
const (
	// Auto is direction-optimizing when the strategy is frontier.Auto and top-down otherwise.
	Auto Direction = iota
	// TopDown runs push steps only, with the chosen strategy.
	TopDown
	// Optimizing switches between push steps (with the chosen strategy) and pull steps with
	// Beamer's heuristics.
	Optimizing
)

// String returns "auto", "push" or "optimizing".
func (d Direction) String() string {
	switch d {
	case Auto:
		return "auto"
	case TopDown:
		return "push"
	case Optimizing:
		return "optimizing"
	}
	return fmt.Sprintf("Direction(%d)", int(d))
}

// ParseDirection returns the direction named s: "auto", "push" (or "top-down") or
// "optimizing" (or "do", "pull"), case-insensitive.
func ParseDirection(s string) (Direction, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "auto":
		return Auto, nil
	case "push", "top-down", "topdown":
		return TopDown, nil
	case "optimizing", "do", "direction-optimizing", "pull":
		return Optimizing, nil
	}
	return Auto, fmt.Errorf("bfs: unknown direction %q (want auto, push or optimizing)", s)
}

// Options configures a BFS. The zero value is the adaptive, direction-optimizing search with
// Beamer's parameters.
type Options struct {
	// Strategy is the template's loop strategy for push steps (frontier.Auto: adaptive).
	Strategy frontier.Strategy
	// Format fixes the worklist format of push steps (frontier.AutoFormat: adaptive).
	Format frontier.Format
	// Direction selects top-down or direction-optimizing traversal.
	Direction Direction
	// Alpha and Beta are the direction-optimizing thresholds (0 means Beamer's 15 and 18):
	// switch to pull steps when the frontier grows and its out-edges exceed the unexplored
	// edges / Alpha, and back to push steps when the frontier shrinks and holds at most
	// N / Beta vertices.
	Alpha, Beta float64
	// SampleEvery is the adaptive runtime's inspection period (see frontier.Options).
	SampleEvery int
	// Tuning overrides the template's launch parameters.
	Tuning frontier.Tuning
	// Trace records every step in Stats.Steps.
	Trace bool
	// ReachOnly records only which vertices the search reaches, in a bitmap (BFS.Reached),
	// and neither levels nor parents: a push step claims a vertex with an atomic OR of its
	// bit instead of a compare-and-swap of its parent and a store of its level, and no pass
	// rebuilds the bitmap before pull steps. On host spaces its pull steps are
	// frontier.PullReach steps, which also source from the vertices they claim. Level, Parent
	// and Views then have nothing to return, and Stats count levels unless Stats.LocalRounds or
	// Stats.Grown says they do not.
	ReachOnly bool
}

func (o Options) optimizing() bool {
	return o.Direction == Optimizing || o.Direction == Auto && o.Strategy == frontier.Auto
}

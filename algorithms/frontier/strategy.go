package frontier

import (
	"fmt"
	"strings"
)

// Strategy is a loop strategy of the template: how the work of a push step (the edges out of
// the current worklist) is mapped to threads and teams. The zero value is Auto.
type Strategy uint8

// The strategies.
const (
	// Auto lets the adaptive runtime choose a strategy and worklist formats every iteration
	// from a sample of the frontier (see Thresholds).
	Auto Strategy = iota
	// Baseline maps one vertex of the worklist to one thread, which walks all its edges.
	Baseline
	// Hierarchical sorts the worklist's vertices into three queues by degree and expands
	// large vertices with a whole team, medium ones with a warp-sized team and small ones
	// with one thread each.
	Hierarchical
	// LocalCollapse (local Manhattan collapse) gives each team a chunk of the worklist,
	// prefix-sums the chunk's degrees in team scratch, and splits the chunk's edges evenly
	// over the team's threads, each finding the vertex that owns an edge by binary search.
	LocalCollapse
	// GlobalCollapse (global Manhattan collapse) prefix-sums the degrees of the whole
	// worklist and splits all its edges evenly over the teams; threads find the owning vertex
	// by binary search in the global prefix sums.
	GlobalCollapse
	numStrategies
)

var strategyNames = [...]string{"auto", "baseline", "hierarchical", "ml", "mg"}

// String returns the strategy's short name: "auto", "baseline", "hierarchical", "ml" (local
// Manhattan collapse) or "mg" (global Manhattan collapse).
func (s Strategy) String() string {
	if int(s) < len(strategyNames) {
		return strategyNames[s]
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

// Strategies returns every strategy other than Auto, in declaration order.
func Strategies() []Strategy {
	return []Strategy{Baseline, Hierarchical, LocalCollapse, GlobalCollapse}
}

// ParseStrategy returns the strategy named s (case-insensitive): a name returned by String, or
// the long forms "local", "local-collapse", "global", "global-collapse" and "hier". Any other
// string is an error that lists the names.
func ParseStrategy(s string) (Strategy, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "auto", "adaptive", "":
		return Auto, nil
	case "baseline", "thread":
		return Baseline, nil
	case "hierarchical", "hier":
		return Hierarchical, nil
	case "ml", "local", "local-collapse":
		return LocalCollapse, nil
	case "mg", "global", "global-collapse":
		return GlobalCollapse, nil
	}
	return Auto, fmt.Errorf("frontier: unknown strategy %q (want one of %s)", s, strings.Join(strategyNames[:], ", "))
}

// Format is the representation of a worklist. The zero value is AutoFormat.
type Format uint8

// The worklist formats.
const (
	// AutoFormat lets the decision maker pick a format every iteration.
	AutoFormat Format = iota
	// Queue is an array of vertex ids: compact for small worklists; work is proportional to
	// its length.
	Queue
	// Bitmap is one bit per vertex: a fixed N/8 bytes, cheap to fill concurrently and to
	// test, better for large worklists and required as the input of pull steps.
	Bitmap
)

// String returns "auto", "queue" or "bitmap".
func (f Format) String() string {
	switch f {
	case AutoFormat:
		return "auto"
	case Queue:
		return "queue"
	case Bitmap:
		return "bitmap"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat returns the format named s: "auto", "queue" or "bitmap" (case-insensitive).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "auto", "":
		return AutoFormat, nil
	case "queue":
		return Queue, nil
	case "bitmap":
		return Bitmap, nil
	}
	return AutoFormat, fmt.Errorf("frontier: unknown worklist format %q (want auto, queue or bitmap)", s)
}

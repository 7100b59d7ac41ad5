package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
)

// algorithm is one entry of the table that run and bench consult.
type algorithm struct {
	// name is the value of -algo.
	name string
	// summary is a one-line description for the help text.
	summary string
	// root reports whether the algorithm starts from a root vertex (-root); run refuses -root
	// for the others.
	root bool
	// weighted reports whether the algorithm reads edge weights; bench generates weights for
	// it.
	weighted bool
	// strategies lists the values of -strategy the algorithm accepts (nil: every template
	// strategy).
	strategies []frontier.Strategy
	// usesStrategy reports, after the flags are parsed, whether -strategy makes a
	// difference (nil: it does); bench runs one strategy otherwise, and run refuses an
	// explicit -strategy.
	usesStrategy func() bool
	// flags registers algorithm-specific flags and returns their validator (either may be
	// nil).
	flags func(fs *flag.FlagSet) func() error
	// prepare sets up one instance for the run context.
	prepare func(c *runContext) (instance, error)
}

// instance is a prepared algorithm: run is timed (once as a warm-up, then once per trial),
// result summarizes the last run (untimed), free releases its memory.
type instance interface {
	run() error
	result() (result, error)
	free()
}

// tracer is an instance whose last run recorded the frontier template's steps (with
// runContext.Trace).
type tracer interface {
	steps() []frontier.Step
}

// phaseTracer is an instance whose last run recorded its phases (with runContext.Trace), for
// methods that do not run on the frontier template.
type phaseTracer interface {
	phases() []phase
}

// phase is one recorded phase of a run: its name, the round it belongs to, its iterations,
// the vertices it handled and its time.
type phase struct {
	name                        string
	round, iterations, vertices int
	seconds                     float64
}

// runContext is what an algorithm's prepare gets.
type runContext struct {
	// Space is the execution space and Graph the graph resident in it.
	Space execspace.Space
	Graph *dgraph.Graph
	// Host is the graph as read from the file.
	Host *graph.CSR
	// Root is the validated root vertex (for algorithms with root set).
	Root int32
	// Strategy is the template strategy from -strategy.
	Strategy frontier.Strategy
	// Trials is the number of timed runs after the warm-up.
	Trials int
	// Log receives progress lines (io.Discard with -json or -quiet).
	Log io.Writer
	// Trace asks the algorithm to record its template steps (see tracer).
	Trace bool
}

// field is one key and value of a result summary.
type field struct {
	key   string
	value any
}

// result is one run's outcome: the edges it traversed, for GTEPS, and its summary fields.
type result struct {
	edges  int64
	fields []field
}

// add appends a summary field.
func (r *result) add(key string, value any) { r.fields = append(r.fields, field{key, value}) }

var algorithms = map[string]algorithm{}

// register adds a to the table; init functions call it. It panics on a duplicate name, a
// programming error.
func register(a algorithm) {
	if _, dup := algorithms[a.name]; dup {
		panic(fmt.Sprintf("gokkos: algorithm %q registered twice", a.name))
	}
	algorithms[a.name] = a
}

// algorithmNames returns the registered names in order.
func algorithmNames() []string {
	names := make([]string, 0, len(algorithms))
	for n := range algorithms {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// lookupAlgorithm returns the algorithm called name or an error listing the known ones.
func lookupAlgorithm(name string) (algorithm, error) {
	a, ok := algorithms[strings.ToLower(name)]
	if !ok {
		return a, fmt.Errorf("unknown algorithm %q (available: %s)", name, strings.Join(algorithmNames(), ", "))
	}
	return a, nil
}

// strategyApplies reports, after the flags are parsed, whether -strategy makes a difference.
func (a algorithm) strategyApplies() bool { return a.usesStrategy == nil || a.usesStrategy() }

// rootAlgorithms returns the names of the algorithms that start from a root, in order.
func rootAlgorithms() []string {
	var names []string
	for _, n := range algorithmNames() {
		if algorithms[n].root {
			names = append(names, n)
		}
	}
	return names
}

// checkApplies refuses the run flags that were set in set but do not apply to a with the
// algorithm flags of fs (such as -method). -trace is not among them: where the frontier
// template is not used it says that it has no steps to show.
func (a algorithm) checkApplies(fs *flag.FlagSet, set map[string]bool) error {
	context := a.name
	for _, name := range []string{"method", "traversal"} {
		if f := fs.Lookup(name); f != nil && (name == "method" || set[name]) {
			context += " -" + name + " " + f.Value.String()
		}
	}
	switch {
	case set["root"] && !a.root:
		return notApplicable("root", a.name, "only "+strings.Join(rootAlgorithms(), " and ")+" start from a root")
	case set["strategy"] && !a.strategyApplies():
		return notApplicable("strategy", context, "it does not run on the frontier template")
	}
	return nil
}

// allows reports whether a accepts strategy s.
func (a algorithm) allows(s frontier.Strategy) bool {
	if a.strategies == nil {
		return true
	}
	for _, x := range a.strategies {
		if x == s {
			return true
		}
	}
	return false
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
)

// runOptions are the run subcommand's common flags.
type runOptions struct {
	algo, graph, space, strategy, format string
	root                                 int64
	trials                               int
	json, quiet, undirected              bool
	cpuprofile                           string
	trace                                bool
}

// prescanAlgo returns the value of -algo in args, so that the algorithm's own flags can be
// registered before parsing.
func prescanAlgo(args []string) string {
	for i, a := range args {
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "algo" {
			continue
		}
		if hasValue {
			return value
		}
		if i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// runCommand runs an algorithm on a graph file.
func runCommand(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", stderr)
	var o runOptions
	fs.StringVar(&o.algo, "algo", "", "algorithm: "+strings.Join(algorithmNames(), ", "))
	fs.StringVar(&o.graph, "graph", "", "graph file (.el .wel .ms .mtx .gkg .egr, optionally .gz)")
	fs.StringVar(&o.space, "space", "", "execution space: host, cuda or sim (default: GOKKOS_SPACE, else the best available)")
	fs.StringVar(&o.strategy, "strategy", "auto", "loop strategy of the frontier template: baseline, hierarchical, ml, mg or auto (not for wcc, scc -method fbtrim or hybrid with a -traversal other than auto, sssp -method edgelist)")
	fs.Int64Var(&o.root, "root", -1, "root vertex, for "+strings.Join(rootAlgorithms(), " and ")+" (default: the vertex of largest out-degree)")
	fs.IntVar(&o.trials, "trials", 3, "timed runs after one warm-up run; the median is reported")
	fs.BoolVar(&o.json, "json", false, "print one JSON object; fields keep their types, a number that is not finite (sssp's sum when it overflows) is null")
	fs.StringVar(&o.format, "format", "", "graph file format overriding the extension")
	fs.BoolVar(&o.undirected, "undirected", false, "add the reverse of every edge (and drop duplicates and self loops) after reading")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress messages")
	fs.BoolVar(&o.trace, "trace", false, "print to stderr where the last timed run spent its time: every frontier step (bfs, coloring, sssp: decision, worklist, time) or phase (scc -method edgelist), and every kernel (calls, total, share of the run)")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the timed runs to this file (go tool pprof)")
	var validate func() error
	if a, ok := algorithms[strings.ToLower(prescanAlgo(args))]; ok && a.flags != nil {
		validate = a.flags(fs)
	} else if !ok {
		fs.Usage = func() {
			fmt.Fprintf(fs.Output(), "Usage of gokkos run (with -algo X, -h also lists X's own flags, such as -method):\n")
			fs.PrintDefaults()
		}
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	if o.algo == "" {
		return usagef("-algo is required (one of %s)", strings.Join(algorithmNames(), ", "))
	}
	a, err := lookupAlgorithm(o.algo)
	if err != nil {
		return usageError{err.Error()}
	}
	if validate != nil {
		if err := validate(); err != nil {
			return usageError{err.Error()}
		}
	}
	if err := a.checkApplies(fs, explicit(fs)); err != nil {
		return err
	}
	strategy, err := frontier.ParseStrategy(o.strategy)
	if err != nil {
		return usageError{err.Error()}
	}
	if !a.allows(strategy) {
		return usagef("algorithm %s does not take -strategy %v", a.name, strategy)
	}
	if o.graph == "" {
		return usagef("-graph FILE is required")
	}
	if o.trials < 1 {
		return usagef("-trials must be at least 1")
	}
	format, err := graph.ParseFormat(o.format)
	if err != nil {
		return usageError{err.Error()}
	}
	log := stderr
	if o.json || o.quiet {
		log = io.Discard
	}
	space, closeSpace, err := openSpace(o.space)
	if err != nil {
		return err
	}
	defer closeSpace()

	prog := newProgress(log)
	defer prog.end()
	prog.begin("reading " + o.graph)
	ropt := graph.ReadOptions{Format: format, Progress: log}
	if o.undirected {
		ropt.Build = graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true}
	}
	host, err := graph.ReadFile(o.graph, ropt)
	if err != nil {
		return err
	}
	root, err := pickRoot(a, host, o.root)
	if err != nil {
		return err
	}
	prog.begin("copying the graph to the " + space.Name() + " space")
	g, err := dgraph.New(space, host)
	if err != nil {
		return err
	}
	defer g.Free()
	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	rep, err := measure(a, &runContext{Space: space, Graph: g, Host: host, Root: root, Strategy: strategy, Trials: o.trials, Log: log, Trace: o.trace}, prog)
	if err != nil {
		return err
	}
	prog.end()
	if o.trace {
		if len(rep.phases) > 0 {
			writePhases(stderr, rep.phases)
		} else {
			writeTrace(stderr, rep.steps)
		}
		writeKernels(stderr, rep.kernels, rep.last)
	}
	rep.graph = o.graph
	if o.json {
		return rep.writeJSON(stdout)
	}
	rep.writeText(stdout)
	return nil
}

// pickRoot validates the -root flag, or picks the vertex of largest out-degree (the smallest
// such id): on every generated graph it lies in the giant component, so that the default
// traversal is a meaningful one, and the choice is reproducible.
func pickRoot(a algorithm, g *graph.CSR, root int64) (int32, error) {
	if !a.root {
		return 0, nil
	}
	if g.N == 0 {
		return 0, fmt.Errorf("%s needs a root, but the graph has no vertices", a.name)
	}
	if root == -1 {
		best := 0
		for v := 1; v < g.N; v++ {
			if g.Offsets[v+1]-g.Offsets[v] > g.Offsets[best+1]-g.Offsets[best] {
				best = v
			}
		}
		return int32(best), nil
	}
	if root < 0 || root >= int64(g.N) {
		return 0, fmt.Errorf("root %d is not a vertex: the graph has vertices 0 to %d", root, g.N-1)
	}
	return int32(root), nil
}

// report is the outcome of measure.
type report struct {
	algorithm, space, strategy, graph string
	vertices                          int
	edges                             int64
	times                             []float64           // seconds of each timed run
	result                            result              // of the last run
	steps                             []frontier.Step     // of the last run, with runContext.Trace
	phases                            []phase             // of the last run, with runContext.Trace
	kernels                           []portable.TimerRow // of the last run, with runContext.Trace
	last                              float64             // seconds of the last run
}

// seconds returns the median time.
func (r *report) seconds() float64 {
	t := slices.Clone(r.times)
	slices.Sort(t)
	n := len(t)
	if n%2 == 1 {
		return t[n/2]
	}
	return (t[n/2-1] + t[n/2]) / 2
}

// gteps returns the traversed edges per second, in billions, at the median time.
func (r *report) gteps() float64 {
	s := r.seconds()
	if s <= 0 {
		return 0
	}
	return float64(r.result.edges) / s / 1e9
}

// measure prepares the algorithm, runs it once as a warm-up and then c.Trials times, timing
// each run up to a fence of the space.
func measure(a algorithm, c *runContext, prog *progress) (*report, error) {
	prog.begin("preparing " + a.name)
	inst, err := a.prepare(c)
	if err != nil {
		return nil, err
	}
	defer inst.free()
	rep := &report{algorithm: a.name, space: c.Space.Name(), strategy: c.Strategy.String(), vertices: c.Graph.N(), edges: c.Graph.NumEdges()}
	for t := 0; t <= c.Trials; t++ {
		if t == 0 {
			prog.begin(a.name + " warm-up run")
		} else {
			prog.begin(fmt.Sprintf("%s trial %d of %d", a.name, t, c.Trials))
		}
		var timer *portable.Timer
		if c.Trace && t == c.Trials {
			timer = portable.NewTimer()
			portable.AddHooks(timer)
		}
		start := time.Now()
		err := inst.run()
		if err == nil {
			err = c.Space.Fence(a.name)
		}
		if timer != nil {
			portable.RemoveHooks(timer)
			rep.kernels = timer.Rows(c.Space.Name())
		}
		if err != nil {
			return nil, err
		}
		if t > 0 {
			rep.times = append(rep.times, time.Since(start).Seconds())
			rep.last = rep.times[len(rep.times)-1]
		}
	}
	if t, ok := inst.(tracer); ok && c.Trace {
		rep.steps = t.steps()
	}
	if t, ok := inst.(phaseTracer); ok && c.Trace {
		rep.phases = t.phases()
	}
	prog.begin("summarizing " + a.name)
	if rep.result, err = inst.result(); err != nil {
		return nil, err
	}
	return rep, nil
}

// fields returns the report's common fields followed by the algorithm's.
func (r *report) fields() []field {
	f := []field{
		{"algorithm", r.algorithm}, {"space", r.space}, {"strategy", r.strategy}, {"graph", r.graph},
		{"vertices", r.vertices}, {"edges", r.edges}, {"trials", len(r.times)},
		{"seconds", r.seconds()}, {"seconds_min", slices.Min(r.times)},
		{"gteps", r.gteps()}, {"traversed_edges", r.result.edges},
	}
	return append(f, r.result.fields...)
}

// writeJSON prints the report as one JSON object, keys in order.
func (r *report) writeJSON(w io.Writer) error {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range r.fields() {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(f.key)
		v := f.value
		if x, ok := v.(float64); ok && (math.IsInf(x, 0) || math.IsNaN(x)) {
			v = nil // JSON has no infinities: a number field that is not finite is null
		}
		val, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(k)
		b.WriteString(": ")
		b.Write(val)
	}
	b.WriteString("}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// writeText prints a readable summary.
func (r *report) writeText(w io.Writer) {
	fmt.Fprintf(w, "%s on the %s space, strategy %s: %s, %d vertices, %d edges\n", r.algorithm, r.space, r.strategy, r.graph, r.vertices, r.edges)
	for _, f := range r.result.fields {
		fmt.Fprintf(w, "  %-15s %v\n", f.key, f.value)
	}
	fmt.Fprintf(w, "  %-15s %.6f s (median of %d; fastest %.6f s)\n", "time", r.seconds(), len(r.times), slices.Min(r.times))
	fmt.Fprintf(w, "  %-15s %.4f (%d edges traversed)\n", "GTEPS", r.gteps(), r.result.edges)
}

// spaceInfo is used by bench to describe the machine.
func spaceInfo(s execspace.Space) string {
	i := s.Info()
	return fmt.Sprintf("%s space, %d units", s.Name(), i.Units)
}

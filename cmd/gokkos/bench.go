package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/memlimit"
)

// benchVariant is one row's algorithm: a registered algorithm with flag values.
type benchVariant struct {
	spec string // as given, such as "sssp:method=edgelist"
	alg  algorithm
	args []string // the variant's flags, "-name=value"
}

// parseVariant parses "name[:flag=value,...]".
func parseVariant(spec string) (benchVariant, error) {
	name, rest, _ := strings.Cut(strings.TrimSpace(spec), ":")
	a, err := lookupAlgorithm(name)
	if err != nil {
		return benchVariant{}, err
	}
	v := benchVariant{spec: spec, alg: a}
	if rest != "" {
		for _, kv := range strings.Split(rest, ",") {
			v.args = append(v.args, "-"+strings.TrimSpace(kv))
		}
	}
	return v, nil
}

// apply parses the variant's flags into the algorithm's flag variables.
func (v benchVariant) apply(stderr io.Writer) error {
	fs := newFlagSet("bench "+v.spec, stderr)
	var validate func() error
	if v.alg.flags != nil {
		validate = v.alg.flags(fs)
	}
	if err := parse(fs, v.args); err != nil {
		return fmt.Errorf("%s: %w", v.spec, err)
	}
	if validate != nil {
		if err := validate(); err != nil {
			return fmt.Errorf("%s: %w", v.spec, err)
		}
	}
	return nil
}

// benchGraph is one generated graph of the table.
type benchGraph struct {
	name string
	g    *graph.CSR
}

// benchGraphs generates the graphs of kind at 2^scale vertices: R-MAT and uniform with 16
// edges per vertex, a square grid and a bow-tie small world, all undirected (symmetric, no
// duplicates or self loops) as in the GAP benchmark suite, with integer weights in [1, 255]
// when weights is set. A graph that needs more memory than the process can have is an error,
// before anything is generated.
func benchGraphs(kind string, scale int, weights bool, seed uint64) (benchGraph, error) {
	var el *graph.EdgeList
	n := 1 << scale
	name := fmt.Sprintf("%s-%d", kind, scale)
	side := 1 << (scale / 2)
	var gen, m int64
	switch kind {
	case "rmat":
		gen, m = graph.RMATBytes(scale, 16), 16*int64(n)
	case "uniform":
		gen, m = graph.UniformBytes(n, 16*int64(n)), 16*int64(n)
	case "grid":
		gen, m = graph.GridBytes(side, n/side), 4*int64(n)
	case "smallworld":
		gen, m = graph.SmallWorldBytes(n), 3*int64(n)
	default:
		return benchGraph{}, usagef("unknown graph kind %q (want rmat, uniform, grid or smallworld)", kind)
	}
	opt := graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true}
	if kind == "smallworld" {
		// The bow tie is directed by design: symmetrizing would make it one component.
		opt = graph.BuildOptions{Dedup: true}
	}
	var w int64
	if weights {
		w = memlimit.Mul(m, 8)
	}
	if err := memlimit.Check("generating and building it", memlimit.Sum(gen, w, graph.BuildBytes(n, m, weights, opt))); err != nil {
		return benchGraph{}, fmt.Errorf("%s: %w", name, err)
	}
	switch kind {
	case "rmat":
		el = graph.RMAT(scale, 16, seed)
	case "uniform":
		el = graph.Uniform(n, 16*int64(n), seed)
	case "grid":
		el = graph.Grid(side, n/side, seed)
	case "smallworld":
		el = graph.SmallWorld(n, seed)
	}
	if weights {
		graph.AddRandomWeights(el, 1, 255, true, seed+1)
	}
	g, err := graph.Build(el, opt)
	return benchGraph{name, g}, err
}

// benchCommand prints a table of GTEPS per algorithm, strategy and graph.
func benchCommand(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", stderr)
	scales := fs.String("scales", "20,22", "comma-separated scales: graphs have 2^scale vertices")
	kinds := fs.String("graphs", "rmat,uniform,grid,smallworld", "comma-separated graph kinds: rmat, uniform, grid, smallworld")
	algos := fs.String("algos", "bfs,coloring,sssp:method=delta,sssp:method=bellman-ford,sssp:method=edgelist", "algorithms, each name[:flag=value,...], separated by commas")
	strategies := fs.String("strategies", "baseline,hierarchical,ml,mg,auto", "comma-separated strategies")
	trials := fs.Int("trials", 3, "timed runs per cell after one warm-up run")
	spaceName := fs.String("space", "", "execution space: host, cuda or sim")
	seed := fs.Uint64("seed", 1, "generator seed")
	jsonOut := fs.Bool("json", false, "print one JSON object per cell instead of the table")
	quiet := fs.Bool("quiet", false, "no progress messages")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *trials < 1 {
		return usagef("-trials must be at least 1")
	}
	var variants []benchVariant
	for _, spec := range splitAlgos(*algos) {
		v, err := parseVariant(spec)
		if err != nil {
			return usageError{err.Error()}
		}
		if err := v.apply(stderr); err != nil {
			return usageError{err.Error()}
		}
		variants = append(variants, v)
	}
	var strats []frontier.Strategy
	for _, s := range strings.Split(*strategies, ",") {
		st, err := frontier.ParseStrategy(s)
		if err != nil {
			return usageError{err.Error()}
		}
		strats = append(strats, st)
	}
	var scaleList []int
	for _, s := range strings.Split(*scales, ",") {
		x, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || x < 1 || x > 30 {
			return usagef("bad scale %q (want integers in [1, 30])", s)
		}
		scaleList = append(scaleList, x)
	}
	weights := false
	for _, v := range variants {
		weights = weights || v.alg.weighted
	}
	space, closeSpace, err := openSpace(*spaceName)
	if err != nil {
		return err
	}
	defer closeSpace()
	log := stderr
	if *quiet || *jsonOut {
		log = io.Discard
	}
	prog := newProgress(log)
	defer prog.end()

	row := func(cells ...string) {
		fmt.Fprintf(stdout, "%-14s %10s %11s  %-26s", cells[0], cells[1], cells[2], cells[3])
		for _, c := range cells[4:] {
			fmt.Fprintf(stdout, " %12s", c)
		}
		fmt.Fprintln(stdout)
	}
	if !*jsonOut {
		fmt.Fprintf(stdout, "gokkos bench: GTEPS (median of %d runs after a warm-up) on the %s; %s; GOMAXPROCS=%d\n",
			*trials, spaceInfo(space), cpuName(), runtime.GOMAXPROCS(0))
		head := []string{"graph", "vertices", "edges", "algorithm"}
		for _, s := range strats {
			head = append(head, s.String())
		}
		row(head...)
	}
	for _, scale := range scaleList {
		for _, kind := range strings.Split(*kinds, ",") {
			kind = strings.TrimSpace(kind)
			prog.begin(fmt.Sprintf("generating %s-%d", kind, scale))
			bg, err := benchGraphs(kind, scale, weights, *seed)
			if err != nil {
				return err
			}
			prog.end()
			g, err := dgraph.New(space, bg.g)
			if err != nil {
				return err
			}
			for _, v := range variants {
				if err := v.apply(stderr); err != nil {
					return err
				}
				root, err := pickRoot(v.alg, bg.g, -1)
				if err != nil {
					return err
				}
				cells := []string{bg.name, strconv.Itoa(bg.g.N), strconv.FormatInt(bg.g.NumEdges(), 10), v.spec}
				for _, s := range strats {
					if !v.alg.allows(s) || (v.alg.usesStrategy != nil && !v.alg.usesStrategy() && s != frontier.Auto) {
						cells = append(cells, "-")
						continue
					}
					c := &runContext{Space: space, Graph: g, Host: bg.g, Root: root, Strategy: s, Trials: *trials, Log: log}
					rep, err := measure(v.alg, c, quietProgress)
					if err != nil {
						return fmt.Errorf("%s on %s with %v: %w", v.spec, bg.name, s, err)
					}
					rep.graph = bg.name
					if *jsonOut {
						rep.result.add("variant", v.spec)
						if err := rep.writeJSON(stdout); err != nil {
							return err
						}
						continue
					}
					cells = append(cells, gtepsCell(rep.gteps()))
				}
				if !*jsonOut {
					row(cells...)
				}
			}
			g.Free()
		}
	}
	return nil
}

// quietProgress reports nothing: bench announces only the generation of its graphs.
var quietProgress = newProgress(io.Discard)

// splitAlgos splits the -algos list at spaces and semicolons, and at commas that are not
// inside a variant's flag list (a comma followed by a registered algorithm name).
func splitAlgos(s string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ';' }) {
		start := 0
		for i := 0; i < len(part); i++ {
			if part[i] != ',' {
				continue
			}
			next := part[i+1:]
			name, _, _ := strings.Cut(next, ":")
			name, _, _ = strings.Cut(name, ",")
			if _, ok := algorithms[name]; ok {
				out = append(out, part[start:i])
				start = i + 1
			}
		}
		out = append(out, part[start:])
	}
	return out
}

func gtepsCell(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf("%.4f", x)
}

// cpuName describes the host processor: its brand, the CPUs this process may use and the
// machine's.
func cpuName() string {
	c := execspace.HostCPU()
	cpus := fmt.Sprintf("%d CPUs on the machine", c.MachineCPUs())
	if c.Usable > 0 && c.Usable != c.MachineCPUs() {
		cpus = fmt.Sprintf("%d usable CPUs of the machine's %d", c.Usable, c.MachineCPUs())
	}
	if c.Brand == "" {
		return cpus
	}
	return fmt.Sprintf("%s (%s)", c.Brand, cpus)
}

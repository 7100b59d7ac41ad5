// Command gokkos generates graphs and runs gokkos' graph algorithms on them, on the host or
// on a GPU.
//
// Usage:
//
//	gokkos gen  -kind rmat|uniform|grid|smallworld|road|citation [-scale S -edgefactor E | -n N -m M | -rows R -cols C]
//	            [-seed X] [-weights none|int|float] [-undirected] -o FILE [-format F]
//	gokkos run  -algo NAME -graph FILE [-space host|cuda] [-strategy baseline|hierarchical|ml|mg|auto]
//	            [-root N] [-trials N] [-json] [-format F] [-trace] [-cpuprofile F] [algorithm flags]
//	gokkos bench [-scales 20,22] [-algos bfs,coloring,sssp] [-strategies ...] [-trials N] [-json]
//	gokkos info
//	gokkos plot [-o out.svg] [-title T] [-metric gteps] [FILE ...]
//	gokkos help [COMMAND]
//
// gen writes a synthetic graph in the format of FILE's extension (.el, .wel, .ms, .mtx,
// .gkg, optionally .gz) or of -format. run reads a graph, copies it to the execution space,
// runs the algorithm once as a warm-up and then -trials times, and prints a summary, or with
// -json one JSON object with the algorithm, space, strategy, vertex and edge counts, the
// median time of the algorithm alone in seconds, GTEPS, and the algorithm's result summary.
// With -trace it also prints to standard error every frontier step of the last run (bfs,
// coloring, the sssp methods on the template, and scc's Multistep searches and colour rounds,
// one traversal after another): the decision (strategy and worklist
// formats), what the inspector knew of the worklist (size, edges, largest degree), the size
// of the next worklist and the step's time, which is how the adaptive runtime's rule was fitted;
// for scc -method edgelist its phases instead of frontier steps (trim, wcc, pivot, forward,
// backward, split: round, passes or sweeps, vertices, time); and, for every algorithm, the
// kernels of the last run by total time (label, pattern, calls, total and mean time, share of
// the run), the launches counted, so that the remainder is what the run spent between kernels.
// bench runs every algorithm and strategy on generated graphs and prints a table of GTEPS.
// info prints the machine and the available execution spaces.
//
// plot reads the JSON lines of bench -json from the files, or standard input when there are
// none or a file is "-", ignoring lines that do not start with '{' (so a whole log can be
// piped), and writes an SVG bar chart to -o or standard output: one panel per execution
// space, one group of bars per graph and algorithm variant in input order, one bar per
// strategy (baseline, hierarchical, ml, mg, auto, then others) with a legend, on a
// logarithmic axis of -metric (GTEPS by default). The last of repeated cells counts; a cell
// without a positive value is marked with a dash.
//
// The JSON object of run keeps every field's type: counts and times are numbers, and a number
// that is not finite is written as null rather than as a string. For sssp, reached counts the
// vertices with a distance below +Inf, unreachable those at +Inf, and negative_infinite those
// at -Inf (behind a negative cycle, which negative_cycle reports); sum and max are over the
// finite distances, and sum is null when it overflows float64. A single distance that
// overflows float64 is an error, since it would pass for an unreachable vertex or a negative
// cycle.
//
// A flag given on the command line that does not apply to what the others chose is refused
// with a message naming it: -root with an algorithm that has no root (wcc, scc, coloring),
// -strategy where the frontier template is not used (wcc, scc -method fbtrim or hybrid with
// a -traversal other than auto, scc -method edgelist, async or weak, sssp -method edgelist; -trace
// there says that there are no steps to show), an algorithm flag of another method (sssp -delta
// without delta-stepping, scc -traversal with multistep, async or auto, scc -reorder,
// -transpose or -segment without -method edgelist, scc -segment with -reorder=false, scc
// -async-budget without async or auto), a gen flag
// of another -kind (-scale with -kind grid, -weights with -kind road, whose streets carry their
// own lengths), -wmin and -wmax without -weights, and -noloops or -dedup with -undirected.
// gen -kind uniform without -m generates 16n edges, or every ordered pair when n(n-1) is
// fewer.
//
// Graph files hold finite decimal weights only (see the graph package): NaN, infinities,
// values beyond the float64 range, hexadecimal floats and "_" digit separators are errors
// naming the file and line. gen and run estimate the memory a graph needs before allocating
// it and refuse one that the process cannot have (physical memory, the memory cgroup,
// RLIMIT_AS, RLIMIT_DATA, GOMEMLIMIT), naming what was asked, why (the header's line, the
// id's line, the gen flags) and what is available, instead of letting the Go runtime die.
//
// Errors (a missing file, a bad root, an unknown algorithm, strategy or space, a graph too
// large for memory) are printed to standard error and the command exits with status 1, or 2
// for bad usage.
//
// # Adding an algorithm
//
// The run and bench subcommands find algorithms in a table. An algorithm is added by one
// file of this package that registers it from an init function, with no change elsewhere:
//
//	// run_components.go
//	package main
//
//	func init() {
//		register(algorithm{
//			name:    "scc",
//			summary: "strongly connected components (Multistep)",
//			// flags registers the algorithm's own flags on the run subcommand's flag set
//			// and returns a function that validates them once parsed (nil for none).
//			flags: func(fs *flag.FlagSet) func() error {
//				method := fs.String("method", "multistep", "SCC method: multistep, fb-trim, fb-trim-hybrid")
//				return func() error { return checkMethod(*method) }
//			},
//			// prepare allocates what the algorithm needs on c.Space for c.Graph (and
//			// c.Root when root is set) and returns an instance.
//			prepare: func(c *runContext) (instance, error) { ... },
//		})
//	}
//
// An instance has three methods: run() error runs the algorithm once and is timed (once as a
// warm-up, then c.Trials times); result() (result, error) summarizes the last run, untimed:
// the number of edges it traversed (for GTEPS) and the summary fields printed by run and
// included in its JSON object, in order, added with result.add(key, value); free() releases
// the instance's memory. See run_bfs.go for a complete example.
package main

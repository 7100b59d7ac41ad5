package main

import (
	"flag"
	"slices"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/scc"
	"github.com/gokkos/gokkos/algorithms/wcc"
)

// wccFlags holds the wcc algorithm's own flags.
var wccFlags struct {
	method string
	opt    wcc.Options
}

// sccFlags holds the scc algorithm's own flags.
var sccFlags struct {
	method, traversal string
	reorder           bool
	opt               scc.Options
}

func init() {
	register(algorithm{
		name:    "scc",
		summary: "strongly connected components: -method auto, multistep, fbtrim, hybrid, edgelist, async or weak (reports components, largest, nontrivial)",
		flags: func(fs *flag.FlagSet) func() error {
			tune := tuneFlag(fs, &sccFlags.opt.Tuning)
			fs.StringVar(&sccFlags.method, "method", "auto", "auto (weak for a symmetric graph, else multistep or async, chosen from the degree spread and a sampled diameter), multistep (trim, BFS forward-backward, colouring, serial finish; uses -strategy), fbtrim or hybrid (two-phase forward-backward; hybrid colours in phase 2; with -traversal auto their phase-1 steps are BFS searches that use -strategy), edgelist (forward-backward-trim by sweeps over a segment-sorted edge list), async (asynchronous signature propagation over edge worklists), or weak (symmetric graphs only: their weakly connected components)")
			fs.StringVar(&sccFlags.traversal, "traversal", "auto", "fbtrim and hybrid: auto, topo, topo-lb, data or data-lb")
			fs.IntVar(&sccFlags.opt.SerialCutoff, "serial-cutoff", 0, "multistep (and auto when it picks multistep): finish with serial Tarjan at this many remaining vertices (0: 100000 on the host, 10000 on a GPU; negative: never)")
			fs.IntVar(&sccFlags.opt.AsyncBudget, "async-budget", 0, "async (and auto when it picks async): after this many sweeps give up and run multistep (0: none)")
			fs.IntVar(&sccFlags.opt.HeavyDegree, "heavy", 0, "load-balanced traversals: degree above which a team expands a vertex (0: 32)")
			fs.BoolVar(&sccFlags.reorder, "reorder", true, "edgelist: group the edges by the segments of both endpoints (false: keep the CSR's order)")
			fs.BoolVar(&sccFlags.opt.TransposeBackward, "transpose", false, "edgelist: backward reach over the in-edge CSR instead of the edge list read in reverse")
			fs.Int64Var(&sccFlags.opt.SegmentBytes, "segment", 0, "edgelist with -reorder: bytes of per-vertex state per segment (0: half the cache)")
			return func() error {
				if err := tune(); err != nil {
					return err
				}
				var err error
				if sccFlags.opt.Method, err = scc.ParseMethod(sccFlags.method); err != nil {
					return err
				}
				if sccFlags.opt.Traversal, err = scc.ParseTraversal(sccFlags.traversal); err != nil {
					return err
				}
				if sccFlags.opt.HeavyDegree < 0 || sccFlags.opt.SegmentBytes < 0 || sccFlags.opt.AsyncBudget < 0 {
					return usagef("-heavy, -segment and -async-budget must not be negative")
				}
				sccFlags.opt.NoReorder = !sccFlags.reorder
				m, tr := sccFlags.opt.Method, sccFlags.opt.Traversal
				set := explicit(fs)
				context := "scc -method " + m.String()
				switch {
				case set["traversal"] && m != scc.FBTrim && m != scc.Hybrid:
					return notApplicable("traversal", context, "it sets the traversal of fbtrim and hybrid")
				case set["serial-cutoff"] && m != scc.Multistep && m != scc.AutoMethod:
					return notApplicable("serial-cutoff", context, "it sets when multistep finishes serially")
				case set["async-budget"] && m != scc.Async && m != scc.AutoMethod:
					return notApplicable("async-budget", context, "it bounds the sweeps of async")
				case set["heavy"] && m != scc.FBTrim && m != scc.Hybrid:
					return notApplicable("heavy", context, "it sets the load-balanced traversals of fbtrim and hybrid")
				case set["heavy"] && (tr == scc.Topo || tr == scc.Data):
					return notApplicable("heavy", "scc -traversal "+tr.String(), "it sets the load-balanced traversals: auto, topo-lb and data-lb")
				case m != scc.EdgeList && firstSet(set, "reorder", "transpose", "segment") != "":
					return notApplicable(firstSet(set, "reorder", "transpose", "segment"), context, "it sets the edge list of edgelist")
				case set["tune"] && !(m == scc.Multistep || m == scc.AutoMethod || (tr == scc.Auto && (m == scc.FBTrim || m == scc.Hybrid))):
					return notApplicable("tune", context, "it sets the frontier template's traversals: multistep's, and the searches of fbtrim and hybrid with -traversal auto")
				case set["segment"] && !sccFlags.reorder:
					return notApplicable("segment", "scc -reorder=false", "it sets the segments of the reordered edge list")
				}
				return nil
			}
		},
		usesStrategy: func() bool {
			m := sccFlags.opt.Method
			return m == scc.Multistep || m == scc.AutoMethod || (sccFlags.opt.Traversal == scc.Auto && (m == scc.FBTrim || m == scc.Hybrid))
		},
		prepare: func(c *runContext) (instance, error) {
			opt := sccFlags.opt
			opt.Strategy = c.Strategy
			opt.Trace = c.Trace
			s, err := scc.New(c.Graph, opt)
			if err != nil {
				return nil, err
			}
			return &sccInstance{s: s, m: c.Graph.NumEdges()}, nil
		},
	})
	register(algorithm{
		name:    "wcc",
		summary: "weakly connected components: -method auto, search, afforest or lp (reports components, largest)",
		flags: func(fs *flag.FlagSet) func() error {
			fs.StringVar(&wccFlags.method, "method", "auto", "auto (search or afforest, picked per graph), search (a breadth-first search from the vertex of largest degree for the giant component, hooking for the rest), afforest (hooking and pointer jumping with neighbour sampling and the giant-component skip) or lp (label propagation with pointer jumping)")
			fs.BoolVar(&wccFlags.opt.NoInEdges, "no-in-edges", false, "afforest: do not build the in-edges of a directed graph (and skip nothing on it)")
			fs.IntVar(&wccFlags.opt.NeighborRounds, "rounds", 0, "afforest: neighbour-sampling rounds (0: 2, negative: none)")
			fs.IntVar(&wccFlags.opt.Samples, "samples", 0, "afforest: vertices sampled to find the giant component, whose vertices then skip the final phase (0: 1024, negative: no sampling and no skip)")
			return func() error {
				var err error
				if wccFlags.opt.Method, err = wcc.ParseMethod(wccFlags.method); err != nil {
					return err
				}
				set := explicit(fs)
				if f := firstSet(set, "no-in-edges", "rounds", "samples"); f != "" && wccFlags.opt.Method != wcc.Afforest {
					return notApplicable(f, "wcc -method "+wccFlags.opt.Method.String(), "it sets afforest")
				}
				return nil
			}
		},
		usesStrategy: func() bool { return false },
		prepare: func(c *runContext) (instance, error) {
			w, err := wcc.NewWith(c.Graph, wccFlags.opt)
			if err != nil {
				return nil, err
			}
			return &wccInstance{w: w, m: c.Graph.NumEdges()}, nil
		},
	})
}

// sccInstance is a prepared SCC computation.
type sccInstance struct {
	s      *scc.SCC
	m      int64
	res    *scc.Result
	labels []float64 // Stats.LabelTime of every run, the warm-up first
}

func (i *sccInstance) run() (err error) {
	if i.res, err = i.s.Run(); err == nil {
		i.labels = append(i.labels, i.res.Stats.LabelTime.Seconds())
	}
	return err
}

// result counts the graph's edges once for GTEPS, the work of one traversal of every edge.
func (i *sccInstance) result() (result, error) {
	r := result{edges: i.m}
	st := i.res.Stats
	r.add("components", i.res.Count)
	r.add("largest", i.res.Largest)
	r.add("nontrivial", i.res.NonTrivial)
	r.add("method", st.Method.String())
	r.add("method_chosen", st.Chosen.String())
	if st.Method == scc.AutoMethod {
		sig := st.Signals
		r.add("auto_symmetric", sig.Symmetric)
		r.add("auto_degree_cv", sig.DegreeCV)
		r.add("auto_levels", sig.Levels)
		r.add("auto_visited", sig.Visited)
		r.add("auto_high_diameter", sig.HighDiameter)
		r.add("auto_skewed", sig.Skewed)
		r.add("auto_reciprocity", sig.Reciprocity)
		r.add("auto_reciprocal", sig.Reciprocal)
		r.add("auto_seconds", sig.Time.Seconds())
	}
	r.add("iterations", i.res.Iterations)
	r.add("fb_rounds", st.FBRounds)
	r.add("colour_rounds", st.ColorRounds)
	r.add("phase1_rounds", st.Phase1Rounds)
	r.add("phase2_rounds", st.Phase2Rounds)
	r.add("switched", st.Switched)
	r.add("trimmed", st.Trimmed)
	r.add("trim2_pairs", st.Trim2Pairs)
	r.add("wcc_subgraphs", st.WCCSubgraphs)
	r.add("reach_iterations", st.ReachIterations)
	r.add("propagation_iterations", st.PropagationIterations)
	r.add("serial_vertices", st.SerialVertices)
	r.add("trim_seconds", st.TrimTime.Seconds())
	r.add("reach_seconds", st.ReachTime.Seconds())
	r.add("fb_seconds", st.FBTime.Seconds())
	r.add("wcc_seconds", st.WCCTime.Seconds())
	r.add("colour_seconds", st.ColorTime.Seconds())
	r.add("serial_seconds", st.SerialTime.Seconds())
	r.add("async_seconds", st.AsyncTime.Seconds())
	r.add("number_seconds", st.NumberTime.Seconds())
	r.add("label_seconds", medianTimed(i.labels))
	if st.Method == scc.EdgeList {
		r.add("segments", st.Segments)
		r.add("segment_vertices", st.SegmentVertices)
		r.add("list_edges", st.ListEdges)
	}
	r.add("async_rounds", st.AsyncRounds)
	r.add("async_sweeps", st.AsyncSweeps)
	r.add("async_checks", st.AsyncChecks)
	r.add("async_fallback", st.AsyncFallback)
	return r, nil
}

// phases returns the phases EdgeList recorded (with runContext.Trace), as trace rows.
func (i *sccInstance) phases() []phase {
	var out []phase
	for _, p := range i.res.Stats.Phases {
		out = append(out, phase{name: p.Name, round: p.Round, iterations: p.Iterations, vertices: p.Vertices, seconds: p.Time.Seconds()})
	}
	return out
}

// steps returns the frontier steps the last run recorded (with runContext.Trace): Multistep's
// searches and colour rounds, one traversal after another.
func (i *sccInstance) steps() []frontier.Step { return i.res.Stats.Steps }

func (i *sccInstance) free() { i.s.Free() }

// wccInstance is a prepared WCC computation.
type wccInstance struct {
	w      *wcc.WCC
	m      int64
	res    *wcc.Result
	labels []float64 // Result.LabelTime of every run, the warm-up first
}

func (i *wccInstance) run() (err error) {
	if i.res, err = i.w.Run(); err == nil {
		i.labels = append(i.labels, i.res.LabelTime.Seconds())
	}
	return err
}

// result counts the graph's edges once for GTEPS, whatever the method reads, so that the
// methods' figures compare.
func (i *wccInstance) result() (result, error) {
	r := result{edges: i.m}
	r.add("components", i.res.Count)
	r.add("largest", i.res.Largest)
	r.add("method", wccFlags.opt.Method.String())
	r.add("method_chosen", i.res.Method.String())
	r.add("rounds", i.res.Rounds)
	r.add("skipped", i.res.Skipped)
	r.add("label_seconds", medianTimed(i.labels))
	return r, nil
}

// medianTimed returns the median of the labelling times of the timed runs (all but the first,
// the warm-up, when there are several), as for the whole run's time: the labelling alone, as
// codes that stop at the labels time it.
func medianTimed(labels []float64) float64 {
	if len(labels) == 0 {
		return 0
	}
	timed := slices.Clone(labels[min(1, len(labels)-1):])
	slices.Sort(timed)
	return timed[(len(timed)-1)/2]
}

func (i *wccInstance) free() { i.w.Free() }

// firstSet returns the first of names that set holds, or "".
func firstSet(set map[string]bool, names ...string) string {
	for _, n := range names {
		if set[n] {
			return n
		}
	}
	return ""
}

package main

import (
	"flag"
	"fmt"
	"math"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/sssp"
)

// ssspFlags holds the sssp algorithm's own flags.
var ssspFlags struct {
	method, worklist string
	opt              sssp.Options
}

func init() {
	register(algorithm{
		name:     "sssp",
		summary:  "single-source shortest paths from -root (reports reached, unreachable, negative_infinite, sum, max)",
		root:     true,
		weighted: true,
		flags: func(fs *flag.FlagSet) func() error {
			tune := tuneFlag(fs, &ssspFlags.opt.Tuning)
			fs.StringVar(&ssspFlags.method, "method", "auto", "bellman-ford, ordered, delta, edgelist or auto (bellman-ford with negative weights; on a GPU, bellman-ford for a small sampled diameter unless -delta is set; else delta)")
			fs.StringVar(&ssspFlags.worklist, "worklist", "auto", "bellman-ford (and auto) worklist format: auto, queue or bitmap")
			fs.Float64Var(&ssspFlags.opt.Delta, "delta", 0, "delta (and auto): delta-stepping bucket width (0: the largest weight on a GPU, largest weight / average degree on the host)")
			fs.Int64Var(&ssspFlags.opt.SegmentBytes, "segment", 0, "edgelist: bytes of the distance array per edge segment (0: half the cache)")
			fs.BoolVar(&ssspFlags.opt.FloatDistances, "float", false, "keep float64 distances where the weights allow 32-bit integer ones (not edgelist, which always has float64 distances)")
			return func() error {
				if err := tune(); err != nil {
					return err
				}
				var err error
				if ssspFlags.opt.Method, err = sssp.ParseMethod(ssspFlags.method); err != nil {
					return err
				}
				if ssspFlags.opt.Format, err = frontier.ParseFormat(ssspFlags.worklist); err != nil {
					return err
				}
				if ssspFlags.opt.Delta < 0 || ssspFlags.opt.SegmentBytes < 0 {
					return usagef("-delta and -segment must not be negative")
				}
				m := ssspFlags.opt.Method
				set := explicit(fs)
				context := "sssp -method " + m.String()
				switch {
				case set["worklist"] && m != sssp.BellmanFord && m != sssp.Auto:
					return notApplicable("worklist", context, "it sets the worklist format of bellman-ford")
				case set["delta"] && m != sssp.DeltaStepping && m != sssp.Auto:
					return notApplicable("delta", context, "it sets the bucket width of delta-stepping")
				case set["segment"] && m != sssp.EdgeList:
					return notApplicable("segment", context, "it sets the segment size of edgelist")
				case set["float"] && m == sssp.EdgeList:
					return notApplicable("float", context, "edgelist always keeps float64 distances")
				}
				return nil
			}
		},
		usesStrategy: func() bool { return ssspFlags.opt.Method != sssp.EdgeList },
		prepare: func(c *runContext) (instance, error) {
			opt := ssspFlags.opt
			opt.Strategy = c.Strategy
			opt.Trace = c.Trace
			s, err := sssp.New(c.Graph, opt)
			if err != nil {
				return nil, err
			}
			return &ssspInstance{s: s, src: c.Root, host: c.Host}, nil
		},
	})
}

// ssspInstance is a prepared computation.
type ssspInstance struct {
	s     *sssp.SSSP
	src   int32
	host  *graph.CSR
	stats sssp.Stats
}

func (i *ssspInstance) run() (err error) {
	i.stats, err = i.s.Run(i.src)
	return err
}

// result reports the distances: reached counts the vertices with a distance below +Inf,
// unreachable those at +Inf, negative_infinite those at -Inf (behind a negative cycle); sum
// and max are over the finite distances (sum is not finite, null in JSON, only when it
// overflows float64). A distance that overflows float64 on its own is an error, since it
// would pass for an unreachable vertex or a negative cycle.
func (i *ssspInstance) result() (result, error) {
	var r result
	sum, err := i.s.Summarize()
	if err != nil {
		return r, err
	}
	dist, err := i.s.Dist()
	if err != nil {
		return r, err
	}
	negInf, err := checkDistances(i.host, dist, i.src, i.stats.NegativeCycle)
	if err != nil {
		return r, err
	}
	r.edges = sum.Edges
	r.add("root", i.src)
	r.add("method", i.stats.Method.String())
	if b, ok := i.s.Probe(); ok {
		r.add("auto_levels", b.Levels)
		r.add("auto_visited", b.Visited)
	}
	r.add("reached", sum.Reached)
	r.add("unreachable", int64(len(dist))-sum.Reached)
	r.add("negative_infinite", negInf)
	r.add("sum", sum.Sum)
	r.add("max", sum.Max)
	r.add("iterations", i.stats.Iterations)
	r.add("negative_cycle", i.stats.NegativeCycle)
	if d := i.s.Delta(); d > 0 {
		r.add("delta", d)
	}
	r.add("integer_distances", i.s.IntegerDistances())
	return r, nil
}

func (i *ssspInstance) free() { i.s.Free() }

// checkDistances returns the number of vertices at distance -Inf, and an error if a distance
// from src overflowed float64: a vertex at +Inf with a finite in-neighbor, or one at -Inf
// without a negative cycle.
func checkDistances(g *graph.CSR, dist []float64, src int32, negativeCycle bool) (int64, error) {
	var negInf int64
	for v, d := range dist {
		if math.IsInf(d, -1) {
			negInf++
			if !negativeCycle {
				return 0, fmt.Errorf("sssp: the distance from %d to %d overflows float64 (it is below %g), and no negative cycle explains it", src, v, -math.MaxFloat64)
			}
		}
	}
	for u := range int32(g.N) {
		du := dist[u]
		if math.IsInf(du, 0) {
			continue
		}
		for k, v := range g.Neighbors(u) {
			if math.IsInf(dist[v], 1) {
				return 0, fmt.Errorf("sssp: the distance from %d to %d overflows float64: %d is at %g and the edge %d -> %d weighs %g",
					src, v, u, du, u, v, g.NeighborWeights(u)[k])
			}
		}
	}
	return negInf, nil
}

func (i *ssspInstance) steps() []frontier.Step { return i.stats.Steps }

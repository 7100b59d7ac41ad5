package main

import (
	"flag"

	"github.com/gokkos/gokkos/algorithms/frontier"
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
		summary:  "single-source shortest paths from -root (reports reached, sum, max)",
		root:     true,
		weighted: true,
		flags: func(fs *flag.FlagSet) func() error {
			fs.StringVar(&ssspFlags.method, "method", "auto", "bellman-ford, ordered, delta, edgelist or auto (delta, or bellman-ford with negative weights)")
			fs.StringVar(&ssspFlags.worklist, "worklist", "auto", "bellman-ford worklist format: auto, queue or bitmap")
			fs.Float64Var(&ssspFlags.opt.Delta, "delta", 0, "delta-stepping bucket width (0: largest weight / average degree)")
			fs.Int64Var(&ssspFlags.opt.SegmentBytes, "segment", 0, "edgelist: bytes of the distance array per edge segment (0: half the cache)")
			return func() error {
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
			return &ssspInstance{s: s, src: c.Root}, nil
		},
	})
}

// ssspInstance is a prepared computation.
type ssspInstance struct {
	s     *sssp.SSSP
	src   int32
	stats sssp.Stats
}

func (i *ssspInstance) run() (err error) {
	i.stats, err = i.s.Run(i.src)
	return err
}

func (i *ssspInstance) result() (result, error) {
	var r result
	sum, err := i.s.Summarize()
	if err != nil {
		return r, err
	}
	r.edges = sum.Edges
	r.add("root", i.src)
	r.add("method", i.stats.Method.String())
	r.add("reached", sum.Reached)
	r.add("sum", sum.Sum)
	r.add("max", sum.Max)
	r.add("iterations", i.stats.Iterations)
	r.add("negative_cycle", i.stats.NegativeCycle)
	if d := i.s.Delta(); d > 0 {
		r.add("delta", d)
	}
	return r, nil
}

func (i *ssspInstance) free() { i.s.Free() }

func (i *ssspInstance) steps() []frontier.Step { return i.stats.Steps }

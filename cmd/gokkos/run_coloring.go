package main

import (
	"flag"

	"github.com/gokkos/gokkos/algorithms/coloring"
	"github.com/gokkos/gokkos/algorithms/frontier"
)

// coloringFlags holds the coloring algorithm's own flags.
var coloringFlags struct {
	worklist string
	opt      coloring.Options
}

func init() {
	register(algorithm{
		name:    "coloring",
		summary: "color propagation to the fixed point (reports colors, iterations)",
		flags: func(fs *flag.FlagSet) func() error {
			tune := tuneFlag(fs, &coloringFlags.opt.Tuning)
			fs.StringVar(&coloringFlags.worklist, "worklist", "auto", "worklist format: auto, queue or bitmap")
			fs.BoolVar(&coloringFlags.opt.Pull, "pull", false, "pull steps over the in-edges instead of push steps")
			return func() error {
				if err := tune(); err != nil {
					return err
				}
				var err error
				coloringFlags.opt.Format, err = frontier.ParseFormat(coloringFlags.worklist)
				return err
			}
		},
		prepare: func(c *runContext) (instance, error) {
			opt := coloringFlags.opt
			opt.Strategy = c.Strategy
			opt.Trace = c.Trace
			col, err := coloring.New(c.Graph, opt)
			if err != nil {
				return nil, err
			}
			return &coloringInstance{c: col, m: c.Graph.NumEdges()}, nil
		},
	})
}

// coloringInstance is a prepared propagation.
type coloringInstance struct {
	c     *coloring.Coloring
	m     int64
	stats coloring.Stats
}

func (i *coloringInstance) run() (err error) {
	i.stats, err = i.c.Run()
	return err
}

// result counts the graph's edges once for GTEPS: every iteration after the first touches
// only the out-edges of the vertices whose color changed.
func (i *coloringInstance) result() (result, error) {
	r := result{edges: i.m}
	colors, err := i.c.Count()
	if err != nil {
		return r, err
	}
	r.add("colors", colors)
	r.add("iterations", i.stats.Iterations)
	return r, nil
}

func (i *coloringInstance) free() { i.c.Free() }

func (i *coloringInstance) steps() []frontier.Step { return i.stats.Steps }

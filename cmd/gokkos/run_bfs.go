package main

import (
	"flag"

	"github.com/gokkos/gokkos/algorithms/bfs"
	"github.com/gokkos/gokkos/algorithms/frontier"
)

// bfsFlags holds the bfs algorithm's own flags.
var bfsFlags struct {
	direction, worklist string
	opt                 bfs.Options
}

func init() {
	register(algorithm{
		name:    "bfs",
		summary: "breadth-first search from -root: levels and parents (reports reached, depth, levels)",
		root:    true,
		flags: func(fs *flag.FlagSet) func() error {
			tune := tuneFlag(fs, &bfsFlags.opt.Tuning)
			fs.StringVar(&bfsFlags.direction, "direction", "auto", "push (top-down), optimizing (push/pull switching) or auto (optimizing with -strategy auto)")
			fs.StringVar(&bfsFlags.worklist, "worklist", "auto", "worklist format: auto, queue or bitmap")
			fs.Float64Var(&bfsFlags.opt.Alpha, "alpha", 15, "direction-optimizing: pull when frontier edges > unexplored edges / alpha")
			fs.Float64Var(&bfsFlags.opt.Beta, "beta", 18, "direction-optimizing: push again when the frontier shrinks below vertices / beta")
			return func() error {
				if err := tune(); err != nil {
					return err
				}
				var err error
				if bfsFlags.opt.Direction, err = bfs.ParseDirection(bfsFlags.direction); err != nil {
					return err
				}
				if bfsFlags.opt.Format, err = frontier.ParseFormat(bfsFlags.worklist); err != nil {
					return err
				}
				if bfsFlags.opt.Alpha <= 0 || bfsFlags.opt.Beta <= 0 {
					return usagef("-alpha and -beta must be positive")
				}
				set := explicit(fs)
				for _, name := range []string{"alpha", "beta"} {
					if set[name] && bfsFlags.opt.Direction == bfs.TopDown {
						return notApplicable(name, "bfs -direction push", "it sets when direction-optimizing search switches")
					}
				}
				return nil
			}
		},
		prepare: func(c *runContext) (instance, error) {
			opt := bfsFlags.opt
			opt.Strategy = c.Strategy
			opt.Trace = c.Trace
			b, err := bfs.New(c.Graph, opt)
			if err != nil {
				return nil, err
			}
			return &bfsInstance{b: b, root: c.Root}, nil
		},
	})
}

// bfsInstance is a prepared search.
type bfsInstance struct {
	b     *bfs.BFS
	root  int32
	stats bfs.Stats
}

func (i *bfsInstance) run() (err error) {
	i.stats, err = i.b.Run(i.root)
	return err
}

func (i *bfsInstance) result() (result, error) {
	var r result
	var err error
	if r.edges, err = i.b.Edges(); err != nil {
		return r, err
	}
	r.add("root", i.root)
	r.add("reached", i.stats.Reached)
	r.add("depth", i.stats.Depth)
	r.add("levels", i.stats.Levels)
	r.add("push_steps", i.stats.PushSteps)
	r.add("pull_steps", i.stats.PullSteps)
	return r, nil
}

func (i *bfsInstance) free() { i.b.Free() }

func (i *bfsInstance) steps() []frontier.Step { return i.stats.Steps }

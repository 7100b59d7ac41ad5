package coloring

import (
	"errors"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Options configures color propagation. The zero value uses the template's adaptive runtime
// with push steps.
type Options struct {
	// Strategy is the template's loop strategy for push steps (frontier.Auto: adaptive).
	Strategy frontier.Strategy
	// Format fixes the worklist format (frontier.AutoFormat: adaptive).
	Format frontier.Format
	// Pull runs pull steps instead of push steps (the graph's in-edges are built on first
	// use for graphs that are not symmetric).
	Pull bool
	// SampleEvery is the adaptive runtime's inspection period (see frontier.Options).
	SampleEvery int
	// Tuning overrides the template's launch parameters.
	Tuning frontier.Tuning
	// Trace records every step in Stats.Steps.
	Trace bool
}

// Stats summarizes one propagation.
type Stats struct {
	// Iterations is the number of template steps until the worklist emptied: the last one
	// changes nothing.
	Iterations int
	// Colors is the number of distinct colors at the fixed point (Count has computed it).
	Colors int64
	// Steps holds every step when Options.Trace is set.
	Steps []frontier.Step
}

// Coloring is color propagation over one graph, with the colors in the graph's space. Run may
// be called repeatedly; each run starts from scratch. A Coloring is not safe for concurrent
// use. Free releases its memory.
type Coloring struct {
	g     *dgraph.Graph
	f     *frontier.Frontier
	opt   Options
	color views.View1D[int32]
	ran   bool
}

// New prepares color propagation over g: the color array (N int32) and the worklist in g's
// space. Errors are bad options or failed allocations.
func New(g *dgraph.Graph, opt Options) (*Coloring, error) {
	if g == nil {
		return nil, errors.New("coloring: nil graph")
	}
	f, err := frontier.New(g, frontier.Options{Strategy: opt.Strategy, Format: opt.Format,
		SampleEvery: opt.SampleEvery, Tuning: opt.Tuning, Trace: opt.Trace})
	if err != nil {
		return nil, err
	}
	c := &Coloring{g: g, f: f, opt: opt}
	if c.color, err = views.Alloc1D[int32](g.Space().Memory(), "coloring color", g.N()); err != nil {
		f.Free()
		return nil, err
	}
	return c, nil
}

// Free releases the propagation's memory now. It is idempotent.
func (c *Coloring) Free() {
	c.f.Free()
	c.color.Free()
}

// Run propagates colors to the fixed point and returns the number of iterations (Colors is
// left 0; call Count). Each iteration costs the edges of its worklist (push) or O(N) plus the
// in-edges scanned (pull); the number of iterations is at most the longest shortest path
// plus two, and usually far less. Errors are launch errors.
func (c *Coloring) Run() (Stats, error) {
	var st Stats
	c.ran = false
	n := c.g.N()
	if err := portable.ParallelFor(c.g.Space(), "coloring: init", portable.Range(0, n), ownColor{Color: c.color}); err != nil {
		return st, err
	}
	if err := c.f.SetAll(); err != nil {
		return st, err
	}
	op := propagate{Color: c.color}
	for !c.f.Empty() {
		var err error
		if c.opt.Pull {
			_, err = frontier.Pull(c.f, op)
		} else {
			_, err = frontier.Advance(c.f, op, levelSteps)
		}
		if err != nil {
			return st, err
		}
	}
	st.Iterations = c.f.Iteration()
	st.Steps = c.f.Trace()
	c.ran = true
	return st, nil
}

// Count returns the number of distinct colors of the last Run, with one reduction over the
// vertices.
func (c *Coloring) Count() (int64, error) {
	if !c.ran {
		return 0, errors.New("coloring: no completed run")
	}
	var k int64
	err := portable.ParallelReduce(c.g.Space(), "coloring: count", portable.Range(0, c.g.N()), countColors{Color: c.color}, portable.Sum(&k))
	return k, err
}

// View returns the color array in the graph's space; it is overwritten by the next Run.
func (c *Coloring) View() views.View1D[int32] { return c.color }

// Colors returns a host copy of the colors of the last Run.
func (c *Coloring) Colors() ([]int32, error) {
	if !c.ran {
		return nil, errors.New("coloring: no completed run")
	}
	h := views.New1D[int32]("coloring colors host", c.color.Len())
	if err := views.DeepCopy(h, c.color); err != nil {
		return nil, err
	}
	return h.Data(), nil
}

// Result is a propagation's outcome as host arrays.
type Result struct {
	Stats
	// Color is the fixed point: the largest id of a vertex reaching each vertex.
	Color []int32
}

// Run is the one-call form: it propagates colors over g with opt and returns the colors and
// statistics (Colors included). It allocates and frees the propagation's memory.
func Run(g *dgraph.Graph, opt Options) (*Result, error) {
	c, err := New(g, opt)
	if err != nil {
		return nil, err
	}
	defer c.Free()
	st, err := c.Run()
	if err != nil {
		return nil, err
	}
	if st.Colors, err = c.Count(); err != nil {
		return nil, err
	}
	r := &Result{Stats: st}
	if r.Color, err = c.Colors(); err != nil {
		return nil, err
	}
	return r, nil
}

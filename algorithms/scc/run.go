package scc

import (
	"errors"
	"fmt"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/views"
)

// SCC computes the strongly connected components of one graph, with its state and the
// component numbers in the graph's space. Run may be called repeatedly; each run starts from
// scratch. An SCC is not safe for concurrent use; Free releases its memory.
type SCC struct {
	s   *state
	ran bool
}

// New prepares runs over g with opts: O(N) memory in g's space (a status word, a subgraph id,
// a colour, a representative and scratch per vertex, three pivot slots per vertex, and the
// worklists and template state of the method), plus the in-edge CSR of g if it has not been
// built yet (dgraph.Graph.In); Multistep, and FBTrim and Hybrid with Traversal Auto, also
// build g's transpose as a graph of its own and two breadth-first searches for their
// single-pivot steps, and EdgeList builds its sorted edge list (8 bytes per edge, and while
// sorting 8 bytes per counter, one counter per vertex and segment); Async allocates 16 bytes per
// edge (two edge worklists) and 16 per vertex on its first Run; AutoMethod first measures the
// graph (AutoSignals: the symmetry check of dgraph.Graph.SymmetricEdges, which Weak runs too,
// then two reductions and one small team launch) and then prepares the method it picks, and
// Multistep too when Async runs with a sweep budget (Options.AsyncBudget). Errors are a nil
// graph, a graph of more than math.MaxInt32/3 vertices, Weak for a graph that is not
// symmetric, an option out of range, or a failed allocation.
func New(g *dgraph.Graph, opts Options) (*SCC, error) {
	if g == nil {
		return nil, errors.New("scc: nil graph")
	}
	opts, err := opts.resolved()
	if err != nil {
		return nil, err
	}
	if opts.SerialCutoff == 0 {
		opts.SerialCutoff = DefaultSerialCutoff
		if g.Space().Info().Device {
			opts.SerialCutoff = DefaultDeviceSerialCutoff
		}
	}
	s, err := newState(g, opts)
	if err != nil {
		return nil, err
	}
	if opts.Method == AutoMethod {
		if err := s.choose(g); err != nil {
			s.free()
			return nil, err
		}
	}
	if opts.Method == Weak && s.n > 0 {
		sym, err := g.SymmetricEdges()
		if err == nil && !sym {
			err = errors.New("scc: method weak needs a symmetric graph (every edge's reverse an edge); this one is not")
		}
		if err != nil {
			s.free()
			return nil, err
		}
	}
	s.budget = opts.AsyncBudget
	m := s.method
	if s.budget > 0 && m != Async {
		s.budget = 0 // only Async has sweeps to count
	}
	if (m == Multistep || (m == Async && s.budget > 0) || (opts.Traversal == Auto && (m == FBTrim || m == Hybrid))) && s.n > 0 {
		if s.ms, err = newMultistep(g, opts, m != Multistep); err != nil {
			s.free()
			return nil, err
		}
	}
	if m == EdgeList && s.n > 0 {
		if err = s.buildEdgeList(); err != nil {
			s.free()
			return nil, err
		}
	}
	return &SCC{s: s}, nil
}

// Free releases the memory of the runs now. It is idempotent.
func (c *SCC) Free() {
	if c.s.ms != nil {
		c.s.ms.free()
		c.s.ms = nil
	}
	c.s.free()
}

// Run finds the components, numbers them on the graph's space and returns the counts and
// statistics (the result's Comp is nil; see Components). Errors are launch errors.
func (c *SCC) Run() (*Result, error) {
	t0 := time.Now()
	c.ran = false
	s := c.s
	if s.n == 0 {
		c.ran = true
		return &Result{Stats: Stats{Method: s.opts.Method, Traversal: s.opts.Traversal, Strategy: s.opts.Strategy, Chosen: s.method, Signals: s.signals}}, nil
	}
	if err := s.reset(); err != nil {
		return nil, err
	}
	var err error
	switch s.method {
	case Multistep:
		err = s.multistep()
	case EdgeList:
		err = s.edgeListMethod()
	case Weak:
		err = s.weak()
	case Async:
		if err = s.async(); errors.Is(err, errAsyncBudget) {
			err = s.fallBack()
		}
	default:
		err = s.twoPhase(s.method == Hybrid)
	}
	if err == nil && s.active != 0 {
		err = fmt.Errorf("scc: internal error: %d vertices left unassigned", s.active)
	}
	if err == nil {
		err = s.space.Fence("scc labels")
	}
	s.stats.LabelTime = time.Since(t0)
	res := &Result{}
	if err == nil {
		tn := time.Now()
		if err = s.number(res); err == nil {
			err = s.space.Fence("scc numbering")
		}
		s.stats.NumberTime = time.Since(tn)
	}
	if err != nil {
		return nil, err
	}
	res.Stats = *s.stats
	res.Iterations = res.Stats.FBRounds + res.Stats.ColorRounds + res.Stats.AsyncRounds
	res.Stats.TotalTime = time.Since(t0)
	c.ran = true
	return res, nil
}

// fallBack finds the components with Multistep after Async ran out of its sweep budget: it
// starts again from every vertex, keeping the abandoned attempt's statistics.
func (s *state) fallBack() error {
	tried := *s.stats
	if err := s.reset(); err != nil {
		return err
	}
	st := s.stats
	st.Chosen, st.AsyncFallback = Multistep, true
	st.AsyncRounds, st.AsyncFound, st.AsyncSweeps, st.AsyncChecks = tried.AsyncRounds, tried.AsyncFound, tried.AsyncSweeps, tried.AsyncChecks
	st.AsyncEdges, st.AsyncTime = tried.AsyncEdges, tried.AsyncTime
	s.method = Multistep
	defer func() { s.method = Async }()
	return s.multistep()
}

// View returns the component numbers of the last Run in the graph's space; the next Run
// overwrites them.
func (c *SCC) View() views.View1D[int32] { return c.s.col }

// Components returns a host copy of the component numbers of the last Run.
func (c *SCC) Components() ([]int32, error) {
	if !c.ran {
		return nil, errors.New("scc: no completed run")
	}
	out := make([]int32, c.s.n)
	if c.s.n == 0 {
		return out, nil
	}
	if err := views.DeepCopy(views.Wrap1D("scc components", out), c.s.col); err != nil {
		return nil, err
	}
	return out, nil
}

// Run is the one-call form: it computes the strongly connected components of g (on g's space)
// with opts and returns them with their counts and statistics. It allocates and frees the
// run's memory. Errors are those of New and SCC.Run.
func Run(g *dgraph.Graph, opts Options) (*Result, error) {
	c, err := New(g, opts)
	if err != nil {
		return nil, err
	}
	defer c.Free()
	res, err := c.Run()
	if err != nil {
		return nil, err
	}
	if res.Comp, err = c.Components(); err != nil {
		return nil, err
	}
	return res, nil
}

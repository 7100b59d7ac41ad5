package sssp

import (
	"errors"
	"fmt"
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Stats summarizes one computation.
type Stats struct {
	// Source is the source vertex.
	Source int32
	// Method is the method that ran (Auto resolved).
	Method Method
	// Iterations is the number of template steps (BellmanFord, Ordered, DeltaStepping) or of
	// passes over the edge list (EdgeList), not counting the -Inf propagation.
	Iterations int
	// NegativeCycle reports that a cycle of negative weight is reachable from the source;
	// every vertex reachable from one then has distance -Inf.
	NegativeCycle bool
	// Steps holds every template step when Options.Trace is set.
	Steps []frontier.Step
}

// Summary describes the distances of a computation.
type Summary struct {
	// Reached is the number of vertices with a distance below +Inf, the source included.
	Reached int64
	// Sum and Max are the sum and the largest of the finite distances.
	Sum, Max float64
	// Edges is the number of out-edges of the reached vertices.
	Edges int64
}

// SSSP is a single-source shortest-path computation over one graph, with the distances and
// the methods' work arrays in the graph's space. Run may be called repeatedly with different
// sources. An SSSP is not safe for concurrent use. Free releases its memory.
type SSSP struct {
	g       *dgraph.Graph
	opt     Options
	method  Method
	f       *frontier.Frontier
	dist    views.View1D[float64]
	pending views.View1D[int32] // 1 while a vertex waits in the pending queue
	queue   [2]views.View1D[int32]
	take    views.View1D[int32]
	later   [2]views.View1D[int32] // delta-stepping's later pile (window.go)
	mark    views.View1D[int32]
	idist   views.View1D[uint32] // integer distances (empty: float64 ones)
	state   views.View1D[int64]  // fused near steps' far-pile length and smallest key
	iw      views.View1D[uint32] // 32-bit weights for integer distances (empty: unweighted)
	el      *edgeList
	wmin    float64 // smallest weight
	wmax    float64 // largest weight (1 when not read)
	delta   float64
	bins    *frontier.Bins // binned delta-stepping (bins.go)
	// binEntries overrides the pool capacity of binned delta-stepping (tests).
	binEntries int
	forceBins  bool         // binned delta-stepping on device spaces too (tests)
	probe      dgraph.Balls // Auto's diameter estimate, when it measured one
	ran        bool
}

// New prepares shortest-path computations over g with opt. It reads the weights' range (one
// or two reductions) to resolve Auto, to reject negative weights for Ordered and
// DeltaStepping, and to choose Delta; it allocates the distances and the method's work
// arrays in g's space (O(N) memory; EdgeList builds its reordered edge list, O(M), on the
// first Run). Errors are bad options, negative weights for an ordered method, or failed
// allocations and launches.
func New(g *dgraph.Graph, opt Options) (*SSSP, error) {
	if g == nil {
		return nil, errors.New("sssp: nil graph")
	}
	if opt.Method >= numMethods {
		return nil, fmt.Errorf("sssp: unknown method %v", opt.Method)
	}
	if opt.Delta < 0 || math.IsNaN(opt.Delta) || math.IsInf(opt.Delta, 0) {
		return nil, fmt.Errorf("sssp: bad Delta %g", opt.Delta)
	}
	if opt.SegmentBytes < 0 {
		return nil, fmt.Errorf("sssp: negative SegmentBytes %d", opt.SegmentBytes)
	}
	s := &SSSP{g: g, opt: opt, method: opt.Method, wmin: 1}
	space := g.Space()
	c := g.Out()
	if c.Weighted() {
		s.wmin = math.Inf(1)
		if err := portable.ParallelReduce(space, "sssp: smallest weight", portable.Range(0, int(c.NumEdges())), weightMin{W: c.Weights}, portable.Min(&s.wmin)); err != nil {
			return nil, err
		}
		if math.IsNaN(s.wmin) {
			return nil, errors.New("sssp: the graph has NaN weights")
		}
	}
	if s.method == Auto {
		m, err := s.resolveAuto()
		if err != nil {
			return nil, err
		}
		s.method = m
	}
	if (s.method == Ordered || s.method == DeltaStepping) && s.wmin < 0 {
		return nil, fmt.Errorf("sssp: the graph has negative weights (down to %g); method %v needs non-negative ones, use bellman-ford or edgelist", s.wmin, s.method)
	}
	wmax := 1.0
	if c.Weighted() && c.NumEdges() > 0 && (s.method == DeltaStepping || (s.method != EdgeList && s.wmin >= 0 && !opt.FloatDistances)) {
		wmax = math.Inf(-1)
		if err := portable.ParallelReduce(space, "sssp: largest weight", portable.Range(0, int(c.NumEdges())), weightMax{W: c.Weights}, portable.Max(&wmax)); err != nil {
			return nil, err
		}
	}
	s.wmax = wmax
	mem := space.Memory()
	n := g.N()
	var err error
	if s.dist, err = views.Alloc1D[float64](mem, "sssp distance", n); err != nil {
		return nil, err
	}
	if s.method != EdgeList && s.wmin >= 0 && !opt.FloatDistances {
		ok, w, err := intWeights(g, wmax)
		if err != nil {
			s.Free()
			return nil, err
		}
		if ok {
			s.iw = w
			if s.idist, err = views.Alloc1D[uint32](mem, "sssp integer distance", n); err != nil {
				s.Free()
				return nil, err
			}
		}
	}
	if s.method == DeltaStepping {
		if err := s.chooseDelta(wmax); err != nil {
			s.Free()
			return nil, err
		}
	}
	if s.pending, err = views.Alloc1D[int32](mem, "sssp pending", n); err != nil {
		s.Free()
		return nil, err
	}
	if s.method == EdgeList {
		return s, nil
	}
	if s.f, err = frontier.New(g, frontier.Options{Strategy: opt.Strategy, Format: opt.Format, SampleEvery: opt.SampleEvery, Tuning: opt.Tuning, Trace: opt.Trace}); err != nil {
		s.Free()
		return nil, err
	}
	if s.method == Ordered || s.method == DeltaStepping {
		for i := range s.queue {
			if s.queue[i], err = views.Alloc1D[int32](mem, "sssp pending queue", n); err != nil {
				s.Free()
				return nil, err
			}
		}
		if s.take, err = views.Alloc1D[int32](mem, "sssp bucket", n); err != nil {
			s.Free()
			return nil, err
		}
		if s.mark, err = views.Alloc1D[int32](mem, "sssp marks", n); err != nil {
			s.Free()
			return nil, err
		}
	}
	return s, nil
}

// chooseDelta sets the bucket width: Options.Delta; on a device space the largest weight
// (wmax), where every bucket costs launches and a host round trip, so that fewer, fuller
// buckets win; on the host the largest weight divided by the average degree, at least the
// smallest positive weight, and a quarter of that for binned delta-stepping (integer
// distances, bins.go), where a bucket costs three league barriers and no pass, so that
// narrower buckets, which relax fewer edges more than once, win.
func (s *SSSP) chooseDelta(wmax float64) error {
	if s.opt.Delta > 0 {
		s.delta = s.opt.Delta
		return nil
	}
	c := s.g.Out()
	m := c.NumEdges()
	if !c.Weighted() || m == 0 {
		s.delta = 1
		return nil
	}
	space := s.g.Space()
	if space.Info().Device && wmax > 0 && !math.IsInf(wmax, 0) {
		s.delta = wmax
		return nil
	}
	wpos := math.Inf(1)
	r := portable.Range(0, int(m))
	if err := portable.ParallelReduce(space, "sssp: smallest positive weight", r, positiveMin{W: c.Weights}, portable.Min(&wpos)); err != nil {
		return err
	}
	avg := float64(m) / float64(max(c.N, 1))
	width := wmax / avg
	if s.idist.Len() > 0 {
		width /= 4 // binned (see above)
	}
	s.delta = max(width, wpos)
	if !(s.delta > 0) || math.IsInf(s.delta, 0) {
		s.delta = 1
	}
	return nil
}

// Method returns the method in use (Auto resolved).
func (s *SSSP) Method() Method { return s.method }

// Probe returns what Auto measured to choose the method (see Auto): the sampled searches'
// largest level count and ball, and whether they ran (only Auto on a device space with
// non-negative weights runs them).
func (s *SSSP) Probe() (dgraph.Balls, bool) { return s.probe, s.probe.Samples > 0 }

// Delta returns DeltaStepping's bucket width (0 for other methods).
func (s *SSSP) Delta() float64 { return s.delta }

// IntegerDistances reports whether the computation keeps 32-bit integer distances and
// weights internally: a template method over non-negative integer weights whose largest
// times N-1 is below 2^32-1, unless Options.FloatDistances is set. The distances it returns
// are float64 either way, and equal.
func (s *SSSP) IntegerDistances() bool { return s.idist.Len() > 0 }

// distances returns the distance array the kernels of the template methods read.
func (s *SSSP) distances() distances {
	if s.idist.Len() > 0 {
		return distances{I: s.idist}
	}
	return distances{F: s.dist}
}

// push runs one push step with the relaxation operator of the distances in use.
func (s *SSSP) push() (frontier.Step, error) {
	if s.idist.Len() > 0 {
		return frontier.Push(s.f, relaxInt{W: s.iw, Dist: s.idist})
	}
	return frontier.Push(s.f, newRelax(s.g.Out(), s.dist))
}

// Free releases the computation's memory now. It is idempotent.
func (s *SSSP) Free() {
	if s.f != nil {
		s.f.Free()
	}
	s.dist.Free()
	s.idist.Free()
	s.iw.Free()
	s.pending.Free()
	for i := range s.queue {
		s.queue[i].Free()
	}
	s.take.Free()
	for i := range s.later {
		s.later[i].Free()
	}
	s.mark.Free()
	s.state.Free()
	if s.bins != nil {
		s.bins.Free()
		s.bins = nil
	}
	if s.el != nil {
		s.el.free()
	}
}

// Run computes the distances from src. A source out of range is an error, and so is a launch
// failure; a negative cycle is not an error but is reported in Stats.NegativeCycle.
func (s *SSSP) Run(src int32) (Stats, error) {
	st := Stats{Source: src, Method: s.method}
	n := s.g.N()
	if src < 0 || int(src) >= n {
		return st, fmt.Errorf("sssp: source %d is not a vertex of a graph with %d vertices", src, n)
	}
	s.ran = false
	if err := portable.ParallelFor(s.g.Space(), "sssp: init", portable.Range(0, n), initDist{Dist: s.distances(), Pending: s.pending, Source: src}); err != nil {
		return st, err
	}
	var err error
	switch s.method {
	case BellmanFord:
		err = s.runBellmanFord(&st)
	case Ordered:
		err = s.runOrdered(&st)
	case DeltaStepping:
		err = s.runDelta(&st)
	case EdgeList:
		err = s.runEdgeList(&st)
	}
	if s.f != nil && s.method != EdgeList {
		st.Steps = s.f.Trace()
	}
	if err != nil {
		return st, err
	}
	if s.idist.Len() > 0 {
		if err := portable.ParallelFor(s.g.Space(), "sssp: widen", portable.Range(0, n), widenDist{I: s.idist, F: s.dist}); err != nil {
			return st, err
		}
	}
	s.ran = true
	return st, nil
}

// runBellmanFord runs the frontier's push steps from the source until the worklist empties,
// or for N steps, after which a non-empty worklist proves a reachable negative cycle.
func (s *SSSP) runBellmanFord(st *Stats) error {
	if err := s.f.Set(st.Source); err != nil {
		return err
	}
	n := s.g.N()
	for !s.f.Empty() {
		if s.f.Iteration() >= n {
			st.NegativeCycle = true
			return s.spreadNegative()
		}
		ok, err := s.f.Levels()
		if err != nil {
			return err
		}
		if !ok {
			if _, err := s.push(); err != nil {
				return err
			}
			continue
		}
		// Fused steps on a small worklist, never past step N (the negative-cycle test).
		max := min(levelSteps, n-s.f.Iteration())
		var steps []frontier.Step
		if s.idist.Len() > 0 {
			steps, err = frontier.PushLevels(s.f, relaxInt{W: s.iw, Dist: s.idist}, max)
		} else {
			steps, err = frontier.PushLevels(s.f, newRelax(s.g.Out(), s.dist), max)
		}
		if err == nil && len(steps) == 0 { // a vertex of large degree: a push step
			_, err = s.push()
		}
		if err != nil {
			return err
		}
	}
	st.Iterations = s.f.Iteration()
	return nil
}

// spreadNegative gives -Inf to the current worklist (vertices still improving after N steps,
// all behind a negative cycle, at least one on each reachable one) and to everything they
// reach.
func (s *SSSP) spreadNegative() error {
	w := s.f.Worklist()
	if err := portable.ParallelFor(s.g.Space(), "sssp: poison", portable.Range(0, w.Slots()), poisonWorklist{In: w, Dist: s.dist}); err != nil {
		return err
	}
	op := poison{Dist: s.dist}
	for !s.f.Empty() {
		if _, err := frontier.Push(s.f, op); err != nil {
			return err
		}
	}
	return nil
}

// runOrdered runs the ordered method: every step expands the pending vertices whose
// distance is at most the smallest pending distance plus the smallest weight (so final) and
// returns the vertices it improves to the pending queue.
func (s *SSSP) runOrdered(st *Stats) error {
	space := s.g.Space()
	// The pending queue starts with the source (its flag was set by initDist).
	if err := s.f.Set(); err != nil {
		return err
	}
	if err := portable.ParallelFor(space, "sssp: seed", portable.Range(0, 1), seed{Queue: s.queue[0], V: st.Source}); err != nil {
		return err
	}
	cur, size := 0, 1
	for size > 0 {
		q := s.queue[cur]
		m := math.Inf(1)
		if err := portable.ParallelReduce(space, "sssp: pending minimum", portable.Range(0, size), pendingMin{Queue: q, Dist: s.distances()}, portable.Min(&m)); err != nil {
			return err
		}
		p := partition{Queue: q, Dist: s.distances(), Pending: s.pending, Take: s.take, Keep: s.queue[1-cur]}
		if s.method == Ordered {
			p.Thr, p.Inclusive = m+s.wmin, true
		} else {
			p.Thr = (math.Floor(m/s.delta) + 1) * s.delta
			if !(p.Thr > m) { // m/delta beyond float precision
				p.Thr, p.Inclusive = m, true
			}
		}
		var taken int64
		if err := portable.ParallelScan(space, "sssp: partition", portable.Range(0, size), p, &taken); err != nil {
			return err
		}
		cur, size = 1-cur, size-int(taken)
		if err := s.f.Assign(frontier.Worklist{Size: int(taken), Queue: s.take}); err != nil {
			return err
		}
		if _, err := s.push(); err != nil {
			return err
		}
		// Improved vertices not already pending join the pending queue.
		if err := s.f.Compact(); err != nil {
			return err
		}
		w := s.f.Worklist()
		if w.Slots() > 0 && !s.f.Empty() {
			r := portable.Range(0, w.Slots())
			if err := portable.ParallelFor(space, "sssp: claim", r, claim{In: w, Pending: s.pending, Mark: s.mark}); err != nil {
				return err
			}
			var added int64
			if err := portable.ParallelScan(space, "sssp: append", r, appendMarked{In: w, Mark: s.mark, Queue: s.queue[cur], Base: size}, &added); err != nil {
				return err
			}
			size += int(added)
		}
		st.Iterations++
	}
	return nil
}

// View returns the distance array in the graph's space; it is overwritten by the next Run.
func (s *SSSP) View() views.View1D[float64] { return s.dist }

// Dist returns a host copy of the distances of the last Run.
func (s *SSSP) Dist() ([]float64, error) {
	if !s.ran {
		return nil, errors.New("sssp: no completed run")
	}
	h := views.New1D[float64]("sssp distance host", s.dist.Len())
	if err := views.DeepCopy(h, s.dist); err != nil {
		return nil, err
	}
	return h.Data(), nil
}

// Summarize describes the distances of the last Run with four reductions over the vertices.
func (s *SSSP) Summarize() (Summary, error) {
	var sum Summary
	if !s.ran {
		return sum, errors.New("sssp: no completed run")
	}
	space := s.g.Space()
	r := portable.Range(0, s.g.N())
	sum.Max = math.Inf(-1)
	if err := portable.ParallelReduce(space, "sssp: reached", r, reachedCount{Dist: s.dist}, portable.Sum(&sum.Reached)); err != nil {
		return sum, err
	}
	if err := portable.ParallelReduce(space, "sssp: sum", r, finiteSum{Dist: s.dist}, portable.Sum(&sum.Sum)); err != nil {
		return sum, err
	}
	if err := portable.ParallelReduce(space, "sssp: max", r, finiteMax{Dist: s.dist}, portable.Max(&sum.Max)); err != nil {
		return sum, err
	}
	if math.IsInf(sum.Max, -1) {
		sum.Max = 0
	}
	err := portable.ParallelReduce(space, "sssp: reached edges", r, reachedEdges{G: s.g.Out(), Dist: s.dist}, portable.Sum(&sum.Edges))
	return sum, err
}

// Result is a computation's outcome as host arrays.
type Result struct {
	Stats
	Summary
	// Dist holds the distances: +Inf for unreached vertices, -Inf behind negative cycles.
	Dist []float64
}

// Run is the one-call form: it computes the distances from src over g with opt and returns
// them with the statistics and summary. It allocates and frees the computation's memory.
func Run(g *dgraph.Graph, src int32, opt Options) (*Result, error) {
	s, err := New(g, opt)
	if err != nil {
		return nil, err
	}
	defer s.Free()
	st, err := s.Run(src)
	if err != nil {
		return nil, err
	}
	r := &Result{Stats: st}
	if r.Summary, err = s.Summarize(); err != nil {
		return nil, err
	}
	if r.Dist, err = s.Dist(); err != nil {
		return nil, err
	}
	return r, nil
}

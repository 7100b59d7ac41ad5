package frontier

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Options configures a Frontier. The zero value asks for the adaptive runtime (Auto strategy,
// automatic formats), de-duplicated queues, sampling every other iteration and the space's
// default tuning.
type Options struct {
	// Strategy fixes the loop strategy of push steps; Auto lets the decision maker choose
	// each iteration.
	Strategy Strategy
	// Format fixes the worklist format; AutoFormat lets the decision maker choose.
	Format Format
	// Unique declares that the operator's Visit returns true at most once per vertex and
	// step (as a compare-and-swap that claims a vertex does), so queues need no
	// de-duplication. Otherwise a queue step stamps each vertex it enqueues (one atomic
	// exchange per accepted visit, on a per-vertex array of N int32).
	Unique bool
	// SampleEvery is the inspector's period: the worklist's edges and largest degree are
	// measured every SampleEvery iterations (0 means 4) and estimated in between; a
	// measurement is skipped when the graph's largest out-degree leaves the decision the same
	// whatever the worklist's largest degree. It is used only when the strategy or the format
	// is automatic.
	SampleEvery int
	// Tuning overrides launch parameters; zero fields keep DefaultTuning's.
	Tuning Tuning
	// Trace records every step (see Frontier.Trace).
	Trace bool
}

// Step describes one step of a Frontier.
type Step struct {
	// Iteration is the step's number, from 0.
	Iteration int
	// Pull reports a pull (bottom-up) step; Decision.Strategy is then Baseline.
	Pull bool
	// Fused reports a push step run by PushLevels, inside one launch with the steps before
	// and after it; Decision.Strategy is then Baseline, and Seconds the launch's time divided
	// evenly among its steps.
	Fused bool
	// Rounds is the most rounds a team of a fused step ran (at most Tuning.LevelRounds for a
	// correcting operator, otherwise 1; 0 for steps PushLevels did not run). With more than one, a team
	// expanded the vertices it improved among its own members before the step ended, so the
	// step covered up to Rounds levels and Added counts only the vertices it handed to the
	// next step.
	Rounds int
	// Decision is the strategy and the formats the step used.
	Decision Decision
	// Sample is what the inspector knew about the step's input worklist (Edges and
	// MaxDegree are -1 when nothing was sampled).
	Sample Sample
	// Added is the size of the next worklist and AddedEdges the number of its vertices'
	// out-edges, an estimate after large push steps (see Tuning.EdgeSample) and -1 after pull
	// steps.
	Added, AddedEdges int64
	// Seconds is the step's wall time, from its sample to the next worklist (recorded only
	// with Options.Trace).
	Seconds float64
}

// Frontier is the worklist S_i of the frontier template (Algorithm 1 of Slota, Rajamanickam
// and Madduri, "High-performance Graph Analytics on Manycore Processors", IPDPS 2015): the
// current set of active vertices of a graph, in the graph's execution space, with the
// buffers to build the next one. Push and Pull run one step with an edge operator and make
// the next worklist current.
//
// A Frontier is created by New and is not safe for concurrent use; steps are launched from
// one goroutine (kernels inside them run in parallel). It holds O(N) memory in the space: two
// queues and two bitmaps, a per-vertex stamp array unless Options.Unique, and, when the
// strategies need them, prefix sums and degree-class queues. Free releases it.
type Frontier struct {
	g     *dgraph.Graph
	space execspace.Space
	opt   Options
	tune  Tuning
	th    Thresholds

	queue  [2]views.View1D[int32]
	bits   [2]views.View1D[uint32]
	tail   views.View1D[int64]
	stamp  views.View1D[int32]
	prefix views.View1D[int64]
	class  [numClasses]views.View1D[int32]
	ctail  [numClasses]views.View1D[int64]

	stats     views.View1D[int64] // PushLevels' per-step sizes and edges
	tally     views.View1D[int64] // PushFused's counters
	marks     views.View1D[uint8] // the host's queue-to-bitmap marks, all zero between uses
	statsHost []int64

	dedup  bool // the next steps de-duplicate their queues: not Options.Unique, or after local rounds
	cur    int
	format Format
	size   int64
	iter   int
	last   Sample // the inspector's knowledge; Edges is exact when last.Iteration == iter
	degIt  int    // iteration of the last MaxDegree measurement
	trace  []Step
	t0     time.Time // the current step's start, with Options.Trace
	freed  bool
}

// New returns an empty worklist for g. It allocates the worklist's arrays in g's space and
// returns an error for a bad option or a failed allocation.
func New(g *dgraph.Graph, opt Options) (*Frontier, error) {
	if g == nil {
		return nil, errors.New("frontier: New: nil graph")
	}
	if opt.Strategy >= numStrategies {
		return nil, fmt.Errorf("frontier: unknown strategy %v", opt.Strategy)
	}
	if opt.Format > Bitmap {
		return nil, fmt.Errorf("frontier: unknown worklist format %v", opt.Format)
	}
	if opt.SampleEvery < 0 {
		return nil, fmt.Errorf("frontier: negative SampleEvery %d", opt.SampleEvery)
	}
	if opt.SampleEvery == 0 {
		opt.SampleEvery = 4
	}
	if err := opt.Tuning.check(); err != nil {
		return nil, err
	}
	space := g.Space()
	info := space.Info()
	f := &Frontier{g: g, space: space, opt: opt, tune: opt.Tuning.merged(DefaultTuning(info)), format: Queue, last: Sample{Edges: -1, MaxDegree: -1}, dedup: !opt.Unique}
	f.th = NewThresholds(info, g.N(), f.tune.TeamSize)
	f.th.Unique = opt.Unique
	n := g.N()
	mem := space.Memory()
	var err error
	for i := range f.queue {
		if f.queue[i], err = views.Alloc1D[int32](mem, "frontier queue", n); err != nil {
			f.Free()
			return nil, err
		}
		if f.bits[i], err = views.Alloc1D[uint32](mem, "frontier bitmap", words(n)); err != nil {
			f.Free()
			return nil, err
		}
	}
	if f.tail, err = views.Alloc1D[int64](mem, "frontier tail", 1); err != nil {
		f.Free()
		return nil, err
	}
	if !opt.Unique {
		if f.stamp, err = views.Alloc1D[int32](mem, "frontier stamps", n); err != nil {
			f.Free()
			return nil, err
		}
		if err := portable.Fill(f.space, "frontier: clear stamps", f.stamp, -1); err != nil {
			f.Free()
			return nil, err
		}
	}
	return f, nil
}

// words returns the number of bitmap words for n vertices.
func words(n int) int { return (n + 31) / 32 }

// Free releases the worklist's memory now. The Frontier is unusable afterwards; Free is
// idempotent.
func (f *Frontier) Free() {
	if f.freed {
		return
	}
	f.freed = true
	for i := range f.queue {
		f.queue[i].Free()
		f.bits[i].Free()
	}
	f.tail.Free()
	f.stamp.Free()
	f.prefix.Free()
	f.stats.Free()
	f.tally.Free()
	f.marks.Free()
	for c := range f.class {
		f.class[c].Free()
		f.ctail[c].Free()
	}
}

// Graph returns the graph the worklist belongs to.
func (f *Frontier) Graph() *dgraph.Graph { return f.g }

// Space returns the graph's execution space.
func (f *Frontier) Space() execspace.Space { return f.space }

// Tuning returns the launch parameters in use.
func (f *Frontier) Tuning() Tuning { return f.tune }

// Thresholds returns the decision maker's thresholds.
func (f *Frontier) Thresholds() Thresholds { return f.th }

// Size returns the number of vertices in the current worklist.
func (f *Frontier) Size() int64 { return f.size }

// Empty reports whether the current worklist is empty.
func (f *Frontier) Empty() bool { return f.size == 0 }

// Iteration returns the number of steps taken since the worklist was last set.
func (f *Frontier) Iteration() int { return f.iter }

// Format returns the current worklist's format.
func (f *Frontier) Format() Format { return f.format }

// Trace returns the steps recorded since the worklist was last set, when Options.Trace is on.
func (f *Frontier) Trace() []Step { return f.trace }

// Worklist returns the kernel-facing form of the current worklist, for kernels of other
// packages that walk it. It stays valid until the next step or Set call.
func (f *Frontier) Worklist() Worklist {
	if f.format == Bitmap {
		return Worklist{Bitmap: true, Size: f.g.N(), Bits: f.bits[f.cur]}
	}
	return Worklist{Size: int(f.size), Queue: f.queue[f.cur]}
}

// Compact turns a bitmap worklist into a queue of the same vertices in increasing order, in
// place, with one scan over the bitmap's N/32 words; a queue is left as it is. Kernels of
// other packages that walk the worklist slot by slot (Worklist.Slots) then visit its Size
// vertices rather than N slots, which pays as soon as they do more per slot than the scan does
// per word. Errors are launch errors and a freed frontier.
func (f *Frontier) Compact() error {
	if f.freed {
		return errors.New("frontier: worklist was freed")
	}
	return f.convert(Queue)
}

// restart clears the per-run state before a new worklist is set.
func (f *Frontier) restart() error {
	if f.freed {
		return errors.New("frontier: worklist was freed")
	}
	f.iter, f.trace, f.last, f.degIt = 0, nil, Sample{Edges: -1, MaxDegree: -1}, 0
	f.dedup = !f.opt.Unique
	if f.stamp.Len() > 0 {
		// Stamps hold iteration numbers, which restart from 0.
		if err := portable.Fill(f.space, "frontier: clear stamps", f.stamp, -1); err != nil {
			return err
		}
	}
	return nil
}

// Set makes vertices the current worklist (a queue) and restarts the iteration count. Ids
// out of range are an error; a repeated id is processed once per occurrence in the first step.
func (f *Frontier) Set(vertices ...int32) error {
	if err := f.restart(); err != nil {
		return err
	}
	n := f.g.N()
	for _, v := range vertices {
		if v < 0 || int(v) >= n {
			return fmt.Errorf("frontier: vertex %d out of range [0, %d)", v, n)
		}
	}
	f.format, f.size = Queue, int64(len(vertices))
	if len(vertices) == 0 {
		return nil
	}
	return views.DeepCopy(f.queue[f.cur].Sub(0, len(vertices)), views.Wrap1D("frontier seed", slices.Clone(vertices)))
}

// Assign makes a copy of w, a worklist in the graph's space (a queue of w.Size vertices or a
// bitmap), the current worklist, keeping the iteration count: algorithms that manage their
// own worklists between steps (ordered traversals that pick a bucket of pending vertices)
// hand each step's input over this way. It costs O(w.Size) for a queue and O(N/32) for a
// bitmap.
func (f *Frontier) Assign(w Worklist) error {
	if f.freed {
		return errors.New("frontier: worklist was freed")
	}
	if w.Bitmap {
		if w.Bits.Len() != f.bits[f.cur].Len() {
			return fmt.Errorf("frontier: Assign: bitmap of %d words for a graph of %d vertices", w.Bits.Len(), f.g.N())
		}
		if err := views.DeepCopy(f.bits[f.cur], w.Bits); err != nil {
			return err
		}
		var total int64
		if err := portable.ParallelReduce(f.space, "frontier: assign count", portable.Range(0, words(f.g.N())), popCount{Bits: f.bits[f.cur]}, portable.Sum(&total)); err != nil {
			return err
		}
		f.format, f.size = Bitmap, total
		return nil
	}
	if w.Size < 0 || w.Size > f.g.N() || w.Size > w.Queue.Len() {
		return fmt.Errorf("frontier: Assign: queue of %d vertices (capacity %d) for a graph of %d vertices", w.Size, w.Queue.Len(), f.g.N())
	}
	f.format, f.size = Queue, int64(w.Size)
	if w.Size == 0 {
		return nil
	}
	return views.DeepCopy(f.queue[f.cur].Sub(0, w.Size), w.Queue.Sub(0, w.Size))
}

// SetAll makes every vertex the current worklist (a bitmap, or a queue when Options.Format is
// Queue) and restarts the iteration count.
func (f *Frontier) SetAll() error {
	if err := f.restart(); err != nil {
		return err
	}
	n := f.g.N()
	f.size = int64(n)
	md, err := f.g.MaxDegree()
	if err != nil {
		return err
	}
	f.last = Sample{Size: f.size, Edges: f.g.NumEdges(), MaxDegree: md, Measured: true}
	if f.opt.Format == Queue {
		f.format = Queue
		return portable.ParallelFor(f.space, "frontier: set all", portable.Range(0, n), iotaQueue{Queue: f.queue[f.cur]})
	}
	f.format = Bitmap
	return portable.ParallelFor(f.space, "frontier: set all", portable.Range(0, words(n)), fillAll{Bits: f.bits[f.cur], N: n})
}

// Vertices returns a host copy of the current worklist: in increasing order for a bitmap, in
// queue order for a queue.
func (f *Frontier) Vertices() ([]int32, error) {
	if f.freed {
		return nil, errors.New("frontier: worklist was freed")
	}
	if f.format == Bitmap {
		if err := f.convert(Queue); err != nil {
			return nil, err
		}
	}
	h := views.New1D[int32]("frontier vertices", int(f.size))
	if f.size == 0 {
		return h.Data(), nil
	}
	if err := views.DeepCopy(h, f.queue[f.cur].Sub(0, int(f.size))); err != nil {
		return nil, err
	}
	return h.Data(), nil
}

// convert changes the current worklist's format in place.
func (f *Frontier) convert(to Format) error {
	if to == f.format || to == AutoFormat {
		return nil
	}
	n := f.g.N()
	if to == Queue {
		var total int64
		if err := portable.ParallelScan(f.space, "frontier: bitmap to queue", portable.Range(0, words(n)), bitsToQueue{Bits: f.bits[f.cur], Queue: f.queue[f.cur]}, &total); err != nil {
			return err
		}
		f.format, f.size = Queue, total
		return nil
	}
	if !f.space.Info().Device && f.size*marksShare >= int64(n) {
		if err := f.marksToBitmap(); err != nil {
			return err
		}
		f.format = Bitmap
		return nil
	}
	if err := f.bits[f.cur].Fill(0); err != nil {
		return err
	}
	if err := portable.ParallelFor(f.space, "frontier: queue to bitmap", portable.Range(0, int(f.size)), queueToBits{Queue: f.queue[f.cur], Bits: f.bits[f.cur]}); err != nil {
		return err
	}
	f.format = Bitmap
	return nil
}

// marksShare is the share of the vertices from which a queue converts to a bitmap through
// byte marks on the host: a queue of at least N/marksShare vertices.
const marksShare = 16

// marksToBitmap converts the current queue to a bitmap in two passes without atomics: plain
// byte stores mark the queue's vertices (queueToMarks), then one pass over the bitmap's words
// packs and clears the marks (marksToBits). On the host this replaces an atomic OR per vertex,
// a compare-and-swap loop through the views' generic read-modify-write, by a store, and a pass
// over N bytes; devices keep the atomic conversion, whose OR is one instruction. The marks
// array (N bytes, allocated on first use) is all zero between conversions; a failed launch
// drops it.
func (f *Frontier) marksToBitmap() error {
	n := f.g.N()
	if f.marks.Len() == 0 {
		var err error
		if f.marks, err = views.Alloc1D[uint8](f.space.Memory(), "frontier marks", n); err != nil {
			return err
		}
	}
	err := portable.ParallelFor(f.space, "frontier: queue to marks", f.tune.rangePolicy(int(f.size)), queueToMarks{Queue: f.queue[f.cur], Marks: f.marks})
	if err == nil {
		k := marksToBits{Marks: f.marks, Bits: f.bits[f.cur], N: n}
		var h marksToBitsHost
		if !f.space.Info().Device {
			h = marksToBitsHost{marks: k.Marks.Span(0, k.Marks.Len()), bits: k.Bits.Span(0, k.Bits.Len()), n: n}
		}
		if h.marks != nil && h.bits != nil {
			err = portable.ParallelFor(f.space, "frontier: marks to bitmap", f.tune.rangePolicy(words(n)), h)
		} else {
			err = portable.ParallelFor(f.space, "frontier: marks to bitmap", f.tune.rangePolicy(words(n)), k)
		}
	}
	if err != nil {
		f.marks.Free()
		f.marks = views.View1D[uint8]{}
	}
	return err
}

// Measure runs the graph inspector now: one reduction over the current worklist (its slots,
// or the words of a bitmap) for the number of its vertices' out-edges and their largest
// out-degree. Push calls it when it needs a sample it does not have; every step already
// leaves the exact edge count of the next worklist (Edges), so Measure is needed only after
// Set or Assign or to refresh MaxDegree.
func (f *Frontier) Measure() (Sample, error) {
	s := Sample{Iteration: f.iter, Size: f.size, Format: f.format, Measured: true}
	if f.size > 0 {
		in := f.Worklist()
		n := in.Size
		if in.Bitmap {
			n = words(in.Size)
		}
		var c Count
		k := worklistStats{G: f.g.Out(), In: in}
		if err := portable.ParallelReduce(f.space, "frontier: inspect", f.tune.rangePolicy(n), k, portable.KernelJoin[Count](k, &c)); err != nil {
			return s, err
		}
		s.Edges, s.MaxDegree = c.Val, int64(c.Loc)
	}
	f.last, f.degIt = s, f.iter
	return s, nil
}

// Edges returns the number of out-edges of the current worklist's vertices: known after every
// push step (exactly for small steps, an estimate from sampled degrees for large ones; see
// Tuning.EdgeSample) and SetAll, measured with one reduction otherwise.
func (f *Frontier) Edges() (int64, error) {
	if f.last.Iteration == f.iter && f.last.Size == f.size && f.last.Edges >= 0 {
		return f.last.Edges, nil
	}
	s, err := f.Measure()
	return s.Edges, err
}

// sample returns the inspector's sample for the current worklist: the exact size and edge
// count, and the largest degree measured at most SampleEvery iterations ago.
func (f *Frontier) sample() (Sample, error) {
	known := f.last.Iteration == f.iter && f.last.Size == f.size && f.last.Edges >= 0
	if f.opt.Strategy != Auto && f.opt.Format != AutoFormat {
		if known {
			return f.last, nil
		}
		return Sample{Iteration: f.iter, Size: f.size, Edges: -1, MaxDegree: -1, Format: f.format}, nil
	}
	if !known || f.last.MaxDegree < 0 || f.iter-f.degIt >= f.opt.SampleEvery {
		if known {
			// The graph's largest out-degree bounds the worklist's: when no degree up to it
			// changes the decision, the bound stands in for a measurement (on a graph of
			// small degrees, every step after the first).
			bound, err := f.g.MaxDegree()
			if err != nil {
				return Sample{}, err
			}
			s := f.last
			s.Format = f.format
			if f.th.degreeMoot(s, bound) {
				s.MaxDegree = bound
				return s, nil
			}
		}
		return f.Measure()
	}
	s := f.last
	s.Format = f.format
	return s, nil
}

// decide applies the options to the decision maker's choice.
func (f *Frontier) decide(s Sample) Decision {
	var d Decision
	if s.Edges >= 0 {
		d = f.th.Decide(s)
	} else {
		d = Decision{Strategy: Baseline, In: f.format, Out: Queue}
	}
	if f.opt.Strategy != Auto {
		d.Strategy = f.opt.Strategy
	}
	if f.opt.Format != AutoFormat {
		d.In, d.Out = f.opt.Format, f.opt.Format
	}
	return d
}

// output prepares the next worklist in format to and returns its sink.
func (f *Frontier) output(to Format) (sink, error) {
	nx := 1 - f.cur
	o := sink{Bitmap: to == Bitmap, Queue: f.queue[nx], Tail: f.tail, Bits: f.bits[nx],
		Dedup: f.dedup, Stamp: f.stamp, Iter: int32(f.iter), Buffer: f.tune.Buffer, Sample: floorPow2(f.tune.EdgeSample)}
	if o.Bitmap {
		return o, f.bits[nx].Fill(0)
	}
	return o, f.tail.Fill(0)
}

// startStep notes the start of a step for the trace.
func (f *Frontier) startStep() {
	if f.opt.Trace {
		f.t0 = time.Now()
	}
}

// advance makes the next worklist, in format to with size step.Added, the current one.
func (f *Frontier) advance(step Step, to Format) Step {
	f.cur = 1 - f.cur
	f.format, f.size = to, step.Added
	f.iter++
	f.last = Sample{Iteration: f.iter, Size: step.Added, Edges: step.AddedEdges, MaxDegree: f.last.MaxDegree, Measured: true, Format: to}
	if f.opt.Trace {
		step.Seconds = time.Since(f.t0).Seconds()
		f.trace = append(f.trace, step)
	}
	return step
}

package scc

import (
	"fmt"
	"time"

	"github.com/gokkos/gokkos/algorithms/bfs"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Multistep is built from the shared pieces: its forward-backward step is two
// direction-optimizing breadth-first searches of package bfs, forward over the graph and
// backward over its transpose (which shares the graph's arrays, so its pull steps read the
// graph's out-edges), and its colour propagation and backward reach are steps of the frontier
// template with this package's edge operators.

// multistep holds the template state of Multistep.
type multistep struct {
	rev      *dgraph.Graph // the transpose of the graph, sharing its arrays
	fw, bw   *bfs.BFS      // the forward and the backward search, where they run one after the other
	dbl      *dgraph.Graph // the doubled graph (dgraph.Graph.Doubled), where they run as one
	both     *bfs.BFS      // the search of dbl from v and N+v: forward and backward at once
	col, bck *frontier.Frontier
	roots    views.View1D[int32] // the colour roots, as a worklist
	active   views.View1D[int32] // the active vertices of a colour round
}

// newMultistep prepares the searches and worklists over g; with searchOnly, only the two
// searches (what the first phase of FBTrim and Hybrid uses).
func newMultistep(g *dgraph.Graph, opts Options, searchOnly bool) (*multistep, error) {
	m := &multistep{}
	var err error
	fail := func(err error) (*multistep, error) {
		m.free()
		return nil, err
	}
	if m.rev, err = g.Transpose(); err != nil {
		return fail(err)
	}
	search := bfs.Options{Strategy: opts.Strategy, ReachOnly: true, Tuning: opts.Tuning, Trace: opts.Trace}
	if bothWays(g.Space()) {
		if m.dbl, err = g.Doubled(); err != nil {
			return fail(err)
		}
		if m.both, err = bfs.New(m.dbl, search); err != nil {
			return fail(err)
		}
	} else {
		if m.fw, err = bfs.New(g, search); err != nil {
			return fail(err)
		}
		if m.bw, err = bfs.New(m.rev, search); err != nil {
			return fail(err)
		}
	}
	if searchOnly {
		return m, nil
	}
	if m.col, err = frontier.New(g, frontier.Options{Strategy: opts.Strategy, Tuning: opts.Tuning, Trace: opts.Trace}); err != nil {
		return fail(err)
	}
	if m.bck, err = frontier.New(m.rev, frontier.Options{Strategy: opts.Strategy, Unique: true, Tuning: opts.Tuning, Trace: opts.Trace}); err != nil {
		return fail(err)
	}
	if m.roots, err = views.Alloc1D[int32](g.Space().Memory(), "scc.roots", g.N()); err != nil {
		return fail(err)
	}
	if m.active, err = views.Alloc1D[int32](g.Space().Memory(), "scc.active", g.N()); err != nil {
		return fail(err)
	}
	return m, nil
}

// free releases what newMultistep allocated.
func (m *multistep) free() {
	if m.fw != nil {
		m.fw.Free()
	}
	if m.bw != nil {
		m.bw.Free()
	}
	if m.both != nil {
		m.both.Free()
	}
	if m.dbl != nil {
		m.dbl.Free()
	}
	if m.col != nil {
		m.col.Free()
	}
	if m.bck != nil {
		m.bck.Free()
	}
	if m.rev != nil {
		m.rev.Free()
	}
	m.roots.Free()
	m.active.Free()
}

// multistep runs Multistep: trim, one forward-backward step from the vertex of largest degree
// product, colour propagation rounds while more than the serial cutoff of vertices remain, and
// Tarjan for the rest.
//
// On host spaces, when the degree pass of trimming removes many vertices (more than
// N/queueFraction: the complete trimming would then sweep every vertex), the trimming before
// the search stops after that pass (as Slota et al.'s code does), and the complete trimming,
// which follows chains of vertices whose removal makes their neighbours trimmable, runs after
// the search, over what the search left. Its sweep checks the neighbours of every active
// vertex, and before the search nearly every vertex is active: on a 2^18-vertex R-MAT graph on
// 2 cores it took 3-4 ms, a quarter of the run, to remove 234 vertices more than the degree
// pass, while after the search it sweeps the few vertices the giant component leaves. When the
// degree pass removes few vertices (a path, a chain), the complete trimming checks only their
// neighbours and runs first, as before. Devices keep the complete trimming first, where its
// sweep is one launch and the search pays per level.
func (s *state) multistep() error {
	complete := true
	var err error
	if s.space.Info().Device {
		_, err = s.trim()
	} else {
		_, complete, err = s.trimDegree()
	}
	if err != nil {
		return err
	}
	if s.done() {
		return s.finishSerially()
	}
	found, err := s.searchStep()
	if err != nil {
		return err
	}
	s.stats.Phase1Rounds++
	s.stats.Phase1Found += found
	if !complete && !s.done() {
		if _, err := s.trim(); err != nil {
			return err
		}
	}
	for !s.done() {
		t0, before := time.Now(), s.active
		found, err := s.templateColourRound()
		if err != nil {
			return err
		}
		if found <= 0 {
			return errStalled(s.active)
		}
		s.stats.Phase2Rounds++
		s.stats.Phase2Found += found
		if s.slowColours(before, found, time.Since(t0)) {
			break
		}
	}
	return s.finishSerially()
}

// serialNanos is an estimate of serial Tarjan's cost on the host, in nanoseconds per vertex and
// edge of the subgraph it finishes (with the copy of the subgraph): about 30-60 on the machines
// measured, taken high so that slowColours gives up on colour rounds only when they are far
// slower.
const serialNanos = 100

// slowColours reports whether Multistep on a host space should stop its colour rounds and
// finish serially now, whatever the serial cutoff: when the last round, which took elapsed and
// assigned found of the before active vertices, predicts that the rounds needed for the rest
// (as many as the rest holds rounds of that yield) would take longer than serial Tarjan on the
// rest (serialNanos per remaining vertex and per edge, the edges estimated from the average
// degree). Colour rounds assign few vertices each on graphs of many small components strung
// along long paths (a citation graph: 162 rounds and 15 s on 2 cores for a 2^18-vertex one, whose
// serial finish takes tens of milliseconds). A negative Options.SerialCutoff turns it off with
// the cutoff; devices never give up, as their serial finish also pays copies.
func (s *state) slowColours(before, found int, elapsed time.Duration) bool {
	if s.space.Info().Device || s.opts.SerialCutoff < 0 || s.active == 0 || found <= 0 || s.n == 0 {
		return false
	}
	rest := float64(s.active)
	perVertex := 1 + float64(s.out.NumEdges())/float64(s.n)
	serial := time.Duration(rest * perVertex * serialNanos)
	rounds := rest / float64(found)
	return time.Duration(rounds*float64(elapsed)) > serial
}

// traced appends the steps of finished traversals to Stats.Steps when Options.Trace is set.
func (s *state) traced(traversals ...[]frontier.Step) {
	if !s.opts.Trace {
		return
	}
	for _, t := range traversals {
		s.stats.Steps = append(s.stats.Steps, t...)
	}
}

// done reports whether nothing is left for the parallel steps: no active vertex, or (for
// Multistep) few enough for the serial finish.
func (s *state) done() bool {
	if s.active == 0 {
		return true
	}
	return s.method == Multistep && s.opts.SerialCutoff >= 0 && s.active <= s.opts.SerialCutoff
}

// errStalled reports a round that assigned no vertex, which the methods rule out: every
// many-pivot round assigns its pivots and every colour round its roots.
func errStalled(active int) error {
	return fmt.Errorf("scc: internal error: a round assigned none of the %d remaining vertices", active)
}

// searchSplit settles a forward-backward step whose reach sets are two searches' visited
// bitmaps (bfs.Options.ReachOnly), as fbSplit does for pivot P.
//
//gokkos:kernel
type searchSplit struct {
	N      int32
	P      int32
	RF, RB views.View1D[uint32]
	BOff   int32 // vertex v's backward bit is bit v+BOff of RB (N when RB is the doubled graph's)
	St     views.View1D[uint32]
	Sub    views.View1D[int32]
	Comp   views.View1D[int32]
}

// Run settles vertex v.
func (k searchSplit) Run(v int, acc *int64) {
	if k.St.At(v)&stDone != 0 {
		return
	}
	w := v + int(k.BOff)
	f, b := k.RF.At(v>>5)&(uint32(1)<<uint(v&31)) != 0, k.RB.At(w>>5)&(uint32(1)<<uint(w&31)) != 0
	switch {
	case f && b:
		k.St.Set(v, k.St.At(v)|stDone)
		k.Comp.Set(v, k.P)
		*acc += 1
	case f:
		k.Sub.Set(v, k.P)
	case b:
		k.Sub.Set(v, k.N+k.P)
	}
}

// searchStep runs a single-pivot forward-backward step from the active vertex of largest
// degree product with two breadth-first searches over the whole graph, and returns the number
// of vertices it assigned: the step of Multistep, and the phase-1 steps of FBTrim and Hybrid
// with Traversal Auto. Searching the whole graph, through done vertices and other subgraphs,
// is exact: the vertices reached both ways are the pivot's component in the graph, which lies
// in the pivot's subgraph; and since reachability from one vertex is the same for every
// vertex of a component, no component is split when the reached vertices move to the fresh
// subgraphs p and n+p, even those that come from other subgraphs.
func (s *state) searchStep() (int, error) {
	t0 := time.Now()
	defer func() { s.stats.FBTime += time.Since(t0) }()
	p, err := s.maxPivot()
	if err != nil || p < 0 {
		return 0, err
	}
	m := s.ms
	tr := time.Now()
	split := searchSplit{N: int32(s.n), P: int32(p), St: s.st, Sub: s.sub, Comp: s.comp}
	if m.both != nil {
		st, err := m.both.RunFrom(int32(p), int32(s.n+p))
		if err != nil {
			return 0, err
		}
		s.stats.ReachIterations += st.PushSteps + st.PullSteps
		s.traced(st.Steps)
		split.RF, split.RB, split.BOff = m.both.Reached(), m.both.Reached(), int32(s.n)
	} else {
		fst, err := m.fw.Run(int32(p))
		if err != nil {
			return 0, err
		}
		bst, err := m.bw.Run(int32(p))
		if err != nil {
			return 0, err
		}
		s.stats.ReachIterations += fst.PushSteps + fst.PullSteps + bst.PushSteps + bst.PullSteps
		s.traced(fst.Steps, bst.Steps)
		split.RF, split.RB = m.fw.Reached(), m.bw.Reached()
	}
	s.stats.ReachTime += time.Since(tr)
	found, err := count(s, "scc.search.split", split)
	if err != nil {
		return 0, err
	}
	s.stats.FBRounds++
	s.active -= int(found)
	if 8*int(found) >= s.n {
		s.hot, s.hotSize = int32(p), int(found) // the numbering need not sample for it
	}
	return int(found), nil
}

// reachOp is the template edge operator of a restricted reach: v joins the next worklist when it
// is active, has u's key, and this visit sets its Bit.
type reachOp struct {
	St  views.View1D[uint32]
	Key views.View1D[int32]
	Bit uint32
}

// Correcting reports that reachOp is label-correcting (a claim (setting Bit) is final, whatever the order of visits), so that fused
// steps may run local rounds with it.
func (o reachOp) Correcting() bool { return true }

// Visit reaches v from u.
func (o reachOp) Visit(u, v int32, e int64) bool {
	if o.Key.At(int(v)) != o.Key.At(int(u)) || o.St.AtomicLoad(int(v))&(o.Bit|stDone) != 0 {
		return false
	}
	return o.St.AtomicOr(int(v), o.Bit)&o.Bit == 0
}

// propOp is the template edge operator of restricted colour propagation: between active
// vertices of one subgraph, v takes u's colour when it is larger, and then joins the next
// worklist.
type propOp struct {
	St  views.View1D[uint32]
	Key views.View1D[int32]
	Col views.View1D[int32]
}

// Correcting reports that propOp is label-correcting (colours only grow, to the same fixed point in any order of visits), so that fused
// steps may run local rounds with it.
func (o propOp) Correcting() bool { return true }

// Visit offers u's colour to v.
func (o propOp) Visit(u, v int32, e int64) bool {
	if o.St.At(int(u))&stDone != 0 || o.St.At(int(v))&stDone != 0 || o.Key.At(int(v)) != o.Key.At(int(u)) {
		return false
	}
	c := o.Col.AtomicLoad(int(u))
	if o.Col.AtomicLoad(int(v)) >= c {
		return false
	}
	return o.Col.AtomicMax(int(v), c) < c
}

// The template's kernels instantiated with this package's operators, named here so that the
// kernel translator generates them.
var _ = []any{
	frontier.PushThread[reachOp]{}, frontier.PushTeam[reachOp]{},
	frontier.PushLocal[reachOp]{}, frontier.PushGlobal[reachOp]{},
	frontier.PushThread[propOp]{}, frontier.PushTeam[propOp]{},
	frontier.PushLocal[propOp]{}, frontier.PushGlobal[propOp]{},
	frontier.PushFused[reachOp]{}, frontier.PushFused[propOp]{},
}

// bothWays reports whether Multistep's searches run forwards and backwards as one traversal
// of the doubled graph (dgraph.Graph.Doubled) on space (a variable, so that tests can force
// either way): on devices, where every step of a search
// costs launches and a synchronization, so that the two searches' levels overlap (a small
// world's 41 and 33 levels become 41 steps; a grid's two searches of 4,093 levels one), at the
// price of a second copy of the graph's out- and in-edges.
var bothWays = func(space execspace.Space) bool { return space.Info().Device }

// levelSteps is the most fused push steps of one frontier.Advance call.
const levelSteps = 1024

// ownColour gives every active vertex its own id as its colour and lists the active vertices
// in Queue, the first worklist of the propagation: starting from the active vertices rather
// than from all of them spares the first step the edges of the vertices already assigned
// (after the forward-backward step, most of a graph with a giant component).
//
//gokkos:kernel
type ownColour struct {
	St    views.View1D[uint32]
	Col   views.View1D[int32]
	Queue views.View1D[int32]
}

// Run colours and lists vertex v.
func (k ownColour) Run(v int, acc *int64, final bool) {
	if k.St.At(v)&stDone != 0 {
		return
	}
	if final {
		k.Col.Set(v, int32(v))
		k.Queue.Set(int(*acc), int32(v))
	}
	*acc += 1
}

// listRoots lists the vertices of Active (the round's active vertices) that kept their own
// colour, and puts them in the backward frontier.
//
//gokkos:kernel
type listRoots struct {
	St     views.View1D[uint32]
	Col    views.View1D[int32]
	Active views.View1D[int32]
	Roots  views.View1D[int32]
}

// Run lists Active[i] if it is a root.
func (k listRoots) Run(i int, acc *int64, final bool) {
	v := int(k.Active.At(i))
	if k.Col.At(v) != int32(v) {
		return
	}
	if final {
		k.Roots.Set(int(*acc), int32(v))
		k.St.Set(v, k.St.At(v)|stBW)
	}
	*acc += 1
}

// templateColourRound runs one colour propagation round on the frontier template and returns
// the number of vertices it assigned.
func (s *state) templateColourRound() (int, error) {
	t0 := time.Now()
	defer func() { s.stats.ColorTime += time.Since(t0) }()
	m := s.ms
	var nact int64
	if err := portable.ParallelScan(s.space, "scc.colour.own", portable.Range(0, s.n), ownColour{St: s.st, Col: s.col, Queue: m.active}, &nact); err != nil {
		return 0, err
	}
	// Set restarts the propagation's step count and trace; Assign keeps them.
	if err := m.col.Set(); err != nil {
		return 0, err
	}
	active := m.active.Sub(0, int(nact))
	if err := m.col.Assign(frontier.Worklist{Queue: active, Size: int(nact)}); err != nil {
		return 0, err
	}
	prop := propOp{St: s.st, Key: s.sub, Col: s.col}
	for !m.col.Empty() {
		steps, err := frontier.Advance(m.col, prop, levelSteps)
		if err != nil {
			return 0, err
		}
		s.stats.PropagationIterations += len(steps)
	}
	s.traced(m.col.Trace())
	var nroots int64
	// The roots, and below the vertices to settle, are among the round's active vertices,
	// which later rounds shrink: the passes read those rather than every vertex.
	if err := portable.ParallelScan(s.space, "scc.colour.roots", portable.Range(0, int(nact)), listRoots{St: s.st, Col: s.col, Active: active, Roots: m.roots}, &nroots); err != nil {
		return 0, err
	}
	// Set restarts the backward frontier's step count and trace; Assign keeps them.
	if err := m.bck.Set(); err != nil {
		return 0, err
	}
	if err := m.bck.Assign(frontier.Worklist{Queue: m.roots, Size: int(nroots)}); err != nil {
		return 0, err
	}
	back := reachOp{St: s.st, Key: s.col, Bit: stBW}
	for !m.bck.Empty() {
		steps, err := frontier.Advance(m.bck, back, levelSteps)
		if err != nil {
			return 0, err
		}
		s.stats.ReachIterations += len(steps)
	}
	s.traced(m.bck.Trace())
	pol := portable.Range(0, int(nact)).WithSchedule(portable.Dynamic).WithChunk(512)
	var found int64
	if err := portable.ParallelReduce(s.space, "scc.colour.split", pol, colourSplit{St: s.st, Col: s.col, Comp: s.comp, List: active}, portable.Sum(&found)); err != nil {
		return 0, err
	}
	s.stats.ColorRounds++
	s.active -= int(found)
	return int(found), nil
}

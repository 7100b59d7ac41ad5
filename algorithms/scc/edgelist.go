package scc

import (
	"fmt"
	"math"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/internal/segment"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// EdgeList: forward-backward-trim over one list of the graph's edges, after Afanasyev and
// Voevodin's Bellman-Ford-style graph processing. Every step is a pass over the list (or over
// the vertices), with no worklist:
//
//   - trimming counts the in- and out-degree of every active vertex within its subgraph with
//     one atomic addition per edge end, then removes the vertices with either count at zero,
//     and repeats until a pass removes none;
//   - pivots race: every active vertex writes its id into its subgraph's slot (racePivots);
//   - forward reach sweeps the list, every edge u → v marking v when u is marked, until a
//     sweep marks nothing; backward reach sweeps the same list read from its end, every edge
//     marking u when v is marked;
//   - fbSplit gives the fw-only, bw-only and unreached vertices of every subgraph their own
//     subgraphs, and the next round processes all of them at once.
//
// Two steps come from the two-phase methods (FBTrim): the first round starts from the active
// vertex of largest in-degree × out-degree, the likeliest member of a giant component, and
// after it the weakly connected components of the remaining vertices (FWcc, wcc.Label) become
// the subgraphs. Without them, a graph of many small components hanging off a giant one (the
// small-world generator's) would find about one of them per round, each round a full set of
// sweeps.
//
// The list is sorted by segments of the vertex arrays (segment.Vertices): the edges u → v are
// grouped by the pair (segment of u, segment of v), and by u within a group, so that the edges
// of one group read and write the status words of two segments only, in both directions. With
// Options.NoReorder the list keeps the CSR's order (by source), which is friendly to the
// forward sweep only. Self loops are dropped: they change neither reachability nor trimming.
//
// A sweep that marks a vertex of small degree follows a chain from it through the CSR of its
// direction (up to chainLimit vertices, marking every neighbour), so that a path or a cycle of
// large diameter takes a few hundred sweeps rather than one per vertex; where frontiers are
// wide nearly every neighbour is marked already and chains stay short. Trimming does the same:
// a removal lowers the counts of the vertex's neighbours and goes on to the first whose count
// drops to zero.

// chainDegree is the largest degree of a vertex that an edge-list chain expands; the edges of
// heavier ones wait for the next sweep, which spreads them over threads.
const chainDegree = DefaultHeavyDegree

// edgeList is EdgeList's list of edges.
type edgeList struct {
	src, dst   views.View1D[int32]
	segV, segs int
}

// elKey maps an edge u → w to its group's counter for u: groups are ordered by (segment of u,
// segment of w) and hold one counter per source vertex.
func elKey(u, w, segV, segs int) int {
	su := u / segV
	return (su*segs+w/segV)*segV + u - su*segV
}

// elCountKeys counts vertex u's out-edges (self loops aside) per group.
//
//gokkos:kernel
type elCountKeys struct {
	G          dgraph.CSR
	Count      views.View1D[int64]
	SegV, Segs int
}

// Run counts vertex u's edges.
func (k elCountKeys) Run(u int) {
	end := k.G.End(int32(u))
	for e := k.G.Begin(int32(u)); e < end; e++ {
		if w := int(k.G.Adj.At(int(e))); w != u {
			i := elKey(u, w, k.SegV, k.Segs)
			k.Count.Set(i, k.Count.At(i)+1)
		}
	}
}

// elScan replaces every counter by the sum of the counters before it.
//
//gokkos:kernel
type elScan struct {
	A views.View1D[int64]
}

// Run adds counter i.
func (k elScan) Run(i int, acc *int64, final bool) {
	c := k.A.At(i)
	if final {
		k.A.Set(i, *acc)
	}
	*acc += c
}

// elScatter writes vertex u's out-edges (self loops aside) to their places, Pos[key] being the
// cursor of u's edges in the group of key.
//
//gokkos:kernel
type elScatter struct {
	G          dgraph.CSR
	Pos        views.View1D[int64]
	SegV, Segs int
	Src, Dst   views.View1D[int32]
}

// Run places vertex u's edges.
func (k elScatter) Run(u int) {
	end := k.G.End(int32(u))
	for e := k.G.Begin(int32(u)); e < end; e++ {
		w := k.G.Adj.At(int(e))
		if int(w) == u {
			continue
		}
		i := elKey(u, int(w), k.SegV, k.Segs)
		p := int(k.Pos.At(i))
		k.Pos.Set(i, int64(p+1))
		k.Src.Set(p, int32(u))
		k.Dst.Set(p, w)
	}
}

// buildEdgeList sorts the out-edges of s's graph into s's edge list on s's space and records
// its shape in s.stats.
func (s *state) buildEdgeList() error {
	n := s.n
	segV, segs := max(n, 1), 1
	if !s.opts.NoReorder {
		segV, segs = segment.Vertices(s.space.Info(), s.opts.SegmentBytes, 8, n, s.out.NumEdges())
	}
	keys := segs * segs * segV
	if int64(segs)*int64(segs)*int64(segV) > math.MaxInt32*int64(16) {
		return fmt.Errorf("scc: edge list of %d×%d segments of %d vertices is too large", segs, segs, segV)
	}
	count, err := views.Alloc1D[int64](s.space.Memory(), "scc.edgelist.counts", keys)
	if err != nil {
		return fmt.Errorf("scc: edge list: %w", err)
	}
	defer count.Free()
	if err := portable.Fill(s.space, "scc.edgelist: clear counts", count, 0); err != nil {
		return err
	}
	perVertex := s.all().WithChunk(256)
	if err := portable.ParallelFor(s.space, "scc.edgelist.count", perVertex, elCountKeys{G: s.out, Count: count, SegV: segV, Segs: segs}); err != nil {
		return err
	}
	var m int64
	if err := portable.ParallelScan(s.space, "scc.edgelist.offsets", portable.Range(0, keys), elScan{A: count}, &m); err != nil {
		return err
	}
	l := &edgeList{segV: segV, segs: segs}
	if l.src, err = alloc[int32](s, "scc.edgelist.src", int(m)); err != nil {
		return err
	}
	if l.dst, err = alloc[int32](s, "scc.edgelist.dst", int(m)); err != nil {
		return err
	}
	sc := elScatter{G: s.out, Pos: count, SegV: segV, Segs: segs, Src: l.src, Dst: l.dst}
	if err := portable.ParallelFor(s.space, "scc.edgelist.scatter", perVertex, sc); err != nil {
		return err
	}
	s.el = l
	return nil
}

// elDegrees counts, for every edge between active vertices of one subgraph, an out-edge of its
// source and an in-edge of its destination.
//
//gokkos:kernel
type elDegrees struct {
	Src, Dst views.View1D[int32]
	St       views.View1D[uint32]
	Sub      views.View1D[int32]
	In, Out  views.View1D[int32]
}

// Run counts edge i.
func (k elDegrees) Run(i int) {
	u, v := int(k.Src.At(i)), int(k.Dst.At(i))
	if k.St.At(u)&stDone != 0 || k.St.At(v)&stDone != 0 || k.Sub.At(u) != k.Sub.At(v) {
		return
	}
	k.Out.AtomicAdd(u, 1)
	k.In.AtomicAdd(v, 1)
}

// elRemove removes active vertex v when its in- or out-count is zero, and follows the chain of
// vertices whose counts its removals bring to zero. The thread whose atomic OR sets a vertex's
// done bit assigns it and lowers the counts of its active neighbours in its subgraph (through
// the CSRs), so that the counts stay exact within the pass.
//
//gokkos:kernel
type elRemove struct {
	Off, ROff views.View1D[int64]
	Adj, RAdj views.View1D[int32]
	St        views.View1D[uint32]
	Sub       views.View1D[int32]
	Comp      views.View1D[int32]
	In, Out   views.View1D[int32]
}

// release lowers count cnt of the active neighbours of v in subgraph c among
// adj[off[v]:off[v+1]] and returns next, or the first neighbour whose count reached zero when
// next is negative.
func (k elRemove) release(off views.View1D[int64], adj views.View1D[int32], cnt views.View1D[int32], v int, c int32, next int) int {
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		w := int(adj.At(int(e)))
		if w == v || k.St.AtomicLoad(w)&stDone != 0 || k.Sub.At(w) != c {
			continue
		}
		if cnt.AtomicAdd(w, -1) == 1 && next < 0 {
			next = w
		}
	}
	return next
}

// Run checks vertex v and follows its chain.
func (k elRemove) Run(v int, acc *int64) {
	for step := 0; v >= 0 && step < chainLimit; step++ {
		if k.St.AtomicLoad(v)&stDone != 0 || (k.In.AtomicLoad(v) != 0 && k.Out.AtomicLoad(v) != 0) {
			return
		}
		if k.St.AtomicOr(v, stDone)&stDone != 0 {
			return
		}
		k.Comp.Set(v, int32(v))
		*acc += 1
		c := k.Sub.At(v)
		next := k.release(k.Off, k.Adj, k.In, v, c, -1)
		v = k.release(k.ROff, k.RAdj, k.Out, v, c, next)
	}
}

// elMark is the marking rule of a reach: vertex w of subgraph C gets the Mark bit unless it is
// done or marked already; Off and Adj are the CSR of the reach's direction, for chains.
type elMark struct {
	St   views.View1D[uint32]
	Sub  views.View1D[int32]
	Mark uint32
	Off  views.View1D[int64]
	Adj  views.View1D[int32]
}

// marked reports whether u is marked and active.
func (o elMark) marked(u int) bool { return o.St.AtomicLoad(u)&(o.Mark|stDone) == o.Mark }

// mark marks w if it is active, unmarked and in subgraph c, and reports whether this call
// marked it.
func (o elMark) mark(w int, c int32) bool {
	if o.Sub.At(w) != c || o.St.AtomicLoad(w)&(o.Mark|stDone) != 0 {
		return false
	}
	return o.St.AtomicOr(w, o.Mark)&o.Mark == 0
}

// chain expands the just-marked vertex v of subgraph c and the first vertex each expansion
// marks, up to chainLimit vertices of degree at most chainDegree, and returns how many
// vertices it marked.
func (o elMark) chain(v int, c int32) int64 {
	var n int64
	for step := 0; v >= 0 && step < chainLimit; step++ {
		b, end := o.Off.At(v), o.Off.At(v+1)
		if end-b > chainDegree {
			break
		}
		next := -1
		for e := b; e < end; e++ {
			w := int(o.Adj.At(int(e)))
			if o.mark(w, c) {
				n++
				if next < 0 {
					next = w
				}
			}
		}
		v = next
	}
	return n
}

// elSweep relaxes every edge of the list once: edge u → v marks v when u is marked (forward),
// or, with Rev, the list is read from its end and each edge marks u when v is marked
// (backward). The result counts the vertices it marked.
//
//gokkos:kernel
type elSweep struct {
	Src, Dst views.View1D[int32]
	Rev      bool
	Op       elMark
}

// Run relaxes edge i (from the end with Rev).
func (k elSweep) Run(i int, acc *int64) {
	from, to := k.Src, k.Dst
	if k.Rev {
		from, to, i = k.Dst, k.Src, k.Src.Len()-1-i
	}
	u := int(from.At(i))
	if !k.Op.marked(u) {
		return
	}
	v := int(to.At(i))
	c := k.Op.Sub.At(u)
	if k.Op.mark(v, c) {
		*acc += 1 + k.Op.chain(v, c)
	}
}

// elSweepCSR relaxes the edges of every marked vertex through the CSR of the reach's direction
// (Op.Off, Op.Adj): the transpose-based backward reach. The result counts the vertices it
// marked.
//
//gokkos:kernel
type elSweepCSR struct {
	Op elMark
}

// Run relaxes vertex u's edges.
func (k elSweepCSR) Run(u int, acc *int64) {
	if !k.Op.marked(u) {
		return
	}
	c := k.Op.Sub.At(u)
	end := k.Op.Off.At(u + 1)
	for e := k.Op.Off.At(u); e < end; e++ {
		v := int(k.Op.Adj.At(int(e)))
		if k.Op.mark(v, c) {
			*acc += 1 + k.Op.chain(v, c)
		}
	}
}

// elTrim trims to the fixed point: count, remove, until a pass removes nothing. It returns
// the number of vertices removed.
func (s *state) elTrim(round int) (int, error) {
	if s.active == 0 {
		return 0, nil
	}
	t0 := time.Now()
	l := s.el
	in, out := s.size, s.least // free until numbering
	cnt := elDegrees{Src: l.src, Dst: l.dst, St: s.st, Sub: s.sub, In: in, Out: out}
	rm := elRemove{
		Off: s.out.Offsets, Adj: s.out.Adj, ROff: s.in.Offsets, RAdj: s.in.Adj,
		St: s.st, Sub: s.sub, Comp: s.comp, In: in, Out: out,
	}
	removed, passes := 0, 0
	for {
		if err := portable.Fill(s.space, "scc.edgelist: clear in-degrees", in, 0); err != nil {
			return removed, err
		}
		if err := portable.Fill(s.space, "scc.edgelist: clear out-degrees", out, 0); err != nil {
			return removed, err
		}
		if err := portable.ParallelFor(s.space, "scc.el.trim.degrees", portable.Range(0, l.src.Len()), cnt); err != nil {
			return removed, err
		}
		r, err := count(s, "scc.el.trim.remove", rm)
		if err != nil {
			return removed, err
		}
		passes++
		removed += int(r)
		s.active -= int(r)
		if r == 0 || s.active == 0 {
			break
		}
	}
	d := time.Since(t0)
	s.stats.TrimPasses += passes
	s.stats.Trimmed += removed
	s.stats.TrimTime += d
	s.phase("trim", round, passes, removed, d)
	return removed, nil
}

// elReach runs the sweeps of one reach until one marks nothing, and returns the vertices it
// marked.
func (s *state) elReach(name string, round int, backward bool) (int, error) {
	t0 := time.Now()
	l := s.el
	op := elMark{St: s.st, Sub: s.sub, Mark: stFW, Off: s.out.Offsets, Adj: s.out.Adj}
	if backward {
		op.Mark, op.Off, op.Adj = stBW, s.in.Offsets, s.in.Adj
	}
	label := "scc.el." + name
	total, sweeps := 0, 0
	for {
		var n int64
		var err error
		if backward && s.opts.TransposeBackward {
			n, err = count(s, label+".csr", elSweepCSR{Op: op})
		} else {
			k := elSweep{Src: l.src, Dst: l.dst, Rev: backward, Op: op}
			err = portable.ParallelReduce(s.space, label, portable.Range(0, l.src.Len()), k, portable.Sum(&n))
		}
		if err != nil {
			return total, err
		}
		sweeps++
		total += int(n)
		if n == 0 {
			break
		}
	}
	d := time.Since(t0)
	s.stats.ReachIterations += sweeps
	s.stats.ReachTime += d
	s.phase(name, round, sweeps, total, d)
	return total, nil
}

// edgeListMethod runs EdgeList: trim; a first round from the active vertex of largest degree
// product; FWcc (every weakly connected piece of what remains becomes a subgraph); then rounds
// of one pivot per subgraph (racing writes) until every vertex is assigned. A round is the
// pivots, the forward and the backward reach, the split and trimming.
func (s *state) edgeListMethod() error {
	s.stats.Segments, s.stats.SegmentVertices, s.stats.ListEdges = s.el.segs, s.el.segV, int64(s.el.src.Len())
	if _, err := s.elTrim(0); err != nil {
		return err
	}
	for round := 1; s.active > 0; round++ {
		if round == 2 {
			t0 := time.Now()
			if err := s.fwcc(); err != nil {
				return err
			}
			s.phase("wcc", round, s.stats.WCCRounds, s.stats.WCCSubgraphs, time.Since(t0))
		}
		if err := s.elRound(round); err != nil {
			return err
		}
	}
	return nil
}

// elRound runs one forward-backward round of EdgeList and the trimming after it: the first
// from the vertex of largest degree product, later ones from one pivot per subgraph.
func (s *state) elRound(round int) error {
	t0 := time.Now()
	pivots := 1
	if round == 1 {
		p, err := s.maxPivot()
		if err == nil {
			err = s.seedOne(max(p, 0))
		}
		if err != nil {
			return err
		}
	} else {
		var err error
		if pivots, err = s.seedMany(); err != nil {
			return err
		}
	}
	s.phase("pivot", round, 1, pivots, time.Since(t0))
	if _, err := s.elReach("forward", round, false); err != nil {
		return err
	}
	if _, err := s.elReach("backward", round, true); err != nil {
		return err
	}
	t1 := time.Now()
	found, err := count(s, "scc.el.split", fbSplit{N: int32(s.n), St: s.st, Sub: s.sub, Pivot: s.pivot, Comp: s.comp})
	if err != nil {
		return err
	}
	s.phase("split", round, 1, int(found), time.Since(t1))
	s.stats.FBTime += time.Since(t0)
	if found <= 0 {
		return errStalled(s.active)
	}
	s.stats.FBRounds++
	if round == 1 {
		s.stats.Phase1Rounds, s.stats.Phase1Found = 1, int(found)
	} else {
		s.stats.Phase2Rounds++
		s.stats.Phase2Found += int(found)
	}
	s.active -= int(found)
	_, err = s.elTrim(round)
	return err
}

// phase records a phase of duration d when tracing.
func (s *state) phase(name string, round, iterations, vertices int, d time.Duration) {
	if s.opts.Trace {
		s.stats.Phases = append(s.stats.Phases, Phase{Name: name, Round: round, Iterations: iterations, Vertices: vertices, Time: d})
	}
}

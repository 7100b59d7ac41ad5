package scc

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// This file is the frontier loop that forward reach, backward reach and colour propagation
// share: an instance of the Algorithm-1 template with a worklist (all vertices, or a queue),
// per-vertex state (the status word and colours) and an edge operator (mark the neighbour, or
// raise its colour).

// teamSize is the team size of the load-balanced kernels; on the host a team has one member.
const teamSize = 128

// chainLimit bounds chain following: a thread that activates a vertex goes on to expand it
// itself, up to this many vertices in a row, instead of leaving it to the next iteration. On
// graphs of large diameter (long paths and cycles, chains of small components) this divides the
// number of iterations by up to chainLimit; where frontiers are wide most neighbours are taken
// already and chains stay short.
const chainLimit = 128

// frontierOp is the edge operator and frontier test shared by the frontier kernels.
//
// A vertex v is in the frontier when its status word masked with Mask equals Want; a thread
// claims it by flipping its Flip bit with a compare-and-swap (setting "expanded" for reach,
// clearing "queued" for propagation), so that exactly one thread expands it, and then visits
// every edge v → w of the traversed CSR (Off, Adj) whose endpoints have equal keys and whose
// target is not done:
//
//   - reach (Prop false) sets the Mark bit of w;
//   - propagation (Prop true) raises w's colour to v's with an atomic maximum and, when it
//     rose, sets the Mark bit ("queued") of w.
//
// A visit activates w when it set the Mark bit. Of the light vertices a thread activates, it
// expands the first itself (chain following, see chainLimit); the others are counted or, when
// Push is set, appended to the next worklist: vertices of degree above Heavy (when Heavy > 0) at
// the end of Next, counted in the high 32 bits of the result, the others at the front, counted
// in the low 32 bits. Tails holds the two worklist lengths.
type frontierOp struct {
	Off   views.View1D[int64]
	Adj   views.View1D[int32]
	Key   views.View1D[int32]
	St    views.View1D[uint32]
	Col   views.View1D[int32]
	Prop  bool
	Mask  uint32
	Want  uint32
	Flip  uint32
	Mark  uint32
	Heavy int64
	Push  bool
	Next  views.View1D[int32]
	Tails views.View1D[int32]
}

// claim reports whether v is in the frontier and, if so, takes it for the calling thread by
// flipping its Flip bit.
func (o frontierOp) claim(v int) bool {
	for {
		s := o.St.AtomicLoad(v)
		if s&o.Mask != o.Want {
			return false
		}
		if o.St.AtomicCompareAndSwap(v, s, s^o.Flip) {
			return true
		}
	}
}

// colour returns v's colour for propagation (read after claim), or 0 for reach.
func (o frontierOp) colour(v int) int32 {
	if !o.Prop {
		return 0
	}
	return o.Col.AtomicLoad(v)
}

// heavy reports whether w's degree calls for a team.
func (o frontierOp) heavy(w int) bool {
	return o.Heavy > 0 && o.Off.At(w+1)-o.Off.At(w) > o.Heavy
}

// activate applies the edge operator to target w of a vertex with key kv and colour c, and
// reports whether it activated w.
func (o frontierOp) activate(kv, c int32, w int) bool {
	if o.Key.At(w) != kv {
		return false
	}
	s := o.St.AtomicLoad(w)
	if s&stDone != 0 {
		return false
	}
	if o.Prop {
		if o.Col.AtomicLoad(w) >= c || o.Col.AtomicMax(w, c) >= c {
			return false
		}
	} else if s&o.Mark != 0 {
		return false
	}
	return o.St.AtomicOr(w, o.Mark)&o.Mark == 0
}

// record counts or pushes an activated vertex w and returns the count it adds to the result.
func (o frontierOp) record(w int) int64 {
	if !o.Push {
		return 1
	}
	return o.push(w)
}

// visit activates and records w, returning the count it adds.
func (o frontierOp) visit(kv, c int32, w int) int64 {
	if !o.activate(kv, c, w) {
		return 0
	}
	return o.record(w)
}

// push appends w to the next worklist and returns its count.
func (o frontierOp) push(w int) int64 {
	if o.heavy(w) {
		j := int(o.Tails.AtomicAdd(1, 1))
		o.Next.Set(o.Next.Len()-1-j, int32(w))
		return 1 << 32
	}
	j := int(o.Tails.AtomicAdd(0, 1))
	o.Next.Set(j, int32(w))
	return 1
}

// expand claims v and visits its edges on one thread, then follows the chain of the first light
// vertex each expansion activates; heavy vertices are left to frontierTeam.
func (o frontierOp) expand(v int) int64 {
	if o.St.AtomicLoad(v)&o.Mask != o.Want || o.heavy(v) || !o.claim(v) {
		return 0
	}
	var n int64
	for step := 1; v >= 0; step++ {
		kv, c := o.Key.At(v), o.colour(v)
		next := -1
		end := o.Off.At(v + 1)
		for e := o.Off.At(v); e < end; e++ {
			w := int(o.Adj.At(int(e)))
			if !o.activate(kv, c, w) {
				continue
			}
			if next < 0 && step < chainLimit && !o.heavy(w) {
				next = w
				continue
			}
			n += o.record(w)
		}
		v = -1
		if next >= 0 && o.claim(next) {
			v = next
		}
	}
	return n
}

// frontierStep expands light vertices one per thread: vertex i in a topology-driven sweep, or
// the i-th entry of Queue in a data-driven pass.
//
//gokkos:kernel
type frontierStep struct {
	Op        frontierOp
	Queue     views.View1D[int32]
	FromQueue bool
}

// Run expands one vertex.
func (k frontierStep) Run(i int, acc *int64) {
	v := i
	if k.FromQueue {
		v = int(k.Queue.At(i))
	}
	*acc += k.Op.expand(v)
}

// frontierTeam expands heavy vertices one per team, the edges split over the team's members:
// league rank r takes the vertex List[Base + Dir*r].
//
//gokkos:kernel
type frontierTeam struct {
	Op   frontierOp
	List views.View1D[int32]
	Base int
	Dir  int
}

// RunTeam expands one vertex.
func (k frontierTeam) RunTeam(m teams.Member, acc *int64) {
	v := int(k.List.At(k.Base + k.Dir*m.LeagueRank()))
	mine := false
	if m.TeamRank() == 0 {
		mine = k.Op.claim(v)
	}
	if !teams.Broadcast(m, mine, 0) {
		return
	}
	kv, c := k.Op.Key.At(v), k.Op.colour(v)
	teams.ThreadRange(m, int(k.Op.Off.At(v)), int(k.Op.Off.At(v+1)), func(e int) {
		*acc += k.Op.visit(kv, c, int(k.Op.Adj.At(e)))
	})
}

// frontierSeed pushes every vertex in the frontier onto the worklist: the first worklist of a
// data-driven traversal.
//
//gokkos:kernel
type frontierSeed struct {
	Op frontierOp
}

// Run pushes vertex v if it is in the frontier.
func (k frontierSeed) Run(v int, acc *int64) {
	if k.Op.St.AtomicLoad(v)&k.Op.Mask == k.Op.Want {
		*acc += k.Op.push(v)
	}
}

// heavyList lists the vertices of degree above Heavy in increasing order, or only counts them
// when List is empty.
//
//gokkos:kernel
type heavyList struct {
	Off   views.View1D[int64]
	Heavy int64
	List  views.View1D[int32]
}

// Run lists vertex v if it is heavy.
func (k heavyList) Run(v int, acc *int64, final bool) {
	if k.Off.At(v+1)-k.Off.At(v) <= k.Heavy {
		return
	}
	if final && k.List.Len() != 0 {
		k.List.Set(int(*acc), int32(v))
	}
	*acc += 1
}

// worklists holds the worklists of data-driven traversals and the heavy-vertex lists of
// topology-driven load-balanced ones.
type worklists struct {
	cur, next views.View1D[int32]
	tails     views.View1D[int32]
	heavy     [2]views.View1D[int32] // heavy vertices of the out- and in-edge CSRs
	listed    [2]bool
}

// worklistsFor returns s's worklists, allocating them on first use.
func (s *state) worklistsFor() (*worklists, error) {
	if s.fr != nil {
		return s.fr, nil
	}
	f := &worklists{}
	var err error
	if f.cur, err = alloc[int32](s, "scc.worklist.a", s.n); err != nil {
		return nil, err
	}
	if f.next, err = alloc[int32](s, "scc.worklist.b", s.n); err != nil {
		return nil, err
	}
	if f.tails, err = alloc[int32](s, "scc.worklist.tails", 2); err != nil {
		return nil, err
	}
	s.fr = f
	return f, nil
}

// heavyOf returns the list of heavy vertices of the CSR g in direction dir (0 for out-edges, 1
// for in-edges), made on first use.
func (s *state) heavyOf(f *worklists, g dgraph.CSR, dir int) (views.View1D[int32], error) {
	if f.listed[dir] {
		return f.heavy[dir], nil
	}
	var n int64
	if err := portable.ParallelScan(s.space, "scc.heavy.count", portable.Range(0, s.n), heavyList{Off: g.Offsets, Heavy: int64(s.opts.HeavyDegree)}, &n); err != nil {
		return views.View1D[int32]{}, err
	}
	l, err := alloc[int32](s, "scc.heavy", int(n))
	if err != nil {
		return l, err
	}
	if n > 0 {
		if err := portable.ParallelScan(s.space, "scc.heavy.list", portable.Range(0, s.n), heavyList{Off: g.Offsets, Heavy: int64(s.opts.HeavyDegree), List: l}, &n); err != nil {
			return l, err
		}
	}
	f.heavy[dir], f.listed[dir] = l, true
	return l, nil
}

// adaptiveShare is the share of the vertices above which the adaptive strategy sweeps (the
// frontier is a sizeable part of the graph) rather than working through a worklist.
const adaptiveShare = 32

// traverse runs the frontier loop of op over the CSR g of direction dir (0 for out-edges, 1 for
// in-edges) with strategy t until the frontier is empty, and returns the number of iterations.
// op's Off and Adj are taken from g; its Heavy, Push, Next and Tails are set here.
//
// Auto decides before every iteration: a load-balanced topology-driven sweep when the last
// iteration activated at least one vertex in adaptiveShare, a load-balanced worklist pass
// otherwise. Both read the frontier from the status bits, so the loop can change strategy at
// any iteration; a worklist is seeded from the bits after a sweep.
func (s *state) traverse(label string, t Traversal, g dgraph.CSR, dir int, op frontierOp) (int, error) {
	op.Off, op.Adj = g.Offsets, g.Adj
	adaptive := t == Auto
	if adaptive || t == TopoLB || t == DataLB {
		op.Heavy = int64(s.opts.HeavyDegree)
	}
	f, err := s.worklistsFor()
	if err != nil {
		return 0, err
	}
	var heavy views.View1D[int32] // heavy vertices of g, for load-balanced sweeps
	if adaptive || t == TopoLB {
		if heavy, err = s.heavyOf(f, g, dir); err != nil {
			return 0, err
		}
	}
	teamsOf := func(n int) portable.TeamPolicy {
		return portable.Teams(n, teamSize).WithSchedule(portable.Dynamic)
	}
	sweep := t == Topo || t == TopoLB
	queued := false // the worklist holds the frontier (nl light and nh heavy vertices)
	nl, nh := 0, 0
	last := 0 // vertices the last iteration activated
	iters := 0
	for {
		if adaptive {
			sweep = iters > 0 && last >= max(s.n/adaptiveShare, 1)
		}
		if sweep {
			var a, b int64
			op.Push = false
			if err := portable.ParallelReduce(s.space, label+".sweep", s.all(), frontierStep{Op: op}, portable.Sum(&a)); err != nil {
				return iters, err
			}
			if heavy.Len() > 0 {
				if err := portable.ParallelReduceTeam(s.space, label+".sweep.heavy", teamsOf(heavy.Len()), frontierTeam{Op: op, List: heavy, Dir: 1}, portable.Sum(&b)); err != nil {
					return iters, err
				}
			}
			iters++
			queued = false
			if last = int(a + b); last == 0 {
				return iters, nil
			}
			continue
		}
		op.Push, op.Tails = true, f.tails
		if !queued {
			if err := f.tails.Fill(0); err != nil {
				return iters, err
			}
			op.Next = f.cur
			seeded, err := count(s, label+".seed", frontierSeed{Op: op})
			if err != nil {
				return iters, err
			}
			nl, nh, queued = lo(seeded), hi(seeded), true
		}
		if nl+nh == 0 {
			return iters, nil
		}
		if err := f.tails.Fill(0); err != nil {
			return iters, err
		}
		op.Next = f.next
		var a, b int64
		if nl > 0 {
			pol := portable.Range(0, nl).WithSchedule(portable.Dynamic).WithChunk(64)
			if err := portable.ParallelReduce(s.space, label+".pass", pol, frontierStep{Op: op, Queue: f.cur, FromQueue: true}, portable.Sum(&a)); err != nil {
				return iters, err
			}
		}
		if nh > 0 {
			if err := portable.ParallelReduceTeam(s.space, label+".pass.heavy", teamsOf(nh), frontierTeam{Op: op, List: f.cur, Base: s.n - 1, Dir: -1}, portable.Sum(&b)); err != nil {
				return iters, err
			}
		}
		iters++
		f.cur, f.next = f.next, f.cur
		nl, nh = lo(a+b), hi(a+b)
		last = nl + nh
	}
}

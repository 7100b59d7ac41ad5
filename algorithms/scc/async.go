package scc

import (
	"errors"
	"time"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Async finds components by propagating two signatures per vertex to a fixed point: In[v], the
// largest vertex with a path to v, and Out[v], the largest vertex v has a path to. A vertex
// whose two signatures are equal, to m say, is reached from m and reaches m, and m is the
// largest vertex of its component (every member of v's component reaches v and is reached from
// it), so the vertices with In = Out = m are exactly m's component. A round propagates, settles
// those vertices, and keeps for the next round only the edges whose endpoints are both unsettled
// and have equal signature pairs: the members of a component share both signatures, so no
// component loses an edge, and every round settles at least the largest vertex of every weakly
// connected piece of the remaining edges.
//
// Propagation is edge-centric and asynchronous. A sweep relaxes every edge u → v of a worklist
// (In[v] ≥ In[u], Out[u] ≥ Out[v]) with atomic maxima whose results other threads see within the
// same sweep; each team repeats its slice of the worklist until the slice is stable or
// asyncLocal passes have run (Gauss-Seidel passes on the host, where a team is one goroutine).
// Two shortcuts make values travel faster than one edge per sweep: a signature is read through
// the vertex it names (In[u] reaches u, and In[In[u]] reaches In[u], so it reaches u too;
// likewise for Out), and an edge tells the vertices that the signatures of its ends name what
// they learn: with a = In[u] and b = Out[v], a reaches b through u → v, so Out[a] ≥ b and
// In[b] ≥ a; In[v] reaches v and hence b, so Out[In[v]] ≥ b; Out[u] is reached from u and hence
// from a, so In[Out[u]] ≥ a. These act like hooking in union-find: the vertices the signatures
// name become meeting points, and a grid converges in a few sweeps rather than one per unit of
// diameter. Every value written is a vertex that really reaches (or is reached), so the fixed
// point is exact.
//
// The host launches sweeps in batches without reading anything back: sweep j sets Flags[j] when
// it changed a signature, and a sweep whose predecessor left its flag clear returns at once. The
// host reads the batch's flags once; a clear flag means the fixed point was reached, otherwise
// another, larger batch follows. Host round trips thus grow with the logarithm of the sweeps a
// graph needs, not with its diameter.
//
// Before the first round and after each, trimming removes vertices without an in- or
// out-neighbour of their own kind (the first time among all active vertices, later among those
// with the same signature pair, through a key per vertex), starting from the worklist of active
// vertices rather than from every vertex.

// asyncBatch and asyncMaxBatch are the number of sweeps of the first batch and the most of any
// later one (each batch doubles); asyncLocal bounds how often a team repeats its slice within
// one sweep; asyncChunk is the number of edges per team.
const (
	asyncBatch    = 4
	asyncMaxBatch = 64
	asyncLocal    = 8
	asyncChunk    = 2048
)

// asyncState holds Async's worklists and signatures, made on first use.
type asyncState struct {
	in, out          views.View1D[int32] // the signatures
	src, dst         views.View1D[int32] // the edge worklist
	nsrc, ndst       views.View1D[int32] // the next edge worklist
	verts, nextVerts views.View1D[int32] // the active vertices
	flags            views.View1D[int32] // one changed flag per sweep of a batch
}

// edgeSource returns the vertex whose out-edges hold edge e: the largest v with off[v] ≤ e, for
// 0 ≤ e < off[n].
func edgeSource(off views.View1D[int64], n int, e int64) int {
	lo, hi := 0, n
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if off.At(mid) <= e {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// asyncEdges lists the edges between distinct active vertices into Src and Dst, in CSR order:
// a scan over the vertices, each counting (and in the final pass writing) its kept out-edges.
// A scan over the edges would find each edge's source by a binary search over the offsets,
// about log2(N) dependent loads per edge (3.7 ms of 9 for Async on a grid of 2^22 vertices on
// an H100).
//
//gokkos:kernel
type asyncEdges struct {
	Off      views.View1D[int64]
	Adj      views.View1D[int32]
	St       views.View1D[uint32]
	Src, Dst views.View1D[int32]
}

// Run lists the kept out-edges of vertex u.
func (k asyncEdges) Run(u int, acc *int64, final bool) {
	if k.St.At(u)&stDone != 0 {
		return
	}
	end := k.Off.At(u + 1)
	for e := k.Off.At(u); e < end; e++ {
		v := int(k.Adj.At(int(e)))
		if v == u || k.St.At(v)&stDone != 0 {
			continue
		}
		if final {
			k.Src.Set(int(*acc), int32(u))
			k.Dst.Set(int(*acc), int32(v))
		}
		*acc += 1
	}
}

// asyncActive lists the active vertices.
//
//gokkos:kernel
type asyncActive struct {
	St   views.View1D[uint32]
	List views.View1D[int32]
}

// Run lists v if it is active.
func (k asyncActive) Run(v int, acc *int64, final bool) {
	if k.St.At(v)&stDone != 0 {
		return
	}
	if final {
		k.List.Set(int(*acc), int32(v))
	}
	*acc += 1
}

// asyncKeep compacts a vertex worklist to its active vertices.
//
//gokkos:kernel
type asyncKeep struct {
	St         views.View1D[uint32]
	List, Next views.View1D[int32]
}

// Run keeps the i-th vertex if it is active.
func (k asyncKeep) Run(i int, acc *int64, final bool) {
	v := k.List.At(i)
	if k.St.At(int(v))&stDone != 0 {
		return
	}
	if final {
		k.Next.Set(int(*acc), v)
	}
	*acc += 1
}

// asyncInit gives every listed vertex its own id as both signatures.
//
//gokkos:kernel
type asyncInit struct {
	List, In, Out views.View1D[int32]
}

// Run initialises the i-th vertex.
func (k asyncInit) Run(i int) {
	v := k.List.At(i)
	k.In.Set(int(v), v)
	k.Out.Set(int(v), v)
}

// raise lifts x[i] to at least val and returns 1 if that changed it, else 0.
func raise(x views.View1D[int32], i int, val int32) int32 {
	if x.AtomicLoad(i) >= val || x.AtomicMax(i, val) >= val {
		return 0
	}
	return 1
}

// asyncSweep is one asynchronous propagation sweep over the edge worklist: team t relaxes edges
// [t·Chunk, (t+1)·Chunk), repeating them (at most Local times) until a pass changes nothing, and
// sets Flags[J] if it changed anything. When J > 0 and Flags[J-1] is clear, the previous sweep
// found the fixed point and the sweep returns at once.
//
//gokkos:kernel
type asyncSweep struct {
	Src, Dst views.View1D[int32]
	In, Out  views.View1D[int32]
	Flags    views.View1D[int32]
	M        int
	Chunk    int
	Local    int
	J        int
}

// relax applies edge e = u → v with both shortcuts and returns the number of signatures it
// raised.
func (k asyncSweep) relax(e int) int32 {
	u, v := int(k.Src.At(e)), int(k.Dst.At(e))
	a := k.In.AtomicLoad(u)
	a = max(a, k.In.AtomicLoad(int(a)))
	b := k.Out.AtomicLoad(v)
	b = max(b, k.Out.AtomicLoad(int(b)))
	x, y := k.In.AtomicLoad(v), k.Out.AtomicLoad(u) // reaches v; reached from u
	c := raise(k.In, v, a) + raise(k.In, u, a) + raise(k.Out, u, b) + raise(k.Out, v, b)
	c += raise(k.Out, int(a), b) + raise(k.Out, int(x), b)
	return c + raise(k.In, int(b), a) + raise(k.In, int(y), a)
}

// RunTeam relaxes the team's slice of the worklist.
func (k asyncSweep) RunTeam(m teams.Member) {
	if k.J > 0 && k.Flags.AtomicLoad(k.J-1) == 0 {
		return
	}
	lo := m.LeagueRank() * k.Chunk
	hi := min(lo+k.Chunk, k.M)
	changed := false
	for it := 0; it < k.Local; it++ {
		c := teams.ThreadReduce(m, lo, hi, teams.Sum, func(e int, acc *int32) {
			*acc += k.relax(e)
		})
		if c == 0 {
			break
		}
		changed = true
	}
	if changed {
		teams.Single(m, func() { k.Flags.AtomicStore(k.J, 1) })
	}
}

// asyncSettle assigns every listed vertex whose signatures agree to the component of that
// vertex, and gives the others a key made of both signatures for trimming. It counts the
// vertices it assigned.
//
//gokkos:kernel
type asyncSettle struct {
	List, In, Out views.View1D[int32]
	St            views.View1D[uint32]
	Comp, Sub     views.View1D[int32]
}

// Run settles the i-th vertex.
func (k asyncSettle) Run(i int, acc *int64) {
	v := int(k.List.At(i))
	a, b := k.In.At(v), k.Out.At(v)
	if a == b {
		k.St.Set(v, k.St.At(v)|stDone)
		k.Comp.Set(v, a)
		*acc += 1
		return
	}
	// Equal pairs give equal keys; unequal pairs that collide only make trimming keep a
	// vertex it could have removed.
	k.Sub.Set(v, int32(uint32(a)*0x9e3779b1+uint32(b)))
}

// asyncFilter compacts the edge worklist to the edges between active vertices with equal
// signature pairs.
//
//gokkos:kernel
type asyncFilter struct {
	Src, Dst, NSrc, NDst views.View1D[int32]
	In, Out              views.View1D[int32]
	St                   views.View1D[uint32]
}

// Run keeps edge e if both its endpoints are active with equal signatures.
func (k asyncFilter) Run(e int, acc *int64, final bool) {
	u, v := int(k.Src.At(e)), int(k.Dst.At(e))
	if (k.St.At(u)|k.St.At(v))&stDone != 0 || k.In.At(u) != k.In.At(v) || k.Out.At(u) != k.Out.At(v) {
		return
	}
	if final {
		k.NSrc.Set(int(*acc), int32(u))
		k.NDst.Set(int(*acc), int32(v))
	}
	*acc += 1
}

// asyncFor returns Async's state, allocating it on first use.
func (s *state) asyncFor() (*asyncState, error) {
	if s.as != nil {
		return s.as, nil
	}
	a := &asyncState{}
	m := int(s.out.NumEdges())
	var err error
	for _, p := range []struct {
		v    *views.View1D[int32]
		name string
		n    int
	}{
		{&a.in, "scc.async.in", s.n}, {&a.out, "scc.async.out", s.n},
		{&a.src, "scc.async.src", m}, {&a.dst, "scc.async.dst", m},
		{&a.nsrc, "scc.async.src2", m}, {&a.ndst, "scc.async.dst2", m},
		{&a.verts, "scc.async.verts", s.n}, {&a.nextVerts, "scc.async.verts2", s.n},
		{&a.flags, "scc.async.flags", asyncMaxBatch},
	} {
		if *p.v, err = alloc[int32](s, p.name, p.n); err != nil {
			return nil, err
		}
	}
	s.as = a
	return a, nil
}

// scan runs a compaction scan over [0, n) and returns its total.
func scan[K portable.ScanKernel[int64]](s *state, label string, n int, k K) (int, error) {
	var total int64
	if n == 0 {
		return 0, nil
	}
	err := portable.ParallelScan(s.space, label, portable.Range(0, n), k, &total)
	return int(total), err
}

// async runs Async: trim, list the active vertices and the edges among them, then rounds of
// propagation, settling, trimming and compaction until every vertex is assigned.
func (s *state) async() error {
	if _, err := s.trim(); err != nil {
		return err
	}
	if s.active == 0 {
		return nil
	}
	t0, trim0 := time.Now(), s.stats.TrimTime
	defer func() { s.stats.AsyncTime += time.Since(t0) - (s.stats.TrimTime - trim0) }()
	a, err := s.asyncFor()
	if err != nil {
		return err
	}
	nv, err := scan(s, "scc.async.vertices", s.n, asyncActive{St: s.st, List: a.verts})
	if err != nil {
		return err
	}
	ne, err := scan(s, "scc.async.edges", s.n, asyncEdges{Off: s.out.Offsets, Adj: s.out.Adj, St: s.st, Src: a.src, Dst: a.dst})
	if err != nil {
		return err
	}
	s.stats.AsyncEdges = ne
	for s.active > 0 {
		if err := portable.ParallelFor(s.space, "scc.async.init", portable.Range(0, nv), asyncInit{List: a.verts, In: a.in, Out: a.out}); err != nil {
			return err
		}
		if err := s.propagate(a, ne); err != nil {
			return err
		}
		var found int64
		if err := portable.ParallelReduce(s.space, "scc.async.settle", portable.Range(0, nv),
			asyncSettle{List: a.verts, In: a.in, Out: a.out, St: s.st, Comp: s.comp, Sub: s.sub}, portable.Sum(&found)); err != nil {
			return err
		}
		if found == 0 {
			return errStalled(s.active)
		}
		s.active -= int(found)
		s.stats.AsyncRounds++
		s.stats.AsyncFound += int(found)
		if s.active == 0 {
			break
		}
		if _, err := s.trimFrom(a.verts, nv); err != nil {
			return err
		}
		if s.active == 0 {
			break
		}
		if ne, err = scan(s, "scc.async.filter", ne, asyncFilter{Src: a.src, Dst: a.dst, NSrc: a.nsrc, NDst: a.ndst, In: a.in, Out: a.out, St: s.st}); err != nil {
			return err
		}
		a.src, a.dst, a.nsrc, a.ndst = a.nsrc, a.ndst, a.src, a.dst
		if nv, err = scan(s, "scc.async.compact", nv, asyncKeep{St: s.st, List: a.verts, Next: a.nextVerts}); err != nil {
			return err
		}
		a.verts, a.nextVerts = a.nextVerts, a.verts
	}
	return nil
}

// propagate runs sweeps over the first ne edges of the worklist until one changes nothing,
// reading the changed flags back once per batch; with a budget (s.budget), it returns
// errAsyncBudget when the run's sweeps have reached it at the end of a batch without a fixed
// point, or before it starts.
func (s *state) propagate(a *asyncState, ne int) error {
	if ne == 0 {
		return nil
	}
	if s.budget > 0 && s.stats.AsyncSweeps >= s.budget {
		return errAsyncBudget // a later round, with the budget spent by the earlier ones
	}
	k := asyncSweep{Src: a.src, Dst: a.dst, In: a.in, Out: a.out, Flags: a.flags, M: ne, Chunk: asyncChunk, Local: asyncLocal}
	pol := portable.Teams((ne+asyncChunk-1)/asyncChunk, teamSize).WithSchedule(portable.Dynamic)
	host := make([]int32, asyncMaxBatch)
	for batch := asyncBatch; ; batch = min(2*batch, asyncMaxBatch) {
		if err := a.flags.Fill(0); err != nil {
			return err
		}
		for j := range batch {
			k.J = j
			if err := portable.ParallelForTeam(s.space, "scc.async.sweep", pol, k); err != nil {
				return err
			}
		}
		if err := views.DeepCopy(views.Wrap1D("scc.async.flags.host", host[:batch]), a.flags.Sub(0, batch)); err != nil {
			return err
		}
		s.stats.AsyncChecks++
		for j := range batch {
			s.stats.AsyncSweeps++
			if host[j] == 0 {
				return nil
			}
		}
		if s.budget > 0 && s.stats.AsyncSweeps >= s.budget {
			return errAsyncBudget
		}
	}
}

// errAsyncBudget is propagate's report that the sweeps of the run reached the budget without a
// fixed point; Run then falls back to Multistep.
var errAsyncBudget = errors.New("scc: async sweep budget spent")

package wcc

import (
	"math"
	"slices"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Afforest keeps a forest in a parent array P: P[v] = v for a root, P[v] < v otherwise, so
// parent pointers always lead to a smaller vertex and a tree's root is its smallest vertex.
// link(u, w) finds both roots and hooks the larger under the smaller with a compare-and-swap
// that expects the larger to still be a root; when another thread hooked it first, the CAS
// fails and link climbs from both roots again. Only roots are ever hooked, so a tree never
// splits, and the smallest vertex of a component is never hooked under anything: once every
// edge has been linked, each component is one tree rooted at its smallest vertex, whatever
// order the links took. compress (the shortcut kernel) then points every vertex at its root.
// find halves the paths it walks: each vertex on the way is pointed at its grandparent by an
// atomic store, not a compare-and-swap, since the grandparent is smaller and in the same tree,
// so any interleaving keeps the forest valid. On the host link climbs instead (see
// forest.link): it reads two levels up at a time and hooks the larger of the two parents it
// holds once that is a root, which keeps the same invariants without writing on the way.
//
// A vertex's neighbour list is its out-edges followed, when the in-edges are read, by its
// in-edges. The phases: NeighborRounds rounds that link every vertex with the r-th entry of
// its neighbour list, each followed by compress; a sample of vertices whose most
// frequent root c names the giant component; a final phase in which every vertex u with
// P[u] != c links the rest of its neighbour list; a last compress. Compress works in place
// (shortcut): a vertex's parent is smaller, so when the smaller vertices have been compressed
// (earlier in a worker's range, or by another worker) the walk to the root takes a step or
// two. A double-buffered compress that only reads the forest avoids the atomic stores but walks
// every path to its end: on a grid, whose neighbour rounds leave chains as long as a row, it
// took 13 times as long (2^20 vertices, 2 cores: 660 against 50 ms for the whole run).
//
// The skip rule. Membership of c's tree only grows, so a vertex that skips is in it, and an
// edge both of whose endpoints skip joins two vertices already connected. Every other edge must
// be linked by an endpoint that does not skip, from its side: the final phase must hand every
// edge to both of its endpoints. On a symmetric graph a vertex's out-edges are all its edges.
// On a directed graph the out-edges of u alone would lose an edge w→u from a giant vertex w
// (which skips) to a vertex u outside the giant component (whose out-edges do not hold it), so
// a vertex that does not skip links its in-edges as well, read from the graph's transpose. When
// the in-edges are not available (Options.NoInEdges, or Label, which has one CSR), nothing is
// skipped: every vertex links all its remaining out-edges, which links every directed edge once
// and suffices because link is symmetric.

// forest is the parent array that the hooking kernels link in. It holds the view alone, so
// that link's receiver is one view of four words, which the compiler keeps in registers on the
// host (a struct of more than four words lives in memory and every element access reloads the
// view's fields: the neighbour rounds took about 10% longer with how to link in it too).
type forest struct {
	P views.View1D[int32]
}

// linker is the forest, how to link, and the subgraph filter that the hooking kernels share.
type linker struct {
	F       forest
	Climb   bool // link by climbing without writes (the host) rather than by path halving
	St      views.View1D[uint32]
	Exclude uint32
	Key     views.View1D[int32]
}

// out reports whether the filter leaves v out.
func (k linker) out(v int) bool { return k.St.Len() != 0 && k.St.At(v)&k.Exclude != 0 }

// key returns v's key, or 0 without keys.
func (k linker) key(v int) int32 {
	if k.Key.Len() == 0 {
		return 0
	}
	return k.Key.At(v)
}

// whole reports whether the filter selects the whole graph, so that an edge belongs to the
// subgraph unless it is a self loop; the kernels test it once per vertex rather than call
// admits for every edge.
func (k linker) whole() bool { return k.St.Len() == 0 && k.Key.Len() == 0 }

// admits reports whether the edge from u, a vertex of the subgraph with key ku, to w belongs
// to the subgraph (self loops do not matter and are left out).
func (k linker) admits(u int, ku int32, w int) bool {
	return w != u && !k.out(w) && (k.Key.Len() == 0 || k.Key.At(w) == ku)
}

// find returns the root of v's tree, given p, a parent of v read earlier, pointing the vertices
// on the way at their grandparents. Taking the parent read by the caller saves a load of the
// elements every thread reads (the parents of hubs and of the giant component's root), whose
// loads contend on a GPU.
func (k forest) find(v, p int32) int32 {
	for p != v {
		g := k.P.AtomicLoad(int(p))
		if g == p {
			return p
		}
		k.P.AtomicStore(int(v), g)
		v = g
		p = k.P.AtomicLoad(int(v))
	}
	return v
}

// link joins the trees of u and w: the larger root is hooked under the smaller. On a device
// (climb false) it finds both roots with path halving, as ECL-CC does; on the host's cores
// (climb true) it climbs from the larger of the two current parents two levels at a time
// without writing, as GAP's Afforest does, and stops as soon as that parent already points at
// the smaller: halving's stores and the full climbs cost the host more than the shorter
// paths save (measured: a neighbour round on a uniform graph of 2^20 vertices, 2 cores, in
// less than half the time).
func (k forest) link(u, w int32, climb bool) {
	pu, pw := k.P.AtomicLoad(int(u)), k.P.AtomicLoad(int(w))
	if climb {
		for pu != pw {
			high, low := max(pu, pw), min(pu, pw)
			ph := k.P.AtomicLoad(int(high))
			if ph == low || (ph == high && k.P.AtomicCompareAndSwap(int(high), high, low)) {
				return
			}
			pu, pw = k.P.AtomicLoad(int(ph)), k.P.AtomicLoad(int(low))
		}
		return
	}
	if pu == pw {
		return
	}
	a, b := k.find(u, pu), k.find(w, pw)
	for a != b {
		if a > b {
			a, b = b, a
		}
		if k.P.AtomicCompareAndSwap(int(b), b, a) {
			return
		}
		// b was hooked meanwhile: climb on from both roots.
		a, b = k.find(a, k.P.AtomicLoad(int(a))), k.find(b, k.P.AtomicLoad(int(b)))
	}
}

// edge links u, a vertex of the subgraph with key ku, with w when the edge belongs to the
// subgraph.
func (k linker) edge(u int, ku int32, w int) {
	if k.admits(u, ku, w) {
		k.F.link(int32(u), int32(w), k.Climb)
	}
}

// linkNeighbor links every vertex u of the subgraph with entry R of its neighbour list: its
// out-edges in Out, followed, when In has vertices, by its in-edges in In. Listing the
// in-edges after the out-edges makes a directed graph with its in-edges behave like its
// symmetric version: a vertex without out-edges (a sink) is linked in the neighbour rounds
// too, rather than left with all its edges to the final phase.
//
//gokkos:kernel
type linkNeighbor struct {
	L       linker
	Out, In dgraph.CSR
	R       int64
}

// Run links vertex u with its neighbour R. The in-edge offsets are read only for a vertex
// whose out-edges end before R+1.
func (k linkNeighbor) Run(u int) {
	b, end := k.Out.Offsets.At(u), k.Out.Offsets.At(u+1)
	e := b + k.R
	if e < end {
		w := int(k.Out.Adj.At(int(e)))
		if w != u && !k.L.out(u) && (k.L.whole() || k.L.admits(u, k.L.key(u), w)) {
			k.L.F.link(int32(u), int32(w), k.L.Climb)
		}
		return
	}
	if k.In.N == 0 {
		return
	}
	e += k.In.Offsets.At(u) - end
	if e < k.In.Offsets.At(u+1) {
		w := int(k.In.Adj.At(int(e)))
		if w != u && !k.L.out(u) && (k.L.whole() || k.L.admits(u, k.L.key(u), w)) {
			k.L.F.link(int32(u), int32(w), k.L.Climb)
		}
	}
}

// linkRest is the final phase for the vertices of degree at most Light: a vertex outside the
// sampled root Giant's tree links the entries of its neighbour list (see linkNeighbor) from
// index Skip on (the earlier ones were linked by the neighbour rounds): its out-edges from
// index Skip on and, when In has vertices, its in-edges from index Skip minus its out-degree
// on. Vertices of larger degree in a CSR are left to linkTeam for that CSR. The sum it
// reduces counts the vertices that skip.
//
//gokkos:kernel
type linkRest struct {
	L     linker
	Out   dgraph.CSR
	In    dgraph.CSR
	Skip  int64
	Giant int32
	Light int64
}

// Run links vertex u's remaining edges, or counts it when it skips.
func (k linkRest) Run(u int, acc *int64) {
	if k.L.out(u) {
		return
	}
	// u skips when it belongs to the tree of the sampled root Giant (Giant < 0: none). Written
	// out here rather than as a linker method: with the atomic load in it, such a method
	// exceeds the compiler's inlining budget and costs the host a call per vertex.
	if k.Giant >= 0 && k.L.F.P.AtomicLoad(u) == k.Giant {
		*acc += 1
		return
	}
	ku, whole := k.L.key(u), k.L.whole()
	b, end := k.Out.Offsets.At(u), k.Out.Offsets.At(u+1)
	if end-b <= k.Light {
		for e := b + k.Skip; e < end; e++ {
			if w := int(k.Out.Adj.At(int(e))); w != u && (whole || k.L.admits(u, ku, w)) {
				k.L.F.link(int32(u), int32(w), k.L.Climb)
			}
		}
	}
	if k.In.N == 0 {
		return
	}
	skip := max(k.Skip-(end-b), 0)
	b, end = k.In.Offsets.At(u), k.In.Offsets.At(u+1)
	if end-b <= k.Light {
		for e := b + skip; e < end; e++ {
			if w := int(k.In.Adj.At(int(e))); w != u && (whole || k.L.admits(u, ku, w)) {
				k.L.F.link(int32(u), int32(w), k.L.Climb)
			}
		}
	}
}

// linkTeam is the final phase for the vertices of List, one team at a time: team r takes
// entries r, r + LeagueSize, ... (most of them, on graphs with a giant component, are skipped,
// so a league smaller than the list saves launching a team per vertex), and the team's threads
// share the vertex's edges of G from index Skip on, less the vertex's degree in First when
// First has vertices (G is then the in-edge CSR, whose edges follow the out-edges of First in
// the vertex's neighbour list). A thread that finds the vertex in the sampled root Giant's
// tree skips its share (membership only grows, so every thread's decision is right).
//
//gokkos:kernel
type linkTeam struct {
	L     linker
	G     dgraph.CSR
	First dgraph.CSR
	List  views.View1D[int32]
	Skip  int64
	Giant int32
}

// RunTeam links the remaining edges of the team's vertices.
func (k linkTeam) RunTeam(m teams.Member) {
	for i := m.LeagueRank(); i < k.List.Len(); i += m.LeagueSize() {
		u := int(k.List.At(i))
		if (k.Giant >= 0 && k.L.F.P.AtomicLoad(u) == k.Giant) || k.L.out(u) {
			continue
		}
		ku := k.L.key(u)
		skip := k.Skip
		if k.First.N != 0 {
			skip = max(skip-(k.First.Offsets.At(u+1)-k.First.Offsets.At(u)), 0)
		}
		teams.ThreadRange(m, int(k.G.Offsets.At(u)+skip), int(k.G.Offsets.At(u+1)), func(e int) {
			k.L.edge(u, ku, int(k.G.Adj.At(e)))
		})
	}
}

// listDegrees lists, in increasing order, the vertices whose degree lies in (Lo, Hi], or only
// counts them when List is empty.
//
//gokkos:kernel
type listDegrees struct {
	Off    views.View1D[int64]
	Lo, Hi int64
	List   views.View1D[int32]
}

// Run lists vertex v if its degree is in range.
func (k listDegrees) Run(v int, acc *int64, final bool) {
	d := k.Off.At(v+1) - k.Off.At(v)
	if d <= k.Lo || d > k.Hi {
		return
	}
	if final && k.List.Len() != 0 {
		k.List.Set(int(*acc), int32(v))
	}
	*acc += 1
}

// sampleRoots stores the parent of the i-th sampled vertex (a root after compress). The
// vertices are drawn with replacement by a SplitMix64 hash of Seed and i.
//
//gokkos:kernel
type sampleRoots struct {
	P    views.View1D[int32]
	Out  views.View1D[int32]
	N    uint64
	Seed uint64
}

// Run draws sample i.
func (k sampleRoots) Run(i int) {
	z := k.Seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	k.Out.Set(i, k.P.At(int(z%k.N)))
}

// degreeList is the vertices of one degree class of one CSR.
type degreeList struct {
	v views.View1D[int32]
	n int
}

// hooking is a prepared Afforest computation over one graph: the CSRs it reads, the subgraph
// filter, the vertex lists of the team-linked degree classes, and the sample buffer.
type hooking struct {
	space   execspace.Space
	out, in dgraph.CSR // in.N == 0: in-edges are not read
	f       Filter
	opt     Options // resolved
	skip    bool    // sample the giant component and skip it in the final phase
	cls     degreeClasses
	lists   [2][2]degreeList // [out, in][warp-team class, team class]
	sample  views.View1D[int32]
	host    []int32
}

// hookingRun is what one run of Afforest did.
type hookingRun struct {
	rounds  int   // linking passes: the neighbour rounds and the final phase
	giant   int32 // the sampled root, or -1
	skipped int   // vertices that the final phase found in the sampled root's tree
}

// newHooking prepares Afforest over out and, unless in has no vertices, its in-edges in. skip
// asks for the giant-component skip, which is correct only when the final phase reads every
// edge from both ends: out symmetric, or in given. It allocates the degree-class lists and
// the sample buffer in space's memory; free releases them.
func newHooking(space execspace.Space, out, in dgraph.CSR, f Filter, opt Options, skip bool) (*hooking, error) {
	h := &hooking{space: space, out: out, in: in, f: f, opt: opt, cls: opt.classes(space)}
	h.skip = skip && opt.Samples > 0 && out.N > 0
	mem := space.Memory()
	for i, g := range []dgraph.CSR{out, in} {
		if g.N == 0 || h.cls.light == math.MaxInt64 {
			continue
		}
		bounds := [2][2]int64{{h.cls.light, h.cls.mid}, {h.cls.mid, math.MaxInt64}}
		for c, b := range bounds {
			if b[0] >= b[1] {
				continue
			}
			k := listDegrees{Off: g.Offsets, Lo: b[0], Hi: b[1]}
			var n int64
			if err := portable.ParallelScan(space, "wcc.afforest.count-degrees", portable.Range(0, g.N), k, &n); err != nil {
				h.free()
				return nil, err
			}
			if n == 0 {
				continue
			}
			var err error
			if k.List, err = views.Alloc1D[int32](mem, "wcc degree class", int(n)); err != nil {
				h.free()
				return nil, err
			}
			h.lists[i][c] = degreeList{v: k.List, n: int(n)}
			if err := portable.ParallelScan(space, "wcc.afforest.list-degrees", portable.Range(0, g.N), k, &n); err != nil {
				h.free()
				return nil, err
			}
		}
	}
	if h.skip {
		var err error
		if h.sample, err = views.Alloc1D[int32](mem, "wcc sample", opt.Samples); err != nil {
			h.free()
			return nil, err
		}
		h.host = make([]int32, opt.Samples)
	}
	return h, nil
}

// free releases the lists and the sample buffer.
func (h *hooking) free() {
	for i := range h.lists {
		for c := range h.lists[i] {
			h.lists[i][c].v.Free()
		}
	}
	h.sample.Free()
}

// run computes the components of the subgraph into p: p[v] is the smallest vertex of v's
// component.
func (h *hooking) run(p views.View1D[int32]) (hookingRun, error) {
	res := hookingRun{giant: -1}
	space, n := h.space, h.out.N
	if n == 0 {
		return res, nil
	}
	all := portable.Range(0, n)
	l := linker{F: forest{P: p}, Climb: !h.space.Info().Device, St: h.f.Status, Exclude: h.f.Exclude, Key: h.f.Key}
	if err := portable.ParallelFor(space, "wcc.afforest.init", all, initLabels{L: p}); err != nil {
		return res, err
	}
	// Every space runs one neighbour round per launch, each followed by compress, as Afforest
	// does: the compress keeps the next round's climbs short. (Linking each vertex with all
	// its sampled neighbours in one pass and compressing once reads the offsets once, but on
	// 2^20-vertex R-MAT and uniform graphs on 2 cores its climbs made it 1.3 to 2.2 times
	// slower.)
	rounds := int64(h.opt.NeighborRounds)
	for r := int64(0); r < rounds; r++ {
		k := linkNeighbor{L: l, Out: h.out, In: h.in, R: r}
		if err := portable.ParallelFor(space, "wcc.afforest.neighbor", all.WithSchedule(portable.Dynamic), k); err != nil {
			return res, err
		}
		if err := portable.ParallelFor(space, "wcc.afforest.compress", all.WithSchedule(portable.Dynamic), shortcut{L: p}); err != nil {
			return res, err
		}
	}
	res.rounds = h.opt.NeighborRounds
	if h.skip {
		c, err := h.giant(l.F.P)
		if err != nil {
			return res, err
		}
		res.giant = c
	}
	rest := linkRest{L: l, Out: h.out, In: h.in, Skip: rounds, Giant: res.giant, Light: h.cls.light}
	var skipped int64
	if err := portable.ParallelReduce(space, "wcc.afforest.link", all.WithSchedule(portable.Dynamic).WithChunk(512), rest, portable.Sum(&skipped)); err != nil {
		return res, err
	}
	res.skipped = int(skipped)
	for i, g := range []dgraph.CSR{h.out, h.in} {
		for c, size := range []int{h.cls.warp, h.cls.team} {
			list := h.lists[i][c]
			if list.n == 0 {
				continue
			}
			k := linkTeam{L: l, G: g, List: list.v, Skip: rounds, Giant: res.giant}
			if i == 1 {
				k.First = h.out
			}
			pol := portable.Teams(h.league(list.n, size), size).WithSchedule(portable.Dynamic).WithChunk(1)
			if err := portable.ParallelForTeam(space, "wcc.afforest.link-teams", pol, k); err != nil {
				return res, err
			}
		}
	}
	res.rounds++
	return res, portable.ParallelFor(space, "wcc.afforest.compress", all.WithSchedule(portable.Dynamic), shortcut{L: p})
}

// league returns the number of teams of size members that link a list of n vertices: one per
// vertex on host spaces (dynamically scheduled), and on devices at most as many as the device
// holds at once (two blocks of the largest size per multiprocessor's worth of threads).
func (h *hooking) league(n, size int) int {
	info := h.space.Info()
	if !info.Device || info.Units <= 0 || info.MaxBlockSize <= 0 {
		return n
	}
	return min(n, max(info.Units*2*info.MaxBlockSize/size, 1))
}

// giant samples the roots of opt.Samples vertices and returns the most frequent (the smallest
// of equally frequent ones).
func (h *hooking) giant(p views.View1D[int32]) (int32, error) {
	k := sampleRoots{P: p, Out: h.sample, N: uint64(h.out.N), Seed: h.opt.Seed}
	if err := portable.ParallelFor(h.space, "wcc.afforest.sample", portable.Range(0, h.sample.Len()), k); err != nil {
		return -1, err
	}
	if err := views.DeepCopy(views.Wrap1D("wcc sample host", h.host), h.sample); err != nil {
		return -1, err
	}
	slices.Sort(h.host)
	best, bestRun := h.host[0], 0
	for i := 0; i < len(h.host); {
		j := i + 1
		for j < len(h.host) && h.host[j] == h.host[i] {
			j++
		}
		if j-i > bestRun {
			best, bestRun = h.host[i], j-i
		}
		i = j
	}
	return best, nil
}

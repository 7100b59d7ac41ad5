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
// link(u, w) joins the trees of u and w by pointing a vertex at a smaller one of the other
// tree: a root is hooked with a compare-and-swap that expects it to still be a root, so a tree
// never splits without the link going on to join its parts, and the smallest vertex of a
// component is never hooked under anything: once every edge has been linked, each component is
// one tree rooted at its smallest vertex, whatever order the links took. compress (the
// shortcut kernel) then points every vertex at its root. Devices link by Rem's algorithm with
// splicing (see forest.link), the host by climbing two levels at a time without writing, as
// GAP's Afforest does.
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
// The filter's tests below are functions of its fields rather than methods of linker: a
// struct of more than four words is copied to memory wherever a method of it inlines on the
// host (about a hundred bytes at every test of the neighbour rounds; the rounds' time moved by
// less than the noise when the copies went, but they are instructions for nothing).
type linker struct {
	F       forest
	Splice  bool // link by Rem's algorithm with splicing (devices) rather than by climbing (the host)
	St      views.View1D[uint32]
	Exclude uint32
	Key     views.View1D[int32]
}

// excluded reports whether the filter of status st and bits exclude leaves v out.
func excluded(st views.View1D[uint32], exclude uint32, v int) bool {
	return st.Len() != 0 && st.At(v)&exclude != 0
}

// keyOf returns v's key, or 0 without keys.
func keyOf(key views.View1D[int32], v int) int32 {
	if key.Len() == 0 {
		return 0
	}
	return key.At(v)
}

// wholeGraph reports whether the filter of status st and keys key selects the whole graph,
// so that an edge belongs to the subgraph unless it is a self loop; the kernels test it once
// per vertex rather than call admitted for every edge.
func wholeGraph(st views.View1D[uint32], key views.View1D[int32]) bool {
	return st.Len() == 0 && key.Len() == 0
}

// admitted reports whether the edge from u, a vertex of the subgraph with key ku, to w belongs
// to the subgraph of the filter (st, exclude, key) (self loops do not matter and are left out).
func admitted(st views.View1D[uint32], exclude uint32, key views.View1D[int32], u int, ku int32, w int) bool {
	return w != u && !excluded(st, exclude, w) && (key.Len() == 0 || key.At(w) == ku)
}

// link joins the trees of u and w.
//
// With splice false (the host) it climbs from the larger of the two current parents two
// levels at a time without writing, as GAP's Afforest does, hooks that parent under the
// smaller one once it is a root, and stops as soon as it already points at the smaller: on
// the host's cores stores and full climbs cost more than the shorter paths they leave.
//
// With splice true (devices) it runs Rem's algorithm with splicing, in its compare-and-swap
// form (Patwary, Blair and Manne; Dhulipala, Hong and Shun's ConnectIt): of the two vertices
// it holds, x is the one of larger parent px and y the other, of parent py < px. A root x is
// hooked under py; otherwise x is spliced, pointed at py by a compare-and-swap that expects
// px (x and its subtree join y's tree, and py < px <= x keeps parents smaller), and the link
// goes on from px, whose tree still has to join y's. Every step either ends the link or moves
// x to a smaller vertex, and the splices shorten the paths later links climb. On an H200 the
// neighbour rounds took a half to a third of the time of finding both roots with path halving
// and hooking root under root (ECL-CC's way, used before): 0.46 against 0.24 ms per round on
// R-MAT at scale 22, 0.29 against 0.12 ms on the 2048 × 2048 grid; plain climbing was worse
// than halving on the small-world graph, whose rounds build long chains (0.84 ms per round).
func (k forest) link(u, w int32, splice bool) {
	pu, pw := k.P.AtomicLoad(int(u)), k.P.AtomicLoad(int(w))
	if !splice {
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
	x, y, px, py := u, w, pu, pw
	for px != py {
		if px < py {
			x, y, px, py = y, x, py, px
		}
		if x == px {
			if k.P.AtomicCompareAndSwap(int(x), x, py) {
				return
			}
			px = k.P.AtomicLoad(int(x))
			continue
		}
		k.P.AtomicCompareAndSwap(int(x), px, py)
		x = px
		px, py = k.P.AtomicLoad(int(x)), k.P.AtomicLoad(int(y))
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
		if w != u && !excluded(k.L.St, k.L.Exclude, u) && (wholeGraph(k.L.St, k.L.Key) || admitted(k.L.St, k.L.Exclude, k.L.Key, u, keyOf(k.L.Key, u), w)) {
			k.L.F.link(int32(u), int32(w), k.L.Splice)
		}
		return
	}
	if k.In.N == 0 {
		return
	}
	e += k.In.Offsets.At(u) - end
	if e < k.In.Offsets.At(u+1) {
		w := int(k.In.Adj.At(int(e)))
		if w != u && !excluded(k.L.St, k.L.Exclude, u) && (wholeGraph(k.L.St, k.L.Key) || admitted(k.L.St, k.L.Exclude, k.L.Key, u, keyOf(k.L.Key, u), w)) {
			k.L.F.link(int32(u), int32(w), k.L.Splice)
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
	Half  bool // Out is symmetric and nothing skips: link only the edges to smaller vertices
}

// Run links vertex u's remaining edges, or counts it when it skips.
func (k linkRest) Run(u int, acc *int64) {
	if excluded(k.L.St, k.L.Exclude, u) {
		return
	}
	// u skips when it belongs to the tree of the sampled root Giant (Giant < 0: none). Written
	// out here rather than as a linker method: with the atomic load in it, such a method
	// exceeds the compiler's inlining budget and costs the host a call per vertex.
	if k.Giant >= 0 && k.L.F.P.AtomicLoad(u) == k.Giant {
		*acc += 1
		return
	}
	ku, whole := keyOf(k.L.Key, u), wholeGraph(k.L.St, k.L.Key)
	b, end := k.Out.Offsets.At(u), k.Out.Offsets.At(u+1)
	if end-b <= k.Light {
		for e := b + k.Skip; e < end; e++ {
			if w := int(k.Out.Adj.At(int(e))); w != u && (!k.Half || w < u) && (whole || admitted(k.L.St, k.L.Exclude, k.L.Key, u, ku, w)) {
				k.L.F.link(int32(u), int32(w), k.L.Splice)
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
			if w := int(k.In.Adj.At(int(e))); w != u && (whole || admitted(k.L.St, k.L.Exclude, k.L.Key, u, ku, w)) {
				k.L.F.link(int32(u), int32(w), k.L.Splice)
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
	Half  bool // as linkRest's
}

// RunTeam links the remaining edges of the team's vertices.
func (k linkTeam) RunTeam(m teams.Member) {
	for i := m.LeagueRank(); i < k.List.Len(); i += m.LeagueSize() {
		u := int(k.List.At(i))
		if (k.Giant >= 0 && k.L.F.P.AtomicLoad(u) == k.Giant) || excluded(k.L.St, k.L.Exclude, u) {
			continue
		}
		ku := keyOf(k.L.Key, u)
		skip := k.Skip
		if k.First.N != 0 {
			skip = max(skip-(k.First.Offsets.At(u+1)-k.First.Offsets.At(u)), 0)
		}
		teams.ThreadRange(m, int(k.G.Offsets.At(u)+skip), int(k.G.Offsets.At(u+1)), func(e int) {
			if w := int(k.G.Adj.At(e)); (!k.Half || w < u) && admitted(k.L.St, k.L.Exclude, k.L.Key, u, ku, w) {
				k.L.F.link(int32(u), int32(w), k.L.Splice)
			}
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
	half    bool    // out is symmetric and nothing skips: the final phase links each edge from one end
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
// edge from both ends: out symmetric, or in given. sym reports that out is symmetric: when
// nothing skips, the final phase then links each edge from its larger end only. It allocates
// the degree-class lists and the sample buffer in space's memory; free releases them.
func newHooking(space execspace.Space, out, in dgraph.CSR, f Filter, opt Options, skip, sym bool) (*hooking, error) {
	h := &hooking{space: space, out: out, in: in, f: f, opt: opt, cls: opt.classes(space)}
	h.skip = skip && opt.Samples > 0 && out.N > 0
	h.half = sym && !h.skip
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
	l := linker{F: forest{P: p}, Splice: h.space.Info().Device, St: h.f.Status, Exclude: h.f.Exclude, Key: h.f.Key}
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
	rest := linkRest{L: l, Out: h.out, In: h.in, Skip: rounds, Giant: res.giant, Light: h.cls.light, Half: h.half}
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
			k := linkTeam{L: l, G: g, List: list.v, Skip: rounds, Giant: res.giant, Half: h.half}
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

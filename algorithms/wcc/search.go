package wcc

import (
	"math"
	"math/bits"

	"github.com/gokkos/gokkos/algorithms/bfs"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// The Search method. On graphs with a giant component (R-MAT, uniform random and small-world
// graphs, social networks) one breadth-first search from the vertex of largest degree, over the
// graph with directions ignored (dgraph.Graph.Undirected), finds the giant component with the
// few edge checks of a direction-optimizing search: its pull steps stop at a vertex's first
// neighbour in the frontier, where Afforest's neighbour rounds read an edge of every vertex and
// climb two parent chains per edge. The search's vertices then take the smallest of them as
// their label, and hooking and pointer jumping (Afforest's final phase, linkRest) label the rest,
// each vertex outside the giant linking its edges to smaller neighbours: a component outside
// the search's has no edge into it. On graphs without a giant component the search is short and
// the hooking does the work.

// largestDegree reduces the vertex of largest degree, as degree<<32 | vertex (the larger vertex
// among equal degrees).
//
//gokkos:kernel
type largestDegree struct {
	Off views.View1D[int64]
}

// Run offers vertex v.
func (k largestDegree) Run(v int, acc *int64) {
	*acc = max(*acc, (k.Off.At(v+1)-k.Off.At(v))<<32|int64(v))
}

// firstReached reduces the smallest vertex whose bit is set in Bits (N vertices), or leaves
// the accumulator (MaxInt64) when none is.
//
//gokkos:kernel
type firstReached struct {
	Bits views.View1D[uint32]
	N    int
}

// Run offers the first set bit of word w.
func (k firstReached) Run(w int, acc *int64) {
	word := k.Bits.At(w)
	if rest := k.N - 32*w; rest < 32 {
		word &= uint32(1)<<uint(rest) - 1
	}
	if word != 0 {
		*acc = min(*acc, int64(32*w+bits.TrailingZeros32(word)))
	}
}

// labelReached gives every vertex whose bit is set in Bits the label Root, and every other
// vertex its own id.
//
//gokkos:kernel
type labelReached struct {
	Bits views.View1D[uint32]
	L    views.View1D[int32]
	Root int32
}

// Run labels vertex v.
func (k labelReached) Run(v int) {
	l := int32(v)
	if k.Bits.At(v>>5)&(uint32(1)<<uint(v&31)) != 0 {
		l = k.Root
	}
	k.L.Set(v, l)
}

// searcher is the prepared state of a Search run: the graph with directions ignored, a
// reach-only search over it, and the vertex of largest degree, where the search starts.
type searcher struct {
	und  *dgraph.Graph
	b    *bfs.BFS
	root int32
}

// prepareSearch builds the undirected graph (and, on a directed graph, g's in-edges, which g
// keeps) and the search.
func prepareSearch(g *dgraph.Graph) (*searcher, error) {
	und, err := g.Undirected()
	if err != nil {
		return nil, err
	}
	s := &searcher{und: und}
	if s.b, err = bfs.New(und, bfs.Options{ReachOnly: true}); err != nil {
		s.free()
		return nil, err
	}
	var best int64
	if err := portable.ParallelReduce(g.Space(), "wcc.search.root", portable.Range(0, g.N()), largestDegree{Off: und.Out().Offsets}, portable.Max(&best)); err != nil {
		s.free()
		return nil, err
	}
	s.root = int32(best & 0xffffffff)
	return s, nil
}

// free releases the search and the undirected graph.
func (s *searcher) free() {
	if s.b != nil {
		s.b.Free()
	}
	s.und.Free()
}

// run labels every vertex with the smallest vertex of its component into l and returns the
// label of the search's component and the number of its vertices (which skip the hooking).
func (s *searcher) run(l views.View1D[int32]) (giant int32, skipped int, err error) {
	space := s.und.Space()
	n := s.und.N()
	if _, err := s.b.Run(s.root); err != nil {
		return -1, 0, err
	}
	reached := s.b.Reached()
	first := int64(math.MaxInt64)
	if err := portable.ParallelReduce(space, "wcc.search.first", portable.Range(0, (n+31)/32), firstReached{Bits: reached, N: n}, portable.Min(&first)); err != nil {
		return -1, 0, err
	}
	giant = int32(first) // the root is reached, so some bit is set
	all := portable.Range(0, n)
	if err := portable.ParallelFor(space, "wcc.search.label", all, labelReached{Bits: reached, L: l, Root: giant}); err != nil {
		return -1, 0, err
	}
	rest := linkRest{L: linker{F: forest{P: l}, Splice: space.Info().Device}, Out: s.und.Out(), Giant: giant, Light: math.MaxInt64, Half: true}
	var skip int64
	if err := portable.ParallelReduce(space, "wcc.search.link", all.WithSchedule(portable.Dynamic).WithChunk(512), rest, portable.Sum(&skip)); err != nil {
		return -1, 0, err
	}
	if err := portable.ParallelFor(space, "wcc.search.compress", all.WithSchedule(portable.Dynamic), shortcut{L: l}); err != nil {
		return -1, 0, err
	}
	return giant, int(skip), nil
}

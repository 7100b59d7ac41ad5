package sssp

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/internal/segment"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// edgeList is the graph's edges grouped by the segment of the distance array their
// destination falls in (segments of SegV vertices), and by source within a segment.
type edgeList struct {
	Src, Dst views.View1D[int32]
	W        views.View1D[float64] // empty for an unweighted graph
	segV     int
	segs     int
}

func (l *edgeList) free() {
	l.Src.Free()
	l.Dst.Free()
	l.W.Free()
}

// segmentCount counts, for vertex u, its out-edges per destination segment: Count[s*N+u].
//
//gokkos:kernel
type segmentCount struct {
	G     dgraph.CSR
	Count views.View1D[int64]
	SegV  int
}

// Run counts vertex u's edges.
func (k segmentCount) Run(u int) {
	end := k.G.End(int32(u))
	for e := k.G.Begin(int32(u)); e < end; e++ {
		i := int(k.G.Adj.At(int(e)))/k.SegV*k.G.N + u
		k.Count.Set(i, k.Count.At(i)+1)
	}
}

// inPlaceScan replaces every element of A by the sum of the elements before it.
//
//gokkos:kernel
type inPlaceScan struct {
	A views.View1D[int64]
}

// Run adds element i.
func (k inPlaceScan) Run(i int, acc *int64, final bool) {
	c := k.A.At(i)
	if final {
		k.A.Set(i, *acc)
	}
	*acc += c
}

// segmentScatter copies vertex u's out-edges to their places in the edge list, using
// Pos[s*N+u] as the cursor of u's edges in segment s.
//
//gokkos:kernel
type segmentScatter struct {
	G        dgraph.CSR
	Pos      views.View1D[int64]
	SegV     int
	Src, Dst views.View1D[int32]
	W        views.View1D[float64]
	Weighted bool
}

// Run places vertex u's edges.
func (k segmentScatter) Run(u int) {
	end := k.G.End(int32(u))
	for e := k.G.Begin(int32(u)); e < end; e++ {
		v := k.G.Adj.At(int(e))
		i := int(v)/k.SegV*k.G.N + u
		p := int(k.Pos.At(i))
		k.Pos.Set(i, int64(p+1))
		k.Src.Set(p, int32(u))
		k.Dst.Set(p, v)
		if k.Weighted {
			k.W.Set(p, k.G.Weights.At(int(e)))
		}
	}
}

// relaxEdges relaxes every edge once; the reduction counts the distances that dropped.
//
//gokkos:kernel
type relaxEdges struct {
	Src, Dst views.View1D[int32]
	W        views.View1D[float64]
	Dist     views.View1D[float64]
}

// Run relaxes edge i.
func (k relaxEdges) Run(i int, acc *int64) {
	d := k.Dist.AtomicLoad(int(k.Src.At(i)))
	if d == math.Inf(1) {
		return
	}
	w := 1.0
	if k.W.Len() > 0 {
		w = k.W.At(i)
	}
	nd := d + w
	v := int(k.Dst.At(i))
	if nd < k.Dist.AtomicLoad(v) && k.Dist.AtomicMin(v, nd) > nd {
		*acc += 1
	}
}

// poisonEdges gives -Inf to the destination of every edge that leaves a -Inf vertex or can
// still be relaxed; the reduction counts the new -Inf distances.
//
//gokkos:kernel
type poisonEdges struct {
	Src, Dst views.View1D[int32]
	W        views.View1D[float64]
	Dist     views.View1D[float64]
}

// Run checks edge i.
func (k poisonEdges) Run(i int, acc *int64) {
	d := k.Dist.AtomicLoad(int(k.Src.At(i)))
	if d == math.Inf(1) {
		return
	}
	v := int(k.Dst.At(i))
	dv := k.Dist.AtomicLoad(v)
	if dv == math.Inf(-1) {
		return
	}
	w := 1.0
	if k.W.Len() > 0 {
		w = k.W.At(i)
	}
	if (d == math.Inf(-1) || d+w < dv) && k.Dist.AtomicMin(v, math.Inf(-1)) != math.Inf(-1) {
		*acc += 1
	}
}

// buildEdgeList groups g's edges by destination segment on g's space.
func buildEdgeList(g *dgraph.Graph, segBytes int64) (*edgeList, error) {
	space := g.Space()
	mem := space.Memory()
	c := g.Out()
	n, m := c.N, int(c.NumEdges())
	l := &edgeList{}
	l.segV, l.segs = segment.Vertices(space.Info(), segBytes, 8, n, int64(m))
	if int64(l.segs)*int64(n) > math.MaxInt32*int64(16) {
		return nil, fmt.Errorf("sssp: edge list of %d segments × %d vertices is too large", l.segs, n)
	}
	var err error
	if l.Src, err = views.Alloc1D[int32](mem, "sssp edge sources", m); err != nil {
		return nil, err
	}
	if l.Dst, err = views.Alloc1D[int32](mem, "sssp edge destinations", m); err != nil {
		l.free()
		return nil, err
	}
	if c.Weighted() {
		if l.W, err = views.Alloc1D[float64](mem, "sssp edge weights", m); err != nil {
			l.free()
			return nil, err
		}
	}
	count, err := views.Alloc1D[int64](mem, "sssp segment counts", l.segs*n)
	if err != nil {
		l.free()
		return nil, err
	}
	defer count.Free()
	perVertex := portable.Range(0, n).WithSchedule(portable.Dynamic).WithChunk(256)
	if err := portable.ParallelFor(space, "sssp: segment count", perVertex, segmentCount{G: c, Count: count, SegV: l.segV}); err != nil {
		l.free()
		return nil, err
	}
	if err := portable.ParallelScan(space, "sssp: segment offsets", portable.Range(0, l.segs*n), inPlaceScan{A: count}, nil); err != nil {
		l.free()
		return nil, err
	}
	sc := segmentScatter{G: c, Pos: count, SegV: l.segV, Src: l.Src, Dst: l.Dst, W: l.W, Weighted: c.Weighted()}
	if err := portable.ParallelFor(space, "sssp: segment scatter", perVertex, sc); err != nil {
		l.free()
		return nil, err
	}
	return l, nil
}

// runEdgeList runs Bellman-Ford over the segmented edge list from the initialized distances.
func (s *SSSP) runEdgeList(st *Stats) error {
	if s.el == nil {
		l, err := buildEdgeList(s.g, s.opt.SegmentBytes)
		if err != nil {
			return err
		}
		s.el = l
	}
	l := s.el
	space := s.g.Space()
	m := l.Src.Len()
	n := s.g.N()
	r := portable.Range(0, m)
	k := relaxEdges{Src: l.Src, Dst: l.Dst, W: l.W, Dist: s.dist}
	for it := 1; ; it++ {
		var changed int64
		if err := portable.ParallelReduce(space, "sssp: edge-list relax", r, k, portable.Sum(&changed)); err != nil {
			return err
		}
		st.Iterations = it
		if changed == 0 {
			return nil
		}
		if it >= n {
			break
		}
	}
	st.NegativeCycle = true
	p := poisonEdges{Src: l.Src, Dst: l.Dst, W: l.W, Dist: s.dist}
	for {
		var changed int64
		if err := portable.ParallelReduce(space, "sssp: edge-list poison", r, p, portable.Sum(&changed)); err != nil {
			return err
		}
		if changed == 0 {
			return nil
		}
	}
}

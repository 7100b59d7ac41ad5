package dgraph

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// shiftedOffsets copies Src[i+1] plus Add to Dst[i]: the offsets of the second half of a
// doubled CSR, after the first half's N+1.
//
//gokkos:kernel
type shiftedOffsets struct {
	Src, Dst views.View1D[int64]
	Add      int64
}

// Run copies entry i.
func (k shiftedOffsets) Run(i int) { k.Dst.Set(i, k.Src.At(i+1)+k.Add) }

// shiftedAdj copies Src[i] plus Add to Dst[i].
//
//gokkos:kernel
type shiftedAdj struct {
	Src, Dst views.View1D[int32]
	Add      int32
}

// Run copies entry i.
func (k shiftedAdj) Run(i int) { k.Dst.Set(i, k.Src.At(i)+k.Add) }

// Doubled returns the graph of 2N vertices that holds g forwards and backwards side by side:
// vertex v < N has g's out-edges, and vertex N+v has g's in-edges reversed and shifted by N
// (an edge N+v → N+u for every edge u → v of g). A search from v and N+v at once reaches the
// vertices that v reaches in its first half and those that reach v (shifted by N) in its
// second, so the forward and the backward search of a forward-backward step run as one
// traversal, whose levels are as many as the longer search's rather than the sum of both. Its
// in-edges are built with it (g's in-edges and out-edges, shifted the same way), so its pull
// steps need no transpose.
//
// It builds g's in-edges first if needed (see In), then copies both CSRs twice: O(N+M) work,
// and 16N+16M bytes of the space's memory, which the result owns (its Free releases them; g
// is not changed and may be freed independently). The result has no weights. It is safe for
// concurrent use with g's other methods.
func (g *Graph) Doubled() (*Graph, error) {
	in, err := g.In()
	if err != nil {
		return nil, err
	}
	out := g.Out()
	space := g.space
	mem := space.Memory()
	n, m := out.N, out.NumEdges()
	if 2*int64(n) > math.MaxInt32 {
		return nil, fmt.Errorf("dgraph: Doubled: %d vertices; vertex ids of the doubled graph would exceed int32", n)
	}
	d := &Graph{space: space, inBuilt: true, sym: g.sym}
	fail := func(err error) (*Graph, error) {
		d.out.Free()
		d.in.Free()
		return nil, err
	}
	// halves builds the CSR whose first half is a and second half b shifted by N.
	halves := func(a, b CSR, label string) (CSR, error) {
		c := CSR{N: 2 * n}
		var err error
		if c.Offsets, err = alloc[int64](mem, label+" offsets", 2*n+1); err != nil {
			return c, err
		}
		if c.Adj, err = alloc[int32](mem, label+" adjacency", int(2*m)); err != nil {
			return c, err
		}
		if err := views.DeepCopy(c.Offsets.Sub(0, n+1), a.Offsets); err != nil {
			return c, err
		}
		if m > 0 { // an empty subview is not safe to take on every space (see copyPrefix)
			if err := views.DeepCopy(c.Adj.Sub(0, int(m)), a.Adj); err != nil {
				return c, err
			}
		}
		if n > 0 {
			if err := portable.ParallelFor(space, "dgraph: doubled offsets", portable.Range(0, n), shiftedOffsets{Src: b.Offsets, Dst: c.Offsets.Sub(n+1, 2*n+1), Add: m}); err != nil {
				return c, err
			}
		}
		if m > 0 {
			if err := portable.ParallelFor(space, "dgraph: doubled adjacency", portable.Range(0, int(m)), shiftedAdj{Src: b.Adj, Dst: c.Adj.Sub(int(m), int(2*m)), Add: int32(n)}); err != nil {
				return c, err
			}
		}
		return c, nil
	}
	if d.out, err = halves(out, in, "dgraph doubled"); err != nil {
		return fail(err)
	}
	if d.in, err = halves(in, out, "dgraph doubled in-edges"); err != nil {
		return fail(err)
	}
	return d, nil
}

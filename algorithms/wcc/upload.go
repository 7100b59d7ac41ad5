package wcc

import (
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// upload returns g's offsets and adjacency as views in the memory of space. On a host space the
// views wrap g's slices without copying. It is the one place that turns a host graph into device
// views, so that a device-resident graph type can replace it.
func upload(space execspace.Space, g *graph.CSR) (Graph, error) {
	off := g.Offsets
	if len(off) == 0 {
		off = []int64{0}
	}
	o, err := views.MirrorViewAndCopy(space.Memory(), views.Wrap1D("wcc.offsets", off))
	if err != nil {
		return Graph{}, err
	}
	a, err := views.MirrorViewAndCopy(space.Memory(), views.Wrap1D("wcc.adj", g.Adj))
	if err != nil {
		return Graph{}, err
	}
	return Graph{Offsets: o, Adj: a}, nil
}

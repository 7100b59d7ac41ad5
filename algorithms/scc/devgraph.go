package scc

import (
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/wcc"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// dgraph is a graph's out-edges and in-edges in compressed sparse rows, as views of an execution
// space's memory.
type dgraph struct {
	n        int
	out, in  wcc.Graph
	uploaded bool // the views are copies that free releases
}

// newDGraph puts g and its transpose into the memory of space. On a host space the out-edge
// views wrap g's slices without copying. It is the one place that turns a host graph into device
// views, so that a device-resident graph type can replace it.
func newDGraph(space execspace.Space, g *graph.CSR) (*dgraph, error) {
	d := &dgraph{n: g.N, uploaded: !space.Memory().HostAccessible()}
	var err error
	if d.out, err = upload(space, g, "scc.out"); err != nil {
		return nil, err
	}
	if d.in, err = upload(space, g.Transpose(), "scc.in"); err != nil {
		d.free()
		return nil, err
	}
	return d, nil
}

func upload(space execspace.Space, g *graph.CSR, label string) (wcc.Graph, error) {
	off := g.Offsets
	if len(off) == 0 {
		off = []int64{0}
	}
	o, err := views.MirrorViewAndCopy(space.Memory(), views.Wrap1D(label+".offsets", off))
	if err != nil {
		return wcc.Graph{}, err
	}
	a, err := views.MirrorViewAndCopy(space.Memory(), views.Wrap1D(label+".adj", g.Adj))
	if err != nil {
		o.Free()
		return wcc.Graph{}, err
	}
	return wcc.Graph{Offsets: o, Adj: a}, nil
}

// free releases device copies.
func (d *dgraph) free() {
	if d.uploaded {
		d.out.Offsets.Free()
		d.out.Adj.Free()
		d.in.Offsets.Free()
		d.in.Adj.Free()
	}
}

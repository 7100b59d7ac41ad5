package scc

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// maxVertices is the largest graph the methods accept: subgraph ids live in [0, 3N) and are
// int32 values.
const maxVertices = math.MaxInt32 / 3

// state is the device-resident state of the runs over one graph and the host-side bookkeeping
// of the current run.
type state struct {
	space   execspace.Space
	opts    Options
	out, in dgraph.CSR
	n       int
	active  int // vertices not yet assigned to a component
	loops   int // vertices with a self loop
	stats   *Stats
	budget  int   // Async's sweep budget in one Run (Options.AsyncBudget, or AutoMethod's); 0: none
	hot     int32 // the representative of a component of at least N/8 vertices found in this Run, or -1
	hotSize int   // the size of hot's component, when hot is set

	st    views.View1D[uint32] // status bits
	sub   views.View1D[int32]  // subgraph id, in [0, 3n)
	comp  views.View1D[int32]  // component representative (a member vertex) once done
	col   views.View1D[int32]  // colour for propagation; scratch for Trim2 and FWcc
	pivot views.View1D[int32]  // pivot per subgraph id, 3n entries

	size  views.View1D[int32] // component sizes, then numbers, per representative
	least views.View1D[int32] // smallest member per representative

	fr *worklists  // worklists of the FB-Trim traversals, made on first use
	ms *multistep  // the template-based parts of Multistep, made by New for that method
	el *edgeList   // EdgeList's sorted edges, made by New for that method
	as *asyncState // Async's worklists and signatures, made on first use

	serial serialBufs // the serial finish's workspace, grown on use

	method  Method      // the method that runs: opts.Method, or AutoMethod's choice
	signals AutoSignals // what AutoMethod chose by

	owned []interface{ Free() }
}

// newState allocates the per-vertex views for g.
func newState(g *dgraph.Graph, opts Options) (*state, error) {
	if g.N() > maxVertices {
		return nil, fmt.Errorf("scc: %d vertices; the subgraph ids limit graphs to %d", g.N(), maxVertices)
	}
	s := &state{space: g.Space(), opts: opts, n: g.N(), stats: &Stats{}, method: opts.Method}
	var err error
	if s.out, s.in, err = csrs(g); err != nil {
		return nil, err
	}
	if s.st, err = alloc[uint32](s, "scc.status", s.n); err != nil {
		return nil, err
	}
	if s.sub, err = alloc[int32](s, "scc.subgraph", s.n); err != nil {
		return nil, err
	}
	if s.comp, err = alloc[int32](s, "scc.comp", s.n); err != nil {
		return nil, err
	}
	if s.col, err = alloc[int32](s, "scc.colour", s.n); err != nil {
		return nil, err
	}
	if s.pivot, err = alloc[int32](s, "scc.pivot", 3*s.n); err != nil {
		return nil, err
	}
	if s.size, err = alloc[int32](s, "scc.size", s.n); err != nil {
		return nil, err
	}
	if s.least, err = alloc[int32](s, "scc.least", s.n); err != nil {
		return nil, err
	}
	loops, err := count(s, "scc.loops", loopCount{Off: s.out.Offsets, Adj: s.out.Adj})
	if err != nil {
		return nil, err
	}
	s.loops = int(loops)
	return s, nil
}

// loopCount counts the vertices with a self loop.
//
//gokkos:kernel
type loopCount struct {
	Off views.View1D[int64]
	Adj views.View1D[int32]
}

// Run adds 1 if v has a self loop.
func (k loopCount) Run(v int, acc *int64) {
	end := k.Off.At(v + 1)
	for e := k.Off.At(v); e < end; e++ {
		if int(k.Adj.At(int(e))) == v {
			*acc += 1
			return
		}
	}
}

// reset starts a run: every vertex active, in subgraph 2n, with clear status bits.
func (s *state) reset() error {
	s.active, s.hot, s.hotSize = s.n, -1, 0
	*s.stats = Stats{Method: s.opts.Method, Traversal: s.opts.Traversal, Strategy: s.opts.Strategy, Chosen: s.method, Signals: s.signals}
	if err := portable.Fill(s.space, "scc: clear status", s.st, 0); err != nil {
		return err
	}
	return portable.Fill(s.space, "scc: reset subgraphs", s.sub, int32(2*s.n))
}

// alloc allocates a view in the space's memory that s.free releases.
func alloc[T views.Scalar](s *state, label string, n int) (views.View1D[T], error) {
	v, err := views.Alloc1D[T](s.space.Memory(), label, n)
	if err != nil {
		return v, fmt.Errorf("scc: %w", err)
	}
	s.owned = append(s.owned, v)
	return v, nil
}

// free releases every view s allocated.
func (s *state) free() {
	for _, v := range s.owned {
		v.Free()
	}
	s.owned = nil
	s.serial.free()
}

// all is the range policy over every vertex, with dynamic scheduling for uneven degrees.
func (s *state) all() portable.RangePolicy {
	return portable.Range(0, s.n).WithSchedule(portable.Dynamic).WithChunk(512)
}

// count runs a counting kernel over every vertex and returns its sum.
func count[K portable.ReduceKernel[int64]](s *state, label string, k K) (int64, error) {
	var n int64
	err := portable.ParallelReduce(s.space, label, s.all(), k, portable.Sum(&n))
	return n, err
}

// lo and hi unpack the two 32-bit counts that kernels sum into one int64.
func lo(x int64) int { return int(x & 0xffffffff) }
func hi(x int64) int { return int(x >> 32) }

// launch runs a kernel over every vertex.
func launch[K portable.RangeKernel](s *state, label string, k K) error {
	return portable.ParallelFor(s.space, label, s.all(), k)
}

package scc

import (
	"fmt"
	"time"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// The serial finish: the active vertices and the edges between active vertices of one subgraph
// are compacted into a small CSR on the device, copied to the host, and handed to Tarjan's
// algorithm; the representatives come back as original vertex ids and are scattered into the
// component view.

// activeIDs numbers the active vertices in increasing order into ID (-1 for the others).
//
//gokkos:kernel
type activeIDs struct {
	St views.View1D[uint32]
	ID views.View1D[int32]
}

// Run numbers vertex v.
func (k activeIDs) Run(v int, acc *int64, final bool) {
	active := k.St.At(v)&stDone == 0
	if final {
		id := int32(-1)
		if active {
			id = int32(*acc)
		}
		k.ID.Set(v, id)
	}
	if active {
		*acc += 1
	}
}

// subEdges writes the offsets of the compacted graph: Off[ID[v]] is the number of kept edges of
// the active vertices before v, and Orig[ID[v]] = v.
//
//gokkos:kernel
type subEdges struct {
	Off  views.View1D[int64]
	Adj  views.View1D[int32]
	Sub  views.View1D[int32]
	ID   views.View1D[int32]
	SOff views.View1D[int64]
	Orig views.View1D[int32]
}

// kept counts v's edges to active vertices of its subgraph.
func (k subEdges) kept(v int) int64 {
	var n int64
	c := k.Sub.At(v)
	end := k.Off.At(v + 1)
	for e := k.Off.At(v); e < end; e++ {
		w := int(k.Adj.At(int(e)))
		if k.ID.At(w) >= 0 && k.Sub.At(w) == c {
			n++
		}
	}
	return n
}

// Run adds v's kept edges.
func (k subEdges) Run(v int, acc *int64, final bool) {
	id := int(k.ID.At(v))
	if id < 0 {
		return
	}
	if final {
		k.SOff.Set(id, *acc)
		k.Orig.Set(id, int32(v))
	}
	*acc += k.kept(v)
}

// subFill writes the compacted adjacency.
//
//gokkos:kernel
type subFill struct {
	Off  views.View1D[int64]
	Adj  views.View1D[int32]
	Sub  views.View1D[int32]
	ID   views.View1D[int32]
	SOff views.View1D[int64]
	SAdj views.View1D[int32]
}

// Run writes v's kept edges.
func (k subFill) Run(v int) {
	id := int(k.ID.At(v))
	if id < 0 {
		return
	}
	at := k.SOff.At(id)
	c := k.Sub.At(v)
	end := k.Off.At(v + 1)
	for e := k.Off.At(v); e < end; e++ {
		w := int(k.Adj.At(int(e)))
		if x := k.ID.At(w); x >= 0 && k.Sub.At(w) == c {
			k.SAdj.Set(int(at), x)
			at++
		}
	}
}

// subScatter assigns compacted vertex i (original vertex Orig[i]) to the component of original
// representative Rep[i].
//
//gokkos:kernel
type subScatter struct {
	Orig, Rep views.View1D[int32]
	St        views.View1D[uint32]
	Comp      views.View1D[int32]
}

// Run assigns compacted vertex i.
func (k subScatter) Run(i int) {
	v := int(k.Orig.At(i))
	k.Comp.Set(v, k.Rep.At(i))
	k.St.Set(v, k.St.At(v)|stDone)
}

// serialBufs is the serial finish's workspace, kept with the state across runs so that a
// run allocates nothing on the space for it (on a GPU an allocation and its release cost tens
// of microseconds each, and the finish made four). Each view grows to the largest size a run
// needed, with a quarter to spare, since the number of vertices left for the finish varies a
// little between runs.
type serialBufs struct {
	soff            views.View1D[int64] // offsets of the compacted graph
	orig, sadj, rep views.View1D[int32] // original ids, adjacency, representatives
	hoff            []int64
	horig, hadj     []int32
}

// free releases the views.
func (b *serialBufs) free() {
	b.soff.Free()
	b.orig.Free()
	b.sadj.Free()
	b.rep.Free()
	*b = serialBufs{}
}

// growView returns v if it has at least n elements, else a new view of n and a quarter
// elements in mem (v is freed).
func growView[T views.Scalar](mem views.MemorySpace, v views.View1D[T], label string, n int) (views.View1D[T], error) {
	if v.Len() >= n {
		return v, nil
	}
	v.Free()
	nv, err := views.Alloc1D[T](mem, label, n+n/4)
	if err != nil {
		return views.View1D[T]{}, fmt.Errorf("scc: %w", err)
	}
	return nv, nil
}

// growSlice returns x resliced to n elements, reallocated when its capacity is smaller.
func growSlice[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n, n+n/4)
	}
	return x[:n]
}

// finishSerially assigns every active vertex with Tarjan's algorithm on the host.
func (s *state) finishSerially() error {
	if s.active == 0 {
		return nil
	}
	t0 := time.Now()
	defer func() { s.stats.SerialTime += time.Since(t0) }()
	ids := s.col
	var na int64
	if err := portable.ParallelScan(s.space, "scc.serial.ids", portable.Range(0, s.n), activeIDs{St: s.st, ID: ids}, &na); err != nil {
		return err
	}
	nact := int(na)
	mem := s.space.Memory()
	b := &s.serial
	var err error
	if b.soff, err = growView(mem, b.soff, "scc.serial.offsets", nact+1); err != nil {
		return err
	}
	if b.orig, err = growView(mem, b.orig, "scc.serial.orig", nact); err != nil {
		return err
	}
	soff, orig := b.soff.Sub(0, nact+1), b.orig.Sub(0, nact)
	var m int64
	g := s.out
	if err := portable.ParallelScan(s.space, "scc.serial.offsets", portable.Range(0, s.n), subEdges{Off: g.Offsets, Adj: g.Adj, Sub: s.sub, ID: ids, SOff: soff, Orig: orig}, &m); err != nil {
		return err
	}
	if b.sadj, err = growView(mem, b.sadj, "scc.serial.adj", int(m)); err != nil {
		return err
	}
	sadj := b.sadj.Sub(0, int(m))
	if err := launch(s, "scc.serial.fill", subFill{Off: g.Offsets, Adj: g.Adj, Sub: s.sub, ID: ids, SOff: soff, SAdj: sadj}); err != nil {
		return err
	}
	b.hoff, b.horig, b.hadj = growSlice(b.hoff, nact+1), growSlice(b.horig, nact), growSlice(b.hadj, int(m))
	hoff, horig, hadj := b.hoff, b.horig, b.hadj
	if err := views.DeepCopy(views.Wrap1D("scc.serial.offsets.host", hoff[:nact]), soff.Sub(0, nact)); err != nil {
		return err
	}
	hoff[nact] = m
	if err := views.DeepCopy(views.Wrap1D("scc.serial.orig.host", horig), orig); err != nil {
		return err
	}
	if err := views.DeepCopy(views.Wrap1D("scc.serial.adj.host", hadj), sadj); err != nil {
		return err
	}
	rep := tarjan(nact, hoff, hadj)
	for i, r := range rep {
		rep[i] = horig[r]
	}
	drep := views.Wrap1D("scc.serial.rep", rep)
	if !mem.HostAccessible() {
		if b.rep, err = growView(mem, b.rep, "scc.serial.rep", nact); err != nil {
			return err
		}
		drep = b.rep.Sub(0, nact)
		if err := views.DeepCopy(drep, views.Wrap1D("scc.serial.rep.host", rep)); err != nil {
			return err
		}
	}
	if err := portable.ParallelFor(s.space, "scc.serial.scatter", portable.Range(0, nact), subScatter{Orig: orig, Rep: drep, St: s.st, Comp: s.comp}); err != nil {
		return err
	}
	s.stats.SerialVertices += nact
	s.active = 0
	return nil
}

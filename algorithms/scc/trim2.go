package scc

import (
	"time"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Trim2 (Hong, Rodia and Olukotun) removes size-2 components that trimming cannot see: when u's
// only active in-neighbour in its subgraph is v and v's only one is u, nothing else enters
// {u, v}, which is therefore a component (the same holds for out-neighbours). Detection reads a
// state that nothing changes while it runs (the leader of each pair, its smaller vertex, records
// its partner in Partner), and a second kernel assigns the pairs, so every pair found is a
// component of the remaining graph.

// sole returns the only active neighbour other than v in subgraph c among adj[off[v]:off[v+1]]
// (duplicate edges count once), or -1 if there is none or more than one.
func sole(off views.View1D[int64], adj views.View1D[int32], st views.View1D[uint32], sub views.View1D[int32], v int, c int32) int {
	found := -1
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		w := int(adj.At(int(e)))
		if w == v || w == found || st.At(w)&stDone != 0 || sub.At(w) != c {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = w
	}
	return found
}

// trim2Find records in Partner[v] the partner u > v of every vertex v that leads a size-2
// component, and -1 for every other vertex.
//
//gokkos:kernel
type trim2Find struct {
	Off, ROff views.View1D[int64]
	Adj, RAdj views.View1D[int32]
	Sub       views.View1D[int32]
	St        views.View1D[uint32]
	Partner   views.View1D[int32]
}

// pair returns v's partner through the CSR (off, adj), or -1.
func (k trim2Find) pair(off views.View1D[int64], adj views.View1D[int32], v int, c int32) int {
	u := sole(off, adj, k.St, k.Sub, v, c)
	if u > v && sole(off, adj, k.St, k.Sub, u, c) == v {
		return u
	}
	return -1
}

// Run checks vertex v.
func (k trim2Find) Run(v int) {
	k.Partner.Set(v, -1)
	if k.St.At(v)&stDone != 0 {
		return
	}
	c := k.Sub.At(v)
	u := k.pair(k.ROff, k.RAdj, v, c)
	if u < 0 {
		u = k.pair(k.Off, k.Adj, v, c)
	}
	k.Partner.Set(v, int32(u))
}

// trim2Assign makes every recorded pair a component represented by its leader, and counts the
// pairs.
//
//gokkos:kernel
type trim2Assign struct {
	St      views.View1D[uint32]
	Comp    views.View1D[int32]
	Partner views.View1D[int32]
}

// Run assigns v's pair if v leads one.
func (k trim2Assign) Run(v int, acc *int64) {
	u := int(k.Partner.At(v))
	if u < 0 {
		return
	}
	k.St.AtomicOr(v, stDone)
	k.St.AtomicOr(u, stDone)
	k.Comp.Set(v, int32(v))
	k.Comp.Set(u, int32(v))
	*acc += 1
}

// trim2 removes size-2 components and returns how many pairs it found.
func (s *state) trim2() (int, error) {
	if s.active == 0 {
		return 0, nil
	}
	t0 := time.Now()
	defer func() { s.stats.TrimTime += time.Since(t0) }()
	find := trim2Find{
		Off: s.out.Offsets, Adj: s.out.Adj, ROff: s.in.Offsets, RAdj: s.in.Adj,
		Sub: s.sub, St: s.st, Partner: s.col,
	}
	if err := portable.ParallelFor(s.space, "scc.trim2.find", s.all(), find); err != nil {
		return 0, err
	}
	pairs, err := count(s, "scc.trim2.assign", trim2Assign{St: s.st, Comp: s.comp, Partner: s.col})
	if err != nil {
		return 0, err
	}
	s.active -= 2 * int(pairs)
	s.stats.Trim2Pairs += int(pairs)
	return int(pairs), nil
}

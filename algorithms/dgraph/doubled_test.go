package dgraph_test

import (
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
)

// TestDoubled checks the doubled graph against its definition, computed on the host from the
// edge list: vertex v < N has v's out-neighbours, vertex N+v the in-neighbours of v plus N, and
// the in-edges are those of the doubled graph's reversed edges.
func TestDoubled(t *testing.T) {
	s := space(t)
	for _, tc := range edgeLists() {
		t.Run(tc.name, func(t *testing.T) {
			h, g := onSpace(t, s, tc.el)
			d, err := g.Doubled()
			if err != nil {
				t.Fatal(err)
			}
			defer d.Free()
			n := h.N
			if d.N() != 2*n || d.NumEdges() != 2*h.NumEdges() || d.Weighted() {
				t.Fatalf("doubled: N %d, M %d, weighted %v; want N %d, M %d, unweighted", d.N(), d.NumEdges(), d.Weighted(), 2*n, 2*h.NumEdges())
			}
			// The adjacency by definition, each list sorted as the CSRs keep them.
			wantOut := make([][]int32, 2*n)
			wantIn := make([][]int32, 2*n)
			for u := 0; u < n; u++ {
				for e := h.Offsets[u]; e < h.Offsets[u+1]; e++ {
					v := h.Adj[e]
					wantOut[u] = append(wantOut[u], v)                        // u → v
					wantOut[n+int(v)] = append(wantOut[n+int(v)], int32(n+u)) // N+v → N+u
					wantIn[v] = append(wantIn[v], int32(u))
					wantIn[n+u] = append(wantIn[n+u], int32(n)+v)
				}
			}
			in, err := d.In()
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				name string
				csr  dgraph.CSR
				want [][]int32
			}{{"out", d.Out(), wantOut}, {"in", in, wantIn}} {
				got, err := dgraph.HostCSR(c.csr)
				if err != nil {
					t.Fatal(err)
				}
				for v := 0; v < 2*n; v++ {
					adj := got.Adj[got.Offsets[v]:got.Offsets[v+1]]
					want := slices.Clone(c.want[v])
					slices.Sort(want)
					if !slices.Equal(adj, want) {
						t.Fatalf("%s-edges of %d: %v, want %v", c.name, v, adj, want)
					}
				}
			}
			// g is unchanged and usable after the doubled graph is freed.
			d.Free()
			if back, err := g.Host(); err != nil || !back.Equal(h) {
				t.Fatalf("graph after freeing its doubled graph: %v", err)
			}
		})
	}
}

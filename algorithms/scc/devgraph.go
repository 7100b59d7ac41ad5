package scc

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
)

// dgraph.Graph holds the out-edges; the methods also need the in-edges, which dgraph builds on
// the graph's space on first use (or shares with the out-edges for a symmetric graph).

// csrs returns g's out-edge and in-edge CSRs.
func csrs(g *dgraph.Graph) (out, in dgraph.CSR, err error) {
	out = g.Out()
	in, err = g.In()
	return out, in, err
}

package frontier

import "github.com/gokkos/gokkos/algorithms/dgraph"

// worklistEdges sums the out-degrees of a worklist's vertices.
//
//gokkos:kernel
type worklistEdges struct {
	G  dgraph.CSR
	In Worklist
}

// Run adds slot s's degree.
func (k worklistEdges) Run(s int, acc *int64) {
	if u := k.In.Vertex(s); u >= 0 {
		*acc += k.G.Degree(u)
	}
}

// worklistMaxDegree finds the largest out-degree of a worklist's vertices.
//
//gokkos:kernel
type worklistMaxDegree struct {
	G  dgraph.CSR
	In Worklist
}

// Run contributes slot s's degree.
func (k worklistMaxDegree) Run(s int, acc *int64) {
	if u := k.In.Vertex(s); u >= 0 {
		*acc = max(*acc, k.G.Degree(u))
	}
}

// Package wcc finds the weakly connected components of a directed graph: the components of the
// undirected graph obtained by ignoring edge directions.
//
// The algorithm is label propagation with pointer jumping, in the manner of Shiloach and
// Vishkin's hooking and shortcutting: every vertex starts with its own id as its label (a
// pointer to its parent in a forest whose roots are component representatives); each round,
// every edge hooks the larger of its endpoints' labels, and the vertex that carried it, onto the
// smaller label with an atomic minimum, and then every vertex jumps its pointer to the root of
// its tree. Labels only decrease and always name a vertex of the same component, so when a round
// changes nothing every vertex carries the smallest vertex id of its component. The number of
// rounds is small in practice (pointer jumping halves path lengths every round), and each round
// touches every edge once.
//
// Run takes a graph resident in an execution space (dgraph.Graph) and returns the component of
// every vertex with the component count and the largest component's size; New, WCC.Run and
// WCC.Components split this into allocation, the timed computation and the copy to the host.
// Label is the lower-level form that the strongly connected component codes use for their FWcc
// step: it labels the components of a subgraph selected by a vertex status mask and an edge key,
// in place, on views of an execution space.
//
//	g, err := dgraph.New(space, host)
//	res, err := wcc.Run(g)   // res.Comp, res.Count, res.Largest, res.Rounds
//
// Everything runs unchanged on every execution space: the kernels are ordinary Go methods on the
// host and are translated to PTX for CUDA by cmd/gokkos-gen.
package wcc

//go:generate go tool gokkos-gen

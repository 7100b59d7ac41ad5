// Package wcc finds the weakly connected components of a directed graph: the components of the
// undirected graph obtained by ignoring edge directions.
//
// The default method, Afforest, is hooking and pointer jumping with neighbour sampling and a
// giant-component skip, after Sutton, Ben-Nun and Barak ("Optimizing Parallel Graph
// Connectivity Computation via Subgraph Sampling", IPDPS 2018), with the degree-based mapping
// of edges to threads, warps and blocks of Jaiganesh and Burtscher's ECL-CC (HPDC 2018). It
// keeps a parent array in which parent pointers always lead to a smaller vertex: link(u, w)
// climbs from u and w and hooks a root under a smaller vertex of the other tree with a
// compare-and-swap that expects it to still be a root (and climbs on when another thread
// hooked it first); on devices it runs Rem's algorithm with splicing, which also repoints the
// non-roots it passes; compress points every vertex at its root. The run links every vertex with its r-th
// neighbour for r below Options.NeighborRounds (out-neighbours first, then, on a directed
// graph with its in-edges, in-neighbours), compressing after each round; samples
// Options.Samples vertices to name the most frequent root (the giant component's); links the
// remaining edges of every vertex outside that component; and compresses. On graphs with a
// giant component most vertices skip the final phase, so most edges are never read.
//
// Skipping is correct only if every edge is handed to both of its endpoints: an edge from a
// giant vertex to an outside vertex u must reach u. Symmetric graphs hold every edge at both
// ends; on a directed graph New builds the in-edges (dgraph.Graph.In) and an outside vertex
// links its in-edges as well as its out-edges. With Options.NoInEdges, or in Label, which has
// one CSR, nothing is skipped and every remaining out-edge is linked once, which is enough
// because link is symmetric.
//
// LabelProp, label propagation with pointer jumping, is the other method: every round hooks,
// for every edge, the larger endpoint label under the smaller with an atomic minimum and then
// points every vertex at its root, until a round changes nothing. Both methods leave every
// vertex labelled with the smallest vertex of its component, whatever order the parallel steps
// took, so results are deterministic.
//
// Run takes a graph resident in an execution space (dgraph.Graph) and returns the component of
// every vertex with the component count and the largest component's size; New, WCC.Run and
// WCC.Components split this into preparation, the timed computation and the copy to the host.
// Label (and LabelWith) is the lower-level form that the strongly connected component codes use
// for their FWcc step: it labels the components of a subgraph selected by a vertex status mask
// and an edge key, in place, on views of an execution space.
//
//	g, err := dgraph.New(space, host)
//	res, err := wcc.Run(g)   // Afforest; wcc.RunWith(g, opt) picks the method. res.Comp, res.Count, res.Largest, res.Rounds
//
// Everything runs unchanged on every execution space: the kernels are ordinary Go methods on the
// host and are translated to PTX for CUDA by cmd/gokkos-gen.
package wcc

//go:generate go tool gokkos-gen

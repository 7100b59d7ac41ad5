// Package dgraph holds graphs resident in an execution space's memory: the compressed sparse
// row (CSR) form that the graph algorithms' kernels read, and the construction of such graphs
// on the space itself.
//
// [CSR] is the kernel-facing form: a vertex count and three views (offsets, adjacency, optional
// weights) in one memory space, with small accessor methods that kernels call. Because it holds
// only scalars and views, a kernel may embed it as a field, and the kernel translator passes it
// to device code as four parameters.
//
// [Graph] owns a CSR of out-edges in a space, and on demand the CSR of in-edges (the transpose)
// that pull (bottom-up) traversals need. It is made from a host [graph.CSR] with [New] (a deep
// copy, or a zero-copy wrap on host spaces) or from an edge list with [FromEdgeList], which
// builds the CSR with kernels on the space itself: a degree count with atomic additions, an
// exclusive scan for the offsets, an atomic scatter, a per-vertex sort, and optionally a
// per-vertex de-duplication followed by a second scan and a compaction. [Graph.In] builds the
// transpose the same way, or returns the out-edges when the graph is symmetric.
//
// Nothing here depends on a particular backend: every kernel runs on whichever execution
// space the graph lives in.
package dgraph

//go:generate go tool gokkos-gen

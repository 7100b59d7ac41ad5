// Package scc finds the strongly connected components of a directed graph with five parallel
// methods that run unchanged on every execution space (the goroutine pool of the host, or an
// NVIDIA GPU through kernels that cmd/gokkos-gen translates to PTX):
//
//   - Multistep, after Slota, Rajamanickam and Madduri ("BFS and Coloring-based Parallel
//     Algorithms for Strongly Connected Components and Related Problems", and their manycore
//     follow-up at IPDPS 2015): repeated trimming of size-1 components, one forward-backward
//     step from the vertex with the largest product of in- and out-degree (which finds the giant
//     component of a small-world graph), colour propagation for the rest (the largest vertex id
//     that reaches a vertex is its colour; a backward reach from each vertex that keeps its own
//     colour, over vertices of that colour, is its component), and a serial Tarjan finish once
//     few vertices remain.
//   - FBTrim and Hybrid, after Chen, Chen, Shen, Fang, Tang, Yang and Wang ("Orchestrating
//     parallel detection of strongly connected components on GPUs"), who build on Hong, Rodia
//     and Olukotun's two-phase method for small-world graphs. Phase 1 trims, then runs
//     forward-backward steps from single high-degree pivots until a component of more than 1%
//     of the vertices has been found; then Trim2 removes size-2 components, trimming runs again,
//     and weakly connected components of what remains (FWcc) seed many pivots at once. Phase 2
//     of FBTrim repeats many-pivot forward-backward rounds (one pivot per subgraph, chosen by
//     racing writes) with trimming in between; phase 2 of Hybrid runs colour propagation rounds
//     instead, which finish the many small components in far fewer rounds.
//   - EdgeList, after Afanasyev and Voevodin's Bellman-Ford-style processing (their edge-list
//     SSSP is sssp.EdgeList): forward-backward-trim in which trimming counts degrees with one
//     atomic per edge end and both reaches are sweeps over one edge list, grouped by segments
//     of the vertex arrays of both endpoints so that the forward sweep and the backward one
//     (the list read in reverse) stay within cached segments; one pivot per subgraph per round
//     (racing writes), all subgraphs in the same sweeps.
//   - Async, after the idea of Alabandi, Sands, Biros and Burtscher's ECL-SCC ("A GPU Algorithm
//     for Detecting Strongly Connected Components"), for graphs of large diameter: the largest
//     vertex that reaches each vertex and the largest it reaches are propagated to a fixed point
//     in asynchronous sweeps over an edge worklist (a device-side flag read back once per batch
//     of sweeps, so host round trips do not follow the diameter); vertices whose two values agree
//     are settled, and the rest repeat on the edges whose endpoints agree, with trimming between
//     rounds and worklists of the remaining vertices and edges.
//
// AutoMethod measures the graph (degree spread, a sampled diameter) and runs Multistep or Async;
// see AutoSignals.
//
// Every method keeps its state in views of the graph's execution space: a status word per vertex
// whose bit fields say whether the vertex was reached forward or backward, expanded, queued, or
// is done (assigned to a component), a subgraph id per vertex (int32, in [0, 3N): the colour that
// keeps forward-backward steps of different subgraphs apart), a colour per vertex for
// propagation, and the component representative per vertex. The host code only launches kernels
// and reads back counts.
//
// Multistep is built from the shared pieces: its forward-backward step is two breadth-first
// searches of package bfs, and its colour propagation and backward reach are steps of the
// frontier template (package frontier) with this package's edge operators; Options.Strategy is
// the template's loop strategy. FBTrim and Hybrid use this package's own frontier loop, which
// has the hybrid paper's traversal variants (Options.Traversal): topology-driven sweeps over all
// vertices or data-driven worklists, each with or without load balancing (vertices of high
// degree expanded by a whole team), and an adaptive choice between them per iteration.
//
// Components are numbered 0 to Count-1 in increasing order of their smallest vertex, whatever the
// method, so results can be compared directly. Result.Stats reports the rounds and iterations of
// each step (the number of forward-backward and colour rounds, traversal iterations, trimming
// passes, Trim2 pairs, FWcc subgraphs, whether and where phase 1 ended) and the time spent in
// each.
//
//	g, err := dgraph.New(space, host)
//	res, err := scc.Run(g, scc.Options{Method: scc.Hybrid})
//	// res.Comp, res.Count, res.Largest, res.NonTrivial, res.Iterations, res.Stats
//
// New, SCC.Run and SCC.Components split this into allocation, the computation (which leaves
// the component numbers in the graph's space) and the copy to the host.
package scc

//go:generate go tool gokkos-gen

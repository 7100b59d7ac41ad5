// Package frontier is the frontier template of gokkos' graph algorithms: Algorithm 1 of Slota,
// Rajamanickam and Madduri ("High-performance Graph Analytics on Manycore Processors", IPDPS
// 2015), written once for every execution space.
//
// Many graph algorithms share one loop nest: a worklist S_i of active vertices; for each
// vertex of S_i, for each of its edges, an update of per-vertex result arrays that may put the
// edge's other end into S_{i+1}; repeat until S_i is empty. BFS, color propagation, the
// coloring and forward-backward SCC algorithms, WCC and Bellman-Ford SSSP are instances that
// differ only in the update. The template provides the loop nest; an algorithm provides the
// update as an edge operator (EdgeOp, or PullOp for pull steps) and its result arrays as views.
//
// # Using the template
//
//	g, _ := dgraph.New(space, host)                     // graph in the space's memory
//	f, _ := frontier.New(g, frontier.Options{Unique: true})
//	defer f.Free()
//	f.Set(root)
//	op := visit{Parent: parent, Level: level}          // your EdgeOp: scalars and views
//	for !f.Empty() {
//		if _, err := frontier.Push(f, op); err != nil { ... }
//		op.Depth++
//	}
//
// Push runs one top-down step with the configured strategy and makes S_{i+1} current; Pull
// runs one bottom-up step over the in-edges. The operator is passed by value each step, so
// per-step scalars (a depth, an iteration number) are plain fields updated between steps.
//
// # Strategies and formats
//
// A push step's loop over the worklist's edges is mapped to the hardware by one of the
// paper's strategies (Strategy): Baseline (a vertex per thread), Hierarchical (team, warp and
// thread queues by degree, Algorithm 3), LocalCollapse (per-team prefix sums of degrees in
// scratch and equal edge shares per thread, Algorithm 4) and GlobalCollapse (global prefix
// sums and equal edge ranges per team, Algorithm 5). Worklists are queues or bitmaps
// (Format). With Auto, an adaptive runtime after Li and Becchi ("Deploying Graph Algorithms on
// GPUs: an Adaptive Solution") inspects the worklist every few iterations (size, edges,
// largest degree) and chooses the strategy and the formats each iteration with thresholds
// derived from the space's execspace.Info and the graph (see Thresholds).
//
// Next worklists are built with scans, not with one atomic per vertex: a queue is filled
// through per-thread buffers in team scratch, a team scan of the buffer counts and one atomic
// addition per team and round; a bitmap is filled with atomic ORs and converted to a queue
// with a ParallelScan over its words.
//
// # Fused steps
//
// A traversal of a graph of large diameter (grids, road networks, chains) takes thousands of
// steps over worklists of a few thousand vertices, and on a device each Push costs several
// launches and a round trip to the host. PushLevels runs such steps back to back in one
// launch of a concurrent league (every team resident at once, a league barrier between steps:
// by default one team of 4 warps per multiprocessor on a device, one worker on the host),
// deciding on the device after each step whether to go on: while the next worklist
// stays within Tuning.LevelVertices, LevelEdges and LevelDegree. Levels tells whether the current
// worklist qualifies, and Advance takes fused steps when it does and one Push otherwise. The
// operator must not depend on the step number (BFS takes a vertex's level from its source,
// level[u]+1, rather than from a depth field). BFS, colour propagation, SCC's colour rounds,
// Bellman-Ford and delta-stepping's near phases take fused steps; on the 2048 × 2048 grid BFS
// runs its 4,093 levels in a few fused launches instead of 5,118 launches (docs/performance.md).
//
// # Device kernels
//
// The template's kernels (PushThread, PushTeam, PushLocal, PushGlobal, PullStep, PullReachStep) are generic
// in the operator type; the kernel translator (go generate) translates the instantiations a
// package names and inlines the operator into them. A package that defines an operator must
// therefore name every kernel it may launch with it, for example in a kernels.go file:
//
//	//go:generate go tool gokkos-gen
//
//	var _ = []any{
//		frontier.PushThread[visit]{}, frontier.PushTeam[visit]{},
//		frontier.PushLocal[visit]{}, frontier.PushGlobal[visit]{},
//		frontier.PullStep[visit]{},  // only for PullOp operators
//		frontier.PullReachStep[visit]{}, // only with PullReach
//		frontier.PushFused[visit]{}, // only with PushLevels or Advance
//	}
//
// Host spaces run the compiled Go methods and need none of this.
package frontier

//go:generate go tool gokkos-gen

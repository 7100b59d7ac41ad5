package frontier

// EdgeOp is an edge operator: the algorithm-specific part of a frontier step. The template
// calls Visit(u, v, e) for every edge u→v (edge index e) out of a vertex u of the current
// worklist; Visit updates the algorithm's per-vertex result arrays (views held in the
// operator's fields, typically with atomics) and reports whether v joins the next worklist.
//
// An operator is a struct type of scalar and view fields with value-receiver methods written
// in the kernel subset of Go, so that the kernel translator can inline it into the template's
// kernels; the template's kernel types take it as a type parameter (PushThread[Op] and so on).
// Visit is called concurrently for many edges, including several edges with the same v: it
// must be safe for that (atomics on shared elements), and it must not assume any order.
//
// In pull steps (see PullOp) u is an in-neighbor of v in the current worklist and e indexes
// the in-edge CSR (dgraph.Graph.In), whose weights are those of the original edges.
type EdgeOp interface {
	// Visit processes edge u→v with index e and reports whether v joins the next worklist.
	Visit(u, v int32, e int64) bool
}

// CorrectingOp is an edge operator whose result does not depend on the order of its visits: Visit(u,
// v, e) reads u's current value (with an atomic load: it may change meanwhile), improves v's
// when u offers a better one, and returns true exactly when it did, so that a vertex whose value
// improves again is expanded again and the values settle at the same fixed point in any order
// (a label-correcting operator: reachability marks, minimum distances or levels, maximum
// colours). Correcting returns true for such an operator.
//
// Fused steps (PushLevels) of a correcting operator may run Tuning.LevelRounds rounds inside
// each team between two league barriers: a team expands the vertices it just improved itself,
// before the rest of the league has finished the level, which trades some repeated work for
// fewer barriers on graphs of large diameter. Its Visit may then return true several times per
// vertex and step; the template de-duplicates the worklists of such steps.
type CorrectingOp interface {
	EdgeOp
	// Correcting reports whether the operator is label-correcting.
	Correcting() bool
}

// PullOp is an edge operator that also supports pull (bottom-up) steps, in which every vertex
// v with in-edges that is still pending scans its in-edges u→v for sources u in the current
// worklist and calls Pull(u, v, e) for each, until Pull reports that v is done; v joins the
// next worklist when a Pull reported it joined.
//
// In a pull step each v is handled by one thread, which alone asks whether v is pending and
// calls Pull(·, v, ·): entries of v that only v's own updates write may be read and written
// with plain loads and stores (BFS's parent and level), which is what makes pull steps
// cheap. Entries that other vertices' updates read (a color that v's out-neighbors pull too)
// still need atomics.
type PullOp interface {
	EdgeOp
	// Pending reports whether v may still change; pull steps skip vertices that are not.
	Pending(v int32) bool
	// PendingWord returns Pending for the 32 vertices 32w, ..., 32w+31 as a mask (bit b for
	// vertex 32w+b; bits of vertices past the last are ignored). Host pull steps ask once
	// per word instead of once per vertex.
	PendingWord(w int) uint32
	// Pull processes in-edge u→v (index e of the in-edge CSR): joined reports that v joins
	// the next worklist, done that the rest of v's in-edges need not be scanned.
	Pull(u, v int32, e int64) (joined, done bool)
}

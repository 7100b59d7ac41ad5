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

// PullOp is an edge operator that also supports pull (bottom-up) steps, in which every vertex
// v that is still Pending scans its in-edges u→v for sources u in the current worklist and
// calls Visit(u, v, e) for each; v joins the next worklist when a Visit returns true, and the
// scan of v's in-edges stops as soon as v is no longer Pending (for BFS: once it has a
// parent). In a pull step each v is handled by one thread, so Visit sees no concurrent calls
// for the same v.
type PullOp interface {
	EdgeOp
	// Pending reports whether v may still change; pull steps skip vertices that are not.
	Pending(v int32) bool
}

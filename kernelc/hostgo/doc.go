// Package hostgo is the Go back end of the kernel toolchain: it writes the generated Go file of
// a package, which registers each kernel's device translation with the runtime and holds the
// host loops.
//
// A host loop is the body method of a range, reduce or scan kernel inlined into a loop over a
// chunk of indices [lo, hi): host spaces call it once per chunk instead of calling the method
// once per index through a type parameter. Where a chunk's views are contiguous, a second loop
// runs over plain slices (View1D.Span) so that the compiler sees an ordinary Go loop. //line
// directives attribute the inlined statements to their original lines, and the file is
// type-checked before it is returned: a loop that would not compile is left out and the kernel
// runs through the per-index path.
//
// The file also holds a visit loop for each edge operator of the package (a type with
// Visit(u, v int32, e int64) bool named as a type argument of a translated kernel): Visit
// inlined into a loop over spans of vertices' adjacencies, registered with RegisterHostVisit,
// which host push steps of the frontier template call once per adjacency and host binned steps
// once per batch of adjacencies (see visit.go).
package hostgo

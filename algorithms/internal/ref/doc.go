// Package ref holds small, serial, obviously correct graph algorithms that
// the parallel gokkos graph algorithms are tested against.
//
// Every function takes a well-formed *graph.CSR (see graph.CSR.Validate),
// treats it as directed along its out-edges unless it says otherwise, and
// panics on a vertex id out of range. None of them modifies its input, so
// they may run concurrently on the same graph. They favor clarity over speed,
// but all except BellmanFord on graphs with negative cycles run in
// near-linear time and handle graphs with millions of vertices without
// recursion.
package ref

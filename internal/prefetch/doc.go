// Package prefetch asks the CPU to bring a cache line toward its caches ahead of a load
// (PREFETCHT0 on amd64, PRFM PLDL1KEEP on arm64; nothing elsewhere). A host loop that walks
// vertices in a random order (a frontier step's worklist) and loads each one's offsets and
// edges waits for memory once per vertex; asking for the lines of the vertices a few slots
// ahead lets those misses overlap.
//
// A prefetch is a hint: it never faults, even for an address outside any mapping, and it does
// not change what a later load reads. Each call costs a function call (a few nanoseconds), so
// it pays where the line it asks for would otherwise miss the caches; Lines4 asks for four
// lines in one call, which in a host loop that asks for several lines per vertex costs less
// than the calls of Line it replaces, and Elements asks for the elements of many indices in
// three arrays at a few instructions each.
package prefetch

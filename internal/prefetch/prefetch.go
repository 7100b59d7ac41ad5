//go:build amd64 || arm64

package prefetch

import "unsafe"

// Line asks for the cache line that holds p. It is safe for concurrent use, never faults
// and has no effect visible to the program.
//
//go:noescape
func Line(p unsafe.Pointer)

// Lines4 asks for the cache lines that hold p0, p1, p2 and p3, as four calls of Line would,
// for the cost of one call. It is safe for concurrent use, never faults (nil included) and has
// no effect visible to the program.
//
//go:noescape
func Lines4(p0, p1, p2, p3 unsafe.Pointer)

// Elements asks, for every v of idx, for the cache lines that hold element v of three arrays:
// p8's of 8-byte elements and q4's and r4's of 4-byte elements (p8, q4 and r4 point at element
// 0), at a few instructions per element and one call for all. It is safe for concurrent use,
// never faults (an index outside an array, or a nil array, asks for a line that is not there)
// and has no effect visible to the program.
//
//go:noescape
func Elements(p8, q4, r4 unsafe.Pointer, idx []int32)

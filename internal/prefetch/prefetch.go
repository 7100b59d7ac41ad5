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

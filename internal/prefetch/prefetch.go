//go:build amd64 || arm64

package prefetch

import "unsafe"

// Line asks for the cache line that holds p. It is safe for concurrent use, never faults
// and has no effect visible to the program.
//
//go:noescape
func Line(p unsafe.Pointer)

//go:build !amd64 && !arm64

package prefetch

import "unsafe"

// Line asks for the cache line that holds p. On this architecture it does nothing.
func Line(p unsafe.Pointer) {}

// Lines4 asks for the cache lines that hold p0, p1, p2 and p3. On this architecture it does
// nothing.
func Lines4(p0, p1, p2, p3 unsafe.Pointer) {}

// Elements asks, for every v of idx, for the cache lines that hold element v of three arrays.
// On this architecture it does nothing.
func Elements(p8, q4, r4 unsafe.Pointer, idx []int32) {}

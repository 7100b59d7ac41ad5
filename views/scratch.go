package views

import "unsafe"

var scratchDesc = &desc{a: &alloc{label: "scratch", space: HostSpace, unmanaged: true}}

// ScratchView1D returns a host view of n elements at p, labelled "scratch", without allocating.
// It is how the teams package hands out team scratch memory; application code uses
// teams.TeamScratch instead. The caller keeps the memory at p alive and valid.
func ScratchView1D[T Scalar](p unsafe.Pointer, n int) View1D[T] {
	return View1D[T]{ptr: p, hn: uint(n), sb: int(sizeOf[T]()), d: scratchDesc}
}

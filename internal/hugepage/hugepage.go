// Package hugepage asks the operating system to back large host allocations with
// transparent huge pages, for arrays that kernels read at random indices: a graph's
// adjacency, offsets and weights, and host views (views.New1D, views.New2D).
//
// A random read of a large array misses the TLB on nearly every access with 4 KiB pages; one
// 2 MiB page covers 512 times the memory. The advice matters where the system gives huge pages
// only to regions that ask (transparent_hugepage set to "madvise", a common default); under
// "always" it changes nothing, under "never" it is ignored, and outside Linux it does
// nothing. GOKKOS_HUGEPAGES=0 in the environment turns it off.
package hugepage

import (
	"os"
	"unsafe"
)

// Size is the size of an x86-64 and arm64 transparent huge page.
const Size = 2 << 20

// Min is the smallest allocation that Advise marks: below it, few whole huge pages fit and
// the page tables cover the memory anyway.
const Min = 8 << 20

// Enabled reports whether Advise asks for huge pages; GOKKOS_HUGEPAGES=0 clears it. Tests
// may set it; it is not safe to change while other goroutines allocate.
var Enabled = os.Getenv("GOKKOS_HUGEPAGES") != "0"

// Advise asks the kernel to back the whole huge pages inside the n bytes at p with
// transparent huge pages, when n is at least Min and Enabled is set. It must be called before
// the memory is first written: pages already present keep their size. The memory stays Go
// heap memory, which the garbage collector owns; the advice only changes how the kernel backs
// its pages when they are first touched. Errors (an old kernel) are ignored. It costs one
// system call for large allocations and nothing otherwise.
func Advise(p unsafe.Pointer, n int) {
	if !Enabled || n < Min || p == nil {
		return
	}
	advise(p, n)
}

// Make returns make([]T, n, c) with the huge-page advice for its c elements (see Advise).
// A fresh large allocation comes from pages the process has not touched yet, so the advice
// takes effect when the caller fills the slice. It panics like make for a negative n or c < n.
func Make[T any](n, c int) []T {
	s := make([]T, n, c)
	if c > 0 {
		var z T
		Advise(unsafe.Pointer(unsafe.SliceData(s)), c*int(unsafe.Sizeof(z)))
	}
	return s
}

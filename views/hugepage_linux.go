package views

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of an x86-64 and arm64 transparent huge page.
const hugePage = 2 << 20

// hugeMin is the smallest host allocation that adviseHuge marks: below it, few whole huge
// pages fit and the page tables cover the view anyway.
const hugeMin = 8 << 20

// hugePages reports whether host views ask for transparent huge pages; GOKKOS_HUGEPAGES=0
// turns it off.
var hugePages = os.Getenv("GOKKOS_HUGEPAGES") != "0"

// adviseHuge asks the kernel to back the whole 2 MiB pages inside the n bytes at p with
// transparent huge pages (madvise MADV_HUGEPAGE), for allocations of hugeMin bytes or more
// (host views made by New1D and New2D).
// Kernels that read a large view at random indices (a graph's parents, levels, labels) then
// miss the TLB far less: one entry covers 512 times the memory. It matters where the system
// gives huge pages only to regions that ask (transparent_hugepage "madvise", a common
// default); under "always" it changes nothing, under "never" the kernel ignores it, and
// errors (an old kernel) are ignored too. The memory is ordinary Go heap memory, which the
// garbage collector still owns: the advice only changes how the kernel backs its pages
// when they are first touched.
func adviseHuge(p unsafe.Pointer, n int) {
	if !hugePages || n < hugeMin || p == nil {
		return
	}
	lo := (uintptr(p) + hugePage - 1) &^ (hugePage - 1)
	hi := (uintptr(p) + uintptr(n)) &^ (hugePage - 1)
	if hi <= lo {
		return
	}
	_ = unix.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, lo-uintptr(p))), hi-lo), unix.MADV_HUGEPAGE)
}

package hugepage

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// advise marks the whole huge pages inside [p, p+n) with madvise(MADV_HUGEPAGE).
func advise(p unsafe.Pointer, n int) {
	lo := (uintptr(p) + Size - 1) &^ (Size - 1)
	hi := (uintptr(p) + uintptr(n)) &^ (Size - 1)
	if hi <= lo {
		return
	}
	_ = unix.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, lo-uintptr(p))), hi-lo), unix.MADV_HUGEPAGE)
}

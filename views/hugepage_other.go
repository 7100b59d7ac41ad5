//go:build !linux

package views

import "unsafe"

// adviseHuge does nothing outside Linux, whose transparent huge pages it asks for there.
func adviseHuge(p unsafe.Pointer, n int) {}

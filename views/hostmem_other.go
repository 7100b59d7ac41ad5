//go:build !linux

package views

func hostMemory() int64 { return 0 }

//go:build !linux

package execspace

// affinityCount returns 0: scheduler affinity masks are read on Linux only.
func affinityCount() int { return 0 }

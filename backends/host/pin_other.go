//go:build !linux

package host

func pinTo(cpu int)      {}
func allowedCPUs() []int { return nil }

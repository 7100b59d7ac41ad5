package execspace

import "golang.org/x/sys/unix"

// affinityCount returns the number of CPUs in the process's scheduler affinity mask, or 0 when
// it cannot be read.
func affinityCount() int {
	var set unix.CPUSet
	if unix.SchedGetaffinity(0, &set) != nil {
		return 0
	}
	return set.Count()
}

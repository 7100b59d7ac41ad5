package gokkosimpl

import "fmt"

// Version is the version of the interface between generated files and the runtime that this
// runtime implements and that gokkos-gen writes files for. It changes whenever the kernel ABI
// (execspace/abi), the registration functions or the meaning of a generated file change.
// Version 2 added the kernels' source pieces (abi.KernelSpec.Source), which CheckSource verifies.
// Version 3 gives each reduce kernel one pair of entries that takes the reduction as an argument
// (abi.KernelSpec.Reduce and ReduceOps instead of a pair per reduction).
const Version = 3

// MinVersion is the oldest generated-file version this runtime accepts. Files of version 1 carry
// no source pieces, so their kernels could not be checked for staleness; files of version 2 have
// an entry pair per reduction, which this runtime does not launch: both are refused.
const MinVersion = 3

// EnforceVersion panics unless generated-file version v is one this runtime supports. Generated
// files call it first in init, naming themselves (file is the package-relative file name and
// pkg the package path).
func EnforceVersion(v int, pkg, file string) {
	if v < MinVersion || v > Version {
		panic(fmt.Sprintf("gokkos: %s/%s was generated for runtime interface version %d, but this gokkos runtime supports versions %d to %d: regenerate it with go generate in package %s", pkg, file, v, MinVersion, Version, pkg))
	}
}

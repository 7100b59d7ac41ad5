// Package gokkosimpl is the runtime interface of generated kernel files: the functions that the
// files written by gokkos-gen call from init to register each kernel's device translation and
// host loop, and the version check that ties a generated file to the runtime it is linked with.
// Only generated code and the runtime's own packages use it; application code calls portable.
//
// Every generated file starts its init with EnforceVersion(N, file). N is the Version the
// generator wrote the file for; a runtime that does not support it panics at init with a
// message naming the file and asking to run go generate, instead of launching kernels whose
// argument layout it would misread.
package gokkosimpl

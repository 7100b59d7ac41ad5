// Package gokkosimpl is the runtime interface of generated kernel files: the functions that the
// files written by gokkos-gen call from init to register each kernel's device translation and
// host loop, the version check that ties a generated file to the runtime it is linked with, and
// the source check that ties it to the kernels' current source.
// Only generated code and the runtime's own packages use it; application code calls portable.
//
// Every generated file starts its init with EnforceVersion(N, file). N is the Version the
// generator wrote the file for; a runtime that does not support it panics at init with a
// message naming the file and asking to run go generate, instead of launching kernels whose
// argument layout it would misread.
//
// Every registered spec lists the declarations of its package that the kernel was translated
// from, with their hashes (package srchash). portable calls CheckSource at each launch: at a
// kernel type's first launch, on any space, it recomputes the hashes from the source files in
// the generated file's directory, and when one differs every launch of that type fails with an
// error asking to run go generate, instead of running the generated host loop or device code of
// the old source. GOKKOS_SOURCE_CHECK=0 turns the check off; it is skipped where the source
// cannot be read (a binary built with -trimpath, or run away from its source tree).
package gokkosimpl

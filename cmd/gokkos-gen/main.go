// Command gokkos-gen translates the gokkos kernels of a package for every execution space: it
// is the driver of the kernel toolchain (package kernelc) that go generate runs. It is not
// `gokkos gen`, the command-line tool's subcommand that writes graph files.
//
// In a module that uses gokkos, install it as a Go tool once and put the directive in any file
// of a package with kernels (struct types marked //gokkos:kernel):
//
//	go get -tool github.com/gokkos/gokkos/cmd/gokkos-gen
//
//	//go:generate go tool gokkos-gen
//
// then run go generate. gokkos-gen loads the package in the current directory with full type
// information, translates every kernel type and every concrete instantiation of a generic
// kernel type that the package mentions, and writes gokkos_kernels_gen.go. Its init checks that
// the file matches the runtime it is linked with (gokkosimpl.EnforceVersion) and registers each
// kernel's PTX (gokkosimpl.Register, package portable/gokkosimpl) and, for every range, reduce
// and scan kernel type declared in the package, its host loop: the body of Run inlined into a
// loop over [lo, hi), which host spaces call once per chunk instead of calling Run once per
// index. //line directives attribute the inlined statements to their original lines, and the
// file is type-checked before it is written: a loop that would not compile is left out.
// GOKKOS_HOST_LOOPS=0 at run time bypasses the loops. Each kernel's spec also lists the
// declarations of the package it was translated from, with their hashes: at the kernel's first
// launch the runtime recomputes them from the source files and refuses the kernel, on every
// space, if its source changed since the file was generated (GOKKOS_SOURCE_CHECK=0 turns that
// off; docs/kernel-language.md). kernelc/README.md describes the pipeline.
//
// Flags:
//
//	-o name      output file name (default gokkos_kernels_gen.go)
//	-dump-ir     print each kernel's IR to standard output (also GOKKOS_DUMP_IR=1)
//	-dir path    the package directory (default: the current directory)
//	-v           say which kernels get no host loop and why
//
// On errors gokkos-gen prints every diagnostic as file:line:col: message, writes nothing and
// exits with status 1.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.Getenv))
}

// Command gokkos-gen translates the gokkos kernels of a package for devices. Put
//
//	//go:generate go run github.com/gokkos/gokkos/cmd/gokkos-gen
//
// in any file of a package with kernels (struct types marked //gokkos:kernel) and run go
// generate. gokkos-gen loads the package in the current directory with full type information,
// translates every kernel type and every concrete instantiation of a generic kernel type that
// the package mentions to PTX, and writes gokkos_kernels_gen.go, whose init registers each
// translation with gokkosimpl.Register (package portable/gokkosimpl).
//
// For every range, reduce and scan kernel type declared in the package, the file also holds a
// host loop: the body of Run inlined into a loop over [lo, hi), registered with
// gokkosimpl.RegisterHostRange, RegisterHostReduce or RegisterHostScan, which host spaces call
// once per chunk instead of calling Run once per index. //line directives attribute the inlined
// statements to their original lines (file names relative to the package directory), and the
// file is type-checked before it is written: a loop that would not compile is left out.
// GOKKOS_HOST_LOOPS=0 at run time bypasses the loops.
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

// Package portable is gokkos' public entry point: the parallel patterns ParallelFor,
// ParallelReduce and ParallelScan (and their team forms), the range and team policies, the
// reducers, and the profiling hooks — the Kokkos programming model in Go.
//
// A kernel is a struct type whose fields are its arguments and whose method is the body:
//
//	//gokkos:kernel
//	type axpy struct {
//		A    float64
//		X, Y views.View1D[float64]
//	}
//
//	func (k axpy) Run(i int) { k.Y.Set(i, k.A*k.X.At(i)+k.Y.At(i)) }
//
//	err := portable.ParallelFor(space, "axpy", portable.Range(0, n), axpy{A: 2, X: x, Y: y})
//
// On the host execution space the body is the compiled Go method, called from a pool of worker
// goroutines. On a device space the body is the PTX that cmd/gokkos-gen generated from the same
// source (run go generate), and the struct's fields are passed to it as kernel arguments. The
// kernel form is checked at compile time: ParallelFor needs Run(int), ParallelForTeam needs
// RunTeam(teams.Member), ParallelReduce needs Run(int, *T), ParallelScan needs
// Run(int, *T, bool).
//
// A kernel type registered by a generated file is refused, on every space, when its source
// changed since the file was generated (gokkos-gen's host loop and PTX would run the old
// body): the launch returns an error asking to run go generate in the package. The check
// recomputes the kernel's source hashes at its first launch in the process, where the source
// files can be read; GOKKOS_SOURCE_CHECK=0 turns it off (package portable/gokkosimpl).
//
// Every launch has a label, used in error messages and by profiling tools. A nil Space means
// execspace.Default(). Launches are synchronous on the host; on a device they may run
// asynchronously until a fence, a reduction result or a copy to the host.
package portable

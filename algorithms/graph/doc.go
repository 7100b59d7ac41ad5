// Package graph holds host-side graph storage, file input and output, and
// synthetic graph generators for the gokkos graph algorithms.
//
// The central type is [CSR], a directed graph in compressed sparse row form
// whose slices are plain host memory; device copies are made from them by
// other packages. An [EdgeList] is the unordered form that readers and
// generators produce, and [Build] turns one into a CSR with a parallel
// counting sort.
//
// Files are read with [ReadFile] or [Read] and written with [WriteFile] or
// [Write]. The supported formats are listed with [Format]: the ".ms" header
// plus edge list format, plain ".el" and weighted ".wel" edge lists as SNAP
// and GAP publish them, Matrix Market ".mtx" coordinate files, the package's
// own checksummed binary ".gkg" format, and the binary CSR ".egr" format of
// the ECL graph codes. A ".gz" suffix on any of them is read and written
// through gzip. The format of a file is chosen by its extension or, failing
// that, by its content; an ".egr" file has no magic number and is recognized
// by its extension only. Text readers parse large inputs in parallel, and
// every reader reports malformed input as a [*ParseError] that names the file
// and the line (or, for binary files, the byte offset). Weights are finite:
// the text formats take decimal numbers only, and no format reads or writes
// NaN or an infinity.
//
// The Go runtime cannot recover from running out of memory, so the readers,
// [Build] and the generators estimate what a graph needs before allocating it
// and refuse one that the process cannot have (the tightest of physical
// memory, the memory cgroup's limit, RLIMIT_AS, RLIMIT_DATA and the Go memory
// limit, less what is in use) with an error wrapping [ErrTooLarge]; the
// generators, which return no error, panic with it. [BuildBytes],
// [RMATBytes], [UniformBytes], [GridBytes] and [SmallWorldBytes] give the
// estimates.
//
// The generators [RMAT], [Uniform], [Grid], [GridWithDrops] and [SmallWorld]
// are seeded and produce the same graph for the same arguments whatever the
// value of GOMAXPROCS; [AddRandomWeights] attaches edge weights.
package graph

package graph

import (
	"io"

	"github.com/gokkos/gokkos/internal/memlimit"
)

// Hooks that let the external tests reach unexported knobs.

// SetMemoryBudget makes the readers, Build and the generators see a memory
// budget of bytes bounded by source, and returns a function restoring the
// real one.
func SetMemoryBudget(bytes int64, source string) (restore func()) {
	old := availableMemory
	availableMemory = func() memlimit.Budget { return memlimit.Budget{Bytes: bytes, Source: source} }
	return func() { availableMemory = old }
}

// SetTextBlockSize changes the parsing block size and returns a function
// restoring it.
func SetTextBlockSize(n int) (restore func()) {
	old := textBlockSize
	textBlockSize = n
	return func() { textBlockSize = old }
}

// SetProgressThresholds changes when progress lines are printed and returns
// a function restoring the defaults.
func SetProgressThresholds(minBytes, unknownStep int64) (restore func()) {
	a, b := progressMinBytes, progressStepUnknown
	progressMinBytes, progressStepUnknown = minBytes, unknownStep
	return func() { progressMinBytes, progressStepUnknown = a, b }
}

// BuildWide runs Build with 64-bit counters, the path taken for more than
// 2^32 edges.
func BuildWide(el *EdgeList, opt BuildOptions) (*CSR, error) {
	if err := el.checkShape(); err != nil {
		return nil, err
	}
	return buildCounted[int64](el, opt)
}

// TransposeWide runs Transpose with 64-bit counters.
func TransposeWide(g *CSR) *CSR { return transposeCounted[int64](g) }

// ScanFloat exposes the text weight parser.
func ScanFloat(s string) (float64, bool) {
	v, next, status := scanFloat([]byte(s), 0)
	return v, status == floatOK && next == len(s)
}

// RadixSort exposes the key sort used by Uniform.
func RadixSort(keys []uint64, limit uint64) { radixSort(keys, limit) }

// ParseEdgeList runs only the edge-list parser over data, without building
// a CSR.
func ParseEdgeList(r io.Reader, weighted bool) (*EdgeList, error) {
	return readEdgeList(r, &input{name: "bench", size: -1, limit: MaxVertices}, weighted)
}

// RMATUnpermuted returns R-MAT edges before the vertex permutation.
func RMATUnpermuted(scale, edgeFactor int, seed uint64) *EdgeList {
	return rmatEdges(scale, edgeFactor, seed)
}

// EGRCheckSize exposes the size check of the egr writer, for sizes too large
// to build in a test.
func EGRCheckSize(n int, m int64) error { return egrCheckSize(n, m) }

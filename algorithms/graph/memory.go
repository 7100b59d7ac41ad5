package graph

import (
	"fmt"
	"math"
	"runtime"

	"github.com/gokkos/gokkos/internal/memlimit"
)

// ErrTooLarge is wrapped by the errors with which the readers, [Build] and
// the generators refuse a graph that needs more memory than the process can
// have: the tightest of physical memory, the memory cgroup's limit,
// RLIMIT_AS, RLIMIT_DATA and the Go runtime's memory limit, less what is
// already in use. Test for it with errors.Is. The Go runtime cannot recover
// from running out of memory, so such a graph is refused before any large
// allocation rather than attempted.
var ErrTooLarge = memlimit.ErrInsufficient

// availableMemory returns the process's memory budget; tests replace it.
var availableMemory = memlimit.Available

// checkMemory is memlimit.Check against availableMemory.
func checkMemory(what string, need int64) error {
	if need < memlimit.Unchecked {
		return nil
	}
	return availableMemory().Check(what, need)
}

// memBudget is the memory budget of one read, fetched on the first check of
// a request large enough to be worth it and kept for the rest of the read, so
// that the needs compared with it are totals from the start of the read.
type memBudget struct {
	b    memlimit.Budget
	have bool
}

// check returns a *memlimit.Error naming what if need bytes exceed the
// budget, and nil otherwise.
func (m *memBudget) check(what string, need int64) error {
	if need < memlimit.Unchecked {
		return nil
	}
	if !m.have {
		m.b, m.have = availableMemory(), true
	}
	return m.b.Check(what, need)
}

// edgeBytes returns the bytes per edge of an edge list or a CSR adjacency:
// an id (or two for an edge list) and, when weighted, a float64.
func edgeBytes(pair, weighted bool) int64 {
	b := int64(4)
	if pair {
		b = 8
	}
	if weighted {
		b += 8
	}
	return b
}

// csrBytes returns the size of a CSR with n vertices and m edges.
func csrBytes(n, m int64, weighted bool) int64 {
	return memlimit.Sum(memlimit.Mul(n+1, 8), memlimit.Mul(m, edgeBytes(false, weighted)))
}

// edgeListBytes returns the size of an edge list of m edges.
func edgeListBytes(m int64, weighted bool) int64 {
	return memlimit.Mul(m, edgeBytes(true, weighted))
}

// grown returns the peak memory of slices grown by append to b bytes: the
// old and the new backing arrays coexist while one is copied, and the last
// growth may overshoot by a quarter.
func grown(b int64) int64 { return memlimit.Sum(b, b, b/4) }

// buildBytes returns the peak memory that Build needs beyond its input for n
// vertices and m input edges with opt: the counting sorts' per-worker
// counters, the first sort's offsets and reordered sources (and weights), the
// CSR itself and, with Dedup, the degrees and the compacted copy.
func buildBytes(n, m int64, weighted bool, opt BuildOptions) int64 {
	total := m
	if opt.Symmetrize {
		total = memlimit.Mul(m, 2)
	}
	cnt := int64(4)
	if total >= math.MaxUint32 {
		cnt = 8
	}
	need := memlimit.Sum(
		memlimit.Mul(max(m, n), cnt),
		memlimit.Mul(n+1, 8), memlimit.Mul(total, edgeBytes(false, weighted)),
		csrBytes(n, total, weighted),
	)
	if opt.Dedup {
		need = memlimit.Sum(need, memlimit.Mul(n+1, 8), memlimit.Mul(total, edgeBytes(false, weighted)))
	}
	return need
}

// parseBytes returns the memory of the text parser's blocks for an input of
// size bytes (negative if unknown): up to two blocks in flight per
// goroutine, each holding its text and the edges parsed from it.
func parseBytes(size int64) int64 {
	blocks := int64(2 * runtime.GOMAXPROCS(0))
	if size >= 0 {
		blocks = min(blocks, size/int64(textBlockSize)+1)
	}
	return memlimit.Mul(blocks, 3*int64(textBlockSize))
}

// readBytes returns the peak memory of reading a text input of size bytes
// into an edge list of m edges over n vertices and building it with opt.
// exact says that the edge list is allocated at its final size rather than
// grown by append.
func readBytes(n, m int64, weighted bool, opt BuildOptions, size int64, exact bool) int64 {
	el := edgeListBytes(m, weighted)
	if !exact {
		el = grown(el)
	}
	return memlimit.Sum(el, parseBytes(size), buildBytes(n, m, weighted, opt))
}

// graphSize describes a graph of n vertices and m edges for messages.
func graphSize(n, m int64) string {
	return fmt.Sprintf("%d vertices and %d edges", n, m)
}

// BuildBytes returns an estimate of the peak memory that [Build] needs
// beyond its input for an edge list of m edges over n vertices, weighted or
// not, with opt. It is what Build checks before allocating anything.
func BuildBytes(n int, m int64, weighted bool, opt BuildOptions) int64 {
	return buildBytes(int64(n), m, weighted, opt)
}

// RMATBytes returns the memory that [RMAT] allocates for scale and
// edgeFactor: the edge list and the vertex permutation. Arguments that RMAT
// rejects give 0.
func RMATBytes(scale, edgeFactor int) int64 {
	if scale < 0 || scale > 30 || edgeFactor < 0 {
		return 0
	}
	n := int64(1) << scale
	return memlimit.Sum(edgeListBytes(memlimit.Mul(n, int64(edgeFactor)), false), memlimit.Mul(n, 4))
}

// UniformBytes returns the memory that [Uniform] allocates for n vertices
// and m edges: the edge list and, while distinct pairs are drawn, the sorted
// keys, a batch of fresh ones and the radix sort's buffer. Arguments that
// Uniform rejects give 0.
func UniformBytes(n int, m int64) int64 {
	if n < 0 || n > MaxVertices || m < 0 || n > 0 && m > int64(n)*int64(n-1) {
		return 0
	}
	pairs := int64(n) * int64(max(n-1, 0))
	want := m
	if m > pairs/2 {
		want = pairs - m
	}
	return memlimit.Sum(edgeListBytes(m, false), memlimit.Mul(want, 32))
}

// GridBytes returns the memory that [GridWithDrops] (and [Grid]) allocate for
// a rows x cols grid: the edge list of every edge. Arguments that they reject
// give 0.
func GridBytes(rows, cols int) int64 {
	if rows < 0 || cols < 0 || rows > 0 && cols > MaxVertices/rows {
		return 0
	}
	undirected := int64(rows)*int64(max(cols-1, 0)) + int64(max(rows-1, 0))*int64(cols)
	return edgeListBytes(2*undirected, false)
}

// SmallWorldBytes returns the memory that [SmallWorld] allocates for n
// vertices: the edge list, reserved at three edges per vertex, and the
// vertex permutation. Arguments that SmallWorld rejects give 0.
func SmallWorldBytes(n int) int64 {
	if n < 0 || n > MaxVertices {
		return 0
	}
	return memlimit.Sum(edgeListBytes(3*int64(n), false), 4*int64(n))
}

// RoadBytes returns the memory that [Road] allocates for a rows x cols
// grid: the edge list of every street in both directions, with weights.
// Arguments that Road rejects give 0.
func RoadBytes(rows, cols int) int64 {
	if rows < 0 || cols < 0 || rows > 0 && cols > MaxVertices/rows {
		return 0
	}
	undirected := int64(rows)*int64(max(cols-1, 0)) + int64(max(rows-1, 0))*int64(cols)
	return edgeListBytes(2*undirected, true)
}

// CitationBytes returns the memory that [Citation] allocates for n
// vertices: the edge list, reserved at four edges per vertex, and the vertex
// permutation. Arguments that Citation rejects give 0.
func CitationBytes(n int) int64 {
	if n < 0 || n > MaxVertices {
		return 0
	}
	return memlimit.Sum(edgeListBytes(4*int64(n), false), 4*int64(n))
}

// mustFit panics with an error wrapping [ErrTooLarge] when need bytes
// exceed the memory the process can have; call describes the call that
// needs them.
func mustFit(need int64, call func() string) {
	if need < memlimit.Unchecked {
		return
	}
	if err := checkMemory(call(), need); err != nil {
		panic(fmt.Errorf("graph: %w", err))
	}
}

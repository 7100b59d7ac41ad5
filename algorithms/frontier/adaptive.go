package frontier

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/execspace"
)

// Sample is what the graph inspector knows about the current worklist when the decision maker
// runs: its size, and the number and largest degree of its out-edges, measured with two
// reductions over the worklist every Options.SampleEvery iterations and estimated in between.
type Sample struct {
	// Iteration is the number of steps taken so far.
	Iteration int
	// Size is the number of vertices in the worklist.
	Size int64
	// Edges is the number of out-edges of the worklist's vertices.
	Edges int64
	// MaxDegree is the largest out-degree in the worklist, or the graph's largest out-degree
	// when no value up to that bound would change the decision (see Thresholds.Decide).
	MaxDegree int64
	// Measured reports whether Edges and MaxDegree were measured for this worklist rather
	// than estimated from the last measurement (average degree times Size).
	Measured bool
	// Format is the worklist's current format.
	Format Format
}

// Thresholds are the decision maker's parameters, after Li and Becchi's adaptive runtime for
// graph algorithms on GPUs, generalized to every execution space. NewThresholds derives them
// from the space and the graph.
type Thresholds struct {
	// T1 is the warp size, the number of lanes that run in lock step: with one thread per
	// vertex, a warp takes as long as its longest adjacency list, so worklists whose largest
	// degree exceeds T1 are collapsed (their edges spread over a team's lanes) instead.
	// Spaces without lock-step lanes (warp size 1) have T1 = +Inf: a team is one worker
	// there and gains nothing over a thread.
	T1 float64
	// T2 is the working-set size the hardware runs at once, Units × MaxBlockSize threads
	// (the number of workers on the host). A step with fewer than T2 edges cannot fill the
	// machine whatever the mapping; one with fewer vertices than T2/WarpSize but at least T2
	// edges is spread over every thread by global collapse.
	T2 int64
	// T3 is the fraction of the vertices above which the next worklist is written as a
	// bitmap. A bitmap costs N/32 words (cleared, then scanned or converted) whatever it
	// holds, a queue about two words per vertex (written once, read once), so the break-even
	// fraction is 1/64.
	T3 float64
	// N is the graph's vertex count and Units the space's Info().Units.
	N     int
	Units int
	// WarpSize and TeamSize are the tuning's lanes in lock step and team size.
	WarpSize, TeamSize int
	// Unique is Options.Unique: the operator accepts each vertex at most once per step, so a
	// queue needs no atomic per accepted vertex while a bitmap still needs one.
	Unique bool
}

// bitsPerWord is the number of vertices a bitmap word holds.
const bitsPerWord = 32

// NewThresholds derives the thresholds for a graph of n vertices on a space described by info,
// with the given team size (see Tuning).
func NewThresholds(info execspace.Info, n int, teamSize int) Thresholds {
	units := max(info.Units, 1)
	block := max(info.MaxBlockSize, 1)
	warp := max(info.WarpSize, 1)
	t := Thresholds{
		T1: math.Inf(1), T2: int64(units) * int64(block), T3: 1.0 / (2 * bitsPerWord),
		N: n, Units: units, WarpSize: warp, TeamSize: max(teamSize, 1),
	}
	if warp > 1 {
		t.T1 = float64(warp)
	}
	return t
}

// Decision is the decision maker's choice for one push step.
type Decision struct {
	// Strategy is the loop strategy (never Auto).
	Strategy Strategy
	// In is the format the step reads; the worklist is converted first when it differs.
	In Format
	// Out is the format the step writes the next worklist in.
	Out Format
}

// String returns a description such as "mg queue→bitmap".
func (d Decision) String() string { return fmt.Sprintf("%v %v→%v", d.Strategy, d.In, d.Out) }

// Decide chooses the strategy and formats for a push step from the inspector's sample:
//
//   - Input: a bitmap worklist holding at most half of the vertices is converted to a queue
//     (one scan of the bitmap's N/32 words): a push step over a bitmap visits all N slots,
//     most of them empty then, while the converted queue costs one write per vertex. A
//     denser bitmap is read as it is.
//   - Output: the next worklist has at most min(Edges, N) vertices; if that bound exceeds
//     T3·N it is written as a bitmap, otherwise as a queue. For Unique operators the queue
//     is always chosen: it takes no atomic per vertex (its per-thread buffers are appended
//     with one atomic per team and round) where the bitmap takes one atomic OR each, on
//     words that threads share.
//   - Mapping, from the cost of each strategy measured step by step on a GPU (the per-step
//     trace of gokkos run -trace; docs/performance.md): with F = TeamSize × Units threads
//     in flight, global collapse when the step has at least T2 edges and either fewer
//     vertices than F (local collapse would launch fewer teams than the machine holds) or
//     one vertex with more than a unit's share of the edges (MaxDegree × Units > Edges);
//     else one thread per vertex when no vertex has more than T1 edges (lanes of a warp
//     then finish close together; on spaces without lock-step lanes T1 is infinite, so
//     this is the host's choice); else, for worklists of fewer than F vertices, local
//     collapse when the edges fit a few teams (fewer than 8 × TeamSize: its single launch
//     beats global collapse's extra scan) and global collapse otherwise; else local
//     collapse while the average degree is below 2 × T1 and global collapse above, except
//     that hierarchical expansion takes large worklists of low average degree holding a
//     vertex of at least T1 × TeamSize edges (the first rounds of color propagation on
//     R-MAT graphs: teams expand the hubs, threads the many small vertices).
func (t Thresholds) Decide(s Sample) Decision {
	d := Decision{Strategy: Baseline, In: s.Format, Out: Queue}
	bitmapFrom := t.T3 * float64(t.N)
	if d.In == AutoFormat {
		d.In = Queue
	}
	if d.In == Bitmap && 2*s.Size <= int64(t.N) {
		d.In = Queue
	}
	if float64(min(s.Edges, int64(t.N))) > bitmapFrom && !t.Unique {
		d.Out = Bitmap
	}
	if s.Size == 0 {
		return d
	}
	avg := float64(s.Edges) / float64(s.Size)
	fill := int64(t.TeamSize) * int64(t.Units)
	switch {
	case s.Edges >= t.T2 && (s.Size < fill || s.MaxDegree*int64(t.Units) > s.Edges):
		d.Strategy = GlobalCollapse
	case float64(s.MaxDegree) <= t.T1:
		d.Strategy = Baseline
	case s.Size < fill && s.Edges < 8*int64(t.TeamSize):
		d.Strategy = LocalCollapse
	case s.Size < fill || avg >= 2*t.T1:
		d.Strategy = GlobalCollapse
	case float64(s.MaxDegree) >= t.T1*float64(t.TeamSize):
		d.Strategy = Hierarchical
	default:
		d.Strategy = LocalCollapse
	}
	return d
}

// degreeMoot reports whether Decide makes the same choice for s whatever its largest degree
// between 0 and bound, so that the inspector need not measure it. The choice depends on the
// largest degree only through three comparisons (with Edges/Units, T1 and T1·TeamSize), so it
// is constant between them, and testing both sides of each that lies below bound suffices.
func (t Thresholds) degreeMoot(s Sample, bound int64) bool {
	if bound < 0 || s.Edges < 0 {
		return false
	}
	at := func(d int64) Decision {
		s.MaxDegree = d
		return t.Decide(s)
	}
	ref := at(0)
	if at(bound) != ref {
		return false
	}
	for _, b := range []float64{float64(s.Edges) / float64(t.Units), t.T1, t.T1 * float64(t.TeamSize)} {
		if math.IsInf(b, 0) || math.IsNaN(b) || b >= float64(bound) {
			continue
		}
		for d := int64(b) - 1; d <= int64(b)+1; d++ {
			if d >= 0 && d <= bound && at(d) != ref {
				return false
			}
		}
	}
	return true
}

package frontier

import "github.com/gokkos/gokkos/portable"

// Pull runs one pull (bottom-up) step with operator op: every vertex v for which
// op.Pending(v) holds scans its in-edges u→v for sources u in the current worklist, calling
// op.Visit(u, v, e) until v is no longer pending, and joins the next worklist when a visit
// returned true. The current worklist is converted to a bitmap first if it is a queue; the
// next one is a bitmap. The in-edges come from the graph's In (built on the first call for a
// graph that is not symmetric).
//
// Pull costs O(N) plus the in-edges scanned, which for BFS in the middle of a traversal is
// far fewer than a push step's edges (Beamer, Asanović and Patterson's direction-optimizing
// BFS). On the host each iteration handles one bitmap word of 32 vertices and writes it
// whole; on devices each thread handles one vertex. Errors are launch errors of the space.
func Pull[Op PullOp](f *Frontier, op Op) (Step, error) {
	step := Step{Iteration: f.iter, Pull: true, Decision: Decision{Strategy: Baseline, In: Bitmap, Out: Bitmap},
		Sample: Sample{Iteration: f.iter, Size: f.size, Edges: -1, MaxDegree: -1, Format: f.format}}
	in, err := f.g.In()
	if err != nil {
		return step, err
	}
	if err := f.convert(Bitmap); err != nil {
		return step, err
	}
	nx := 1 - f.cur
	perWord := !f.space.Info().Device
	k := PullStep[Op]{In: in, Cur: f.bits[f.cur], Next: f.bits[nx], PerWord: perWord, Op: op}
	r := portable.Range(0, f.g.N())
	if perWord {
		r = portable.Range(0, words(f.g.N())).WithSchedule(portable.Dynamic).WithChunk(64)
	} else if err := f.bits[nx].Fill(0); err != nil {
		return step, err
	}
	if err := portable.ParallelReduce(f.space, "frontier: pull", r, k, portable.Sum(&step.Added)); err != nil {
		return step, err
	}
	return f.advance(step, Bitmap), nil
}

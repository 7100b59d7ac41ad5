package frontier

import "github.com/gokkos/gokkos/portable"

// Pull runs one pull (bottom-up) step with operator op: every pending vertex v scans its
// in-edges u→v for sources u in the current worklist, calling op.Pull(u, v, e) until it
// reports v done, and joins the next worklist when a call reported it joined. The current worklist is converted to a bitmap first if it is a queue; the
// next one is a bitmap. The in-edges come from the graph's In (built on the first call for a
// graph that is not symmetric).
//
// Pull costs O(N) plus the in-edges scanned, which for BFS in the middle of a traversal is
// far fewer than a push step's edges (Beamer, Asanović and Patterson's direction-optimizing
// BFS). On the host each iteration handles Tuning.PullWords bitmap words of 32 vertices and
// writes them whole; on devices each thread handles one vertex. The step does not count the next
// worklist's edges (Step.AddedEdges is -1); the inspector measures them when needed. Errors
// are launch errors of the space.
func Pull[Op PullOp](f *Frontier, op Op) (Step, error) {
	f.startStep()
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
	k := PullStep[Op]{In: in, Cur: f.bits[f.cur], Next: f.bits[nx], Op: op}
	r := portable.Range(0, f.g.N())
	if f.tune.PullWords < 0 {
		if err := f.bits[nx].Fill(0); err != nil {
			return step, err
		}
	} else {
		k.Words = f.tune.PullWords
		r = portable.Range(0, ceilDiv(words(f.g.N()), k.Words)).WithSchedule(portable.Dynamic).WithChunk(16)
	}
	var c Count
	h, host := pullStepHost[Op]{}, false
	if !f.space.Info().Device {
		h, host = newPullStepHost(k)
	}
	if host {
		err = portable.ParallelReduce(f.space, "frontier: pull", r, h, portable.KernelJoin[Count](h, &c))
	} else {
		err = portable.ParallelReduce(f.space, "frontier: pull", r, k, portable.KernelJoin[Count](k, &c))
	}
	if err != nil {
		return step, err
	}
	step.Added, step.AddedEdges = c.Val, -1
	return f.advance(step, Bitmap), nil
}

package frontier

import (
	"fmt"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

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
	return pull(f, op, views.View1D[uint32]{}, false)
}

// PullReach is Pull for a search of the vertices reachable from the worklist's, whose operator
// claims a vertex by setting its bit in reached (bit v&31 of word v>>5, one bit per vertex of
// the graph) and reports only vertices whose bit is clear as pending: the sources are every
// vertex of reached, not only the worklist's, and the step adds each vertex it claims to
// reached during the sweep (on the host when the vertex's word of 32 is done, on devices at
// once), so that vertices scanned later find it. One such step claims what takes a plain
// pull step and the ones after it (whose sources are only the last step's claims), with
// fewer in-edges scanned per claim, as reached holds more sources than the worklist. The
// current worklist is not read (nor converted): every vertex it holds must be in reached. The
// next worklist is the bitmap of the vertices the step claimed, which reached then also
// holds. The order in which vertices see each other's claims depends on scheduling, so a step
// may claim more or fewer vertices from run to run; the vertices reached when a search ends
// do not. Pull's costs and errors apply; a reached view of the wrong length is a programmer
// error (panic).
func PullReach[Op PullOp](f *Frontier, op Op, reached views.View1D[uint32]) (Step, error) {
	if reached.Len() != words(f.g.N()) {
		panic(fmt.Sprintf("frontier: PullReach with a reached bitmap of %d words for %d vertices (%d words)", reached.Len(), f.g.N(), words(f.g.N())))
	}
	return pull(f, op, reached, true)
}

// pull is Pull, or PullReach with grow.
func pull[Op PullOp](f *Frontier, op Op, reached views.View1D[uint32], grow bool) (Step, error) {
	f.startStep()
	step := Step{Iteration: f.iter, Pull: true, Decision: Decision{Strategy: Baseline, In: Bitmap, Out: Bitmap},
		Sample: Sample{Iteration: f.iter, Size: f.size, Edges: -1, MaxDegree: -1, Format: f.format}}
	in, err := f.g.In()
	if err != nil {
		return step, err
	}
	nx := 1 - f.cur
	k := PullStep[Op]{In: in, Next: f.bits[nx], Op: op}
	if grow {
		k.Cur = reached
	} else {
		if err := f.convert(Bitmap); err != nil {
			return step, err
		}
		k.Cur = f.bits[f.cur]
	}
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
		h.grow = grow
	}
	switch {
	case host:
		err = portable.ParallelReduce(f.space, "frontier: pull", r, h, portable.KernelJoin[Count](h, &c))
	case grow:
		g := PullReachStep[Op]{In: k.In, Reached: k.Cur, Next: k.Next, Words: k.Words, Op: op}
		err = portable.ParallelReduce(f.space, "frontier: pull", r, g, portable.KernelJoin[Count](g, &c))
	default:
		err = portable.ParallelReduce(f.space, "frontier: pull", r, k, portable.KernelJoin[Count](k, &c))
	}
	if err != nil {
		return step, err
	}
	step.Added, step.AddedEdges = c.Val, -1
	return f.advance(step, Bitmap), nil
}

package frontier

import (
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Push runs one push (top-down) step of the template with edge operator op: for every vertex
// u of the current worklist and every out-edge u→v (index e), op.Visit(u, v, e) decides
// whether v joins the next worklist, which then becomes current. The loop strategy and the
// worklist formats come from the options, or from the adaptive decision maker for Auto (see
// Thresholds.Decide). The next worklist is built without one atomic per vertex: queues
// through per-thread buffers, team scans and one atomic per team and round, bitmaps with
// atomic ORs of whole words.
//
// Push returns what the step did. Errors are launch errors of the space; the worklist is
// then unspecified. Its cost is O(edges of the worklist) work for every strategy, plus
// O(N/32) for bitmap formats and O(size of the worklist) for the inspector's sample.
//
// On a device space the template's kernels instantiated with Op must have been translated:
// name them in the operator's package (see the package documentation).
func Push[Op EdgeOp](f *Frontier, op Op) (Step, error) {
	f.startStep()
	s, err := f.sample()
	if err != nil {
		return Step{}, err
	}
	d := f.decide(s)
	step := Step{Iteration: f.iter, Decision: d, Sample: s}
	if err := f.convert(d.In); err != nil {
		return step, err
	}
	out, err := f.output(d.Out)
	if err != nil {
		return step, err
	}
	if f.size > 0 {
		in := f.Worklist()
		var c Count
		switch d.Strategy {
		case Hierarchical:
			c, err = pushHierarchical(f, in, out, op)
		case LocalCollapse:
			c, err = pushLocal(f, in, out, op)
		case GlobalCollapse:
			c, err = pushGlobal(f, in, out, op)
		default:
			step.Decision.Strategy = Baseline
			c, err = pushThread(f, in, out, op)
		}
		if err != nil {
			return step, err
		}
		step.Added, step.AddedEdges = c.Val, int64(c.Loc)
	}
	return f.advance(step, d.Out), nil
}

// teamPolicy returns a dynamically scheduled league of teams of size team, each member with
// the sink's buffer in level-0 scratch.
func (f *Frontier) teamPolicy(league, team int) portable.TeamPolicy {
	return portable.Teams(league, team).WithScratch(0, 0, 4*f.tune.Buffer).WithSchedule(portable.Dynamic).WithChunk(1)
}

func pushThread[Op EdgeOp](f *Frontier, in Worklist, out sink, op Op) (Count, error) {
	chunk := f.tune.chunk(in.Size)
	k := PushThread[Op]{G: f.g.Out(), In: in, Out: out, Chunk: chunk, Op: op}
	p := f.teamPolicy(ceilDiv(in.Size, chunk), f.tune.TeamSize)
	var c Count
	if f.tune.TeamSize == 1 && !f.space.Info().Device {
		if visit, ok := portable.HostVisit[Op, PushThread[Op]](); ok {
			h := pushThreadHost[Op]{PushThread: k, Visit: visit}
			err := portable.ParallelReduceTeam(f.space, "frontier: push baseline", p, h, portable.KernelJoin[Count](h, &c))
			return c, err
		}
	}
	err := portable.ParallelReduceTeam(f.space, "frontier: push baseline", p, k, portable.KernelJoin[Count](k, &c))
	return c, err
}

func pushLocal[Op EdgeOp](f *Frontier, in Worklist, out sink, op Op) (Count, error) {
	chunk := f.tune.chunk(in.Size)
	k := PushLocal[Op]{G: f.g.Out(), In: in, Out: out, Chunk: chunk, Op: op}
	p := f.teamPolicy(ceilDiv(in.Size, chunk), f.tune.TeamSize)
	p = p.WithScratch(0, align16(8*(chunk+1))+align16(4*chunk), 4*f.tune.Buffer)
	var c Count
	err := portable.ParallelReduceTeam(f.space, "frontier: push local collapse", p, k, portable.KernelJoin[Count](k, &c))
	return c, err
}

func pushGlobal[Op EdgeOp](f *Frontier, in Worklist, out sink, op Op) (Count, error) {
	if f.prefix.Len() == 0 {
		var err error
		if f.prefix, err = views.Alloc1D[int64](f.space.Memory(), "frontier prefix", f.g.N()+1); err != nil {
			return Count{}, err
		}
	}
	var total int64
	scan := slotDegreeScan{G: f.g.Out(), In: in, Pre: f.prefix}
	if err := portable.ParallelScan(f.space, "frontier: global prefix", portable.Range(0, in.Size+1), scan, &total); err != nil {
		return Count{}, err
	}
	if total == 0 {
		return Count{}, nil
	}
	league := int(min(int64(f.tune.Teams), ceilDiv64(total, int64(f.tune.TeamSize))))
	k := PushGlobal[Op]{G: f.g.Out(), In: in, Out: out, Pre: f.prefix, Total: total, Op: op}
	var c Count
	if f.tune.TeamSize == 1 && !f.space.Info().Device {
		if visit, ok := portable.HostVisit[Op, PushGlobal[Op]](); ok {
			h := pushGlobalHost[Op]{PushGlobal: k, Visit: visit}
			err := portable.ParallelReduceTeam(f.space, "frontier: push global collapse", f.teamPolicy(league, f.tune.TeamSize), h, portable.KernelJoin[Count](h, &c))
			return c, err
		}
	}
	err := portable.ParallelReduceTeam(f.space, "frontier: push global collapse", f.teamPolicy(league, f.tune.TeamSize), k, portable.KernelJoin[Count](k, &c))
	return c, err
}

func pushHierarchical[Op EdgeOp](f *Frontier, in Worklist, out sink, op Op) (Count, error) {
	mem := f.space.Memory()
	for c := range f.class {
		if f.class[c].Len() == 0 && f.g.N() > 0 {
			var err error
			if f.class[c], err = views.Alloc1D[int32](mem, "frontier class queue", f.g.N()); err != nil {
				return Count{}, err
			}
			if f.ctail[c], err = views.Alloc1D[int64](mem, "frontier class tail", 1); err != nil {
				return Count{}, err
			}
		}
		if err := f.ctail[c].Fill(0); err != nil {
			return Count{}, err
		}
	}
	sinks := classSinks(f.class, f.ctail, f.tune.Buffer)
	chunk := f.tune.chunk(in.Size)
	warp, team := int64(f.tune.WarpSize), int64(f.tune.TeamSize)
	cl := Classify{G: f.g.Out(), In: in, Out0: sinks[0], Out1: sinks[1], Out2: sinks[2], Chunk: chunk, Warp: warp, Team: max(team, warp+1)}
	cp := f.teamPolicy(ceilDiv(in.Size, chunk), f.tune.TeamSize).WithScratch(0, 0, numClasses*align16(4*f.tune.Buffer))
	if err := portable.ParallelForTeam(f.space, "frontier: classify", cp, cl); err != nil {
		return Count{}, err
	}
	var counts [numClasses]int64
	for c := range counts {
		h := views.New1D[int64]("frontier class count", 1)
		if err := views.DeepCopy(h, f.ctail[c]); err != nil {
			return Count{}, err
		}
		counts[c] = h.At(0)
	}
	var total Count
	if counts[classThread] > 0 {
		q := Worklist{Size: int(counts[classThread]), Queue: f.class[classThread]}
		c, err := pushThread(f, q, out, op)
		if err != nil {
			return Count{}, err
		}
		joinCounts(&total, c)
	}
	for c, size := range []int{classWarp: f.tune.WarpSize, classTeam: f.tune.TeamSize} {
		if c == classThread || counts[c] == 0 {
			continue
		}
		q := Worklist{Size: int(counts[c]), Queue: f.class[c]}
		chunk := 1
		if !f.space.Info().Device {
			chunk = f.tune.chunk(q.Size)
		}
		k := PushTeam[Op]{G: f.g.Out(), In: q, Out: out, Chunk: chunk, Op: op}
		var c Count
		if err := portable.ParallelReduceTeam(f.space, "frontier: push hierarchical", f.teamPolicy(ceilDiv(q.Size, chunk), size), k, portable.KernelJoin[Count](k, &c)); err != nil {
			return Count{}, err
		}
		joinCounts(&total, c)
	}
	return total, nil
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

func ceilDiv64(a, b int64) int64 { return (a + b - 1) / b }

func align16(n int) int { return (n + 15) &^ 15 }

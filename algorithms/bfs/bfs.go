package bfs

import (
	"errors"
	"fmt"
	"slices"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Stats summarizes one search.
type Stats struct {
	// Root is the search's root.
	Root int32
	// Reached is the number of vertices reached, the root included.
	Reached int64
	// Depth is the largest level reached (0 when only the root is reached).
	Depth int
	// Levels[d] is the number of vertices at level d; Levels[0] is 1 (the root). A ReachOnly
	// search that ran local rounds (LocalRounds) or growing pull steps (Grown) keeps no levels:
	// Levels then holds one entry, the number of vertices reached, and Depth is 0.
	Levels []int64
	// LocalRounds reports that fused steps ran several levels inside teams
	// (frontier.Tuning.LevelRounds, a device's default for traversals of small worklists):
	// no pull step followed them, and the parents were repaired at the end.
	LocalRounds bool
	// Grown reports that a ReachOnly search's pull steps were frontier.PullReach steps (on
	// host spaces), which claim vertices of several levels in one sweep.
	Grown bool
	// PushSteps and PullSteps count the steps of each direction.
	PushSteps, PullSteps int
	// Steps holds every step when Options.Trace is set.
	Steps []frontier.Step
}

// BFS is a breadth-first search over one graph, with its result arrays (level and parent of
// every vertex) in the graph's space; Run may be called repeatedly with different roots, and
// each run overwrites the results. A BFS is not safe for concurrent use. Free releases its
// memory.
type BFS struct {
	g       *dgraph.Graph
	f       *frontier.Frontier
	opt     Options
	level   views.View1D[int32]
	parent  views.View1D[int32]
	state   views.View1D[uint64] // level and parent of every vertex, packed (see visit)
	visited views.View1D[uint32]
	before  views.View1D[uint32] // ReachOnly: the visited bitmap before the last push step
	root    int32
	ran     bool
}

// New prepares a search over g: it allocates the level and parent arrays, the packed
// level-and-parent words that searches claim (8 bytes per vertex), a visited bitmap and the
// worklist in g's space (O(N) memory: about 16 bytes per vertex, plus the worklist's). For direction-optimizing searches on a graph
// that is not symmetric the first pull step builds the transpose (dgraph.Graph.In). Errors
// are bad options or failed allocations.
func New(g *dgraph.Graph, opt Options) (*BFS, error) {
	if g == nil {
		return nil, errors.New("bfs: nil graph")
	}
	if opt.Alpha < 0 || opt.Beta < 0 {
		return nil, fmt.Errorf("bfs: negative Alpha %g or Beta %g", opt.Alpha, opt.Beta)
	}
	if opt.Alpha == 0 {
		opt.Alpha = 15
	}
	if opt.Beta == 0 {
		opt.Beta = 18
	}
	if opt.Direction > Optimizing {
		return nil, fmt.Errorf("bfs: unknown direction %v", opt.Direction)
	}
	f, err := frontier.New(g, frontier.Options{Strategy: opt.Strategy, Format: opt.Format, Unique: true,
		SampleEvery: opt.SampleEvery, Tuning: opt.Tuning, Trace: opt.Trace})
	if err != nil {
		return nil, err
	}
	b := &BFS{g: g, f: f, opt: opt}
	mem := g.Space().Memory()
	if b.level, err = views.Alloc1D[int32](mem, "bfs level", g.N()); err != nil {
		b.Free()
		return nil, err
	}
	if b.parent, err = views.Alloc1D[int32](mem, "bfs parent", g.N()); err != nil {
		b.Free()
		return nil, err
	}
	if b.state, err = views.Alloc1D[uint64](mem, "bfs state", g.N()); err != nil {
		b.Free()
		return nil, err
	}
	if b.visited, err = views.Alloc1D[uint32](mem, "bfs visited", (g.N()+31)/32); err != nil {
		b.Free()
		return nil, err
	}
	if opt.ReachOnly {
		if b.before, err = views.Alloc1D[uint32](mem, "bfs visited before", (g.N()+31)/32); err != nil {
			b.Free()
			return nil, err
		}
	}
	return b, nil
}

// Free releases the search's memory now. It is idempotent.
func (b *BFS) Free() {
	b.f.Free()
	b.level.Free()
	b.parent.Free()
	b.state.Free()
	b.visited.Free()
	b.before.Free()
}

// Run searches from root and returns its statistics; the levels and parents are then
// available from Level, Parent and Views. A root out of range is an error, and so is a launch
// failure. It costs O(N) to reset the arrays plus the traversal: O(M) for top-down steps,
// usually much less for direction-optimizing ones.
func (b *BFS) Run(root int32) (Stats, error) { return b.RunFrom(root) }

// RunFrom is a multi-source search: every vertex of roots is at level 0 and its own parent,
// and every other vertex reached gets the level of its nearest root and a parent on the level
// before. A root given twice counts once; Stats.Root is the first, and Levels[0] the number of
// distinct roots. No roots, or a root out of range, is an error. A ReachOnly search from v and
// N+v of a doubled graph (dgraph.Graph.Doubled) is a forward and a backward search from v in
// one traversal. It costs one launch per root more than Run's set-up.
func (b *BFS) RunFrom(roots ...int32) (Stats, error) {
	n := b.g.N()
	st := Stats{}
	if len(roots) == 0 {
		return st, errors.New("bfs: RunFrom without roots")
	}
	st.Root = roots[0]
	for _, r := range roots {
		if r < 0 || int(r) >= n {
			return st, fmt.Errorf("bfs: root %d is not a vertex of a graph with %d vertices", r, n)
		}
	}
	if len(roots) > 1 {
		roots = slices.Compact(slices.Sorted(slices.Values(roots)))
	}
	b.ran = false
	space := b.g.Space()
	var err error
	if b.opt.ReachOnly {
		if err := portable.Fill(space, "bfs: clear visited", b.visited, 0); err != nil {
			return st, err
		}
		for _, r := range roots {
			if err := portable.ParallelFor(space, "bfs: root", portable.Range(0, 1), setRootBit{Visited: b.visited, Root: r}); err != nil {
				return st, err
			}
		}
		err = search(b, reach{Visited: b.visited}, roots, &st)
	} else {
		if err := portable.Fill(space, "bfs: clear states", b.state, unreached); err != nil {
			return st, err
		}
		for _, r := range roots {
			if err := portable.ParallelFor(space, "bfs: root", portable.Range(0, 1), setRoot{State: b.state, Root: r}); err != nil {
				return st, err
			}
		}
		err = search(b, visit{State: b.state, Visited: b.visited}, roots, &st)
		if err == nil && !st.LocalRounds {
			err = b.unpack()
		}
	}
	if err != nil {
		return st, err
	}
	for _, c := range st.Levels {
		st.Reached += c
	}
	st.Depth = len(st.Levels) - 1
	st.Steps = b.f.Trace()
	b.root, b.ran = st.Root, true
	return st, nil
}

// Views returns the level and parent arrays in the graph's space: level[v] is v's distance
// in edges from the root and parent[v] the vertex that claimed it (the root is its own
// parent); both are -1 for unreached vertices. They are overwritten by the next Run, and
// not written at all by a search with Options.ReachOnly.
func (b *BFS) Views() (level, parent views.View1D[int32]) { return b.level, b.parent }

// Reached returns the visited bitmap in the graph's space after a run with Options.ReachOnly:
// vertex v was reached when bit v&31 of word v>>5 is set (bits past the last vertex are
// unspecified). It is overwritten by the next Run, and undefined for other searches.
func (b *BFS) Reached() views.View1D[uint32] { return b.visited }

// Level returns a host copy of the levels of the last Run.
func (b *BFS) Level() ([]int32, error) { return b.download(b.level) }

// Parent returns a host copy of the parents of the last Run.
func (b *BFS) Parent() ([]int32, error) { return b.download(b.parent) }

func (b *BFS) download(v views.View1D[int32]) ([]int32, error) {
	if !b.ran {
		return nil, errors.New("bfs: no completed run")
	}
	if b.opt.ReachOnly {
		return nil, errors.New("bfs: a ReachOnly search keeps no levels or parents")
	}
	h := views.New1D[int32](v.Label()+" host", v.Len())
	if err := views.DeepCopy(h, v); err != nil {
		return nil, err
	}
	return h.Data(), nil
}

// Edges returns the number of out-edges of the vertices reached by the last Run, the edges a
// traversal examines (the numerator of TEPS, as the Graph500 counts them). It runs one
// reduction over the vertices.
func (b *BFS) Edges() (int64, error) {
	if !b.ran {
		return 0, errors.New("bfs: no completed run")
	}
	if b.opt.ReachOnly {
		return 0, errors.New("bfs: a ReachOnly search keeps no levels")
	}
	var m int64
	err := portable.ParallelReduce(b.g.Space(), "bfs: reached edges", portable.Range(0, b.g.N()), reachedEdges{G: b.g.Out(), Level: b.level}, portable.Sum(&m))
	return m, err
}

// Result is a search's outcome as host arrays.
type Result struct {
	Stats
	// Level and Parent are as described on BFS.Views.
	Level, Parent []int32
}

// Run is the one-call form: it searches g from root with opt and returns host copies of the
// results. It allocates and frees the search's memory.
func Run(g *dgraph.Graph, root int32, opt Options) (*Result, error) {
	b, err := New(g, opt)
	if err != nil {
		return nil, err
	}
	defer b.Free()
	st, err := b.Run(root)
	if err != nil {
		return nil, err
	}
	r := &Result{Stats: st}
	if r.Level, err = b.Level(); err != nil {
		return nil, err
	}
	if r.Parent, err = b.Parent(); err != nil {
		return nil, err
	}
	return r, nil
}

// searchOp is an edge operator of BFS: visit, or reach for Options.ReachOnly.
type searchOp[O any] interface {
	frontier.PullOp
	// deeper returns the operator for the level d levels further from the root.
	deeper(d int32) O
	// local returns the operator with local rounds allowed or not (see visit.Correcting).
	local(on bool) O
}

func (o visit) deeper(d int32) visit {
	o.Depth += d
	return o
}

func (o visit) local(on bool) visit {
	o.Local = on
	return o
}

func (o reach) deeper(int32) reach { return o }

func (o reach) local(on bool) reach {
	o.Local = on
	return o
}

// growPull reports whether a ReachOnly search's pull steps are frontier.PullReach steps, whose
// sources are all the vertices reached so far and grow during the sweep, on space (a variable,
// so that tests can force either way). It does on host spaces: on a 2^18-vertex uniform random
// graph, one such step claims nearly every vertex that two plain pull steps and the conversions
// around them (the claimed bits of the push step before, the merge into the visited bitmap
// after) claim. Devices keep plain pull steps: PullReach's device kernel, whose loads of the
// growing bitmap are atomic, has not been timed against them on a GPU.
var growPull = func(space execspace.Space) bool { return !space.Info().Device }

// roundsAfter is the number of levels after which a direction-optimizing search lets fused steps
// run local rounds (which rule out pull steps for the rest of the search): graphs of small
// diameter, whose searches gain from pull steps, are done by then; top-down searches allow
// them from the start.
const roundsAfter = 64

// search runs the steps of a search from roots with operator op, whose arrays Run has reset,
// and records them in st.
func search[O searchOp[O]](b *BFS, op O, roots []int32, st *Stats) error {
	n := b.g.N()
	space := b.g.Space()
	if err := b.f.Set(roots...); err != nil {
		return err
	}
	optimizing := b.opt.optimizing()
	pull, forcePush, prevPush := false, false, false
	// rounds reports fused steps with local rounds: their steps do not each cover a level,
	// levels may still be lowered by the steps after them (so no pull step follows: it would
	// only claim unvisited vertices), and the parents need a repair at the end.
	rounds := false
	// single reports that the current worklist is the output of one push step of a
	// ReachOnly search, taken after b.before was copied from the visited bitmap.
	single := false
	unexplored := b.g.NumEdges()
	var prev int64
	for !b.f.Empty() {
		size := b.f.Size()
		st.Levels = append(st.Levels, size)
		if rounds {
			pull = false
		} else if optimizing {
			if pull {
				if size < prev && float64(size) <= float64(n)/b.opt.Beta {
					pull, forcePush = false, true
				}
			} else if forcePush {
				// Back from pull steps: one push step, as Beamer's and GAP's codes take.
				forcePush = false
			} else {
				edges, err := b.f.Edges()
				if err != nil {
					return err
				}
				// Pull steps pay off while the frontier grows; in the shrinking tail of a
				// high-diameter traversal the unexplored edges run low too, and switching
				// there would alternate one pull step (a pass over every vertex) with one
				// push step to the end.
				if float64(edges) > float64(unexplored)/b.opt.Alpha && size > prev {
					pull = true
				} else {
					unexplored -= edges
				}
			}
		}
		var err error
		if !b.opt.ReachOnly && pull && (st.PullSteps == 0 || prevPush) {
			// visit's push steps do not maintain the visited bitmap: rebuild it.
			err = portable.ParallelFor(space, "bfs: visited", portable.Range(0, b.visited.Len()), markVisited{State: b.state, Visited: b.visited})
			if err != nil {
				return err
			}
		}
		grow := b.opt.ReachOnly && growPull(space)
		if b.opt.ReachOnly && pull && single && !grow {
			// The queue the last push step left holds the vertices it claimed, which are
			// the bits it set in the visited bitmap: hand the pull step that difference
			// as its bitmap (three passes over N/32 words) rather than an atomic OR per
			// vertex of the queue.
			err = portable.ParallelFor(space, "bfs: claimed", portable.Range(0, b.visited.Len()), claimedBits{Visited: b.visited, Before: b.before})
			if err == nil {
				err = b.f.Assign(frontier.Worklist{Bitmap: true, Size: n, Bits: b.before})
			}
			if err != nil {
				return err
			}
		}
		prevPush, single = !pull, false
		if pull && grow {
			_, err = frontier.PullReach(b.f, op, b.visited)
			st.PullSteps++
			st.Grown = true
		} else if pull {
			if _, err = frontier.Pull(b.f, op); err == nil {
				w := b.f.Worklist() // the bitmap of the vertices this step claimed
				err = portable.ParallelFor(space, "bfs: merge visited", portable.Range(0, b.visited.Len()), mergeVisited{Visited: b.visited, Bits: w.Bits})
			}
			st.PullSteps++
		} else {
			var fuse bool
			var steps []frontier.Step
			if fuse, err = b.f.Levels(); err == nil && fuse {
				// Small worklists: steps back to back in one launch. Each fused step
				// after the first is a push step that the loop would have taken too
				// (its input is within bounds far below the pull threshold).
				local := !optimizing || len(st.Levels) > roundsAfter
				op = op.local(local)
				most := levelSteps
				if !local {
					// Up to the level where local rounds are allowed, and no further.
					most = max(1, roundsAfter+1-len(st.Levels))
				}
				if steps, err = pushLevels(b.f, op, most); err == nil && len(steps) > 0 {
					for _, s := range steps {
						rounds = rounds || s.Rounds > 1
					}
					for _, s := range steps[:len(steps)-1] {
						st.Levels = append(st.Levels, s.Added)
						unexplored -= s.AddedEdges
					}
					st.PushSteps += len(steps)
					op = op.deeper(int32(len(steps) - 1))
					if len(steps) > 1 {
						size = steps[len(steps)-2].Added
					}
				}
			}
			if err == nil && len(steps) == 0 { // not fused, or a vertex too large for it
				if b.opt.ReachOnly && !grow {
					err = views.DeepCopy(b.before, b.visited)
				}
				if err == nil {
					_, err = frontier.Push(b.f, op)
					single = b.opt.ReachOnly && !grow
				}
				st.PushSteps++
			}
		}
		if err != nil {
			return err
		}
		op = op.deeper(1)
		prev = size
	}
	if rounds {
		st.LocalRounds = true
		return b.settle(st)
	}
	if st.Grown {
		var reached int64
		for _, c := range st.Levels {
			reached += c
		}
		st.Levels = []int64{reached} // every step added vertices new to the search
	}
	return nil
}

// unpack writes the levels and parents of the states into the arrays that Views returns.
func (b *BFS) unpack() error {
	return portable.ParallelFor(b.g.Space(), "bfs: unpack", portable.Range(0, b.g.N()), unpackStates{State: b.state, Level: b.level, Parent: b.parent})
}

// settle finishes a search that ran fused steps with local rounds: it repairs the parents and
// counts the vertices of each level (a ReachOnly search counts the reached vertices, and its
// Levels holds their number alone, as one level).
func (b *BFS) settle(st *Stats) error {
	space := b.g.Space()
	n := b.g.N()
	if b.opt.ReachOnly {
		var reached int64
		if err := portable.ParallelReduce(space, "bfs: reached", portable.Range(0, b.visited.Len()), reachedBits{Visited: b.visited}, portable.Sum(&reached)); err != nil {
			return err
		}
		st.Levels = []int64{reached}
		return nil
	}
	if err := portable.ParallelFor(space, "bfs: parents", portable.Range(0, n), fixParents{G: b.g.Out(), State: b.state}); err != nil {
		return err
	}
	if err := b.unpack(); err != nil {
		return err
	}
	var depth int64
	if err := portable.ParallelReduce(space, "bfs: depth", portable.Range(0, n), deepest{Level: b.level}, portable.Max(&depth)); err != nil {
		return err
	}
	count, err := views.Alloc1D[int64](space.Memory(), "bfs level sizes", int(depth)+1)
	if err != nil {
		return err
	}
	defer count.Free()
	if err := portable.ParallelFor(space, "bfs: level sizes", portable.Range(0, n), levelSizes{Level: b.level, Count: count}); err != nil {
		return err
	}
	st.Levels = make([]int64, depth+1)
	return views.DeepCopy(views.Wrap1D("bfs level sizes", st.Levels), count)
}

package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Delta-stepping runs as a near-far worklist: the frontier holds the near vertices, whose
// distance is below the current threshold T, and is pushed until it empties; improved
// vertices at or beyond T wait in the far pile. When the near set is empty the threshold
// moves to the end of the bucket of width Delta that holds the smallest far distance, and the
// far pile is split into the new near set and the rest. Each step costs the edges of the near
// set plus a split of the improved vertices; the far pile is scanned once per bucket.

// Marks of the split kernels.
const (
	markDrop = 0 // not kept: stale, or already in the far pile
	markNear = 1 // joins the near set
	markFar  = 2 // joins (or stays in) the far pile
)

// markImproved classifies the improved vertices of a step: near if below T, otherwise far if
// the vertex is not in the far pile yet (its flag becomes 1; it may wait in the later pile,
// see window.go, whose entry then goes stale). It reduces the smallest
// distance at or beyond T, so that the far pile's minimum is known without a pass over it.
//
//gokkos:kernel
type markImproved struct {
	In      frontier.Worklist
	Dist    distances
	Pending views.View1D[int32]
	T       float64
	Mark    views.View1D[int32]
}

// Run marks slot s.
func (k markImproved) Run(s int, acc *float64) {
	m := int32(markDrop)
	if v := k.In.Vertex(s); v >= 0 {
		if d := k.Dist.At(int(v)); d < k.T {
			m = markNear
		} else {
			*acc = min(*acc, d)
			if k.Pending.AtomicExchange(int(v), 1) != 1 {
				m = markFar
			}
		}
	}
	k.Mark.Set(s, m)
}

// markFarPile classifies the far pile's entries for the new threshold T: entries below Old
// were settled in an earlier near phase and are dropped, entries below T become near, the
// others stay. Dropped and near entries leave the pile (their flag is cleared). It reduces
// the smallest distance of the entries that stay.
//
//gokkos:kernel
type markFarPile struct {
	Queue   views.View1D[int32]
	Dist    distances
	Pending views.View1D[int32]
	Old, T  float64
	Mark    views.View1D[int32]
}

// Run marks entry i.
func (k markFarPile) Run(i int, acc *float64) {
	v := int(k.Queue.At(i))
	d := k.Dist.At(v)
	m := int32(markFar)
	if d < k.T {
		k.Pending.Set(v, 0)
		m = markNear
		if d < k.Old {
			m = markDrop
		}
	} else {
		*acc = min(*acc, d)
	}
	k.Mark.Set(i, m)
}

// splitMarked writes the near entries to Near and the far ones to Far from position Base. The
// scan's value counts near entries in its low 32 bits and far ones in its high bits.
//
//gokkos:kernel
type splitMarked struct {
	In   frontier.Worklist
	Mark views.View1D[int32]
	Near views.View1D[int32]
	Far  views.View1D[int32]
	Base int
}

// Run places slot s.
func (k splitMarked) Run(s int, acc *int64, final bool) {
	m := k.Mark.At(s)
	if m == markDrop {
		return
	}
	if final {
		if m == markNear {
			k.Near.Set(int(*acc&0xffffffff), k.In.Vertex(s))
		} else {
			k.Far.Set(k.Base+int(*acc>>32), k.In.Vertex(s))
		}
	}
	if m == markNear {
		*acc += 1
	} else {
		*acc += 1 << 32
	}
}

// split applies a marking to the slots of w: near entries to s.take, far ones appended to far
// from base. It returns the counts.
func (s *SSSP) split(w frontier.Worklist, far views.View1D[int32], base int) (near, farAdded int, err error) {
	var total int64
	k := splitMarked{In: w, Mark: s.mark, Near: s.take, Far: far, Base: base}
	if err := portable.ParallelScan(s.g.Space(), "sssp: split", s.slots(w.Slots()), k, &total); err != nil {
		return 0, 0, err
	}
	return int(total & 0xffffffff), int(total >> 32), nil
}

// runDelta runs near-far delta-stepping from the initialized distances.
func (s *SSSP) runDelta(st *Stats) error {
	space := s.g.Space()
	if s.idist.Len() > 0 && (!space.Info().Device || s.forceBins) {
		// The host runs binned delta-stepping (bins.go) where the distances are integers;
		// should its pool run out, the near-far form starts again from the source.
		done, err := s.runBins(st)
		if err != nil || done {
			return err
		}
		st.Iterations = 0
		if err := portable.ParallelFor(space, "sssp: init", portable.Range(0, s.g.N()), initDist{Dist: s.distances(), Pending: s.pending, Source: st.Source}); err != nil {
			return err
		}
	}
	// The source's pending flag was set by initDist; it is near, not in the far pile.
	if err := portable.ParallelFor(space, "sssp: seed", portable.Range(0, 1), seed{Queue: s.take, V: st.Source}); err != nil {
		return err
	}
	if err := portable.Fill(space, "sssp: clear pending", s.pending, 0); err != nil {
		return err
	}
	if err := s.f.Set(); err != nil {
		return err
	}
	if err := s.f.Assign(frontier.Worklist{Size: 1, Queue: s.take}); err != nil {
		return err
	}
	low, t := 0.0, s.delta
	cur, farSize := 0, 0
	// farMin is at most the smallest distance in the far pile: the markings reduce the
	// distances of the entries they keep or add and of pile entries that improved again.
	// It may be stale (an entry that improved below T since), which at worst costs a bucket
	// with nothing near; a pile rebuild makes it exact again.
	farMin := math.Inf(1)
	// The later pile (window.go) serves the host, where a split costs a pass over the pile
	// with no launch latency to hide it; piles of up to maxPile entries fit splitPile's
	// counts. The window starts empty, so that the first bucket switch sets it.
	windowed := !space.Info().Device && s.g.N() <= maxPile
	lp := laterPile{flag: 2, w: math.Inf(-1)}
	if windowed {
		if err := s.allocLater(); err != nil {
			return err
		}
	}
	var err error
	for {
		for !s.f.Empty() {
			ok, err := s.f.Levels()
			if err != nil {
				return err
			}
			if ok {
				// Small worklists: fused steps that split as they relax; the worklist
				// they leave holds near vertices only.
				steps, size, m, err := s.pushNear(t, s.queue[cur], farSize)
				if err != nil {
					return err
				}
				st.Iterations += steps
				farSize, farMin = size, min(farMin, m)
				if steps > 0 {
					continue
				}
				// None ran (a vertex of large degree): a push step as below.
			}
			if _, err := s.push(); err != nil {
				return err
			}
			st.Iterations++
			if s.f.Empty() {
				break
			}
			// The marking and the split walk the worklist slot by slot: a queue of the
			// improved vertices rather than a bitmap of every vertex.
			if err := s.f.Compact(); err != nil {
				return err
			}
			w := s.f.Worklist()
			mk := markImproved{In: w, Dist: s.distances(), Pending: s.pending, T: t, Mark: s.mark}
			m := math.Inf(1)
			if err := portable.ParallelReduce(space, "sssp: mark improved", s.slots(w.Slots()), mk, portable.Min(&m)); err != nil {
				return err
			}
			farMin = min(farMin, m)
			near, added, err := s.split(w, s.queue[cur], farSize)
			if err != nil {
				return err
			}
			farSize += added
			if err := s.f.Assign(frontier.Worklist{Size: near, Queue: s.take}); err != nil {
				return err
			}
		}
		if windowed && (farSize == 0 || !(farMin < lp.w)) {
			// The far pile holds nothing below the window's end: move the window.
			added, m, err := s.refill(&lp, farSize, farMin, s.queue[cur])
			if err != nil {
				return err
			}
			farSize += added
			farMin = min(farMin, m)
		}
		if farSize == 0 {
			return nil
		}
		// Next bucket: the one holding the smallest far distance.
		q := s.queue[cur]
		m := farMin
		if math.IsInf(m, 1) { // every pile entry improved below T since: all are dropped
			m = t
		}
		low, t = t, (math.Floor(m/s.delta)+1)*s.delta
		if !(t > m) { // m/delta beyond float precision
			t = math.Nextafter(m, math.Inf(1))
		}
		var near, kept int
		if windowed {
			t = min(t, lp.w)
			if lp.size+farSize > s.g.N() { // stale entries fill the later pile: compact it
				if err := lp.compact(s); err != nil {
					return err
				}
			}
			var late int
			if near, kept, late, err = s.splitFar(q, farSize, low, t, &lp, s.queue[1-cur]); err != nil {
				return err
			}
			// The entries kept are at or beyond t; where none is near, the next bucket is
			// the one of their smallest distance.
			farMin = t
			if near == 0 && kept > 0 {
				farMin = math.Inf(1)
				k := pendingMin{Queue: s.queue[1-cur], Dist: s.distances()}
				if err := portable.ParallelReduce(space, "sssp: far min", s.slots(kept), k, portable.Min(&farMin)); err != nil {
					return err
				}
			}
			lp.size += late
		} else {
			mk := markFarPile{Queue: q, Dist: s.distances(), Pending: s.pending, Old: low, T: t, Mark: s.mark}
			farMin = math.Inf(1)
			if err := portable.ParallelReduce(space, "sssp: mark far", s.slots(farSize), mk, portable.Min(&farMin)); err != nil {
				return err
			}
			if near, kept, err = s.split(frontier.Worklist{Size: farSize, Queue: q}, s.queue[1-cur], 0); err != nil {
				return err
			}
		}
		cur, farSize = 1-cur, kept
		if err := s.f.Assign(frontier.Worklist{Size: near, Queue: s.take}); err != nil {
			return err
		}
	}
}

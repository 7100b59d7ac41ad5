package sssp

import (
	"math"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// The later pile. With a small Delta the far pile of delta-stepping holds most of the graph's
// frontier for hundreds of buckets, and splitting all of it at every bucket costs more than
// the buckets' edges. With a window the far pile holds only the entries below the window's end
// W (and the vertices added since the last split); the entries at or beyond W wait in the later
// pile, which is split once per window: when the far pile runs empty, the window moves to the
// buckets that start at the smallest later distance and the later pile hands over the entries
// below its new end.
//
// A vertex's pending flag says where it waits: 0 in no pile, 1 in the far pile, and the later
// pile's current flag (2, 3, ...: it changes at every split of the later pile) in the later
// pile. A vertex of the later pile that improves joins the far pile (its flag becomes 1) and
// leaves a stale entry behind; a split of the later pile keeps, of the entries whose flag is
// the current one, exactly one per vertex (the one that exchanges the flag first), so that the
// later pile never holds more than the vertices outside the far pile.

// markLater is the class of a far pile entry at or beyond the window's end.
const markLater = 3

// Bits of each count in the scan value of splitPile.
const pileBits = 21

// maxPile is the largest pile splitPile serves: pileBits bits per count.
const maxPile = 1<<pileBits - 1

// splitWindow splits the far pile for the new threshold T and the window's end W in one scan:
// entries below Old were settled in an earlier near phase and are dropped, entries below T go
// to Near (both leave the pile: their flag is cleared), entries below W stay (to Far), the
// others go to the later pile LaterQ from position LaterBase (their flag becomes Later). The
// classes depend on the distances only, so both passes of the scan agree on them; the flags
// are written in the final pass. The scan's value counts near, far and later entries in
// fields of pileBits bits.
//
//gokkos:kernel
type splitWindow struct {
	Queue     views.View1D[int32]
	Dist      distances
	Pending   views.View1D[int32]
	Old, T, W float64
	Later     int32
	Near, Far views.View1D[int32]
	LaterQ    views.View1D[int32]
	LaterBase int
}

// Run places entry i.
func (k splitWindow) Run(i int, acc *int64, final bool) {
	v := k.Queue.At(i)
	d := k.Dist.At(int(v))
	m := int32(markFar)
	switch {
	case d < k.Old:
		m = markDrop
	case d < k.T:
		m = markNear
	case !(d < k.W):
		m = markLater
	}
	if final {
		at := 0
		if m != markDrop {
			at = int(*acc>>((m-1)*pileBits)) & maxPile
		}
		switch m {
		case markDrop:
			k.Pending.Set(int(v), 0)
		case markNear:
			k.Pending.Set(int(v), 0)
			k.Near.Set(at, v)
		case markFar:
			k.Far.Set(at, v)
		default:
			k.Pending.Set(int(v), k.Later)
			k.LaterQ.Set(k.LaterBase+at, v)
		}
	}
	if m != markDrop {
		*acc += 1 << ((m - 1) * pileBits)
	}
}

// splitFar runs splitWindow over the far pile q of size entries and returns the counts of
// near, far and later entries.
func (s *SSSP) splitFar(q views.View1D[int32], size int, old, t float64, lp *laterPile, far views.View1D[int32]) (int, int, int, error) {
	var total int64
	k := splitWindow{Queue: q, Dist: s.distances(), Pending: s.pending, Old: old, T: t, W: lp.w, Later: lp.flag,
		Near: s.take, Far: far, LaterQ: s.later[lp.cur], LaterBase: lp.size}
	if err := portable.ParallelScan(s.g.Space(), "sssp: split window", s.slots(size), k, &total); err != nil {
		return 0, 0, 0, err
	}
	return int(total & maxPile), int(total>>pileBits) & maxPile, int(total>>(2*pileBits)) & maxPile, nil
}

// markRefill classifies the later pile's entries for the window's new end W: stale entries
// (whose flag is not Later) and duplicates are dropped, entries below W move to the far pile
// (flag 1, class markFar), the others stay (flag Next, class markLater). It reduces the
// smallest distance of the entries that move.
//
//gokkos:kernel
type markRefill struct {
	Queue       views.View1D[int32]
	Dist        distances
	Pending     views.View1D[int32]
	W           float64
	Later, Next int32
	Mark        views.View1D[int32]
}

// Run marks entry i.
func (k markRefill) Run(i int, acc *float64) {
	v := int(k.Queue.At(i))
	m := int32(markDrop)
	if k.Pending.AtomicLoad(v) == k.Later {
		d := k.Dist.At(v)
		if d < k.W {
			if k.Pending.AtomicExchange(v, 1) == k.Later {
				m = markFar
				*acc = min(*acc, d)
			}
		} else if k.Pending.AtomicExchange(v, k.Next) == k.Later {
			m = markLater
		}
	}
	k.Mark.Set(i, m)
}

// laterMin finds the smallest distance of the later pile's current entries (flag Later).
//
//gokkos:kernel
type laterMin struct {
	Queue   views.View1D[int32]
	Dist    distances
	Pending views.View1D[int32]
	Later   int32
}

// Run contributes entry i.
func (k laterMin) Run(i int, acc *float64) {
	v := int(k.Queue.At(i))
	if k.Pending.At(v) == k.Later {
		*acc = min(*acc, k.Dist.At(v))
	}
}

// splitPile writes the marked entries of Queue by class: near ones to Near, far ones to Far,
// later ones to Later from position LaterBase. The scan's value counts the three classes in
// fields of pileBits bits.
//
//gokkos:kernel
type splitPile struct {
	Queue     views.View1D[int32]
	Mark      views.View1D[int32]
	Near      views.View1D[int32]
	Far       views.View1D[int32]
	Later     views.View1D[int32]
	LaterBase int
}

// Run places entry i.
func (k splitPile) Run(i int, acc *int64, final bool) {
	m := k.Mark.At(i)
	if m == markDrop {
		return
	}
	shift := (m - 1) * pileBits
	if final {
		at := int(*acc>>shift) & maxPile
		v := k.Queue.At(i)
		switch m {
		case markNear:
			k.Near.Set(at, v)
		case markFar:
			k.Far.Set(at, v)
		default:
			k.Later.Set(k.LaterBase+at, v)
		}
	}
	*acc += 1 << shift
}

// splitPile3 runs splitPile over the first size entries of q and returns the counts of near,
// far and later entries.
func (s *SSSP) splitPile3(q views.View1D[int32], size int, near, far, later views.View1D[int32], laterBase int) (int, int, int, error) {
	var total int64
	k := splitPile{Queue: q, Mark: s.mark, Near: near, Far: far, Later: later, LaterBase: laterBase}
	if err := portable.ParallelScan(s.g.Space(), "sssp: split pile", s.slots(size), k, &total); err != nil {
		return 0, 0, 0, err
	}
	return int(total & maxPile), int(total>>pileBits) & maxPile, int(total>>(2*pileBits)) & maxPile, nil
}

// windowBuckets is the window's width in buckets.
const windowBuckets = 16

// laterPile is the state of the later pile: entries s.later[cur][:size], flag the pending
// flag of its current entries, w the window's end.
type laterPile struct {
	cur, size int
	flag      int32
	w         float64
}

// allocLater allocates the later pile's two queues once.
func (s *SSSP) allocLater() error {
	for i := range s.later {
		if s.later[i].Len() == 0 {
			var err error
			if s.later[i], err = views.Alloc1D[int32](s.g.Space().Memory(), "sssp later pile", s.g.N()); err != nil {
				return err
			}
		}
	}
	return nil
}

// refill moves the window to the buckets from the smallest distance of the far and the later
// pile (farMin is at most the far pile's; when the later pile's smallest distance is below the
// window's new end, at least one entry moves) and appends the later entries below its new end to
// far after its first farSize entries. It returns their number and smallest distance.
func (s *SSSP) refill(lp *laterPile, farSize int, farMin float64, far views.View1D[int32]) (int, float64, error) {
	space := s.g.Space()
	m := farMin
	if farSize == 0 { // farMin bounds an empty pile: the window starts at the later pile
		m = math.Inf(1)
	}
	if lp.size > 0 {
		lm := math.Inf(1)
		k := laterMin{Queue: s.later[lp.cur], Dist: s.distances(), Pending: s.pending, Later: lp.flag}
		if err := portable.ParallelReduce(space, "sssp: later min", s.slots(lp.size), k, portable.Min(&lm)); err != nil {
			return 0, 0, err
		}
		m = min(m, lm)
	}
	if math.IsInf(m, 1) { // nothing waits beyond the far pile's stale entries
		lp.size, lp.w = 0, math.Inf(1)
		return 0, math.Inf(1), nil
	}
	lp.w = (math.Floor(m/s.delta) + windowBuckets) * s.delta
	if !(lp.w > m) {
		lp.w = math.Nextafter(m, math.Inf(1))
	}
	if lp.size == 0 {
		return 0, math.Inf(1), nil
	}
	return s.splitLater(lp, farSize, far)
}

// compact drops the later pile's stale entries and duplicates.
func (lp *laterPile) compact(s *SSSP) error {
	w := lp.w
	lp.w = math.Inf(-1)
	_, _, err := s.splitLater(lp, 0, s.take)
	lp.w = w
	return err
}

// splitLater splits the later pile at the window's end: entries below it are appended to far
// after its first farSize entries, current entries at or beyond it stay. It returns the
// number of entries moved and their smallest distance.
func (s *SSSP) splitLater(lp *laterPile, farSize int, far views.View1D[int32]) (int, float64, error) {
	q := s.later[lp.cur]
	k := markRefill{Queue: q, Dist: s.distances(), Pending: s.pending, W: lp.w, Later: lp.flag, Next: lp.flag + 1, Mark: s.mark}
	moved := math.Inf(1)
	if err := portable.ParallelReduce(s.g.Space(), "sssp: mark later", s.slots(lp.size), k, portable.Min(&moved)); err != nil {
		return 0, 0, err
	}
	_, n, kept, err := s.splitPile3(q, lp.size, s.take, far.Sub(farSize, far.Len()), s.later[1-lp.cur], 0)
	if err != nil {
		return 0, 0, err
	}
	lp.cur, lp.size, lp.flag = 1-lp.cur, kept, lp.flag+1
	return n, moved, nil
}

// slots returns the policy of a launch over n pile or worklist entries: the frontier's Grain
// as the chunk, so that a small launch on the host runs on one worker.
func (s *SSSP) slots(n int) portable.RangePolicy {
	return portable.Range(0, n).WithChunk(s.f.Tuning().Grain)
}

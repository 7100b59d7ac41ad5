package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/views"
)

// Fused near steps. A near phase of delta-stepping on a graph of large diameter (a grid, a road
// network) is a long run of push steps over small worklists, and each step costs a push, a
// compaction, a marking and a split with host round trips between them. When the worklist is
// small (frontier.Frontier.Levels) the phase instead runs fused steps (frontier.PushLevels)
// with nearRelax, which does the split itself while it relaxes: a vertex whose new distance is
// below the threshold joins the next worklist, one at or beyond it goes to the far pile.

// nearRelax relaxes edge u→v like relax (float distances: W, Dist) or relaxInt (Int set:
// IW, IDist) and splits the improved vertex by its new distance d: v joins the next worklist
// when d < T; otherwise it joins the far pile Far unless it is there already (its Pending
// flag was 1 already; the pile's length is State[0]), and State[1] drops to d's key if that is
// smaller. Keys order like the distances, which are non-negative in delta-stepping: the
// float64's bits, or the integer. Its fields are the views themselves, not relax and relaxInt
// values, so that the host's visit loop takes every view as a slice and inlines its atomics.
type nearRelax struct {
	W, Dist   views.View1D[float64]
	IW, IDist views.View1D[uint32]
	Int       bool
	T         float64
	Pending   views.View1D[int32]
	Far       views.View1D[int32]
	State     views.View1D[int64]
}

// Visit relaxes edge u→v and splits v when it improved.
func (o nearRelax) Visit(u, v int32, e int64) bool {
	var key int64
	var d float64
	if o.Int {
		w := uint64(1)
		if o.IW.Len() > 0 {
			w = uint64(o.IW.At(int(e)))
		}
		nd := uint64(o.IDist.AtomicLoad(int(u))) + w
		if nd >= uint64(o.IDist.AtomicLoad(int(v))) || uint64(o.IDist.AtomicMin(int(v), uint32(nd))) <= nd {
			return false
		}
		key, d = int64(nd), float64(nd)
	} else {
		w := 1.0
		if o.W.Len() > 0 {
			w = o.W.At(int(e))
		}
		nd := o.Dist.AtomicLoad(int(u)) + w
		if !(nd < o.Dist.AtomicLoad(int(v))) || !(o.Dist.AtomicMin(int(v), nd) > nd) {
			return false
		}
		key, d = int64(math.Float64bits(nd)), nd
	}
	if d < o.T {
		return true
	}
	if key < o.State.AtomicLoad(1) {
		o.State.AtomicMin(1, key)
	}
	if o.Pending.AtomicExchange(int(v), 1) != 1 {
		o.Far.Set(int(o.State.AtomicAdd(0, 1)), v)
	}
	return false
}

// The fused-step kernels of the shortest-path operators.
var _ = []any{
	frontier.PushFused[nearRelax]{}, frontier.PushFused[relax]{}, frontier.PushFused[relaxInt]{},
}

// levelSteps is the most fused push steps of one frontier.PushLevels call.
const levelSteps = 1024

// noFar is State[1] while the fused steps added nothing at or beyond the threshold.
const noFar = math.MaxInt64

// pushNear runs fused near steps of delta-stepping with threshold t from the current (small)
// worklist, appending far vertices to far after its first farSize entries. The worklist it
// leaves holds near vertices only. It returns the steps it ran, the far pile's new length and the
// smallest distance it added or lowered in the pile (+Inf if none).
func (s *SSSP) pushNear(t float64, far views.View1D[int32], farSize int) (steps int, size int, farMin float64, err error) {
	if s.state.Len() == 0 {
		if s.state, err = views.Alloc1D[int64](s.g.Space().Memory(), "sssp far state", 2); err != nil {
			return 0, 0, 0, err
		}
	}
	st := []int64{int64(farSize), noFar}
	if err := views.DeepCopy(s.state, views.Wrap1D("sssp far state host", st)); err != nil {
		return 0, 0, 0, err
	}
	op := nearRelax{T: t, Pending: s.pending, Far: far, State: s.state}
	if s.idist.Len() > 0 {
		op.IW, op.IDist, op.Int = s.iw, s.idist, true
	} else {
		op.W, op.Dist = s.g.Out().Weights, s.dist
	}
	ran, err := frontier.PushLevels(s.f, op, levelSteps)
	if err != nil {
		return 0, 0, 0, err
	}
	if err := views.DeepCopy(views.Wrap1D("sssp far state host", st), s.state); err != nil {
		return 0, 0, 0, err
	}
	farMin = math.Inf(1)
	switch {
	case st[1] == noFar:
	case op.Int:
		farMin = float64(st[1])
	default:
		farMin = math.Float64frombits(uint64(st[1]))
	}
	return len(ran), int(st[0]), farMin, nil
}

// EdgeView returns the weights that Visit reads, so that host push steps prefetch them
// (frontier.EdgeViewer).
func (o nearRelax) EdgeView() any {
	if o.Int {
		return o.IW
	}
	return o.W
}

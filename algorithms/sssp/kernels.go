package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/views"
)

// The template's kernels instantiated with the shortest-path operators, named here so that
// the kernel translator generates them.
var _ = []any{
	frontier.PushThread[relax]{}, frontier.PushTeam[relax]{},
	frontier.PushLocal[relax]{}, frontier.PushGlobal[relax]{},
	frontier.PushThread[relaxInt]{}, frontier.PushTeam[relaxInt]{},
	frontier.PushLocal[relaxInt]{}, frontier.PushGlobal[relaxInt]{}, frontier.BinSteps[relaxInt]{},
	frontier.PushThread[poison]{}, frontier.PushTeam[poison]{},
	frontier.PushLocal[poison]{}, frontier.PushGlobal[poison]{},
}

// initDist sets every distance to +Inf (infInt for integer distances) and every pending flag
// to 0, and the source's distance to 0.
//
//gokkos:kernel
type initDist struct {
	Dist    distances
	Pending views.View1D[int32]
	Source  int32
}

// Run initializes vertex v.
func (k initDist) Run(v int) {
	src := v == int(k.Source)
	if k.Dist.I.Len() > 0 {
		d := uint32(infInt)
		if src {
			d = 0
		}
		k.Dist.I.Set(v, d)
	} else {
		d := math.Inf(1)
		if src {
			d = 0
		}
		k.Dist.F.Set(v, d)
	}
	p := int32(0)
	if src {
		p = 1
	}
	k.Pending.Set(v, p)
}

// seed stores V as the first entry of Queue.
//
//gokkos:kernel
type seed struct {
	Queue views.View1D[int32]
	V     int32
}

// Run stores the entry.
func (k seed) Run(int) { k.Queue.Set(0, k.V) }

// poisonWorklist gives every vertex of a worklist the distance -Inf.
//
//gokkos:kernel
type poisonWorklist struct {
	In   frontier.Worklist
	Dist views.View1D[float64]
}

// Run poisons slot s.
func (k poisonWorklist) Run(s int) {
	if v := k.In.Vertex(s); v >= 0 {
		k.Dist.AtomicStore(int(v), math.Inf(-1))
	}
}

// pendingMin finds the smallest distance of the pending queue.
//
//gokkos:kernel
type pendingMin struct {
	Queue views.View1D[int32]
	Dist  distances
}

// Run contributes entry i.
func (k pendingMin) Run(i int, acc *float64) {
	*acc = min(*acc, k.Dist.At(int(k.Queue.At(i))))
}

// partition splits the pending queue: entries with distance below Thr (or at most Thr when
// Inclusive) go to Take, in order, and leave the pending set; the others go to Keep.
//
//gokkos:kernel
type partition struct {
	Queue     views.View1D[int32]
	Dist      distances
	Pending   views.View1D[int32]
	Take      views.View1D[int32]
	Keep      views.View1D[int32]
	Thr       float64
	Inclusive bool
}

// Run places entry i.
func (k partition) Run(i int, acc *int64, final bool) {
	v := k.Queue.At(i)
	d := k.Dist.At(int(v))
	take := d < k.Thr || (k.Inclusive && d == k.Thr)
	if final {
		if take {
			k.Take.Set(int(*acc), v)
			k.Pending.Set(int(v), 0)
		} else {
			k.Keep.Set(i-int(*acc), v)
		}
	}
	if take {
		*acc += 1
	}
}

// claim marks, for each slot of a worklist, whether its vertex newly entered the pending set.
//
//gokkos:kernel
type claim struct {
	In      frontier.Worklist
	Pending views.View1D[int32]
	Mark    views.View1D[int32]
}

// Run claims slot s.
func (k claim) Run(s int) {
	var m int32
	if v := k.In.Vertex(s); v >= 0 && k.Pending.AtomicExchange(int(v), 1) == 0 {
		m = 1
	}
	k.Mark.Set(s, m)
}

// appendMarked appends the marked slots' vertices to Queue from position Base.
//
//gokkos:kernel
type appendMarked struct {
	In    frontier.Worklist
	Mark  views.View1D[int32]
	Queue views.View1D[int32]
	Base  int
}

// Run appends slot s if marked.
func (k appendMarked) Run(s int, acc *int64, final bool) {
	if k.Mark.At(s) == 0 {
		return
	}
	if final {
		k.Queue.Set(k.Base+int(*acc), k.In.Vertex(s))
	}
	*acc += 1
}

// weightMin finds the smallest edge weight.
//
//gokkos:kernel
type weightMin struct {
	W views.View1D[float64]
}

// Run contributes edge e.
func (k weightMin) Run(e int, acc *float64) { *acc = min(*acc, k.W.At(e)) }

// weightMax finds the largest edge weight.
//
//gokkos:kernel
type weightMax struct {
	W views.View1D[float64]
}

// Run contributes edge e.
func (k weightMax) Run(e int, acc *float64) { *acc = max(*acc, k.W.At(e)) }

// positiveMin finds the smallest positive edge weight.
//
//gokkos:kernel
type positiveMin struct {
	W views.View1D[float64]
}

// Run contributes edge e.
func (k positiveMin) Run(e int, acc *float64) {
	if w := k.W.At(e); w > 0 {
		*acc = min(*acc, w)
	}
}

// reachedCount counts the vertices with a distance below +Inf.
//
//gokkos:kernel
type reachedCount struct {
	Dist views.View1D[float64]
}

// Run counts vertex v.
func (k reachedCount) Run(v int, acc *int64) {
	if k.Dist.At(v) < math.Inf(1) {
		*acc += 1
	}
}

// finiteSum adds the finite distances.
//
//gokkos:kernel
type finiteSum struct {
	Dist views.View1D[float64]
}

// Run adds vertex v's distance if finite.
func (k finiteSum) Run(v int, acc *float64) {
	if d := k.Dist.At(v); !math.IsInf(d, 0) {
		*acc += d
	}
}

// finiteMax finds the largest finite distance.
//
//gokkos:kernel
type finiteMax struct {
	Dist views.View1D[float64]
}

// Run contributes vertex v's distance if finite.
func (k finiteMax) Run(v int, acc *float64) {
	if d := k.Dist.At(v); !math.IsInf(d, 0) {
		*acc = max(*acc, d)
	}
}

// reachedEdges sums the out-degrees of reached vertices.
//
//gokkos:kernel
type reachedEdges struct {
	G    dgraph.CSR
	Dist views.View1D[float64]
}

// Run adds vertex v's degree if reached.
func (k reachedEdges) Run(v int, acc *int64) {
	if k.Dist.At(v) < math.Inf(1) {
		*acc += k.G.Degree(int32(v))
	}
}

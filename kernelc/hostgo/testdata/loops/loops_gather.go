package loops

import "github.com/gokkos/gokkos/views"

// forest is a parent array whose helpers are methods with a value receiver.
type forest struct {
	P views.View1D[int32]
}

// find returns i's root.
func (f forest) find(i int32) int32 {
	for {
		p := f.P.AtomicLoad(int(i))
		if p == i {
			return p
		}
		i = p
	}
}

// hook puts the larger of the roots of a and b under the smaller: a helper without results
// that returns from inside its loop.
func (f forest) hook(a, b int32) {
	for {
		ra, rb := f.find(a), f.find(b)
		if ra == rb {
			return
		}
		if ra < rb {
			ra, rb = rb, ra
		}
		if f.P.AtomicCompareAndSwap(int(ra), ra, rb) {
			return
		}
	}
}

// tally adds one to c[i] when i is in range: a helper with a view parameter.
func tally(c views.View1D[int64], i int) {
	if i < 0 || i >= c.Len() {
		return
	}
	c.AtomicAdd(i, 1)
}

// bump changes its view parameter, so it is called as it is.
func bump(c views.View1D[int64], i int) {
	c = c.Sub(1, c.Len())
	c.AtomicAdd(i%c.Len(), 2)
}

// links nests the views of gatherMix one level down.
type links struct {
	F     forest
	Next  views.View1D[int32]
	Count views.View1D[int64]
	Min   views.View1D[int64]
}

// gatherMix reads and writes its views at other indices than its own, directly and through
// helpers, which its host loop's gather path turns into slice accesses.
//
//gokkos:kernel
type gatherMix struct {
	L   links
	Out views.View1D[int32]
}

func (k gatherMix) Run(i int) {
	j := int(k.L.Next.At(i))
	k.L.F.hook(int32(i), int32(j))
	tally(k.L.Count, j)
	bump(k.L.Count, i)
	k.L.Min.AtomicMin(j, int64(i))
	k.Out.Set(j, k.L.F.find(int32(j))+k.Out.At(j))
}

// raise stores max(x[i], v) in x[i]: its body uses the predeclared max.
func raise(x views.View1D[int64], i int, v int64) {
	x.Set(i, max(x.At(i), v))
}

// shadowMax calls raise where a local named max hides the predeclared one: the call stays a
// call of raise's clone instead of taking its body.
//
//gokkos:kernel
type shadowMax struct {
	X views.View1D[int64]
}

func (k shadowMax) Run(i int) {
	max := int64(i % 5)
	raise(k.X, (i*7)%k.X.Len(), max)
}

// swapMark marks i's target in Mark with an atomic exchange and counts, in Hits[0], the
// targets it marked first: the number of distinct targets, whatever the order.
//
//gokkos:kernel
type swapMark struct {
	Next views.View1D[int32]
	Mark views.View1D[int32]
	Hits views.View1D[int64]
}

func (k swapMark) Run(i int) {
	if k.Mark.AtomicExchange(int(k.Next.At(i)), 1) == 0 {
		k.Hits.AtomicAdd(0, 1)
	}
}

package interp

import (
	"fmt"
	"sync"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// errAborted unwinds lanes waiting at a barrier after another lane of the team failed.
type abortError struct{}

// barrier is a reusable barrier for a fixed set of goroutines. Lanes that finish leave it, so
// that the others do not wait for them (a device would hang instead).
type barrier struct {
	mu      sync.Mutex
	cond    *sync.Cond
	n       int
	arrived int
	gen     int
	broken  bool
}

func newBarrier(n int) *barrier {
	b := &barrier{n: n}
	b.cond = sync.NewCond(&b.mu)
	return b
}

func (b *barrier) wait() {
	b.mu.Lock()
	if b.broken {
		b.mu.Unlock()
		panic(abortError{})
	}
	g := b.gen
	b.arrived++
	if b.arrived >= b.n {
		b.arrived = 0
		b.gen++
		b.cond.Broadcast()
	} else {
		for g == b.gen && !b.broken {
			b.cond.Wait()
		}
	}
	broken := b.broken
	b.mu.Unlock()
	if broken {
		panic(abortError{})
	}
}

func (b *barrier) leave() {
	b.mu.Lock()
	b.n--
	if b.arrived > 0 && b.arrived >= b.n {
		b.arrived = 0
		b.gen++
		b.cond.Broadcast()
	}
	b.mu.Unlock()
}

func (b *barrier) abort() {
	b.mu.Lock()
	b.broken = true
	b.cond.Broadcast()
	b.mu.Unlock()
}

// team is the shared state of one team: its barriers, exchange slots and scratch.
type team struct {
	r          *runner
	league     int
	size, vlen int
	bar        *barrier
	memberBar  []*barrier
	slots      []uint64
	scratch    [2]uint64 // base address per level
}

func (ln *lane) index() int { return ln.rank*ln.team.vlen + ln.vec }

// distribution returns the first index and the step of this lane in a team loop.
func (ln *lane) distribution(kind ir.RangeKind, begin int64) (int64, int64) {
	t := ln.team
	switch kind {
	case ir.VectorRange:
		return begin + int64(ln.vec), int64(t.vlen)
	case ir.TeamVectorRange:
		return begin + int64(ln.index()), int64(t.size * t.vlen)
	}
	return begin + int64(ln.rank), int64(t.size)
}

func (ln *lane) teamLoop(kind ir.RangeKind, v *ir.Local, b, e ir.Expr, body ir.Block) {
	begin, end := int64(ln.eval(b)), int64(ln.eval(e))
	start, step := ln.distribution(kind, begin)
	for i := start; i < end; i += step {
		ln.regs[v.ID] = uint64(i)
		if c := ln.block(body); c.kind != ctlNext && !(c.kind == ctlContinue && c.depth == 0) {
			panic(fmt.Sprintf("interp: control %v leaves a team loop", c))
		}
	}
}

// exchange publishes x for this lane, waits for the group, computes f over the slots, and
// waits again so that the slots can be reused.
func (ln *lane) exchange(kind ir.RangeKind, x uint64, f func(slots []uint64) uint64) uint64 {
	t := ln.team
	bar := t.bar
	if kind == ir.VectorRange {
		bar = t.memberBar[ln.rank]
	}
	t.slots[ln.index()] = x
	bar.wait()
	r := f(t.slots)
	bar.wait()
	return r
}

// contributors lists the slot indices whose values a collective of the given kind combines,
// in combination order: vector lane 0 of each member (thread level), the lanes of this member
// (vector level), or every lane (team-vector level).
func (ln *lane) contributors(kind ir.RangeKind) []int {
	t := ln.team
	var out []int
	switch kind {
	case ir.VectorRange:
		for v := 0; v < t.vlen; v++ {
			out = append(out, ln.rank*t.vlen+v)
		}
	case ir.TeamVectorRange:
		for i := 0; i < t.size*t.vlen; i++ {
			out = append(out, i)
		}
	default:
		for r := 0; r < t.size; r++ {
			out = append(out, r*t.vlen)
		}
	}
	return out
}

func teamJoin(op ir.TeamOp, t ir.Type, a, b uint64) uint64 {
	switch op {
	case ir.OpSum:
		return Binary(ir.Add, t, t, a, b)
	case ir.OpProd:
		return Binary(ir.Mul, t, t, a, b)
	case ir.OpMin:
		return Call(ir.Min, t, []ir.Type{t, t}, []uint64{a, b})
	case ir.OpMax:
		return Call(ir.Max, t, []ir.Type{t, t}, []uint64{a, b})
	case ir.OpBAnd:
		return a & b
	case ir.OpBOr:
		return a | b
	}
	panic(fmt.Sprintf("interp: team op %d", op))
}

func (ln *lane) rangeReduce(s *ir.RangeReduce) {
	t := s.Acc.T
	id := s.Op.Identity(t)
	ln.regs[s.Acc.ID] = canon(t, id.Bits)
	ln.teamLoop(s.Kind, s.Var, s.Begin, s.End, s.Body)
	who := ln.contributors(s.Kind)
	r := ln.exchange(s.Kind, ln.regs[s.Acc.ID], func(slots []uint64) uint64 {
		acc := canon(t, id.Bits)
		for _, i := range who {
			acc = teamJoin(s.Op, t, acc, slots[i])
		}
		return acc
	})
	ln.set(s.Dst, r)
}

func (ln *lane) rangeScan(s *ir.RangeScan) {
	t := s.Acc.T
	begin, end := int64(ln.eval(s.Begin)), int64(ln.eval(s.End))
	parts, p := ln.team.size, ln.rank
	if s.Kind == ir.VectorRange {
		parts, p = ln.team.vlen, ln.vec
	}
	n := max(end-begin, 0)
	c := (n + int64(parts) - 1) / int64(parts)
	lo, hi := begin+int64(p)*c, min(end, begin+int64(p+1)*c)
	pass := func(acc uint64, final bool) uint64 {
		ln.regs[s.Acc.ID] = acc
		for i := lo; i < hi; i++ {
			ln.regs[s.Var.ID] = uint64(i)
			ln.regs[s.Final.ID] = boolBits(final)
			if c := ln.block(s.Body); c.kind != ctlNext && !(c.kind == ctlContinue && c.depth == 0) {
				panic(fmt.Sprintf("interp: control %v leaves a team scan", c))
			}
		}
		return ln.regs[s.Acc.ID]
	}
	partial := pass(0, false)
	who := ln.contributors(s.Kind)
	me := who[p]
	var prefix, total uint64
	ln.exchange(s.Kind, partial, func(slots []uint64) uint64 {
		for _, i := range who {
			if i == me {
				prefix = total
			}
			total = Binary(ir.Add, t, t, total, slots[i])
		}
		return 0
	})
	pass(prefix, true)
	ln.set(s.Dst, total)
}

func (ln *lane) teamReduce(s *ir.TeamReduce) {
	t := s.Val.Type()
	who := ln.contributors(ir.ThreadRange)
	id := s.Op.Identity(t)
	r := ln.exchange(ir.ThreadRange, ln.eval(s.Val), func(slots []uint64) uint64 {
		acc := canon(t, id.Bits)
		for _, i := range who {
			acc = teamJoin(s.Op, t, acc, slots[i])
		}
		return acc
	})
	ln.set(s.Dst, r)
}

func (ln *lane) teamScan(s *ir.TeamScan) {
	t := s.Val.Type()
	who := ln.contributors(ir.ThreadRange)
	var prefix, total uint64
	ln.exchange(ir.ThreadRange, ln.eval(s.Val), func(slots []uint64) uint64 {
		for r, i := range who {
			if r == ln.rank {
				prefix = total
			}
			total = Binary(ir.Add, t, t, total, slots[i])
		}
		return 0
	})
	ln.set(s.Prefix, prefix)
	ln.set(s.Total, total)
}

func (ln *lane) broadcast(s *ir.Broadcast) {
	from := int64(ln.eval(s.From))
	if from < 0 || from >= int64(ln.team.size) {
		panic(fmt.Sprintf("interp: Broadcast from rank %d in a team of %d", from, ln.team.size))
	}
	r := ln.exchange(ir.ThreadRange, ln.eval(s.Val), func(slots []uint64) uint64 {
		return slots[int(from)*ln.team.vlen]
	})
	ln.set(s.Dst, r)
}

func (ln *lane) scratch(s *ir.ScratchAlloc) {
	t := ln.team
	cfg := t.r.cfg.Scratch[s.Level]
	count := int64(ln.eval(s.Count))
	if count < 0 {
		panic("interp: negative scratch size")
	}
	bytes := int(count) * s.Dst.Elem.Size()
	pt := 0
	capacity, base := cfg.Team, 0
	if s.PerThread {
		pt = 1
		capacity, base = cfg.Thread, cfg.Team+ln.rank*cfg.Thread
	}
	used := ln.used[s.Level][pt]
	if used+bytes > capacity {
		kind := "per team"
		if s.PerThread {
			kind = "per thread"
		}
		panic(fmt.Sprintf("interp: scratch request of %d bytes at level %d exceeds the %d bytes %s (%d in use)", bytes, s.Level, capacity, kind, used))
	}
	ln.used[s.Level][pt] = min(capacity, used+(bytes+15)/16*16)
	r := ln.regs
	r[s.Dst.Addr.ID] = t.scratch[s.Level] + uint64(base+used)
	r[s.Dst.Extent[0].ID] = uint64(count)
	r[s.Dst.Stride[0].ID] = 1
}

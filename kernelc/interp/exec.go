package interp

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/ir"
)

type ctlKind uint8

const (
	ctlNext ctlKind = iota
	ctlBreak
	ctlContinue
	ctlReturn
)

type ctl struct {
	kind  ctlKind
	depth int
}

// lane is the state of one device thread: its locals and its place in the team.
type lane struct {
	k    *ir.Kernel
	regs []uint64
	mem  *Memory
	team *team // nil in range forms
	rank int   // member rank in the team
	vec  int   // vector lane in the member
	// scratch bump pointers: [level][perThread]
	used [2][2]int
}

func newLane(k *ir.Kernel, args []uint64, mem *Memory) *lane {
	ln := &lane{k: k, regs: make([]uint64, len(k.Locals)), mem: mem}
	ln.setParams(args)
	return ln
}

func (ln *lane) setParams(args []uint64) {
	j := 0
	for _, p := range ln.k.Params {
		for _, l := range p.Slots() {
			ln.regs[l.ID] = canon(l.T, args[j])
			j++
		}
	}
}

func (ln *lane) eval(e ir.Expr) uint64 {
	switch e := e.(type) {
	case *ir.Local:
		return ln.regs[e.ID]
	case *ir.Const:
		return canon(e.T, e.Bits)
	case *ir.Unary:
		return Unary(e.Op, e.X.Type(), ln.eval(e.X))
	case *ir.Binary:
		if e.Op == ir.LAnd {
			if ln.eval(e.X) == 0 {
				return 0
			}
			return ln.eval(e.Y)
		}
		if e.Op == ir.LOr {
			if ln.eval(e.X) != 0 {
				return 1
			}
			return ln.eval(e.Y)
		}
		return Binary(e.Op, e.X.Type(), e.Y.Type(), ln.eval(e.X), ln.eval(e.Y))
	case *ir.Convert:
		return Convert(e.X.Type(), e.To, ln.eval(e.X))
	case *ir.Select:
		if ln.eval(e.Cond) != 0 {
			return ln.eval(e.X)
		}
		return ln.eval(e.Y)
	case *ir.Special:
		t := ln.team
		switch e.Kind {
		case ir.LeagueRank:
			return uint64(t.league)
		case ir.LeagueSize:
			return uint64(t.r.cfg.League)
		case ir.TeamRank:
			return uint64(ln.rank)
		case ir.TeamSize:
			return uint64(t.size)
		case ir.VectorLength:
			return uint64(t.vlen)
		}
	case *ir.Call:
		ts := make([]ir.Type, len(e.Args))
		vs := make([]uint64, len(e.Args))
		for i, a := range e.Args {
			ts[i], vs[i] = a.Type(), ln.eval(a)
		}
		return canon(e.T, Call(e.Fn, e.T, ts, vs))
	}
	panic(fmt.Sprintf("interp: unknown expression %T", e))
}

func (ln *lane) set(l *ir.Local, v uint64) {
	if l != nil {
		ln.regs[l.ID] = v
	}
}

// addr computes the address of an element, checking the indices against the extents.
func (ln *lane) addr(v *ir.View, idx []ir.Expr) uint64 {
	var off int64
	for d, e := range idx {
		i := int64(ln.eval(e))
		n := int64(ln.regs[v.Extent[d].ID])
		if i < 0 || i >= n {
			panic(fmt.Sprintf("interp: index %d out of range for dimension %d of %s (extent %d)", i, d, v.Name, n))
		}
		off += i * int64(ln.regs[v.Stride[d].ID])
	}
	return ln.regs[v.Addr.ID] + uint64(off*int64(v.Elem.Size()))
}

func (ln *lane) block(b ir.Block) ctl {
	for _, s := range b {
		if c := ln.stmt(s); c.kind != ctlNext {
			return c
		}
	}
	return ctl{}
}

// loop runs a loop body once and interprets the control result for the loop itself:
// it returns (exit the loop, the control to propagate).
func loopCtl(c ctl) (exit bool, out ctl) {
	switch c.kind {
	case ctlBreak:
		if c.depth == 0 {
			return true, ctl{}
		}
		return true, ctl{ctlBreak, c.depth - 1}
	case ctlContinue:
		if c.depth == 0 {
			return false, ctl{}
		}
		return true, ctl{ctlContinue, c.depth - 1}
	case ctlReturn:
		return true, c
	}
	return false, ctl{}
}

func (ln *lane) stmt(s ir.Stmt) ctl {
	switch s := s.(type) {
	case *ir.Assign:
		ln.set(s.Dst, ln.eval(s.Src))
	case *ir.Load:
		a := ln.addr(s.View, s.Index)
		ln.set(s.Dst, canon(s.View.Elem, ln.mem.load(a, s.View.Elem.Size())))
	case *ir.Prefetch:
		// A hint: nothing to do, and an index outside the extents is no error.
	case *ir.Store:
		a := ln.addr(s.View, s.Index)
		ln.mem.store(a, s.View.Elem.Size(), ln.eval(s.Val))
	case *ir.Atomic:
		ln.atomic(s)
	case *ir.ViewCopy:
		for i, c := range s.Dst.Locals() {
			ln.regs[c.ID] = ln.regs[s.Src.Locals()[i].ID]
		}
	case *ir.SubView:
		ln.subview(s)
	case *ir.If:
		if ln.eval(s.Cond) != 0 {
			return ln.block(s.Then)
		}
		return ln.block(s.Else)
	case *ir.Loop:
		for {
			exit, out := loopCtl(ln.block(s.Body))
			if exit {
				return out
			}
			if c := ln.block(s.Post); c.kind != ctlNext {
				return c
			}
		}
	case *ir.Break:
		return ctl{ctlBreak, s.Depth}
	case *ir.Continue:
		return ctl{ctlContinue, s.Depth}
	case *ir.Return:
		return ctl{kind: ctlReturn}
	case *ir.TeamLoop:
		ln.teamLoop(s.Kind, s.Var, s.Begin, s.End, s.Body)
	case *ir.RangeReduce:
		ln.rangeReduce(s)
	case *ir.RangeScan:
		ln.rangeScan(s)
	case *ir.TeamReduce:
		ln.teamReduce(s)
	case *ir.TeamScan:
		ln.teamScan(s)
	case *ir.Broadcast:
		ln.broadcast(s)
	case *ir.Barrier:
		ln.team.bar.wait()
	case *ir.LeagueBarrier:
		ln.team.r.league.wait()
	case *ir.Single:
		if ln.rank == 0 && ln.vec == 0 {
			ln.block(s.Body)
		}
		ln.team.bar.wait()
	case *ir.ScratchAlloc:
		ln.scratch(s)
	default:
		panic(fmt.Sprintf("interp: unknown statement %T", s))
	}
	return ctl{}
}

func (ln *lane) subview(s *ir.SubView) {
	src, dst := s.Src, s.Dst
	r := ln.regs
	size := uint64(src.Elem.Size())
	a := make([]int64, len(s.Args))
	for i, e := range s.Args {
		a[i] = int64(ln.eval(e))
	}
	switch s.Kind {
	case ir.SubRow:
		n0 := int64(r[src.Extent[0].ID])
		if a[0] < 0 || a[0] >= n0 {
			panic(fmt.Sprintf("interp: row %d out of range for %s of extent %d", a[0], src.Name, n0))
		}
		r[dst.Addr.ID] = r[src.Addr.ID] + uint64(a[0]*int64(r[src.Stride[0].ID]))*size
		r[dst.Extent[0].ID] = r[src.Extent[1].ID]
		r[dst.Stride[0].ID] = r[src.Stride[1].ID]
	case ir.SubCol:
		n1 := int64(r[src.Extent[1].ID])
		if a[0] < 0 || a[0] >= n1 {
			panic(fmt.Sprintf("interp: column %d out of range for %s of extent %d", a[0], src.Name, n1))
		}
		r[dst.Addr.ID] = r[src.Addr.ID] + uint64(a[0]*int64(r[src.Stride[1].ID]))*size
		r[dst.Extent[0].ID] = r[src.Extent[0].ID]
		r[dst.Stride[0].ID] = r[src.Stride[0].ID]
	case ir.SubRange:
		n := int64(r[src.Extent[0].ID])
		if a[0] < 0 || a[1] < a[0] || a[1] > n {
			panic(fmt.Sprintf("interp: subview [%d, %d) out of range for %s of extent %d", a[0], a[1], src.Name, n))
		}
		r[dst.Addr.ID] = r[src.Addr.ID] + uint64(a[0]*int64(r[src.Stride[0].ID]))*size
		r[dst.Extent[0].ID] = uint64(a[1] - a[0])
		r[dst.Stride[0].ID] = r[src.Stride[0].ID]
	}
}

func (ln *lane) atomic(s *ir.Atomic) {
	t := s.View.Elem
	size := t.Size()
	a := ln.addr(s.View, s.Index)
	m := ln.mem
	raw := func(v uint64) uint64 { return ir.Normalize(t, v, false) }
	var old uint64
	switch s.Op {
	case ir.AtomicLoad:
		old = m.atomicLoad(a, size)
	case ir.AtomicStore:
		v := raw(ln.eval(s.Val))
		m.rmw(a, size, func(uint64) uint64 { return v })
		return
	case ir.AtomicCAS:
		ok := m.cas(a, size, raw(ln.eval(s.Cmp)), raw(ln.eval(s.Val)))
		ln.set(s.Dst, boolBits(ok))
		return
	default:
		x := ln.eval(s.Val)
		old = m.rmw(a, size, func(cur uint64) uint64 {
			c := canon(t, cur)
			var n uint64
			switch s.Op {
			case ir.AtomicAdd:
				n = Binary(ir.Add, t, t, c, x)
			case ir.AtomicSub:
				n = Binary(ir.Sub, t, t, c, x)
			case ir.AtomicMin:
				n = Call(ir.Min, t, []ir.Type{t, t}, []uint64{c, x})
			case ir.AtomicMax:
				n = Call(ir.Max, t, []ir.Type{t, t}, []uint64{c, x})
			case ir.AtomicAnd:
				n = c & x
			case ir.AtomicOr:
				n = c | x
			case ir.AtomicXor:
				n = c ^ x
			case ir.AtomicExchange:
				n = x
			}
			return raw(n)
		})
	}
	ln.set(s.Dst, canon(t, old))
}

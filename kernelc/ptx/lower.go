package ptx

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// lowerer translates IR statements and expressions into one function.
type lowerer struct {
	gen
	k    *ir.Kernel
	regs map[*ir.Local]val
	// loops is the stack of enclosing loop-like statements, innermost last.
	loops []loopFrame
	// ret is the label Return jumps to.
	ret string
	// geo holds the block geometry; team holds the team launch values (team forms only).
	geo  *geometry
	team *teamValues
}

// loopFrame is one enclosing loop-like statement: where Continue and Break go.
type loopFrame struct {
	cont, brk string
}

func newLowerer(m *module, f *function, k *ir.Kernel) *lowerer {
	return &lowerer{gen: gen{m: m, f: f}, k: k, regs: map[*ir.Local]val{}}
}

// local returns the register that holds l.
func (lw *lowerer) local(l *ir.Local) val {
	if r, ok := lw.regs[l]; ok {
		return r
	}
	r := lw.newReg(l.T)
	lw.regs[l] = r
	return r
}

// set stores v into local l.
func (lw *lowerer) set(l *ir.Local, v val) { lw.mov(lw.local(l), v) }

// expr evaluates e.
func (lw *lowerer) expr(e ir.Expr) val {
	switch e := e.(type) {
	case *ir.Local:
		return lw.local(e)
	case *ir.Const:
		if e.T == ir.Bool {
			return val{s: fmt.Sprint(e.Bits & 1), t: ir.Bool, imm: true}
		}
		return immConst(e)
	case *ir.Unary:
		return lw.unary(e.Op, lw.expr(e.X))
	case *ir.Binary:
		return lw.binary(e.Op, lw.expr(e.X), lw.expr(e.Y))
	case *ir.Convert:
		return lw.convert(e.To, lw.expr(e.X))
	case *ir.Select:
		c := lw.expr(e.Cond)
		x, y := lw.expr(e.X), lw.expr(e.Y)
		if c.imm {
			if c.s == "1" {
				return x
			}
			return y
		}
		return lw.selp(c, x, y)
	case *ir.Special:
		return lw.special(e.Kind)
	case *ir.Call:
		args := make([]val, len(e.Args))
		for i, a := range e.Args {
			args[i] = lw.expr(a)
		}
		return lw.builtin(e.Fn, e.T, args)
	}
	panic(fmt.Sprintf("ptx: expression %T", e))
}

// cond evaluates a Bool expression into a predicate register.
func (lw *lowerer) cond(e ir.Expr) val {
	v := lw.expr(e)
	if v.imm {
		return lw.boolConst(v.s == "1")
	}
	return v
}

// block lowers a statement list.
func (lw *lowerer) block(b ir.Block) {
	for _, s := range b {
		lw.stmt(s)
	}
}

// stmt lowers one statement.
func (lw *lowerer) stmt(s ir.Stmt) {
	switch s := s.(type) {
	case *ir.Assign:
		lw.set(s.Dst, lw.expr(s.Src))
	case *ir.Load:
		lw.load(s)
	case *ir.Store:
		lw.store(s)
	case *ir.Prefetch:
		lw.prefetch(s)
	case *ir.Atomic:
		lw.atomic(s)
	case *ir.ViewCopy:
		lw.viewCopy(s)
	case *ir.SubView:
		lw.subView(s)
	case *ir.If:
		lw.ifStmt(s)
	case *ir.Loop:
		lw.loop(s)
	case *ir.Break:
		lw.ins("bra.uni %s", lw.loops[len(lw.loops)-1-s.Depth].brk)
	case *ir.Continue:
		lw.ins("bra.uni %s", lw.loops[len(lw.loops)-1-s.Depth].cont)
	case *ir.Return:
		lw.ins("bra.uni %s", lw.ret)
	case *ir.TeamLoop:
		lw.teamLoop(s)
	case *ir.RangeReduce:
		lw.rangeReduce(s)
	case *ir.RangeScan:
		lw.rangeScan(s)
	case *ir.TeamReduce:
		lw.teamReduce(s)
	case *ir.TeamScan:
		lw.teamScan(s)
	case *ir.Broadcast:
		lw.broadcast(s)
	case *ir.Barrier:
		lw.ins("bar.sync 0")
	case *ir.LeagueBarrier:
		lw.leagueBarrier()
	case *ir.Single:
		lw.single(s)
	case *ir.ScratchAlloc:
		lw.scratchAlloc(s)
	default:
		panic(fmt.Sprintf("ptx: statement %T", s))
	}
}

func (lw *lowerer) ifStmt(s *ir.If) {
	c := lw.expr(s.Cond)
	if c.imm {
		if c.s == "1" {
			lw.block(s.Then)
		} else {
			lw.block(s.Else)
		}
		return
	}
	elseL, end := lw.f.label(), lw.f.label()
	if len(s.Else) == 0 {
		lw.ins("@!%s bra %s", c, end)
		lw.block(s.Then)
		lw.f.place(end)
		return
	}
	lw.ins("@!%s bra %s", c, elseL)
	lw.block(s.Then)
	lw.ins("bra.uni %s", end)
	lw.f.place(elseL)
	lw.block(s.Else)
	lw.f.place(end)
}

func (lw *lowerer) loop(s *ir.Loop) {
	head, cont, brk := lw.f.label(), lw.f.label(), lw.f.label()
	lw.f.place(head)
	lw.loops = append(lw.loops, loopFrame{cont: cont, brk: brk})
	lw.block(s.Body)
	lw.f.place(cont)
	lw.block(s.Post)
	lw.loops = lw.loops[:len(lw.loops)-1]
	lw.ins("bra.uni %s", head)
	lw.f.place(brk)
}

// spaceSuffix returns the state-space qualifier of an access through a view in space s.
func spaceSuffix(s ir.MemSpace) string {
	switch s {
	case ir.Global:
		return ".global"
	case ir.Shared:
		return ".shared"
	}
	return ""
}

// elemAddr returns the address of element idx of v.
func (lw *lowerer) elemAddr(v *ir.View, idx []ir.Expr) val {
	base := lw.local(v.Addr)
	size := int64(v.Elem.Size())
	var off val
	for d, e := range idx {
		i := lw.expr(e)
		if c, ok := isConst(i); ok && c == 0 {
			continue
		}
		st := lw.local(v.Stride[d])
		if off.s == "" {
			off = lw.bin("mul.lo.s64", ir.I64, i, st)
		} else {
			o := lw.newReg(ir.I64)
			lw.ins("mad.lo.s64 %s, %s, %s, %s", o, lw.reg(i), st, off)
			off = o
		}
	}
	if off.s == "" {
		return base
	}
	a := lw.newReg(ir.Ptr)
	lw.ins("mad.lo.s64 %s, %s, %d, %s", a, off, size, base)
	return a
}

// loadMem loads a value of type t from addr in space sp (".global", ".shared", "") with an
// optional extra qualifier such as ".nc".
func (lw *lowerer) loadMem(t ir.Type, sp, qual string, addr val, off int) val {
	if t == ir.Bool {
		b := lw.newReg(ir.U32)
		lw.ins("ld%s%s.u8 %s, [%s+%d]", sp, qual, b, addr, off)
		return lw.setp("ne", b, immInt(ir.U32, 0))
	}
	r := lw.newReg(t)
	lw.ins("ld%s%s.%s %s, [%s+%d]", sp, qual, memType(t), r, addr, off)
	return r
}

// storeMem stores v (of type t) to addr in space sp.
func (lw *lowerer) storeMem(t ir.Type, sp string, addr val, off int, v val) {
	if t == ir.Bool {
		v = lw.boolToU32(v)
	}
	lw.ins("st%s.%s [%s+%d], %s", sp, memType(t), addr, off, lw.reg(val{s: v.s, t: v.t, imm: v.imm}))
}

// boolToU32 converts a Bool to 0 or 1 in a U32 register.
func (lw *gen) boolToU32(v val) val {
	if v.imm {
		n := int64(0)
		if v.s == "1" {
			n = 1
		}
		return lw.reg(immInt(ir.U32, n))
	}
	r := lw.newReg(ir.U32)
	lw.ins("selp.u32 %s, 1, 0, %s", r, v)
	return r
}

func (lw *lowerer) load(s *ir.Load) {
	addr := lw.elemAddr(s.View, s.Index)
	qual := ""
	if s.ReadOnly && s.View.Space == ir.Global {
		qual = ".nc"
	}
	v := lw.loadMem(s.View.Elem, spaceSuffix(s.View.Space), qual, addr, 0)
	lw.set(s.Dst, v)
}

// prefetch asks for the L2 line of an element of a view of global (or generic) memory when its
// indices are within the extents; views of shared or local memory ask for nothing.
func (lw *lowerer) prefetch(s *ir.Prefetch) {
	var sp string
	switch s.View.Space {
	case ir.Global:
		sp = ".global"
	case ir.Generic:
	default:
		return
	}
	var in val
	for d, e := range s.Index {
		i := lw.reg(lw.expr(e))
		p := lw.newReg(ir.Bool)
		lw.ins("setp.lo.u64 %s, %s, %s", p, i, lw.local(s.View.Extent[d]))
		if d == 0 {
			in = p
		} else {
			in = lw.bin("and.pred", ir.Bool, in, p)
		}
	}
	addr := lw.elemAddr(s.View, s.Index)
	if in.s == "" {
		lw.ins("prefetch%s.L2 [%s]", sp, addr)
		return
	}
	lw.ins("@%s prefetch%s.L2 [%s]", in, sp, addr)
}

func (lw *lowerer) store(s *ir.Store) {
	v := lw.expr(s.Val)
	addr := lw.elemAddr(s.View, s.Index)
	lw.storeMem(s.View.Elem, spaceSuffix(s.View.Space), addr, 0, v)
}

// convertAddr converts an address from space from to space to.
func (lw *lowerer) convertAddr(a val, from, to ir.MemSpace) val {
	if from == to {
		return a
	}
	r := lw.newReg(ir.Ptr)
	switch {
	case to == ir.Generic:
		lw.ins("cvta%s.u64 %s, %s", spaceSuffix(from), r, a)
	case from == ir.Generic:
		lw.ins("cvta.to%s.u64 %s, %s", spaceSuffix(to), r, a)
	default:
		g := lw.newReg(ir.Ptr)
		lw.ins("cvta%s.u64 %s, %s", spaceSuffix(from), g, a)
		lw.ins("cvta.to%s.u64 %s, %s", spaceSuffix(to), r, g)
	}
	return r
}

func (lw *lowerer) viewCopy(s *ir.ViewCopy) {
	if s.Dst == s.Src {
		return
	}
	src := s.Src.Locals()
	vals := make([]val, len(src))
	for i, l := range src {
		vals[i] = lw.local(l)
	}
	vals[0] = lw.convertAddr(vals[0], s.Src.Space, s.Dst.Space)
	for i, l := range s.Dst.Locals() {
		lw.set(l, vals[i])
	}
}

func (lw *lowerer) subView(s *ir.SubView) {
	src := s.Src
	size := int64(src.Elem.Size())
	var idx, stride, ext val
	switch s.Kind {
	case ir.SubRow:
		idx = lw.expr(s.Args[0])
		idx = lw.bin("mul.lo.s64", ir.I64, idx, lw.local(src.Stride[0]))
		stride, ext = lw.local(src.Stride[1]), lw.local(src.Extent[1])
	case ir.SubCol:
		idx = lw.expr(s.Args[0])
		idx = lw.bin("mul.lo.s64", ir.I64, idx, lw.local(src.Stride[1]))
		stride, ext = lw.local(src.Stride[0]), lw.local(src.Extent[0])
	case ir.SubRange:
		b, e := lw.expr(s.Args[0]), lw.expr(s.Args[1])
		idx = lw.bin("mul.lo.s64", ir.I64, b, lw.local(src.Stride[0]))
		ext = lw.bin("sub.s64", ir.I64, e, b)
		stride = lw.local(src.Stride[0])
	default:
		panic(fmt.Sprintf("ptx: subview kind %d", s.Kind))
	}
	a := lw.newReg(ir.Ptr)
	lw.ins("mad.lo.s64 %s, %s, %d, %s", a, idx, size, lw.local(src.Addr))
	// Copy the stride and extent before writing: Dst may be Src.
	st := lw.newReg(ir.I64)
	lw.mov(st, stride)
	ex := lw.newReg(ir.I64)
	lw.mov(ex, ext)
	lw.set(s.Dst.Addr, lw.convertAddr(a, src.Space, s.Dst.Space))
	lw.set(s.Dst.Extent[0], ex)
	lw.set(s.Dst.Stride[0], st)
}

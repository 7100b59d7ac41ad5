package ptx

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// atomic lowers an atomic view operation. Native atom instructions serve 32- and 64-bit
// elements where PTX has them (add for integers, f32 and f64; min/max for integers;
// and/or/xor/exch/cas); float min/max and every operation on 8- and 16-bit elements are
// compare-and-swap loops (the narrow ones on the aligned 32-bit word that holds the element).
// Atomics are relaxed at GPU scope, as PTX's default.
func (lw *lowerer) atomic(s *ir.Atomic) {
	v := s.View
	t := v.Elem
	sp := spaceSuffix(v.Space)
	addr := lw.elemAddr(v, s.Index)
	var x, cmp val
	if s.Val != nil {
		x = lw.reg(lw.expr(s.Val))
	}
	if s.Cmp != nil {
		cmp = lw.reg(lw.expr(s.Cmp))
	}
	var res val
	switch s.Op {
	case ir.AtomicLoad:
		res = lw.loadMem(t, ".relaxed.gpu"+sp, "", addr, 0)
	case ir.AtomicStore:
		if t == ir.Bool {
			x = lw.boolToU32(x)
		}
		lw.ins("st.relaxed.gpu%s.%s [%s], %s", sp, memType(t), addr, x)
		return
	default:
		if t.Size() < 4 {
			res = lw.atomicNarrow(s.Op, sp, addr, t, x, cmp)
		} else {
			res = lw.atomicWide(s.Op, sp, addr, t, x, cmp)
		}
	}
	if s.Dst != nil {
		lw.set(s.Dst, res)
	}
}

// atomicWide handles 32- and 64-bit elements.
func (lw *lowerer) atomicWide(op ir.AtomicOp, sp string, addr val, t ir.Type, x, cmp val) val {
	bt := bitsType(t)
	native := func(name, ty string, operand val) val {
		r := lw.newReg(t)
		lw.ins("atom%s.%s.%s %s, [%s], %s", sp, name, ty, r, addr, operand)
		return r
	}
	switch op {
	case ir.AtomicAdd, ir.AtomicSub:
		if op == ir.AtomicSub {
			x = lw.unary(ir.Neg, x)
		}
		ty := arith(t)
		if t == ir.I64 {
			ty = "u64"
		}
		return native("add", ty, x)
	case ir.AtomicMin, ir.AtomicMax:
		if !t.IsFloat() {
			name := "min"
			if op == ir.AtomicMax {
				name = "max"
			}
			return native(name, arith(t), x)
		}
		return lw.casLoop(sp, addr, t, func(old val) val { return lw.minmax(op == ir.AtomicMax, old, x) }, true)
	case ir.AtomicAnd:
		return native("and", bt, x)
	case ir.AtomicOr:
		return native("or", bt, x)
	case ir.AtomicXor:
		return native("xor", bt, x)
	case ir.AtomicExchange:
		return native("exch", bt, x)
	case ir.AtomicCAS:
		old := lw.newReg(t)
		lw.ins("atom%s.cas.%s %s, [%s], %s, %s", sp, bt, old, addr, cmp, x)
		return lw.sameBits(old, cmp)
	}
	panic(fmt.Sprintf("ptx: atomic %s on %s", op, t))
}

// sameBits compares two values of one type bit for bit.
func (lw *lowerer) sameBits(a, b val) val {
	if a.t.IsFloat() {
		return lw.setp("eq", lw.fbits(a), lw.fbits(b))
	}
	return lw.setp("eq", val{s: a.s, t: unsignedOf(a.t)}, val{s: b.s, t: unsignedOf(a.t), imm: b.imm})
}

func unsignedOf(t ir.Type) ir.Type {
	if regBits(t) == 64 {
		return ir.U64
	}
	return ir.U32
}

// casLoop applies update to the element at addr with a compare-and-swap loop and returns the
// previous value. With skipSame, an update that leaves the bits unchanged stores nothing.
func (lw *lowerer) casLoop(sp string, addr val, t ir.Type, update func(old val) val, skipSame bool) val {
	bt := bitsType(t)
	it := unsignedOf(t)
	cur := lw.newReg(it)
	lw.ins("ld.relaxed.gpu%s.%s %s, [%s]", sp, bt, cur, addr)
	head, done := lw.f.label(), lw.f.label()
	lw.f.place(head)
	old := val{s: cur.s, t: t}
	if t.IsFloat() {
		old = lw.fromBits(t, cur)
	}
	nv := update(old)
	nb := nv
	if t.IsFloat() {
		nb = lw.fbits(nv)
	}
	if skipSame {
		same := lw.setp("eq", cur, nb)
		lw.ins("@%s bra %s", same, done)
	}
	seen := lw.newReg(it)
	lw.ins("atom%s.cas.%s %s, [%s], %s, %s", sp, bt, seen, addr, cur, nb)
	ok := lw.setp("eq", seen, cur)
	lw.mov(cur, seen)
	lw.ins("@!%s bra %s", ok, head)
	lw.f.place(done)
	res := lw.newReg(t)
	if t.IsFloat() {
		lw.mov(res, lw.fromBits(t, cur))
	} else {
		lw.mov(res, val{s: cur.s, t: t})
	}
	return res
}

// atomicNarrow handles 8- and 16-bit elements (and Bool) by compare-and-swap on the aligned
// 32-bit word that holds the element.
func (lw *lowerer) atomicNarrow(op ir.AtomicOp, sp string, addr val, t ir.Type, x, cmp val) val {
	width := t.Size() * 8
	wordAddr := lw.bin("and.b64", ir.Ptr, addr, immInt(ir.I64, -4))
	off := lw.newReg(ir.U32)
	lw.ins("cvt.u32.u64 %s, %s", off, addr)
	shift := lw.bin("shl.b32", ir.U32, lw.bin("and.b32", ir.U32, off, immInt(ir.U32, 3)), immInt(ir.U32, 3))
	mask := lw.bin("shl.b32", ir.U32, lw.reg(immInt(ir.U32, int64(1)<<width-1)), shift)
	nmask := lw.un("not.b32", ir.U32, mask)
	// extract returns the element held in word w as a normalized value of type t.
	extract := func(w val) val {
		e := lw.bin("shr.u32", ir.U32, w, shift)
		if t == ir.Bool {
			return lw.setp("ne", lw.bin("and.b32", ir.U32, e, immInt(ir.U32, 1)), immInt(ir.U32, 0))
		}
		return lw.norm(val{s: e.s, t: t})
	}
	// insert returns w with the element replaced by v.
	insert := func(w, v val) val {
		if t == ir.Bool {
			v = lw.boolToU32(v)
		}
		e := lw.bin("and.b32", ir.U32, v, immInt(ir.U32, int64(1)<<width-1))
		e = lw.bin("shl.b32", ir.U32, e, shift)
		return lw.bin("or.b32", ir.U32, lw.bin("and.b32", ir.U32, w, nmask), e)
	}
	cur := lw.newReg(ir.U32)
	lw.ins("ld.relaxed.gpu%s.b32 %s, [%s]", sp, cur, wordAddr)
	head, done := lw.f.label(), lw.f.label()
	lw.f.place(head)
	old := extract(cur)
	var ok val
	if op == ir.AtomicCAS {
		ok = lw.newReg(ir.Bool)
		lw.mov(ok, lw.compareElems(old, cmp))
		lw.ins("@!%s bra %s", ok, done)
	}
	var nv val
	switch op {
	case ir.AtomicAdd:
		nv = lw.binary(ir.Add, old, x)
	case ir.AtomicSub:
		nv = lw.binary(ir.Sub, old, x)
	case ir.AtomicMin:
		nv = lw.minmax(false, old, x)
	case ir.AtomicMax:
		nv = lw.minmax(true, old, x)
	case ir.AtomicAnd:
		nv = lw.binary(ir.And, old, x)
	case ir.AtomicOr:
		nv = lw.binary(ir.Or, old, x)
	case ir.AtomicXor:
		nv = lw.binary(ir.Xor, old, x)
	case ir.AtomicExchange, ir.AtomicCAS:
		nv = x
	default:
		panic(fmt.Sprintf("ptx: atomic %s on %s", op, t))
	}
	nw := insert(cur, nv)
	same := lw.setp("eq", nw, cur)
	lw.ins("@%s bra %s", same, done)
	seen := lw.newReg(ir.U32)
	lw.ins("atom%s.cas.b32 %s, [%s], %s, %s", sp, seen, wordAddr, cur, nw)
	hit := lw.setp("eq", seen, cur)
	lw.mov(cur, seen)
	lw.ins("@!%s bra %s", hit, head)
	lw.f.place(done)
	if op == ir.AtomicCAS {
		return ok
	}
	res := lw.newReg(t)
	lw.mov(res, extract(cur))
	return res
}

// compareElems compares two narrow elements (normalized registers, or Bool predicates).
func (lw *lowerer) compareElems(a, b val) val {
	if a.t == ir.Bool {
		return lw.compare(ir.Eq, a, b)
	}
	return lw.setp("eq", a, b)
}

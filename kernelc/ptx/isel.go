package ptx

import (
	"fmt"
	"math/bits"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// gen emits instructions into one function with Go semantics for IR operations.
type gen struct {
	m *module
	f *function
}

func (g *gen) ins(format string, args ...any) { g.f.ins(format, args...) }

// newReg returns a fresh register for type t.
func (g *gen) newReg(t ir.Type) val { return g.f.newReg(t) }

// reg returns v in a register, moving an immediate into a fresh one.
func (g *gen) reg(v val) val {
	if !v.imm {
		return v
	}
	r := g.newReg(v.t)
	g.mov(r, v)
	return r
}

// mov copies src into the register dst (same class).
func (g *gen) mov(dst, src val) {
	if dst.s == src.s {
		return
	}
	switch classOf(dst.t) {
	case classPred:
		g.ins("mov.pred %s, %s", dst, src)
	case classB32:
		g.ins("mov.b32 %s, %s", dst, src)
	case classB64:
		g.ins("mov.b64 %s, %s", dst, src)
	case classF32:
		g.ins("mov.f32 %s, %s", dst, src)
	case classF64:
		g.ins("mov.f64 %s, %s", dst, src)
	}
}

// boolConst returns a predicate register holding b.
func (g *gen) boolConst(b bool) val {
	r := g.newReg(ir.Bool)
	if b {
		g.ins("setp.eq.u32 %s, 0, 0", r)
	} else {
		g.ins("setp.ne.u32 %s, 0, 0", r)
	}
	return r
}

// norm returns v (a 32-bit register value of a sub-word type) re-normalized to its width:
// sign-extended for signed types, zero-extended for unsigned ones. Other types pass through.
func (g *gen) norm(v val) val {
	var op string
	switch v.t {
	case ir.I8:
		op = "cvt.s32.s8"
	case ir.I16:
		op = "cvt.s32.s16"
	case ir.U8:
		r := g.newReg(v.t)
		g.ins("and.b32 %s, %s, 255", r, v)
		return r
	case ir.U16:
		r := g.newReg(v.t)
		g.ins("and.b32 %s, %s, 65535", r, v)
		return r
	default:
		return v
	}
	v = g.reg(v)
	r := g.newReg(v.t)
	g.ins("%s %s, %s", op, r, v)
	return r
}

// isSubword reports whether t is an 8- or 16-bit integer type.
func isSubword(t ir.Type) bool {
	return t == ir.I8 || t == ir.U8 || t == ir.I16 || t == ir.U16
}

// bin emits a two-operand instruction "op.typ d, x, y" into a fresh register of type t.
func (g *gen) bin(op string, t ir.Type, x, y val) val {
	r := g.newReg(t)
	g.ins("%s %s, %s, %s", op, r, g.reg(x), y)
	return r
}

// un emits "op d, x" into a fresh register of type t.
func (g *gen) un(op string, t ir.Type, x val) val {
	r := g.newReg(t)
	g.ins("%s %s, %s", op, r, g.reg(x))
	return r
}

// setp compares x and y (same type) with PTX comparison cmp ("eq", "lt", "neu", ...).
func (g *gen) setp(cmp string, x, y val) val {
	p := g.newReg(ir.Bool)
	g.ins("setp.%s.%s %s, %s, %s", cmp, arith(x.t), p, g.reg(x), y)
	return p
}

// selp returns c ? x : y for non-Bool x and y.
func (g *gen) selp(c, x, y val) val {
	t := x.t
	if t == ir.Bool {
		return g.selBool(c, x, y)
	}
	r := g.newReg(t)
	var ty string
	switch classOf(t) {
	case classB32:
		ty = "b32"
	case classB64:
		ty = "b64"
	case classF32:
		ty = "f32"
	case classF64:
		ty = "f64"
	}
	g.ins("selp.%s %s, %s, %s, %s", ty, r, x, y, g.reg(c))
	return r
}

// selBool returns c ? x : y for Bool operands.
func (g *gen) selBool(c, x, y val) val {
	c, x, y = g.reg(c), g.reg(x), g.reg(y)
	a := g.newReg(ir.Bool)
	g.ins("and.pred %s, %s, %s", a, c, x)
	nc := g.newReg(ir.Bool)
	g.ins("not.pred %s, %s", nc, c)
	b := g.newReg(ir.Bool)
	g.ins("and.pred %s, %s, %s", b, nc, y)
	r := g.newReg(ir.Bool)
	g.ins("or.pred %s, %s, %s", r, a, b)
	return r
}

// zero returns the zero value of t as an operand.
func zero(t ir.Type) val {
	switch t {
	case ir.F32:
		return immF32(0)
	case ir.F64:
		return immF64(0)
	case ir.Bool:
		return val{s: "0", t: ir.Bool, imm: true}
	}
	return immInt(t, 0)
}

// fbits returns the bits of a float value in an integer register (U32 or U64).
func (g *gen) fbits(x val) val {
	if x.t == ir.F32 {
		r := g.newReg(ir.U32)
		g.ins("mov.b32 %s, %s", r, x)
		return r
	}
	r := g.newReg(ir.U64)
	g.ins("mov.b64 %s, %s", r, x)
	return r
}

// fromBits reinterprets integer bits as a float of type t.
func (g *gen) fromBits(t ir.Type, x val) val {
	r := g.newReg(t)
	if t == ir.F32 {
		g.ins("mov.b32 %s, %s", r, x)
	} else {
		g.ins("mov.b64 %s, %s", r, x)
	}
	return r
}

// signMask returns the sign bit of float type t as an integer literal.
func signMask(t ir.Type) val {
	if t == ir.F32 {
		return immUint(ir.U32, 1<<31)
	}
	return immUint(ir.U64, 1<<63)
}

// unary applies an IR unary operator.
func (g *gen) unary(op ir.UnOp, x val) val {
	switch op {
	case ir.Neg:
		if x.t.IsFloat() {
			b := g.fbits(g.reg(x))
			return g.fromBits(x.t, g.bin("xor."+bitsType(x.t), b.t, b, signMask(x.t)))
		}
		return g.norm(g.un("neg."+signedArith(x.t), x.t, x))
	case ir.Not:
		return g.un("not.pred", ir.Bool, x)
	case ir.Compl:
		return g.norm(g.un("not."+bitsType(x.t), x.t, x))
	}
	panic(fmt.Sprintf("ptx: unary operator %d", op))
}

// binary applies an IR binary operator with Go semantics.
func (g *gen) binary(op ir.BinOp, x, y val) val {
	t := x.t
	if op.IsCompare() {
		return g.compare(op, x, y)
	}
	switch op {
	case ir.LAnd:
		return g.bin("and.pred", ir.Bool, x, g.reg(y))
	case ir.LOr:
		return g.bin("or.pred", ir.Bool, x, g.reg(y))
	case ir.Shl, ir.Shr:
		return g.shift(op, x, y)
	}
	if t.IsFloat() {
		ty := arith(t)
		switch op {
		case ir.Add:
			return g.bin("add.rn."+ty, t, x, y)
		case ir.Sub:
			return g.bin("sub.rn."+ty, t, x, y)
		case ir.Mul:
			return g.bin("mul.rn."+ty, t, x, y)
		case ir.Div:
			return g.bin("div.rn."+ty, t, x, y)
		}
		panic(fmt.Sprintf("ptx: operator %s on %s", op, t))
	}
	ty := arith(t)
	switch op {
	case ir.Add:
		return g.norm(g.bin("add."+ty, t, x, y))
	case ir.Sub:
		return g.norm(g.bin("sub."+ty, t, x, y))
	case ir.Mul:
		return g.norm(g.bin("mul.lo."+ty, t, x, y))
	case ir.Div, ir.Rem:
		return g.divrem(op, x, y)
	case ir.And:
		return g.bin("and."+bitsType(t), t, x, y)
	case ir.Or:
		return g.bin("or."+bitsType(t), t, x, y)
	case ir.Xor:
		return g.bin("xor."+bitsType(t), t, x, y)
	case ir.AndNot:
		ny := g.un("not."+bitsType(t), t, y)
		return g.bin("and."+bitsType(t), t, x, ny)
	}
	panic(fmt.Sprintf("ptx: operator %s on %s", op, t))
}

// compare applies a comparison operator.
func (g *gen) compare(op ir.BinOp, x, y val) val {
	if x.t == ir.Bool {
		ne := g.bin("xor.pred", ir.Bool, x, g.reg(y))
		switch op {
		case ir.Ne:
			return ne
		case ir.Eq:
			return g.un("not.pred", ir.Bool, ne)
		}
		panic(fmt.Sprintf("ptx: operator %s on bool", op))
	}
	var cmp string
	switch op {
	case ir.Eq:
		cmp = "eq"
	case ir.Ne:
		cmp = "ne"
		if x.t.IsFloat() {
			cmp = "neu" // NaN != x is true
		}
	case ir.Lt:
		cmp = "lt"
	case ir.Le:
		cmp = "le"
	case ir.Gt:
		cmp = "gt"
	case ir.Ge:
		cmp = "ge"
	}
	if !x.t.IsFloat() && !x.t.IsSigned() && x.t != ir.Ptr {
		// Unsigned orderings; eq/ne are the same either way.
		switch cmp {
		case "lt":
			cmp = "lo"
		case "le":
			cmp = "ls"
		case "gt":
			cmp = "hi"
		case "ge":
			cmp = "hs"
		}
	}
	return g.setp(cmp, x, y)
}

// isConst reports whether v is an integer immediate and returns its value.
func isConst(v val) (int64, bool) {
	if !v.imm || v.t.IsFloat() || v.t == ir.Bool {
		return 0, false
	}
	var n int64
	var u uint64
	if _, err := fmt.Sscanf(v.s, "0x%X", &u); err == nil {
		return int64(u), true
	}
	if _, err := fmt.Sscan(v.s, &n); err == nil {
		return n, true
	}
	return 0, false
}

// divrem emits integer division or remainder with the IR's rules: truncation toward zero,
// MinInt / -1 == MinInt and MinInt % -1 == 0, and for a zero divisor a quotient of 0 and a
// remainder equal to the dividend.
func (g *gen) divrem(op ir.BinOp, x, y val) val {
	t := x.t
	ty := arith(t)
	name := "div."
	if op == ir.Rem {
		name = "rem."
	}
	c, isc := isConst(y)
	if isc && c > 0 && c&(c-1) == 0 && !isSubword(t) {
		return g.divremPow2(op, x, c)
	}
	r := g.bin(name+ty, t, x, y)
	if isc && c != 0 && c != -1 {
		return g.norm(r)
	}
	// Full-width signed types: guard the overflowing MinInt / -1.
	if t.IsSigned() && !isSubword(t) {
		if isc && c == -1 {
			if op == ir.Div {
				return g.un("neg."+ty, t, x)
			}
			return zero(t)
		}
		m1 := g.setp("eq", y, immInt(t, -1))
		var alt val
		if op == ir.Div {
			alt = g.un("neg."+ty, t, x)
		} else {
			alt = zero(t)
		}
		r = g.selp(m1, alt, r)
	}
	if isc && c == 0 {
		if op == ir.Div {
			return zero(t)
		}
		return g.reg(x)
	}
	if !isc {
		z := g.setp("eq", y, zero(t))
		if op == ir.Div {
			r = g.selp(z, zero(t), r)
		} else {
			r = g.selp(z, g.reg(x), r)
		}
	}
	return g.norm(r)
}

// divremPow2 emits division or remainder of x (32 or 64 bits wide) by the positive power of
// two c with shifts and masks: ptxas compiles a 64-bit div or rem, even by a constant, to a
// call of its division routine, about 90 dependent instructions. A signed dividend is biased by
// c-1 when negative, so that the quotient truncates toward zero and the remainder takes the
// dividend's sign.
func (g *gen) divremPow2(op ir.BinOp, x val, c int64) val {
	t := x.t
	k := bits.TrailingZeros64(uint64(c))
	w := regBits(t)
	if k == 0 {
		if op == ir.Div {
			return g.reg(x)
		}
		return zero(t)
	}
	b := bitsType(t)
	if !t.IsSigned() {
		if op == ir.Div {
			return g.bin(fmt.Sprintf("shr.u%d", w), t, x, immInt(ir.U32, int64(k)))
		}
		return g.bin("and."+b, t, x, immInt(t, c-1))
	}
	sign := g.bin(fmt.Sprintf("shr.s%d", w), t, x, immInt(ir.U32, int64(w-1)))
	bias := g.bin(fmt.Sprintf("shr.u%d", w), t, sign, immInt(ir.U32, int64(w-k)))
	sum := g.bin(fmt.Sprintf("add.s%d", w), t, x, bias)
	if op == ir.Div {
		return g.bin(fmt.Sprintf("shr.s%d", w), t, sum, immInt(ir.U32, int64(k)))
	}
	return g.bin(fmt.Sprintf("sub.s%d", w), t, x, g.bin("and."+b, t, sum, immInt(t, -c)))
}

// shiftCount returns y, read as an unsigned count, as a U32 register value clamped so that
// any count of at least limit reads as limit.
func (g *gen) shiftCount(y val, limit int) val {
	if regBits(y.t) == 64 {
		m := g.bin("min.u64", ir.U64, y, immInt(ir.U64, int64(limit)))
		r := g.newReg(ir.U32)
		g.ins("cvt.u32.u64 %s, %s", r, m)
		return r
	}
	yu := val{s: g.reg(y).s, t: ir.U32}
	return g.bin("min.u32", ir.U32, yu, immInt(ir.U32, int64(limit)))
}

// shift emits Go's << and >>: counts of at least the width give 0, or the sign in every bit
// for an arithmetic right shift.
func (g *gen) shift(op ir.BinOp, x, y val) val {
	t := x.t
	w := regBits(t)
	if c, ok := isConst(y); ok {
		if y.t.IsUnsigned() && c < 0 || c >= int64(w) || c < 0 {
			// Out of range even for the register.
			if op == ir.Shr && t.IsSigned() {
				c = int64(w - 1)
			} else {
				return zero(t)
			}
		}
		cnt := immInt(ir.U32, c)
		if op == ir.Shl {
			return g.norm(g.bin("shl."+bitsType(t), t, x, cnt))
		}
		return g.bin("shr."+arith(t), t, x, cnt)
	}
	if op == ir.Shr && t.IsSigned() {
		cnt := g.shiftCount(y, w-1)
		return g.bin("shr."+arith(t), t, x, cnt)
	}
	cnt := g.shiftCount(y, w)
	var r val
	if op == ir.Shl {
		r = g.bin("shl."+bitsType(t), t, x, cnt)
	} else {
		r = g.bin("shr."+arith(t), t, x, cnt)
	}
	big := g.setp("hs", cnt, immInt(ir.U32, int64(w)))
	return g.norm(g.selp(big, zero(t), r))
}

// convert applies an IR numeric conversion.
func (g *gen) convert(to ir.Type, x val) val {
	from := x.t
	if from == to {
		return x
	}
	x = g.reg(x)
	switch {
	case from.IsInt() && to.IsInt():
		fb, tb := regBits(from), regBits(to)
		switch {
		case fb == 32 && tb == 32:
			return g.norm(val{s: x.s, t: to})
		case fb == 32 && tb == 64:
			r := g.newReg(to)
			if from.IsSigned() {
				g.ins("cvt.s64.s32 %s, %s", r, x)
			} else {
				g.ins("cvt.u64.u32 %s, %s", r, x)
			}
			return r
		case fb == 64 && tb == 32:
			r := g.newReg(to)
			g.ins("cvt.u32.u64 %s, %s", r, x)
			return g.norm(r)
		default:
			return val{s: x.s, t: to}
		}
	case from.IsInt() && to.IsFloat():
		r := g.newReg(to)
		g.ins("cvt.rn.%s.%s %s, %s", arith(to), arith(from), r, x)
		return r
	case from.IsFloat() && to.IsFloat():
		r := g.newReg(to)
		if to == ir.F32 {
			g.ins("cvt.rn.f32.f64 %s, %s", r, x)
		} else {
			g.ins("cvt.f64.f32 %s, %s", r, x)
		}
		return r
	case from.IsFloat() && to.IsInt():
		// cvt.rzi saturates at the destination's range and maps NaN to 0; sub-word targets
		// convert to 32 bits and then clamp.
		r := g.newReg(to)
		g.ins("cvt.rzi.%s.%s %s, %s", arith(to), arith(from), r, x)
		switch to {
		case ir.I8:
			return g.bin("max.s32", to, g.bin("min.s32", to, r, immInt(to, 127)), immInt(to, -128))
		case ir.I16:
			return g.bin("max.s32", to, g.bin("min.s32", to, r, immInt(to, 32767)), immInt(to, -32768))
		case ir.U8:
			return g.bin("min.u32", to, r, immInt(to, 255))
		case ir.U16:
			return g.bin("min.u32", to, r, immInt(to, 65535))
		}
		return r
	case from == ir.Ptr || to == ir.Ptr:
		return val{s: x.s, t: to}
	}
	panic(fmt.Sprintf("ptx: conversion from %s to %s", from, to))
}

// minmax emits Go's min (isMax false) or max of two values of one numeric type: for floats a
// NaN operand gives NaN and -0 is less than +0.
func (g *gen) minmax(isMax bool, x, y val) val {
	t := x.t
	name := "min."
	if isMax {
		name = "max."
	}
	if !t.IsFloat() {
		return g.bin(name+arith(t), t, x, y)
	}
	x, y = g.reg(x), g.reg(y)
	r := g.bin(name+arith(t), t, x, y)
	// Equal operands (±0 among them): min ORs the bits (-0 wins), max ANDs them (+0 wins).
	xb, yb := g.fbits(x), g.fbits(y)
	var zb val
	if isMax {
		zb = g.bin("and."+bitsType(t), xb.t, xb, yb)
	} else {
		zb = g.bin("or."+bitsType(t), xb.t, xb, yb)
	}
	eq := g.setp("eq", x, y)
	r = g.selp(eq, g.fromBits(t, zb), r)
	nan := g.setp("nan", x, y)
	return g.selp(nan, g.bin("add.rn."+arith(t), t, x, y), r)
}

// comment emits a comment line.
func (g *gen) comment(format string, args ...any) { g.f.comment(format, args...) }

// signedArith is arith with unsigned integer types read as signed (for neg, whose result bits
// do not depend on signedness).
func signedArith(t ir.Type) string {
	switch regBits(t) {
	case 32:
		if t.IsInt() {
			return "s32"
		}
	case 64:
		if t.IsInt() {
			return "s64"
		}
	}
	return arith(t)
}

package ptx

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// builtin applies a pure builtin function. Transcendental functions call device functions of
// the module's math library (package devmath, through mathlib.go), which compute in float64; float32 operands are
// widened and the result rounded back, as Go's math package does for float32 arguments.
func (g *gen) builtin(fn ir.Builtin, t ir.Type, args []val) val {
	x := args[0]
	ft := x.t
	switch fn {
	case ir.Sqrt:
		return g.un("sqrt.rn."+arith(ft), ft, x)
	case ir.Abs:
		b := g.fbits(g.reg(x))
		return g.fromBits(ft, g.bin("and."+bitsType(ft), b.t, b, notSign(ft)))
	case ir.Floor:
		return g.un(fmt.Sprintf("cvt.rmi.%s.%s", arith(ft), arith(ft)), ft, x)
	case ir.Ceil:
		return g.un(fmt.Sprintf("cvt.rpi.%s.%s", arith(ft), arith(ft)), ft, x)
	case ir.Trunc:
		return g.un(fmt.Sprintf("cvt.rzi.%s.%s", arith(ft), arith(ft)), ft, x)
	case ir.RoundToEven:
		return g.un(fmt.Sprintf("cvt.rni.%s.%s", arith(ft), arith(ft)), ft, x)
	case ir.Round:
		return g.round(g.reg(x))
	case ir.Copysign:
		xb, yb := g.fbits(g.reg(x)), g.fbits(g.reg(args[1]))
		m := g.bin("and."+bitsType(ft), xb.t, xb, notSign(ft))
		s := g.bin("and."+bitsType(ft), yb.t, yb, signMask(ft))
		return g.fromBits(ft, g.bin("or."+bitsType(ft), xb.t, m, s))
	case ir.FMA:
		r := g.newReg(ft)
		g.ins("fma.rn.%s %s, %s, %s, %s", arith(ft), r, g.reg(x), g.reg(args[1]), g.reg(args[2]))
		return r
	case ir.Min, ir.Max:
		return g.minmax(fn == ir.Max, x, args[1])
	case ir.IsNaN:
		x = g.reg(x)
		return g.setp("nan", x, x)
	case ir.Signbit:
		b := g.fbits(g.reg(x))
		if ft == ir.F32 {
			return g.setp("lt", val{s: b.s, t: ir.I32}, immInt(ir.I32, 0))
		}
		return g.setp("lt", val{s: b.s, t: ir.I64}, immInt(ir.I64, 0))
	case ir.IsInf:
		return g.isInf(g.reg(x), args[1])
	case ir.OnesCount:
		r := g.newReg(ir.U32)
		g.ins("popc.%s %s, %s", bitsType(ft), r, g.reg(x))
		return g.convert(ir.I64, r)
	case ir.LeadingZeros:
		return g.convert(ir.I64, g.clz(x))
	case ir.TrailingZeros:
		return g.convert(ir.I64, g.ctz(x))
	case ir.Len:
		l := g.bin("sub.u32", ir.U32, g.reg(immInt(ir.U32, int64(ft.Bits()))), g.clz(x))
		return g.convert(ir.I64, l)
	case ir.RotateLeft:
		return g.rotl(g.reg(x), args[1])
	case ir.Reverse:
		r := g.un("brev."+bitsType(ft), ft, x)
		if isSubword(ft) {
			r = g.bin("shr.u32", ft, r, immInt(ir.U32, int64(32-ft.Bits())))
		}
		return r
	case ir.ReverseBytes:
		return g.bswap(g.reg(x))
	case ir.Float32Bits, ir.Float64Bits:
		return g.fbits(g.reg(x))
	case ir.Float32FromBits:
		return g.fromBits(ir.F32, g.reg(x))
	case ir.Float64FromBits:
		return g.fromBits(ir.F64, g.reg(x))
	}
	name := mathFuncs[fn]
	if name == "" {
		panic(fmt.Sprintf("ptx: builtin %s", fn))
	}
	wide := make([]val, len(args))
	for i, a := range args {
		wide[i] = g.reg(a)
		if a.t == ir.F32 {
			wide[i] = g.convert(ir.F64, wide[i])
		}
	}
	r := g.callMath(name, wide)
	if ft == ir.F32 {
		r = g.convert(ir.F32, r)
	}
	return r
}

// notSign returns the mask of every bit but the sign of float type t.
func notSign(t ir.Type) val {
	if t == ir.F32 {
		return immUint(ir.U32, 1<<31-1)
	}
	return immUint(ir.U64, 1<<63-1)
}

// round is math.Round: half away from zero.
func (g *gen) round(x val) val {
	t := x.t
	ty := arith(t)
	tr := g.un(fmt.Sprintf("cvt.rzi.%s.%s", ty, ty), t, x)
	d := g.bin("sub.rn."+ty, t, x, tr) // exact
	half := immF64(0.5)
	if t == ir.F32 {
		half = immF32(0.5)
	}
	ad := g.un("abs."+ty, t, d)
	up := g.setp("ge", ad, half)
	xb := g.fbits(x)
	sb := g.bin("and."+bitsType(t), xb.t, xb, signMask(t))
	oneBits := immUint(xb.t, 0x3FF0000000000000)
	if t == ir.F32 {
		oneBits = immUint(xb.t, 0x3F800000)
	}
	s1 := g.fromBits(t, g.bin("or."+bitsType(t), xb.t, sb, oneBits))
	return g.selp(up, g.bin("add.rn."+ty, t, tr, s1), tr)
}

// isInf is math.IsInf(x, sign).
func (g *gen) isInf(x, sign val) val {
	t := x.t
	inf := immF64(1 / zeroF)
	ninf := immF64(-1 / zeroF)
	if t == ir.F32 {
		inf, ninf = immF32(float32(1/zeroF)), immF32(float32(-1/zeroF))
	}
	pos := g.setp("eq", x, inf)
	neg := g.setp("eq", x, ninf)
	any := g.bin("or.pred", ir.Bool, pos, neg)
	sign = g.reg(sign)
	sp := g.setp("gt", sign, immInt(ir.I64, 0))
	sn := g.setp("lt", sign, immInt(ir.I64, 0))
	r := g.selBool(sn, neg, any)
	return g.selBool(sp, pos, r)
}

var zeroF = 0.0

// clz returns the leading zero count of an unsigned value (U32).
func (g *gen) clz(x val) val {
	t := x.t
	r := g.newReg(ir.U32)
	g.ins("clz.%s %s, %s", bitsType(t), r, g.reg(x))
	if isSubword(t) {
		r = g.bin("sub.u32", ir.U32, r, immInt(ir.U32, int64(32-t.Bits())))
	}
	return r
}

// ctz returns the trailing zero count of an unsigned value (U32); the width for zero.
func (g *gen) ctz(x val) val {
	t := x.t
	b := g.un("brev."+bitsType(t), t, x)
	r := g.newReg(ir.U32)
	g.ins("clz.%s %s, %s", bitsType(t), r, b)
	if isSubword(t) {
		r = g.bin("min.u32", ir.U32, r, immInt(ir.U32, int64(t.Bits())))
	}
	return r
}

// rotl is bits.RotateLeft: the count is taken modulo the width (negative rotates right).
func (g *gen) rotl(x, k val) val {
	t := x.t
	w := t.Bits()
	k = g.reg(k)
	k32 := g.newReg(ir.U32)
	g.ins("cvt.u32.u64 %s, %s", k32, k)
	s := g.bin("and.b32", ir.U32, k32, immInt(ir.U32, int64(w-1)))
	switch w {
	case 32:
		r := g.newReg(t)
		g.ins("shf.l.wrap.b32 %s, %s, %s, %s", r, x, x, s)
		return r
	case 64:
		l := g.bin("shl.b64", t, x, s)
		rs := g.bin("sub.u32", ir.U32, g.reg(immInt(ir.U32, 64)), s)
		r := g.bin("shr.u64", t, x, rs)
		o := g.bin("or.b64", t, l, r)
		z := g.setp("eq", s, immInt(ir.U32, 0))
		return g.selp(z, x, o)
	}
	l := g.bin("shl.b32", t, x, s)
	rs := g.bin("sub.u32", ir.U32, g.reg(immInt(ir.U32, int64(w))), s)
	r := g.bin("shr.u32", t, x, rs)
	return g.norm(g.bin("or.b32", t, l, r))
}

// bswap is bits.ReverseBytes.
func (g *gen) bswap(x val) val {
	t := x.t
	switch t {
	case ir.U16:
		r := g.newReg(t)
		g.ins("prmt.b32 %s, %s, 0, 0x4401", r, x)
		return r
	case ir.U32:
		r := g.newReg(t)
		g.ins("prmt.b32 %s, %s, 0, 0x0123", r, x)
		return r
	}
	lo, hi := g.newReg(ir.U32), g.newReg(ir.U32)
	g.ins("mov.b64 {%s, %s}, %s", lo, hi, x)
	lo2, hi2 := g.newReg(ir.U32), g.newReg(ir.U32)
	g.ins("prmt.b32 %s, %s, 0, 0x0123", lo2, hi)
	g.ins("prmt.b32 %s, %s, 0, 0x0123", hi2, lo)
	r := g.newReg(t)
	g.ins("mov.b64 %s, {%s, %s}", r, lo2, hi2)
	return r
}

// callMath calls the math library's routine name (mathFuncs) with float64 arguments and
// returns its float64 result.
func (g *gen) callMath(name string, args []val) val {
	sym := g.m.useMath(name)
	r := g.newReg(ir.F64)
	strs := make([]string, len(args))
	for i, a := range args {
		strs[i] = a.s
	}
	g.ins("call.uni (%s), %s, (%s)", r, sym, joinComma(strs))
	return r
}

func joinComma(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

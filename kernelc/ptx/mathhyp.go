package ptx

import (
	"math"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// Hyperbolic functions and their inverses, cbrt, hypot and mod.

var (
	// sinh(x) = x + x^3 H(x^2) for |x| < 1: H = 1/3! + x^2/5! + ... through x^21.
	sinhH = invFactorials(3, 21, 2, false)
)

func init() {
	mathDefs["gk_sinh"] = mathDef{1, mathSinh}
	mathDefs["gk_cosh"] = mathDef{1, mathCosh}
	mathDefs["gk_tanh"] = mathDef{1, mathTanh}
	mathDefs["gk_asinh"] = mathDef{1, mathAsinh}
	mathDefs["gk_acosh"] = mathDef{1, mathAcosh}
	mathDefs["gk_atanh"] = mathDef{1, mathAtanh}
	mathDefs["gk_cbrt"] = mathDef{1, mathCbrt}
	mathDefs["gk_hypot"] = mathDef{2, mathHypot}
	mathDefs["gk_mod"] = mathDef{2, mathMod}
}

func mathSinh(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	ax := b.abs(x)
	b.retIf(b.lt(ax, b.c(0x1p-27)), x)
	b.ifp(b.lt(ax, b.c(1)), func() {
		z := b.mul(x, x)
		b.retIf(b.c1(true), b.fma(b.mul(x, z), b.horner(z, sinhH), x))
	})
	b.ifp(b.gt(ax, b.c(22)), func() {
		// e^-|x| is negligible: sinh = e^(|x|/2)^2 / 2, which stays finite up to the overflow
		// threshold of sinh itself.
		h := b.callF("gk_exp", b.mul(ax, b.c(0.5)))
		b.retIf(b.c1(true), b.copysign(b.mul(b.mul(h, b.c(0.5)), h), x))
	})
	e := b.callF("gk_expm1", ax)
	// sinh = (E + E/(E+1))/2 with E = e^|x| - 1.
	r := b.mul(b.c(0.5), b.add(e, b.div(e, b.add(e, b.c(1)))))
	return b.copysign(r, x)
}

func mathCosh(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	ax := b.abs(x)
	b.ifp(b.gt(ax, b.c(22)), func() {
		h := b.callF("gk_exp", b.mul(ax, b.c(0.5)))
		b.retIf(b.c1(true), b.mul(b.mul(h, b.c(0.5)), h))
	})
	b.ifp(b.lt(ax, b.c(0.5)), func() {
		// cosh = 1 + E^2/(2(1+E)) with E = e^|x| - 1: no cancellation near 0.
		e := b.callF("gk_expm1", ax)
		b.retIf(b.c1(true), b.add(b.c(1), b.div(b.mul(e, e), b.add(b.add(e, e), b.c(2)))))
	})
	e := b.callF("gk_exp", ax)
	return b.mul(b.c(0.5), b.add(e, b.div(b.c(1), e)))
}

func mathTanh(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	ax := b.abs(x)
	b.retIf(b.lt(ax, b.c(0x1p-27)), x)
	b.retIf(b.gt(ax, b.c(22)), b.copysign(b.c(1), x))
	// tanh = E/(E+2) with E = e^(2|x|) - 1.
	e := b.callF("gk_expm1", b.add(ax, ax))
	return b.copysign(b.div(e, b.add(e, b.c(2))), x)
}

func mathAsinh(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(b.sub(x, x)), b.add(x, x)) // NaN and ±Inf
	ax := b.abs(x)
	b.retIf(b.lt(ax, b.c(0x1p-27)), x)
	b.ifp(b.gt(ax, b.c(0x1p28)), func() {
		l := b.callF("gk_log", ax)
		b.retIf(b.c1(true), b.copysign(b.add(l, b.c(math.Ln2)), x))
	})
	b.ifp(b.gt(ax, b.c(2)), func() {
		s := b.sqrt(b.fma(ax, ax, b.c(1)))
		l := b.callF("gk_log", b.add(b.add(ax, ax), b.div(b.c(1), b.add(s, ax))))
		b.retIf(b.c1(true), b.copysign(l, x))
	})
	z := b.mul(ax, ax)
	t := b.add(ax, b.div(z, b.add(b.c(1), b.sqrt(b.add(b.c(1), z)))))
	return b.copysign(b.callF("gk_log1p", t), x)
}

func mathAcosh(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	b.retIf(b.lt(x, b.c(1)), b.c(math.NaN()))
	b.retIf(b.eq(x, b.c(math.Inf(1))), x)
	b.ifp(b.gt(x, b.c(0x1p28)), func() {
		b.retIf(b.c1(true), b.add(b.callF("gk_log", x), b.c(math.Ln2)))
	})
	b.ifp(b.gt(x, b.c(2)), func() {
		s := b.sqrt(b.fma(x, x, b.c(-1)))
		b.retIf(b.c1(true), b.callF("gk_log", b.sub(b.add(x, x), b.div(b.c(1), b.add(x, s)))))
	})
	t := b.sub(x, b.c(1)) // exact for x in [1, 2]
	return b.callF("gk_log1p", b.add(t, b.sqrt(b.fma(t, t, b.add(t, t)))))
}

func mathAtanh(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	ax := b.abs(x)
	b.retIf(b.gt(ax, b.c(1)), b.c(math.NaN()))
	b.retIf(b.eq(ax, b.c(1)), b.copysign(b.c(math.Inf(1)), x))
	b.retIf(b.lt(ax, b.c(0x1p-28)), x)
	b.ifp(b.lt(ax, b.c(0.5)), func() {
		t := b.add(ax, ax)
		u := b.add(t, b.div(b.mul(t, ax), b.sub(b.c(1), ax)))
		b.retIf(b.c1(true), b.copysign(b.mul(b.c(0.5), b.callF("gk_log1p", u)), x))
	})
	u := b.div(b.add(ax, ax), b.sub(b.c(1), ax))
	return b.copysign(b.mul(b.c(0.5), b.callF("gk_log1p", u)), x)
}

func mathCbrt(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.or(b.eq(x, b.c(0)), b.isnan(b.sub(x, x))), b.add(x, x)) // ±0, ±Inf, NaN
	ax := b.abs(x)
	sub := b.lt(ax, b.c(0x1p-1022))
	xs := b.sel(sub, b.mul(ax, b.c(0x1p54)), ax)
	// A first guess from the exponent: the high word divided by 3 plus a bias.
	hw := b.newReg(ir.U32)
	b.ins("mov.b64 {_, %s}, %s", hw, xs)
	g := b.bin("add.u32", ir.U32, b.bin("div.u32", ir.U32, hw, b.ui(3)), b.ui(0x2A9F7893))
	gb := b.newReg(ir.U64)
	b.ins("mov.b64 %s, {%s, %s}", gb, b.reg(b.ui(0)), g)
	y := b.fromU64(gb)
	// Newton steps y -= (y^3 - x) / (3 y^2).
	for i := 0; i < 6; i++ {
		y2 := b.mul(y, y)
		y = b.sub(y, b.div(b.fma(y2, y, b.neg(xs)), b.mul(b.c(3), y2)))
	}
	// A last step with the residual computed to double-double accuracy.
	y2 := b.mul(y, y)
	e2 := b.fma(y, y, b.neg(y2))
	res := b.fma(e2, y, b.fma(y2, y, b.neg(xs)))
	y = b.sub(y, b.div(res, b.mul(b.c(3), y2)))
	y = b.sel(sub, b.mul(y, b.c(0x1p-18)), y)
	return b.copysign(y, x)
}

func mathHypot(b *fb, a []val) val {
	x, y := a[0], a[1]
	ax, ay := b.abs(x), b.abs(y)
	inf := b.c(math.Inf(1))
	b.retIf(b.or(b.eq(ax, inf), b.eq(ay, inf)), inf)
	b.retIf(b.or(b.isnan(x), b.isnan(y)), b.add(x, y))
	p := b.builtin(ir.Max, ir.F64, []val{ax, ay})
	q := b.builtin(ir.Min, ir.F64, []val{ax, ay})
	b.retIf(b.eq(p, b.c(0)), b.c(0))
	// Scale by a power of two near p (subnormal p is first scaled up by 2^54).
	sub := b.lt(p, b.c(0x1p-1022))
	ps := b.sel(sub, b.mul(p, b.c(0x1p54)), p)
	qs := b.sel(sub, b.mul(q, b.c(0x1p54)), q)
	ex := b.newReg(ir.I32)
	hw := b.newReg(ir.U32)
	b.ins("mov.b64 {_, %s}, %s", hw, ps)
	b.ins("shr.u32 %s, %s, 20", ex, hw)
	k := b.bin("sub.s32", ir.I32, ex, b.si(1023))
	ps = b.ldexp(ps, b.bin("sub.s32", ir.I32, b.si(0), k))
	qs = b.ldexp(qs, b.bin("sub.s32", ir.I32, b.si(0), k))
	r := b.sqrt(b.fma(ps, ps, b.mul(qs, qs)))
	k = b.bin("sub.s32", ir.I32, k, b.selp(sub, b.si(54), b.si(0)))
	return b.ldexp(r, k)
}

// ilogb returns the exponent of a positive finite x (I32), subnormals included.
func (b *fb) ilogb(x val) val {
	sub := b.lt(x, b.c(0x1p-1022))
	xs := b.sel(sub, b.mul(x, b.c(0x1p54)), x)
	hw := b.newReg(ir.U32)
	b.ins("mov.b64 {_, %s}, %s", hw, xs)
	e := b.bin("sub.s32", ir.I32, b.bin("shr.u32", ir.I32, hw, b.ui(20)), b.si(1023))
	return b.bin("sub.s32", ir.I32, e, b.selp(sub, b.si(54), b.si(0)))
}

// ldexpBig returns x 2^k for k in [0, 2200] when the result is finite (three exact scalings).
func (b *fb) ldexpBig(x, k val) val {
	k1 := b.bin("div.s32", ir.I32, k, b.si(3))
	k2 := b.bin("sub.s32", ir.I32, k, b.bin("mul.lo.s32", ir.I32, k1, b.si(2)))
	return b.mul(b.mul(b.mul(x, b.pow2(k1)), b.pow2(k1)), b.pow2(k2))
}

func mathMod(b *fb, a []val) val {
	x, y := a[0], a[1]
	ax, ay := b.abs(x), b.abs(y)
	b.retIf(b.or(b.or(b.eq(y, b.c(0)), b.isnan(b.sub(x, x))), b.isnan(y)), b.c(math.NaN()))
	b.retIf(b.lt(ax, ay), x) // also y = ±Inf
	// Subtract y scaled to the largest power-of-two multiple not above r until r < |y|;
	// every subtraction is exact.
	r := b.variable(ax)
	ey := b.ilogb(ay)
	head, done := b.f.label(), b.f.label()
	b.f.place(head)
	b.ins("@%s bra %s", b.lt(r, ay), done)
	d := b.bin("sub.s32", ir.I32, b.ilogb(r), ey)
	t := b.ldexpBig(ay, d)
	t = b.sel(b.gt(t, r), b.mul(t, b.c(0.5)), t)
	b.mov(r, b.sub(r, t))
	b.ins("bra.uni %s", head)
	b.f.place(done)
	return b.copysign(r, x)
}

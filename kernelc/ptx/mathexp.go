package ptx

import (
	"math"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// Exponentials, logarithms and pow. Every function takes and returns float64; inline helpers
// (expCore, logCore) are shared by several of them.

var (
	expCoeffs     = invFactorials(2, 14, 1, false) // 1/2!, ..., 1/14!
	expm1LongPoly = invFactorials(2, 19, 1, false) // for |x| < 0.7
	// log1p(r) = r - r^2/2 + r^3 Q(r), Q(r) = 1/3 - r/4 + r^2/5 - ...
	log1pQ = func() []float64 {
		var q []float64
		for n := 3; n <= 14; n++ {
			c := 1 / float64(n)
			if n%2 == 0 {
				c = -c
			}
			q = append(q, c)
		}
		return q
	}()
)

func init() {
	mathDefs["gk_exp"] = mathDef{1, mathExp}
	mathDefs["gk_exp2"] = mathDef{1, mathExp2}
	mathDefs["gk_expm1"] = mathDef{1, mathExpm1}
	mathDefs["gk_log"] = mathDef{1, func(b *fb, a []val) val { return mathLogBase(b, a[0], logE) }}
	mathDefs["gk_log2"] = mathDef{1, func(b *fb, a []val) val { return mathLogBase(b, a[0], log2) }}
	mathDefs["gk_log10"] = mathDef{1, func(b *fb, a []val) val { return mathLogBase(b, a[0], log10) }}
	mathDefs["gk_log1p"] = mathDef{1, mathLog1p}
	mathDefs["gk_pow"] = mathDef{2, mathPow}
}

// expm1Poly returns e^r - 1 for |r| <= 0.35 (Taylor series through r^14).
func (b *fb) expm1Poly(r val) val {
	p := b.horner(r, expCoeffs)
	return b.fma(b.mul(r, r), p, r)
}

// expCore returns e^(hi+lo) for hi in (-745.2, 709.8) and |lo| <= ulp(hi): hi is reduced by
// k ln 2 (k = round(hi/ln 2)) with a two-part ln 2, the series gives e^r - 1 = s on |r| <=
// ln2/2, and the result is 2^k (1 + s + lo(1+s)).
func (b *fb) expCore(hi, lo val) val {
	k := b.rni(b.mul(hi, b.c(invLn2Hi)))
	nk := b.neg(k)
	r := b.fma(nk, b.c(ln2Hi), hi)
	r = b.fma(nk, b.c(ln2Lo), r)
	s := b.expm1Poly(r)
	t := b.add(s, b.fma(lo, s, lo))
	y := b.add(b.c(1), t)
	return b.ldexp(y, b.toI32(k))
}

func mathExp(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	b.retIf(b.gt(x, b.c(709.782712893384)), b.c(math.Inf(1)))
	b.retIf(b.lt(x, b.c(-745.1332191019412)), b.c(0))
	return b.expCore(x, b.c(0))
}

func mathExp2(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	b.retIf(b.ge(x, b.c(1024)), b.c(math.Inf(1)))
	b.retIf(b.le(x, b.c(-1076)), b.c(0))
	k := b.rni(x)
	f := b.sub(x, k) // exact, |f| <= 1/2
	hi := b.mul(f, b.c(ln2Hi))
	lo := b.fma(f, b.c(ln2Hi), b.neg(hi))
	lo = b.fma(f, b.c(ln2Lo), lo)
	s := b.expm1Poly(hi)
	t := b.add(s, b.fma(lo, s, lo))
	return b.ldexp(b.add(b.c(1), t), b.toI32(k))
}

func mathExpm1(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	b.retIf(b.gt(x, b.c(709.782712893384)), b.c(math.Inf(1)))
	b.retIf(b.lt(x, b.c(-38)), b.c(-1))
	b.retIf(b.eq(x, b.c(0)), x)
	// Near 0 the series runs on x itself: no reduction, no cancellation.
	b.retIf(b.lt(b.abs(x), b.c(0.7)), b.fma(b.mul(x, x), b.horner(x, expm1LongPoly), x))
	k := b.rni(b.mul(x, b.c(invLn2Hi)))
	nk := b.neg(k)
	r := b.fma(nk, b.c(ln2Hi), x)
	r = b.fma(nk, b.c(ln2Lo), r)
	s := b.expm1Poly(r)
	ki := b.toI32(k)
	b.retIf(b.gt(k, b.c(56)), b.ldexp(b.add(b.c(1), s), ki))
	t := b.pow2(ki)
	return b.fma(t, s, b.sub(t, b.c(1)))
}

// logCore returns k (as a float64) and log(m) as a double-double (hi, lo) for a positive
// finite x = 2^k m with m in [sqrt(1/2), sqrt(2)). It reads the reciprocal inv of m's
// subinterval and -log(inv) from a table; r = m*inv - 1 is exact and |r| < 0.011, and
// log(1+r) is summed as r - r^2/2 (double-double) + r^3 Q(r).
func (b *fb) logCore(x val) (kf, hi, lo val) {
	sub := b.lt(x, b.c(0x1p-1022))
	xs := b.sel(sub, b.mul(x, b.c(0x1p54)), x)
	kadj := b.selp(sub, b.si(-54), b.si(0))
	bits := b.bitsOf(xs)
	e := b.newReg(ir.I32)
	b.ins("cvt.u32.u64 %s, %s", e, b.bin("shr.u64", ir.U64, bits, b.ui(52)))
	e = b.bin("sub.s32", ir.I32, e, b.si(1023))
	mb := b.bin("or.b64", ir.U64, b.bin("and.b64", ir.U64, bits, immUint(ir.U64, 1<<52-1)), immUint(ir.U64, 0x3FF0000000000000))
	m := b.fromU64(mb)
	big := b.gt(m, b.c(math.Sqrt2))
	m = b.sel(big, b.mul(m, b.c(0.5)), m)
	e = b.bin("add.s32", ir.I32, e, b.selp(big, b.si(1), b.si(0)))
	e = b.bin("add.s32", ir.I32, e, kadj)
	mb = b.bitsOf(m)
	w := b.newReg(ir.U32)
	b.ins("cvt.u32.u64 %s, %s", w, b.bin("shr.u64", ir.U64, mb, b.ui(45)))
	idx := b.bin("and.b32", ir.U32, w, b.ui(255)) // 128 + j for m >= 1 (odd biased exponent), j below
	entry := b.index(b.table("gk_logtab", logTable), idx, 24)
	inv, lh, ll := b.load(entry, 0), b.load(entry, 8), b.load(entry, 16)
	r := b.fma(m, inv, b.c(-1))
	r2h := b.mul(r, r)
	r2l := b.fma(r, r, b.neg(r2h))
	hh, hl := b.mul(r2h, b.c(0.5)), b.mul(r2l, b.c(0.5))
	c := b.mul(b.mul(r2h, r), b.horner(r, log1pQ))
	ph, pl := b.fastTwoSum(r, b.neg(hh))
	pl = b.add(pl, b.sub(c, hl))
	sh, se := b.twoSum(lh, ph)
	l := b.add(se, b.add(ll, pl))
	hi, lo = b.fastTwoSum(sh, l)
	return b.fromI32(e), hi, lo
}

// lnDD returns log(x) = k ln2 + (hi + lo) as a double-double.
func (b *fb) lnDD(kf, hi, lo val) (val, val) {
	ph, pe := b.twoProd(kf, b.c(ln2Hi))
	s, e := b.twoSum(ph, hi)
	t := b.add(e, b.add(pe, b.fma(kf, b.c(ln2Lo), lo)))
	return b.fastTwoSum(s, t)
}

type logKind int

const (
	logE logKind = iota
	log2
	log10
)

// logSpecial returns from the function for arguments that are not positive finite numbers.
func (b *fb) logSpecial(x val) {
	b.retIf(b.isnan(x), b.add(x, x))
	b.retIf(b.lt(x, b.c(0)), b.c(math.NaN()))
	b.retIf(b.eq(x, b.c(0)), b.c(math.Inf(-1)))
	b.retIf(b.eq(x, b.c(math.Inf(1))), x)
}

func mathLogBase(b *fb, x val, kind logKind) val {
	b.logSpecial(x)
	kf, hi, lo := b.logCore(x)
	switch kind {
	case log2:
		ph, pe := b.twoProd(hi, b.c(invLn2Hi))
		pe = b.add(pe, b.fma(hi, b.c(invLn2Lo), b.mul(lo, b.c(invLn2Hi))))
		s, e := b.twoSum(kf, ph)
		return b.add(s, b.add(e, pe))
	case log10:
		h, l := b.lnDD(kf, hi, lo)
		ph, pe := b.twoProd(h, b.c(invLn10Hi))
		pe = b.add(pe, b.fma(h, b.c(invLn10Lo), b.mul(l, b.c(invLn10Hi))))
		return b.add(ph, pe)
	}
	h, l := b.lnDD(kf, hi, lo)
	return b.add(h, l)
}

func mathLog1p(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	b.retIf(b.lt(x, b.c(-1)), b.c(math.NaN()))
	b.retIf(b.eq(x, b.c(-1)), b.c(math.Inf(-1)))
	b.retIf(b.eq(x, b.c(math.Inf(1))), x)
	b.retIf(b.lt(b.abs(x), b.c(0x1p-54)), x)
	u := b.add(b.c(1), x)
	c := b.sub(x, b.sub(u, b.c(1))) // u's rounding error
	kf, hi, lo := b.logCore(u)
	h, l := b.lnDD(kf, hi, lo)
	return b.add(h, b.add(l, b.div(c, u)))
}

// isOddInt reports whether the finite y is an odd integer (false beyond 2^53).
func (b *fb) isOddInt(y val) val {
	h := b.mul(y, b.c(0.5))
	isInt := b.eq(b.trunc(y), y)
	halfFrac := b.setp("neu", b.trunc(h), h)
	return b.and(isInt, b.and(halfFrac, b.lt(b.abs(y), b.c(0x1p53))))
}

func mathPow(b *fb, a []val) val {
	x, y := a[0], a[1]
	one := b.c(1)
	inf := b.c(math.Inf(1))
	b.retIf(b.eq(y, b.c(0)), one)
	b.retIf(b.eq(x, one), one)
	b.retIf(b.or(b.isnan(x), b.isnan(y)), b.add(x, y))
	b.retIf(b.eq(y, one), x)
	ax, ay := b.abs(x), b.abs(y)
	odd := b.isOddInt(y)
	ypos := b.gt(y, b.c(0))
	// x = ±0.
	b.ifp(b.eq(x, b.c(0)), func() {
		b.retIf(ypos, b.sel(odd, x, b.c(0)))
		b.retIf(b.c1(true), b.sel(odd, b.copysign(inf, x), inf))
	})
	// y = ±Inf.
	b.ifp(b.eq(ay, inf), func() {
		b.retIf(b.eq(x, b.c(-1)), one)
		b.retIf(b.c1(true), b.sel(b.setp("eq", b.boolU(b.lt(ax, one)), b.boolU(ypos)), b.c(0), inf))
	})
	// x = ±Inf.
	b.ifp(b.eq(ax, inf), func() {
		b.retIf(b.gt(x, b.c(0)), b.sel(ypos, inf, b.c(0)))
		// Pow(-Inf, y) = Pow(-0, -y).
		b.retIf(ypos, b.sel(odd, b.c(math.Inf(-1)), inf))
		b.retIf(b.c1(true), b.sel(odd, b.c(math.Copysign(0, -1)), b.c(0)))
	})
	b.retIf(b.and(b.lt(x, b.c(0)), b.setp("neu", b.trunc(y), y)), b.c(math.NaN()))
	b.retIf(b.eq(y, b.c(0.5)), b.sqrt(x))
	b.retIf(b.eq(y, b.c(-0.5)), b.div(one, b.sqrt(x)))
	neg := b.and(b.lt(x, b.c(0)), odd)
	kf, hi, lo := b.logCore(ax)
	lh, ll := b.lnDD(kf, hi, lo)
	zh := b.mul(y, lh)
	zl := b.fma(y, ll, b.fma(y, lh, b.neg(zh)))
	sign := func(v val) val { return b.sel(neg, b.neg(v), v) }
	b.retIf(b.gt(zh, b.c(709.79)), sign(inf))
	b.retIf(b.lt(zh, b.c(-745.14)), sign(b.c(0)))
	return sign(b.expCore(zh, zl))
}

// c1 returns a predicate constant.
func (b *fb) c1(v bool) val { return b.boolConst(v) }

// boolU returns a predicate as 0 or 1 in a U32.
func (b *fb) boolU(p val) val { return b.boolToU32(p) }

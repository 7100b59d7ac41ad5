package devmath

import "math"

// Exponentials: exp, exp2 and expm1, and expCore, the exponential of a double-double that log
// and pow build on.

var (
	expCoeffs     = invFactorials(2, 14, 1, false) // 1/2!, ..., 1/14!
	expm1LongPoly = invFactorials(2, 19, 1, false) // for |x| < 0.7
)

// expm1Poly returns e^r - 1 for |r| <= 0.35 (Taylor series through r^14).
func (b emitter) expm1Poly(r Value) Value {
	p := b.horner(r, expCoeffs)
	return b.FMA(b.Mul(r, r), p, r)
}

// expCore returns e^(hi+lo) for hi in (-745.2, 709.8) and |lo| <= ulp(hi): hi is reduced by
// k ln 2 (k = round(hi/ln 2)) with a two-part ln 2, the series gives e^r - 1 = s on |r| <=
// ln2/2, and the result is 2^k (1 + s + lo(1+s)).
func (b emitter) expCore(hi, lo Value) Value {
	k := b.RoundToEven(b.Mul(hi, b.c(invLn2Hi)))
	nk := b.Neg(k)
	r := b.FMA(nk, b.c(ln2Hi), hi)
	r = b.FMA(nk, b.c(ln2Lo), r)
	s := b.expm1Poly(r)
	t := b.Add(s, b.FMA(lo, s, lo))
	y := b.Add(b.c(1), t)
	return b.ldexp(y, b.toI32(k))
}

// exp returns e^x.
func exp(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	b.ReturnIf(b.gt(x, b.c(709.782712893384)), b.c(math.Inf(1)))
	b.ReturnIf(b.lt(x, b.c(-745.1332191019412)), b.c(0))
	return b.expCore(x, b.c(0))
}

// exp2 returns 2^x.
func exp2(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	b.ReturnIf(b.ge(x, b.c(1024)), b.c(math.Inf(1)))
	b.ReturnIf(b.le(x, b.c(-1076)), b.c(0))
	k := b.RoundToEven(x)
	f := b.Sub(x, k) // exact, |f| <= 1/2
	hi := b.Mul(f, b.c(ln2Hi))
	lo := b.FMA(f, b.c(ln2Hi), b.Neg(hi))
	lo = b.FMA(f, b.c(ln2Lo), lo)
	s := b.expm1Poly(hi)
	t := b.Add(s, b.FMA(lo, s, lo))
	return b.ldexp(b.Add(b.c(1), t), b.toI32(k))
}

// expm1 returns e^x - 1, accurate near 0.
func expm1(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	b.ReturnIf(b.gt(x, b.c(709.782712893384)), b.c(math.Inf(1)))
	b.ReturnIf(b.lt(x, b.c(-38)), b.c(-1))
	b.ReturnIf(b.eq(x, b.c(0)), x)
	// Near 0 the series runs on x itself: no reduction, no cancellation.
	b.ReturnIf(b.lt(b.Abs(x), b.c(0.7)), b.FMA(b.Mul(x, x), b.horner(x, expm1LongPoly), x))
	k := b.RoundToEven(b.Mul(x, b.c(invLn2Hi)))
	nk := b.Neg(k)
	r := b.FMA(nk, b.c(ln2Hi), x)
	r = b.FMA(nk, b.c(ln2Lo), r)
	s := b.expm1Poly(r)
	ki := b.toI32(k)
	b.ReturnIf(b.gt(k, b.c(56)), b.ldexp(b.Add(b.c(1), s), ki))
	t := b.pow2(ki)
	return b.FMA(t, s, b.Sub(t, b.c(1)))
}

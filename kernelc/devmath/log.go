package devmath

import "math"

// Logarithms: log, log2, log10 and log1p, on logCore, the logarithm of the mantissa as a
// double-double, which pow shares.

// log1p(r) = r - r^2/2 + r^3 Q(r), Q(r) = 1/3 - r/4 + r^2/5 - ...
var log1pQ = func() []float64 {
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

// logCore returns k (as a float64) and log(m) as a double-double (hi, lo) for a positive
// finite x = 2^k m with m in [sqrt(1/2), sqrt(2)). It reads the reciprocal inv of m's
// subinterval and -log(inv) from a table; r = m*inv - 1 is exact and |r| < 0.011, and
// log(1+r) is summed as r - r^2/2 (double-double) + r^3 Q(r).
func (b emitter) logCore(x Value) (kf, hi, lo Value) {
	sub := b.lt(x, b.c(0x1p-1022))
	xs := b.Select(sub, b.Mul(x, b.c(0x1p54)), x)
	kadj := b.Select(sub, b.si(-54), b.si(0))
	bits := b.Bits(xs)
	e := b.Convert(Int32, Uint64, b.w64(Shr, bits, b.ui(52)))
	e = b.i32(Sub, e, b.si(1023))
	mb := b.w64(Or, b.w64(And, bits, b.u64(1<<52-1)), b.u64(0x3FF0000000000000))
	m := b.FromBits(mb)
	big := b.gt(m, b.c(math.Sqrt2))
	m = b.Select(big, b.Mul(m, b.c(0.5)), m)
	e = b.i32(Add, e, b.Select(big, b.si(1), b.si(0)))
	e = b.i32(Add, e, kadj)
	mb = b.Bits(m)
	w := b.Convert(Uint32, Uint64, b.w64(Shr, mb, b.ui(45)))
	idx := b.u32(And, w, b.ui(255)) // 128 + j for m >= 1 (odd biased exponent), j below
	entry := b.Index(b.Table("logtab", floatWords(logTable)), idx, 24)
	inv, lh, ll := b.load(entry, 0), b.load(entry, 8), b.load(entry, 16)
	r := b.FMA(m, inv, b.c(-1))
	r2h := b.Mul(r, r)
	r2l := b.FMA(r, r, b.Neg(r2h))
	hh, hl := b.Mul(r2h, b.c(0.5)), b.Mul(r2l, b.c(0.5))
	c := b.Mul(b.Mul(r2h, r), b.horner(r, log1pQ))
	ph, pl := b.fastTwoSum(r, b.Neg(hh))
	pl = b.Add(pl, b.Sub(c, hl))
	sh, se := b.twoSum(lh, ph)
	l := b.Add(se, b.Add(ll, pl))
	hi, lo = b.fastTwoSum(sh, l)
	return b.fromI32(e), hi, lo
}

// lnDD returns log(x) = k ln2 + (hi + lo) as a double-double.
func (b emitter) lnDD(kf, hi, lo Value) (Value, Value) {
	ph, pe := b.twoProd(kf, b.c(ln2Hi))
	s, e := b.twoSum(ph, hi)
	t := b.Add(e, b.Add(pe, b.FMA(kf, b.c(ln2Lo), lo)))
	return b.fastTwoSum(s, t)
}

// logKind is the base of a logarithm.
type logKind int

const (
	baseE logKind = iota
	base2
	base10
)

// logSpecial returns from the function for arguments that are not positive finite numbers.
func (b emitter) logSpecial(x Value) {
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	b.ReturnIf(b.lt(x, b.c(0)), b.c(math.NaN()))
	b.ReturnIf(b.eq(x, b.c(0)), b.c(math.Inf(-1)))
	b.ReturnIf(b.eq(x, b.c(math.Inf(1))), x)
}

// logBase is log, log2 or log10.
func logBase(b emitter, x Value, kind logKind) Value {
	b.logSpecial(x)
	kf, hi, lo := b.logCore(x)
	switch kind {
	case base2:
		ph, pe := b.twoProd(hi, b.c(invLn2Hi))
		pe = b.Add(pe, b.FMA(hi, b.c(invLn2Lo), b.Mul(lo, b.c(invLn2Hi))))
		s, e := b.twoSum(kf, ph)
		return b.Add(s, b.Add(e, pe))
	case base10:
		h, l := b.lnDD(kf, hi, lo)
		ph, pe := b.twoProd(h, b.c(invLn10Hi))
		pe = b.Add(pe, b.FMA(h, b.c(invLn10Lo), b.Mul(l, b.c(invLn10Hi))))
		return b.Add(ph, pe)
	}
	h, l := b.lnDD(kf, hi, lo)
	return b.Add(h, l)
}

// log1p returns log(1+x), accurate near 0.
func log1p(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	b.ReturnIf(b.lt(x, b.c(-1)), b.c(math.NaN()))
	b.ReturnIf(b.eq(x, b.c(-1)), b.c(math.Inf(-1)))
	b.ReturnIf(b.eq(x, b.c(math.Inf(1))), x)
	b.ReturnIf(b.lt(b.Abs(x), b.c(0x1p-54)), x)
	u := b.Add(b.c(1), x)
	c := b.Sub(x, b.Sub(u, b.c(1))) // u's rounding error
	kf, hi, lo := b.logCore(u)
	h, l := b.lnDD(kf, hi, lo)
	return b.Add(h, b.Add(l, b.Div(c, u)))
}

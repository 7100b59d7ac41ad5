package devmath

import "math"

// pow, with all of Go's special cases, as exp(y log x) in double-double.

// isOddInt reports whether the finite y is an odd integer (false beyond 2^53).
func (b emitter) isOddInt(y Value) Value {
	h := b.Mul(y, b.c(0.5))
	isInt := b.eq(b.Trunc(y), y)
	halfFrac := b.ne(b.Trunc(h), h)
	return b.And(isInt, b.And(halfFrac, b.lt(b.Abs(y), b.c(0x1p53))))
}

// pow returns x^y.
func pow(b emitter, a []Value) Value {
	x, y := a[0], a[1]
	one := b.c(1)
	inf := b.c(math.Inf(1))
	b.ReturnIf(b.eq(y, b.c(0)), one)
	b.ReturnIf(b.eq(x, one), one)
	b.ReturnIf(b.Or(b.IsNaN(x), b.IsNaN(y)), b.Add(x, y))
	b.ReturnIf(b.eq(y, one), x)
	ax, ay := b.Abs(x), b.Abs(y)
	odd := b.isOddInt(y)
	ypos := b.gt(y, b.c(0))
	// x = ±0.
	b.If(b.eq(x, b.c(0)), func() {
		b.ReturnIf(ypos, b.Select(odd, x, b.c(0)))
		b.ReturnIf(b.always(), b.Select(odd, b.Copysign(inf, x), inf))
	})
	// y = ±Inf.
	b.If(b.eq(ay, inf), func() {
		b.ReturnIf(b.eq(x, b.c(-1)), one)
		b.ReturnIf(b.always(), b.Select(b.sameTruth(b.lt(ax, one), ypos), b.c(0), inf))
	})
	// x = ±Inf.
	b.If(b.eq(ax, inf), func() {
		b.ReturnIf(b.gt(x, b.c(0)), b.Select(ypos, inf, b.c(0)))
		// Pow(-Inf, y) = Pow(-0, -y).
		b.ReturnIf(ypos, b.Select(odd, b.c(math.Inf(-1)), inf))
		b.ReturnIf(b.always(), b.Select(odd, b.c(math.Copysign(0, -1)), b.c(0)))
	})
	b.ReturnIf(b.And(b.lt(x, b.c(0)), b.ne(b.Trunc(y), y)), b.c(math.NaN()))
	b.ReturnIf(b.eq(y, b.c(0.5)), b.Sqrt(x))
	b.ReturnIf(b.eq(y, b.c(-0.5)), b.Div(one, b.Sqrt(x)))
	neg := b.And(b.lt(x, b.c(0)), odd)
	kf, hi, lo := b.logCore(ax)
	lh, ll := b.lnDD(kf, hi, lo)
	zh := b.Mul(y, lh)
	zl := b.FMA(y, ll, b.FMA(y, lh, b.Neg(zh)))
	sign := func(v Value) Value { return b.Select(neg, b.Neg(v), v) }
	b.ReturnIf(b.gt(zh, b.c(709.79)), sign(inf))
	b.ReturnIf(b.lt(zh, b.c(-745.14)), sign(b.c(0)))
	return sign(b.expCore(zh, zl))
}

// sameTruth returns the predicate "p and q are both true or both false".
func (b emitter) sameTruth(p, q Value) Value {
	return b.IntCompare(Eq, Uint32, b.Convert(Uint32, Bool, p), b.Convert(Uint32, Bool, q))
}

package devmath

import "math"

// hypot, scaled by a power of two so that neither square overflows nor underflows.

// hypot returns sqrt(x*x + y*y) without undue overflow or underflow.
func hypot(b emitter, a []Value) Value {
	x, y := a[0], a[1]
	ax, ay := b.Abs(x), b.Abs(y)
	inf := b.c(math.Inf(1))
	b.ReturnIf(b.Or(b.eq(ax, inf), b.eq(ay, inf)), inf)
	b.ReturnIf(b.Or(b.IsNaN(x), b.IsNaN(y)), b.Add(x, y))
	p := b.Max(ax, ay)
	q := b.Min(ax, ay)
	b.ReturnIf(b.eq(p, b.c(0)), b.c(0))
	// Scale by a power of two near p (subnormal p is first scaled up by 2^54).
	sub := b.lt(p, b.c(0x1p-1022))
	ps := b.Select(sub, b.Mul(p, b.c(0x1p54)), p)
	qs := b.Select(sub, b.Mul(q, b.c(0x1p54)), q)
	k := b.i32(Sub, b.Exponent(ps), b.si(1023))
	ps = b.ldexp(ps, b.i32(Sub, b.si(0), k))
	qs = b.ldexp(qs, b.i32(Sub, b.si(0), k))
	r := b.Sqrt(b.FMA(ps, ps, b.Mul(qs, qs)))
	k = b.i32(Sub, k, b.Select(sub, b.si(54), b.si(0)))
	return b.ldexp(r, k)
}

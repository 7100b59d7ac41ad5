package devmath

import "math"

// atan and atan2, on a table of atan(j/16) and a short series.

// atan(u) = u + u^3 P(u^2) for |u| <= 1/32: P = -1/3 + u^2/5 - ... through u^15.
var atanP = func() []float64 {
	var p []float64
	for n := 3; n <= 15; n += 2 {
		c := 1 / float64(n)
		if n%4 == 3 {
			c = -c
		}
		p = append(p, c)
	}
	return p
}()

// atanDD returns atan(t) for t in [0, 1] as a double-double: with j = round(16t) and c =
// j/16, atan(t) = atan(c) + atan(u), u = (t - c)/(1 + t c) (t - c is exact), |u| <= 1/32.
func (b emitter) atanDD(t Value) (Value, Value) {
	j := b.RoundToEven(b.Mul(t, b.c(16)))
	c := b.Mul(j, b.c(1.0/16))
	u := b.Div(b.Sub(t, c), b.FMA(t, c, b.c(1)))
	u2 := b.Mul(u, u)
	su := b.FMA(b.Mul(u, u2), b.horner(u2, atanP), u)
	ji := b.Convert(Uint32, Float64, j)
	e := b.Index(b.Table("atantab", floatWords(atanTable)), ji, 16)
	th, tl := b.load(e, 0), b.load(e, 8)
	return b.fastTwoSum(th, b.Add(su, tl))
}

// atan returns the arctangent of x.
func atan(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	b.ReturnIf(b.lt(b.Abs(x), b.c(0x1p-27)), x)
	ax := b.Abs(x)
	inv := b.gt(ax, b.c(1))
	t := b.Select(inv, b.Div(b.c(1), ax), ax)
	h, l := b.atanDD(t)
	ch, cl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), h, l)
	r := b.Select(inv, b.Add(ch, cl), b.Add(h, l))
	return b.Copysign(r, x)
}

// atan2 returns the arctangent of y/x in the quadrant of (x, y), its arguments being y and x.
func atan2(b emitter, a []Value) Value {
	y, x := a[0], a[1]
	inf := b.c(math.Inf(1))
	b.ReturnIf(b.Or(b.IsNaN(x), b.IsNaN(y)), b.Add(x, y))
	ax, ay := b.Abs(x), b.Abs(y)
	xneg := b.Signbit(x)
	b.ReturnIf(b.eq(y, b.c(0)), b.Select(xneg, b.Copysign(b.c(piHi), y), y))
	b.ReturnIf(b.eq(x, b.c(0)), b.Copysign(b.c(pio2Hi), y))
	b.If(b.eq(ax, inf), func() {
		yinf := b.eq(ay, inf)
		b.ReturnIf(b.gt(x, b.c(0)), b.Copysign(b.Select(yinf, b.c(math.Pi/4), b.c(0)), y))
		b.ReturnIf(b.always(), b.Copysign(b.Select(yinf, b.c(3*math.Pi/4), b.c(piHi)), y))
	})
	b.ReturnIf(b.eq(ay, inf), b.Copysign(b.c(pio2Hi), y))
	swap := b.gt(ay, ax)
	t := b.Div(b.Select(swap, ax, ay), b.Select(swap, ay, ax))
	h, l := b.atanDD(t)
	ch, cl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), h, l)
	h, l = b.Select(swap, ch, h), b.Select(swap, cl, l)
	ph, pl := b.subDD(b.c(piHi), b.c(piLo), h, l)
	xl := b.lt(x, b.c(0))
	h, l = b.Select(xl, ph, h), b.Select(xl, pl, l)
	return b.Copysign(b.Add(h, l), y)
}

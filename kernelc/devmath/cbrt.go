package devmath

// cbrt, by Newton's iteration from a guess built on the exponent.

// cbrt returns the cube root of x.
func cbrt(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.Or(b.eq(x, b.c(0)), b.IsNaN(b.Sub(x, x))), b.Add(x, x)) // ±0, ±Inf, NaN
	ax := b.Abs(x)
	sub := b.lt(ax, b.c(0x1p-1022))
	xs := b.Select(sub, b.Mul(ax, b.c(0x1p54)), ax)
	// A first guess from the exponent: the high word divided by 3 plus a bias.
	hw := b.HighWord(xs)
	g := b.u32(Add, b.u32(Div, hw, b.ui(3)), b.ui(0x2A9F7893))
	y := b.FromBits(b.FromWords(g, b.ui(0)))
	// Newton steps y -= (y^3 - x) / (3 y^2).
	for i := 0; i < 6; i++ {
		y2 := b.Mul(y, y)
		y = b.Sub(y, b.Div(b.FMA(y2, y, b.Neg(xs)), b.Mul(b.c(3), y2)))
	}
	// A last step with the residual computed to double-double accuracy.
	y2 := b.Mul(y, y)
	e2 := b.FMA(y, y, b.Neg(y2))
	res := b.FMA(e2, y, b.FMA(y2, y, b.Neg(xs)))
	y = b.Sub(y, b.Div(res, b.Mul(b.c(3), y2)))
	y = b.Select(sub, b.Mul(y, b.c(0x1p-18)), y)
	return b.Copysign(y, x)
}

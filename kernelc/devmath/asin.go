package devmath

import (
	"math"
	"math/big"
)

// asin and acos: a series on |x| <= 1/2, else 2 asin(sqrt((1-|x|)/2)).

// asin(x) = x + x^3 A(x^2) for |x| <= 1/2: the coefficients (2n)!/(4^n n!^2 (2n+1)).
var asinA = func() []float64 {
	var a []float64
	for n := int64(1); n <= 27; n++ {
		num := new(big.Int).MulRange(n+1, 2*n) // (2n)!/n!
		den := new(big.Int).MulRange(1, n)     // n!
		den.Mul(den, new(big.Int).Lsh(big.NewInt(1), uint(2*n)))
		den.Mul(den, big.NewInt(2*n+1))
		f, _ := new(big.Rat).SetFrac(num, den).Float64()
		a = append(a, f)
	}
	return a
}()

// asinSmall returns asin(x) for |x| <= 1/2.
func (b emitter) asinSmall(x Value) Value {
	z := b.Mul(x, x)
	return b.FMA(b.Mul(x, z), b.horner(z, asinA), x)
}

// asinHalf returns 2 asin(sqrt(z)) for z in [0, 1/4] as a double-double, with sqrt(z)
// carried as a double-double.
func (b emitter) asinHalf(z Value) (Value, Value) {
	s := b.Sqrt(z)
	e := b.FMA(b.Neg(s), s, z)
	sl := b.Div(e, b.Add(s, s))
	sl = b.Select(b.eq(s, b.c(0)), b.c(0), sl)
	a := b.asinSmall(s)
	// asin(s + sl) = asin(s) + sl/sqrt(1-s^2) ~ a + sl (1 + s^2/2).
	al := b.Mul(sl, b.FMA(b.Mul(s, s), b.c(0.5), b.c(1)))
	h, l := b.fastTwoSum(a, al)
	return b.Add(h, h), b.Add(l, l)
}

// asin returns the arcsine of x.
func asin(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.ReturnIf(b.gt(ax, b.c(1)), b.c(math.NaN()))
	b.ReturnIf(b.lt(ax, b.c(0x1p-27)), x)
	b.ReturnIf(b.le(ax, b.c(0.5)), b.asinSmall(x))
	h, l := b.asinHalf(b.Mul(b.Sub(b.c(1), ax), b.c(0.5)))
	rh, rl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), h, l)
	return b.Copysign(b.Add(rh, rl), x)
}

// acos returns the arccosine of x.
func acos(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.ReturnIf(b.gt(ax, b.c(1)), b.c(math.NaN()))
	b.If(b.le(ax, b.c(0.5)), func() {
		rh, rl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), b.asinSmall(x), b.c(0))
		b.ReturnIf(b.always(), b.Add(rh, rl))
	})
	h, l := b.asinHalf(b.Mul(b.Sub(b.c(1), ax), b.c(0.5)))
	b.ReturnIf(b.gt(x, b.c(0)), b.Add(h, l))
	rh, rl := b.subDD(b.c(piHi), b.c(piLo), h, l)
	return b.Add(rh, rl)
}

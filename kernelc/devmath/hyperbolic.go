package devmath

import "math"

// Hyperbolic functions and their inverses, on exp, expm1, log and log1p.

// sinh(x) = x + x^3 H(x^2) for |x| < 1: H = 1/3! + x^2/5! + ... through x^21.
var sinhH = invFactorials(3, 21, 2, false)

// sinh returns the hyperbolic sine of x.
func sinh(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.ReturnIf(b.lt(ax, b.c(0x1p-27)), x)
	b.If(b.lt(ax, b.c(1)), func() {
		z := b.Mul(x, x)
		b.ReturnIf(b.always(), b.FMA(b.Mul(x, z), b.horner(z, sinhH), x))
	})
	b.If(b.gt(ax, b.c(22)), func() {
		// e^-|x| is negligible: sinh = e^(|x|/2)^2 / 2, which stays finite up to the overflow
		// threshold of sinh itself.
		h := b.Call("exp", b.Mul(ax, b.c(0.5)))
		b.ReturnIf(b.always(), b.Copysign(b.Mul(b.Mul(h, b.c(0.5)), h), x))
	})
	e := b.Call("expm1", ax)
	// sinh = (E + E/(E+1))/2 with E = e^|x| - 1.
	r := b.Mul(b.c(0.5), b.Add(e, b.Div(e, b.Add(e, b.c(1)))))
	return b.Copysign(r, x)
}

// cosh returns the hyperbolic cosine of x.
func cosh(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.If(b.gt(ax, b.c(22)), func() {
		h := b.Call("exp", b.Mul(ax, b.c(0.5)))
		b.ReturnIf(b.always(), b.Mul(b.Mul(h, b.c(0.5)), h))
	})
	b.If(b.lt(ax, b.c(0.5)), func() {
		// cosh = 1 + E^2/(2(1+E)) with E = e^|x| - 1: no cancellation near 0.
		e := b.Call("expm1", ax)
		b.ReturnIf(b.always(), b.Add(b.c(1), b.Div(b.Mul(e, e), b.Add(b.Add(e, e), b.c(2)))))
	})
	e := b.Call("exp", ax)
	return b.Mul(b.c(0.5), b.Add(e, b.Div(b.c(1), e)))
}

// tanh returns the hyperbolic tangent of x.
func tanh(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.ReturnIf(b.lt(ax, b.c(0x1p-27)), x)
	b.ReturnIf(b.gt(ax, b.c(22)), b.Copysign(b.c(1), x))
	// tanh = E/(E+2) with E = e^(2|x|) - 1.
	e := b.Call("expm1", b.Add(ax, ax))
	return b.Copysign(b.Div(e, b.Add(e, b.c(2))), x)
}

// asinh returns the inverse hyperbolic sine of x.
func asinh(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(b.Sub(x, x)), b.Add(x, x)) // NaN and ±Inf
	ax := b.Abs(x)
	b.ReturnIf(b.lt(ax, b.c(0x1p-27)), x)
	b.If(b.gt(ax, b.c(0x1p28)), func() {
		l := b.Call("log", ax)
		b.ReturnIf(b.always(), b.Copysign(b.Add(l, b.c(math.Ln2)), x))
	})
	b.If(b.gt(ax, b.c(2)), func() {
		s := b.Sqrt(b.FMA(ax, ax, b.c(1)))
		l := b.Call("log", b.Add(b.Add(ax, ax), b.Div(b.c(1), b.Add(s, ax))))
		b.ReturnIf(b.always(), b.Copysign(l, x))
	})
	z := b.Mul(ax, ax)
	t := b.Add(ax, b.Div(z, b.Add(b.c(1), b.Sqrt(b.Add(b.c(1), z)))))
	return b.Copysign(b.Call("log1p", t), x)
}

// acosh returns the inverse hyperbolic cosine of x.
func acosh(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	b.ReturnIf(b.lt(x, b.c(1)), b.c(math.NaN()))
	b.ReturnIf(b.eq(x, b.c(math.Inf(1))), x)
	b.If(b.gt(x, b.c(0x1p28)), func() {
		b.ReturnIf(b.always(), b.Add(b.Call("log", x), b.c(math.Ln2)))
	})
	b.If(b.gt(x, b.c(2)), func() {
		s := b.Sqrt(b.FMA(x, x, b.c(-1)))
		b.ReturnIf(b.always(), b.Call("log", b.Sub(b.Add(x, x), b.Div(b.c(1), b.Add(x, s)))))
	})
	t := b.Sub(x, b.c(1)) // exact for x in [1, 2]
	return b.Call("log1p", b.Add(t, b.Sqrt(b.FMA(t, t, b.Add(t, t)))))
}

// atanh returns the inverse hyperbolic tangent of x.
func atanh(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.ReturnIf(b.gt(ax, b.c(1)), b.c(math.NaN()))
	b.ReturnIf(b.eq(ax, b.c(1)), b.Copysign(b.c(math.Inf(1)), x))
	b.ReturnIf(b.lt(ax, b.c(0x1p-28)), x)
	b.If(b.lt(ax, b.c(0.5)), func() {
		t := b.Add(ax, ax)
		u := b.Add(t, b.Div(b.Mul(t, ax), b.Sub(b.c(1), ax)))
		b.ReturnIf(b.always(), b.Copysign(b.Mul(b.c(0.5), b.Call("log1p", u)), x))
	})
	u := b.Div(b.Add(ax, ax), b.Sub(b.c(1), ax))
	return b.Copysign(b.Mul(b.c(0.5), b.Call("log1p", u)), x)
}

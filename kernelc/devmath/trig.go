package devmath

import "math"

// sin, cos and tan: the argument is reduced to [-pi/4, pi/4] as a double-double (reducePio2)
// and both polynomials are evaluated there.

var (
	// sin(r) = r + r^3 S(r^2), S = -1/3! + r^2/5! - ... through r^21.
	sinS = negate(invFactorials(3, 21, 2, true))
	// cos(r) = 1 - r^2/2 + r^4 C(r^2), C = 1/4! - r^2/6! + ... through r^20.
	cosC = invFactorials(4, 20, 2, true)
)

// trigKind selects the function of sinCosTan.
type trigKind int

const (
	sinFn trigKind = iota
	cosFn
	tanFn
)

// sinPoly returns sin(rh + rl) for |rh| <= pi/4 + a little.
func (b emitter) sinPoly(rh, rl Value) Value {
	z := b.Mul(rh, rh)
	corr := b.FMA(b.Mul(rh, z), b.horner(z, sinS), b.Mul(rl, b.FMA(z, b.c(-0.5), b.c(1))))
	return b.Add(rh, corr)
}

// cosPoly returns cos(rh + rl).
func (b emitter) cosPoly(rh, rl Value) Value {
	z := b.Mul(rh, rh)
	hz := b.Mul(z, b.c(0.5))
	w := b.Sub(b.c(1), hz)
	tail := b.Add(b.Sub(b.Sub(b.c(1), w), hz), b.FMA(b.Mul(z, z), b.horner(z, cosC), b.Neg(b.Mul(rh, rl))))
	return b.Add(w, tail)
}

// sinCosTan is sin, cos or tan.
func sinCosTan(b emitter, x Value, which trigKind) Value {
	b.ReturnIf(b.IsNaN(b.Sub(x, x)), b.c(math.NaN()))
	if which != cosFn {
		b.ReturnIf(b.lt(b.Abs(x), b.c(0x1p-27)), x)
	}
	q, rh, rl := b.reducePio2(x)
	s, c := b.sinPoly(rh, rl), b.cosPoly(rh, rl)
	odd := b.IntCompare(Ne, Uint32, b.u32(And, q, b.ui(1)), b.ui(0))
	if which == tanFn {
		return b.Select(odd, b.Neg(b.Div(c, s)), b.Div(s, c))
	}
	// sin: q = 0: s, 1: c, 2: -s, 3: -c. cos: q = 0: c, 1: -s, 2: -c, 3: s.
	v := b.Select(odd, c, s)
	negQ := b.IntCompare(Ne, Uint32, b.u32(And, q, b.ui(2)), b.ui(0))
	if which == cosFn {
		v = b.Select(odd, s, c)
		negQ = b.IntCompare(Ne, Uint32, b.u32(And, b.u32(Add, q, b.ui(1)), b.ui(2)), b.ui(0))
	}
	return b.Select(negQ, b.Neg(v), v)
}

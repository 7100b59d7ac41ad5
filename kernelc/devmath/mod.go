package devmath

import "math"

// mod, exact, as Go's math.Mod.

// mod returns the remainder of x/y with the sign of x, exactly.
func mod(b emitter, a []Value) Value {
	x, y := a[0], a[1]
	ax, ay := b.Abs(x), b.Abs(y)
	b.ReturnIf(b.Or(b.Or(b.eq(y, b.c(0)), b.IsNaN(b.Sub(x, x))), b.IsNaN(y)), b.c(math.NaN()))
	b.ReturnIf(b.lt(ax, ay), x) // also y = ±Inf
	// Subtract y scaled to the largest power-of-two multiple not above r until r < |y|;
	// every subtraction is exact.
	r := b.Var(ax)
	ey := b.ilogb(ay)
	b.Until(func() Value { return b.lt(r, ay) }, func() {
		d := b.i32(Sub, b.ilogb(r), ey)
		t := b.ldexpBig(ay, d)
		t = b.Select(b.gt(t, r), b.Mul(t, b.c(0.5)), t)
		b.Set(r, b.Sub(r, t))
	})
	return b.Copysign(r, x)
}

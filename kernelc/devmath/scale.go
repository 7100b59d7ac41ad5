package devmath

// Powers of two and exponents, through the IEEE 754 representation.

// pow2 returns 2^k for an Int32 k in [-1022, 1023].
func (b emitter) pow2(k Value) Value {
	e := b.i32(Add, k, b.si(1023))
	w := b.Convert(Uint64, Uint32, e)
	w = b.w64(Shl, w, b.ui(52))
	return b.FromBits(w)
}

// ldexp returns x * 2^k for an Int32 k in [-2044, 2046] with one rounding (the first scaling
// is exact for normal x).
func (b emitter) ldexp(x, k Value) Value {
	k1 := b.i32(Shr, k, b.ui(1))
	k2 := b.i32(Sub, k, k1)
	return b.Mul(b.Mul(x, b.pow2(k1)), b.pow2(k2))
}

// ldexpBig returns x 2^k for k in [0, 2200] when the result is finite (three exact scalings).
func (b emitter) ldexpBig(x, k Value) Value {
	k1 := b.i32(Div, k, b.si(3))
	k2 := b.i32(Sub, k, b.i32(Mul, k1, b.si(2)))
	return b.Mul(b.Mul(b.Mul(x, b.pow2(k1)), b.pow2(k1)), b.pow2(k2))
}

// ilogb returns the exponent of a positive finite x (Int32), subnormals included. It shifts the
// high word itself where hypot calls Exponent for the same field: each keeps the order of
// operations it was written with, so that the code generated for mod and hypot stays as it is.
func (b emitter) ilogb(x Value) Value {
	sub := b.lt(x, b.c(0x1p-1022))
	xs := b.Select(sub, b.Mul(x, b.c(0x1p54)), x)
	hw := b.HighWord(xs)
	e := b.i32(Sub, b.u32(Shr, hw, b.ui(20)), b.si(1023))
	return b.i32(Sub, e, b.Select(sub, b.si(54), b.si(0)))
}

// toI32 converts a float64 holding an integer to Int32.
func (b emitter) toI32(x Value) Value { return b.Convert(Int32, Float64, x) }

// fromI32 converts an Int32 to float64.
func (b emitter) fromI32(x Value) Value { return b.Convert(Float64, Int32, x) }

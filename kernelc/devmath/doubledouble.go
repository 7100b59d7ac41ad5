package devmath

// Error-free transformations: a double-double is an unevaluated sum hi + lo of two float64
// values with |lo| <= ulp(hi)/2, which carries about 106 bits.

// twoSum returns s = fl(x+y) and the exact error e with x + y = s + e.
func (b emitter) twoSum(x, y Value) (s, e Value) {
	s = b.Add(x, y)
	bv := b.Sub(s, x)
	av := b.Sub(s, bv)
	e = b.Add(b.Sub(x, av), b.Sub(y, bv))
	return s, e
}

// fastTwoSum is twoSum for |x| >= |y| (or x == 0).
func (b emitter) fastTwoSum(x, y Value) (s, e Value) {
	s = b.Add(x, y)
	e = b.Sub(y, b.Sub(s, x))
	return s, e
}

// twoProd returns p = fl(x*y) and the exact error e with x*y = p + e.
func (b emitter) twoProd(x, y Value) (p, e Value) {
	p = b.Mul(x, y)
	e = b.FMA(x, y, b.Neg(p))
	return p, e
}

// subDD returns (ah + al) - (bh + bl) rounded to a double-double.
func (b emitter) subDD(ah, al, bh, bl Value) (Value, Value) {
	s, e := b.twoSum(ah, b.Neg(bh))
	return b.fastTwoSum(s, b.Add(e, b.Sub(al, bl)))
}

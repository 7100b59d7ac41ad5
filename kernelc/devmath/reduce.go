package devmath

// Argument reduction for sin, cos and tan: x = k pi/2 + r.

// reducePio2 returns q (Uint32, the quadrant k mod 4) and r = x - k pi/2 as a double-double,
// |r| <= pi/4 (slightly more when x/(pi/2) is within rounding of a half-integer), for finite
// x. Below 2^50 it subtracts k pi/2 with a three-part pi/2 and fused multiply-adds (the first
// step is exact); above, it multiplies x's integer mantissa by a 192-bit window of 2/pi's
// bits (Payne-Hanek) in 64-bit integer arithmetic.
func (b emitter) reducePio2(x Value) (q, rh, rl Value) {
	q = b.Declare(Uint32)
	rh, rl = b.Declare(Float64), b.Declare(Float64)
	b.IfElse(b.ge(b.Abs(x), b.c(0x1p50)), func() {
		pq, ph, pl := b.payneHanek(b.Abs(x))
		neg := b.lt(x, b.c(0))
		b.Set(rh, b.Select(neg, b.Neg(ph), ph))
		b.Set(rl, b.Select(neg, b.Neg(pl), pl))
		nq := b.u32(And, b.u32(Sub, b.Var(b.ui(4)), pq), b.ui(3))
		b.Set(q, b.Select(neg, nq, pq))
	}, func() {
		k := b.RoundToEven(b.Mul(x, b.c(twoOverPi)))
		r1 := b.FMA(b.Neg(k), b.c(pio2A), x)
		p := b.Mul(k, b.c(pio2B))
		pe := b.FMA(k, b.c(pio2B), b.Neg(p))
		s, e1 := b.twoSum(r1, b.Neg(p))
		l := b.Sub(b.Sub(e1, pe), b.Mul(k, b.c(pio2C)))
		h, l2 := b.fastTwoSum(s, l)
		b.Set(rh, h)
		b.Set(rl, l2)
		kq := b.Convert(Uint32, Int64, b.Convert(Int64, Float64, k))
		b.Set(q, b.u32(And, kq, b.ui(3)))
	})
	return q, rh, rl
}

// funnel returns the Uint64 (hi << s) | (lo >> (64 - s)) for a Uint32 s in [0, 64), which is
// hi for s = 0 without relying on how a shift by 64 behaves.
func (b emitter) funnel(hi, lo, s Value) Value {
	l := b.w64(Shl, hi, s)
	rs := b.u32(Sub, b.Var(b.ui(64)), s)
	r := b.w64(Shr, lo, rs)
	z := b.IntCompare(Eq, Uint32, s, b.ui(0))
	return b.Select(z, hi, b.w64(Or, l, r))
}

// payneHanek reduces a positive finite x >= 2^50: it returns the quadrant (Uint32) and
// r = x - k pi/2 as a double-double.
func (b emitter) payneHanek(x Value) (q, rh, rl Value) {
	bits := b.Bits(x)
	m := b.w64(Or, b.w64(And, bits, b.u64(1<<52-1)), b.u64(1<<52))
	ex := b.Convert(Int32, Uint64, b.w64(Shr, bits, b.ui(52)))
	// x = m 2^E with E = ex - 1075; the window starts at table bit E + 62.
	s := b.i32(Sub, ex, b.si(1075-62))
	wi := b.u32(Shr, s, b.ui(6))
	bo := b.u32(And, s, b.ui(63))
	base := b.Index(b.Table("2opi", twoOverPiBits), wi, 8)
	word := func(i int) Value { return b.Load(Uint64, base, 8*i) }
	t0, t1, t2, t3 := word(0), word(1), word(2), word(3)
	w0, w1, w2 := b.funnel(t0, t1, bo), b.funnel(t1, t2, bo), b.funnel(t2, t3, bo)
	mul := func(w Value) (hi, lo Value) {
		return b.w64(MulHi, m, w), b.w64(Mul, m, w)
	}
	h2, l2 := mul(w2)
	h1, l1 := mul(w1)
	_, l0 := mul(w0)
	carry := func(sum, addend Value) Value {
		c := b.IntCompare(Lt, Uint64, sum, addend)
		return b.Select(c, b.u64(1), b.u64(0))
	}
	p0 := l2
	p1 := b.w64(Add, h2, l1)
	c1 := carry(p1, l1)
	p2 := b.w64(Add, b.w64(Add, h1, l0), c1)
	// p2 bits 63..62 are the quadrant; the fraction is p2's low 62 bits, then p1, p0.
	qw := b.Convert(Uint32, Uint64, b.w64(Shr, p2, b.ui(62)))
	A := b.w64(And, p2, b.u64(1<<62-1))
	B, C := p1, p0
	// Round to the nearest quadrant: a fraction >= 1/2 becomes fraction - 1.
	up := b.IntCompare(Ne, Uint64, b.w64(And, A, b.u64(1<<61)), b.u64(0))
	q = b.u32(And, b.u32(Add, qw, b.Select(up, b.ui(1), b.ui(0))), b.ui(3))
	// Negate the 190-bit fraction when rounding up: N = 2^190 - N.
	zero64 := b.u64(0)
	nC := b.w64(Sub, b.Var(zero64), C)
	borrowC := b.IntCompare(Ne, Uint64, C, zero64)
	nB := b.Select(borrowC, b.w64(Not, B, nil), b.w64(Sub, b.Var(zero64), B))
	borrowB := b.Or(borrowC, b.IntCompare(Ne, Uint64, B, zero64))
	nA := b.Select(borrowB, b.w64(Not, A, nil), b.w64(Sub, b.Var(zero64), A))
	nA = b.w64(And, nA, b.u64(1<<62-1))
	A, B, C = b.Select(up, nA, A), b.Select(up, nB, B), b.Select(up, nC, C)
	// Normalize: shift whole words while the top word is zero (at most twice).
	lz := b.Var(b.ui(0))
	for i := 0; i < 2; i++ {
		z := b.IntCompare(Eq, Uint64, A, b.u64(0))
		A2, B2, C2 := b.Select(z, B, A), b.Select(z, C, B), b.Select(z, b.u64(0), C)
		b.Set(lz, b.Select(z, b.u32(Add, lz, b.ui(64)), lz))
		A, B, C = A2, B2, C2
	}
	s2 := b.LeadingZeros(A)
	t1w := b.funnel(A, B, s2)
	t2w := b.funnel(B, C, s2)
	lz = b.u32(Add, lz, s2)
	d1 := b.Convert(Float64, Uint64, b.w64(Shr, t1w, b.ui(11)))
	lowBits := b.w64(Or, b.w64(Shl, t1w, b.ui(53)), b.w64(Shr, t2w, b.ui(11)))
	d2 := b.Convert(Float64, Uint64, lowBits)
	// F = d1 2^(-51-lz) + d2 2^(-115-lz), negative when rounded up.
	nlz := b.i32(Sub, b.si(0), lz)
	fh := b.Mul(d1, b.pow2(b.i32(Sub, nlz, b.si(51))))
	fl := b.Mul(d2, b.pow2(b.i32(Sub, nlz, b.si(115))))
	fh, fl = b.fastTwoSum(fh, fl)
	fh = b.Select(up, b.Neg(fh), fh)
	fl = b.Select(up, b.Neg(fl), fl)
	// r = F pi/2.
	rh = b.Mul(fh, b.c(pio2Hi))
	rl = b.FMA(fh, b.c(pio2Hi), b.Neg(rh))
	rl = b.Add(rl, b.FMA(fh, b.c(pio2Lo), b.Mul(fl, b.c(pio2Hi))))
	rh, rl = b.fastTwoSum(rh, rl)
	return q, rh, rl
}

package ptx

import (
	"math"
	"math/big"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// Trigonometric functions and their inverses.

var (
	// sin(r) = r + r^3 S(r^2), S = -1/3! + r^2/5! - ... through r^21.
	sinS = negate(invFactorials(3, 21, 2, true))
	// cos(r) = 1 - r^2/2 + r^4 C(r^2), C = 1/4! - r^2/6! + ... through r^20.
	cosC = invFactorials(4, 20, 2, true)
	// atan(u) = u + u^3 P(u^2) for |u| <= 1/32: P = -1/3 + u^2/5 - ... through u^15.
	atanP = func() []float64 {
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
	// asin(x) = x + x^3 A(x^2) for |x| <= 1/2: the coefficients (2n)!/(4^n n!^2 (2n+1)).
	asinA = func() []float64 {
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
)

func negate(c []float64) []float64 {
	out := make([]float64, len(c))
	for i, v := range c {
		out[i] = -v
	}
	return out
}

func init() {
	mathDefs["gk_sin"] = mathDef{1, func(b *fb, a []val) val { return mathSinCos(b, a[0], 0) }}
	mathDefs["gk_cos"] = mathDef{1, func(b *fb, a []val) val { return mathSinCos(b, a[0], 1) }}
	mathDefs["gk_tan"] = mathDef{1, func(b *fb, a []val) val { return mathSinCos(b, a[0], 2) }}
	mathDefs["gk_atan"] = mathDef{1, mathAtan}
	mathDefs["gk_atan2"] = mathDef{2, mathAtan2}
	mathDefs["gk_asin"] = mathDef{1, mathAsin}
	mathDefs["gk_acos"] = mathDef{1, mathAcos}
}

// reducePio2 returns q (U32, the quadrant k mod 4) and r = x - k pi/2 as a double-double,
// |r| <= pi/4 (slightly more when x/(pi/2) is within rounding of a half-integer), for finite
// x. Below 2^50 it subtracts k pi/2 with a three-part pi/2 and fused multiply-adds (the first
// step is exact); above, it multiplies x's integer mantissa by a 192-bit window of 2/pi's
// bits (Payne-Hanek) in 64-bit integer arithmetic.
func (b *fb) reducePio2(x val) (q, rh, rl val) {
	q = b.newReg(ir.U32)
	rh, rl = b.newReg(ir.F64), b.newReg(ir.F64)
	large, done := b.f.label(), b.f.label()
	b.ins("@%s bra %s", b.ge(b.abs(x), b.c(0x1p50)), large)
	{
		k := b.rni(b.mul(x, b.c(twoOverPi)))
		r1 := b.fma(b.neg(k), b.c(pio2A), x)
		p := b.mul(k, b.c(pio2B))
		pe := b.fma(k, b.c(pio2B), b.neg(p))
		s, e1 := b.twoSum(r1, b.neg(p))
		l := b.sub(b.sub(e1, pe), b.mul(k, b.c(pio2C)))
		h, l2 := b.fastTwoSum(s, l)
		b.mov(rh, h)
		b.mov(rl, l2)
		ki := b.newReg(ir.I64)
		b.ins("cvt.rzi.s64.f64 %s, %s", ki, k)
		kq := b.newReg(ir.U32)
		b.ins("cvt.u32.u64 %s, %s", kq, ki)
		b.mov(q, b.bin("and.b32", ir.U32, kq, b.ui(3)))
		b.ins("bra.uni %s", done)
	}
	b.f.place(large)
	{
		pq, ph, pl := b.payneHanek(b.abs(x))
		neg := b.lt(x, b.c(0))
		b.mov(rh, b.sel(neg, b.neg(ph), ph))
		b.mov(rl, b.sel(neg, b.neg(pl), pl))
		nq := b.bin("and.b32", ir.U32, b.bin("sub.u32", ir.U32, b.reg(b.ui(4)), pq), b.ui(3))
		b.mov(q, b.selp(neg, nq, pq))
	}
	b.f.place(done)
	return q, rh, rl
}

// u64 shorthands for Payne-Hanek.
func (b *fb) u64op(op string, x, y val) val { return b.bin(op, ir.U64, x, y) }

// shl64 and shr64 shift by a U32 count in [0, 64) where a count of 0 in the complementary
// shift must give 0 (PTX clamps, but the code does not rely on it).
func (b *fb) funnel(hi, lo, s val) val {
	// (hi << s) | (lo >> (64 - s)), with s in [0, 64).
	l := b.u64op("shl.b64", hi, s)
	rs := b.bin("sub.u32", ir.U32, b.reg(b.ui(64)), s)
	r := b.u64op("shr.u64", lo, rs)
	z := b.setp("eq", s, b.ui(0))
	return b.selp(z, hi, b.u64op("or.b64", l, r))
}

// payneHanek reduces a positive finite x >= 2^50: it returns the quadrant (U32) and
// r = x - k pi/2 as a double-double.
func (b *fb) payneHanek(x val) (q, rh, rl val) {
	bits := b.bitsOf(x)
	m := b.u64op("or.b64", b.u64op("and.b64", bits, immUint(ir.U64, 1<<52-1)), immUint(ir.U64, 1<<52))
	ex := b.newReg(ir.I32)
	b.ins("cvt.u32.u64 %s, %s", ex, b.u64op("shr.u64", bits, b.ui(52)))
	// x = m 2^E with E = ex - 1075; the window starts at table bit E + 62.
	s := b.bin("sub.s32", ir.I32, ex, b.si(1075-62))
	wi := b.bin("shr.u32", ir.U32, val{s: s.s, t: ir.U32}, b.ui(6))
	bo := b.bin("and.b32", ir.U32, val{s: s.s, t: ir.U32}, b.ui(63))
	tab := b.table64("gk_2opi", twoOverPiBits)
	base := b.newReg(ir.U64)
	b.ins("mul.wide.u32 %s, %s, 8", base, wi)
	base = b.u64op("add.s64", tab, base)
	word := func(i int) val {
		r := b.newReg(ir.U64)
		b.ins("ld.global.nc.u64 %s, [%s+%d]", r, base, 8*i)
		return r
	}
	t0, t1, t2, t3 := word(0), word(1), word(2), word(3)
	w0, w1, w2 := b.funnel(t0, t1, bo), b.funnel(t1, t2, bo), b.funnel(t2, t3, bo)
	mul := func(w val) (hi, lo val) {
		return b.u64op("mul.hi.u64", m, w), b.u64op("mul.lo.u64", m, w)
	}
	h2, l2 := mul(w2)
	h1, l1 := mul(w1)
	_, l0 := mul(w0)
	carry := func(sum, addend val) val {
		c := b.setp("lo", sum, addend)
		return b.selp(c, immUint(ir.U64, 1), immUint(ir.U64, 0))
	}
	p0 := l2
	p1 := b.u64op("add.s64", h2, l1)
	c1 := carry(p1, l1)
	p2 := b.u64op("add.s64", b.u64op("add.s64", h1, l0), c1)
	// p2 bits 63..62 are the quadrant; the fraction is p2's low 62 bits, then p1, p0.
	qw := b.newReg(ir.U32)
	b.ins("cvt.u32.u64 %s, %s", qw, b.u64op("shr.u64", p2, b.ui(62)))
	A := b.u64op("and.b64", p2, immUint(ir.U64, 1<<62-1))
	B, C := p1, p0
	// Round to the nearest quadrant: a fraction >= 1/2 becomes fraction - 1.
	up := b.setp("ne", b.u64op("and.b64", A, immUint(ir.U64, 1<<61)), immUint(ir.U64, 0))
	q = b.bin("and.b32", ir.U32, b.bin("add.u32", ir.U32, qw, b.selp(up, b.ui(1), b.ui(0))), b.ui(3))
	// Negate the 190-bit fraction when rounding up: N = 2^190 - N.
	zero64 := immUint(ir.U64, 0)
	nC := b.u64op("sub.s64", b.reg(zero64), C)
	borrowC := b.setp("ne", C, zero64)
	nB := b.selp(borrowC, b.un("not.b64", ir.U64, B), b.u64op("sub.s64", b.reg(zero64), B))
	borrowB := b.or(borrowC, b.setp("ne", B, zero64))
	nA := b.selp(borrowB, b.un("not.b64", ir.U64, A), b.u64op("sub.s64", b.reg(zero64), A))
	nA = b.u64op("and.b64", nA, immUint(ir.U64, 1<<62-1))
	A, B, C = b.selp(up, nA, A), b.selp(up, nB, B), b.selp(up, nC, C)
	// Normalize: shift whole words while the top word is zero (at most twice).
	lz := b.newReg(ir.U32)
	b.mov(lz, b.ui(0))
	for i := 0; i < 2; i++ {
		z := b.setp("eq", A, immUint(ir.U64, 0))
		A2, B2, C2 := b.selp(z, B, A), b.selp(z, C, B), b.selp(z, immUint(ir.U64, 0), C)
		b.mov(lz, b.selp(z, b.bin("add.u32", ir.U32, lz, b.ui(64)), lz))
		A, B, C = A2, B2, C2
	}
	s2 := b.newReg(ir.U32)
	b.ins("clz.b64 %s, %s", s2, A)
	t1w := b.funnel(A, B, s2)
	t2w := b.funnel(B, C, s2)
	lz = b.bin("add.u32", ir.U32, lz, s2)
	d1 := b.newReg(ir.F64)
	b.ins("cvt.rn.f64.u64 %s, %s", d1, b.u64op("shr.u64", t1w, b.ui(11)))
	d2 := b.newReg(ir.F64)
	lowBits := b.u64op("or.b64", b.u64op("shl.b64", t1w, b.ui(53)), b.u64op("shr.u64", t2w, b.ui(11)))
	b.ins("cvt.rn.f64.u64 %s, %s", d2, lowBits)
	// F = d1 2^(-51-lz) + d2 2^(-115-lz), negative when rounded up.
	nlz := b.bin("sub.s32", ir.I32, b.si(0), val{s: lz.s, t: ir.I32})
	fh := b.mul(d1, b.pow2(b.bin("sub.s32", ir.I32, nlz, b.si(51))))
	fl := b.mul(d2, b.pow2(b.bin("sub.s32", ir.I32, nlz, b.si(115))))
	fh, fl = b.fastTwoSum(fh, fl)
	fh = b.sel(up, b.neg(fh), fh)
	fl = b.sel(up, b.neg(fl), fl)
	// r = F pi/2.
	rh = b.mul(fh, b.c(pio2Hi))
	rl = b.fma(fh, b.c(pio2Hi), b.neg(rh))
	rl = b.add(rl, b.fma(fh, b.c(pio2Lo), b.mul(fl, b.c(pio2Hi))))
	rh, rl = b.fastTwoSum(rh, rl)
	return q, rh, rl
}

// table64 declares a table of 64-bit words and returns its address.
func (b *fb) table64(name string, words []uint64) val {
	vals := make([]float64, len(words))
	for i, w := range words {
		vals[i] = math.Float64frombits(w)
	}
	return b.table(name, vals)
}

// sinPoly returns sin(rh + rl) for |rh| <= pi/4 + a little.
func (b *fb) sinPoly(rh, rl val) val {
	z := b.mul(rh, rh)
	corr := b.fma(b.mul(rh, z), b.horner(z, sinS), b.mul(rl, b.fma(z, b.c(-0.5), b.c(1))))
	return b.add(rh, corr)
}

// cosPoly returns cos(rh + rl).
func (b *fb) cosPoly(rh, rl val) val {
	z := b.mul(rh, rh)
	hz := b.mul(z, b.c(0.5))
	w := b.sub(b.c(1), hz)
	tail := b.add(b.sub(b.sub(b.c(1), w), hz), b.fma(b.mul(z, z), b.horner(z, cosC), b.neg(b.mul(rh, rl))))
	return b.add(w, tail)
}

// mathSinCos is sin (which 0), cos (1) or tan (2).
func mathSinCos(b *fb, x val, which int) val {
	b.retIf(b.isnan(b.sub(x, x)), b.c(math.NaN()))
	if which != 1 {
		b.retIf(b.lt(b.abs(x), b.c(0x1p-27)), x)
	}
	q, rh, rl := b.reducePio2(x)
	s, c := b.sinPoly(rh, rl), b.cosPoly(rh, rl)
	odd := b.setp("ne", b.bin("and.b32", ir.U32, q, b.ui(1)), b.ui(0))
	if which == 2 {
		return b.sel(odd, b.neg(b.div(c, s)), b.div(s, c))
	}
	// sin: q = 0: s, 1: c, 2: -s, 3: -c. cos: q = 0: c, 1: -s, 2: -c, 3: s.
	v := b.sel(odd, c, s)
	negQ := b.setp("ne", b.bin("and.b32", ir.U32, q, b.ui(2)), b.ui(0))
	if which == 1 {
		v = b.sel(odd, s, c)
		negQ = b.setp("ne", b.bin("and.b32", ir.U32, b.bin("add.u32", ir.U32, q, b.ui(1)), b.ui(2)), b.ui(0))
	}
	return b.sel(negQ, b.neg(v), v)
}

// atanDD returns atan(t) for t in [0, 1] as a double-double: with j = round(16t) and c =
// j/16, atan(t) = atan(c) + atan(u), u = (t - c)/(1 + t c) (t - c is exact), |u| <= 1/32.
func (b *fb) atanDD(t val) (val, val) {
	j := b.rni(b.mul(t, b.c(16)))
	c := b.mul(j, b.c(1.0/16))
	u := b.div(b.sub(t, c), b.fma(t, c, b.c(1)))
	u2 := b.mul(u, u)
	su := b.fma(b.mul(u, u2), b.horner(u2, atanP), u)
	ji := b.newReg(ir.U32)
	b.ins("cvt.rzi.u32.f64 %s, %s", ji, j)
	e := b.index(b.table("gk_atantab", atanTable), ji, 16)
	th, tl := b.load(e, 0), b.load(e, 8)
	return b.fastTwoSum(th, b.add(su, tl))
}

// subDD returns (ah + al) - (bh + bl) rounded to a double-double.
func (b *fb) subDD(ah, al, bh, bl val) (val, val) {
	s, e := b.twoSum(ah, b.neg(bh))
	return b.fastTwoSum(s, b.add(e, b.sub(al, bl)))
}

func mathAtan(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	b.retIf(b.lt(b.abs(x), b.c(0x1p-27)), x)
	ax := b.abs(x)
	inv := b.gt(ax, b.c(1))
	t := b.sel(inv, b.div(b.c(1), ax), ax)
	h, l := b.atanDD(t)
	ch, cl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), h, l)
	r := b.sel(inv, b.add(ch, cl), b.add(h, l))
	return b.copysign(r, x)
}

func mathAtan2(b *fb, a []val) val {
	y, x := a[0], a[1]
	inf := b.c(math.Inf(1))
	b.retIf(b.or(b.isnan(x), b.isnan(y)), b.add(x, y))
	ax, ay := b.abs(x), b.abs(y)
	xneg := b.builtin(ir.Signbit, ir.Bool, []val{x})
	b.retIf(b.eq(y, b.c(0)), b.sel(xneg, b.copysign(b.c(piHi), y), y))
	b.retIf(b.eq(x, b.c(0)), b.copysign(b.c(pio2Hi), y))
	b.ifp(b.eq(ax, inf), func() {
		yinf := b.eq(ay, inf)
		b.retIf(b.gt(x, b.c(0)), b.copysign(b.sel(yinf, b.c(math.Pi/4), b.c(0)), y))
		b.retIf(b.c1(true), b.copysign(b.sel(yinf, b.c(3*math.Pi/4), b.c(piHi)), y))
	})
	b.retIf(b.eq(ay, inf), b.copysign(b.c(pio2Hi), y))
	swap := b.gt(ay, ax)
	t := b.div(b.sel(swap, ax, ay), b.sel(swap, ay, ax))
	h, l := b.atanDD(t)
	ch, cl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), h, l)
	h, l = b.sel(swap, ch, h), b.sel(swap, cl, l)
	ph, pl := b.subDD(b.c(piHi), b.c(piLo), h, l)
	xl := b.lt(x, b.c(0))
	h, l = b.sel(xl, ph, h), b.sel(xl, pl, l)
	return b.copysign(b.add(h, l), y)
}

// asinSmall returns asin(x) for |x| <= 1/2.
func (b *fb) asinSmall(x val) val {
	z := b.mul(x, x)
	return b.fma(b.mul(x, z), b.horner(z, asinA), x)
}

// asinHalf returns 2 asin(sqrt(z)) for z in [0, 1/4] as a double-double, with sqrt(z)
// carried as a double-double.
func (b *fb) asinHalf(z val) (val, val) {
	s := b.sqrt(z)
	e := b.fma(b.neg(s), s, z)
	sl := b.div(e, b.add(s, s))
	sl = b.sel(b.eq(s, b.c(0)), b.c(0), sl)
	a := b.asinSmall(s)
	// asin(s + sl) = asin(s) + sl/sqrt(1-s^2) ~ a + sl (1 + s^2/2).
	al := b.mul(sl, b.fma(b.mul(s, s), b.c(0.5), b.c(1)))
	h, l := b.fastTwoSum(a, al)
	return b.add(h, h), b.add(l, l)
}

func mathAsin(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	ax := b.abs(x)
	b.retIf(b.gt(ax, b.c(1)), b.c(math.NaN()))
	b.retIf(b.lt(ax, b.c(0x1p-27)), x)
	b.retIf(b.le(ax, b.c(0.5)), b.asinSmall(x))
	h, l := b.asinHalf(b.mul(b.sub(b.c(1), ax), b.c(0.5)))
	rh, rl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), h, l)
	return b.copysign(b.add(rh, rl), x)
}

func mathAcos(b *fb, a []val) val {
	x := a[0]
	b.retIf(b.isnan(x), b.add(x, x))
	ax := b.abs(x)
	b.retIf(b.gt(ax, b.c(1)), b.c(math.NaN()))
	b.ifp(b.le(ax, b.c(0.5)), func() {
		rh, rl := b.subDD(b.c(pio2Hi), b.c(pio2Lo), b.asinSmall(x), b.c(0))
		b.retIf(b.c1(true), b.add(rh, rl))
	})
	h, l := b.asinHalf(b.mul(b.sub(b.c(1), ax), b.c(0.5)))
	b.retIf(b.gt(x, b.c(0)), b.add(h, l))
	rh, rl := b.subDD(b.c(piHi), b.c(piLo), h, l)
	return b.add(rh, rl)
}

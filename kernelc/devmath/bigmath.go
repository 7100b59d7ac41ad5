package devmath

import (
	"math"
	"math/big"
)

// High-precision constants and tables of the math library, computed once with math/big from
// series (so the generated text does not depend on the host's math package).

const bigPrec = 256

// bigF returns x as a big.Float of precision bigPrec.
func bigF(x float64) *big.Float { return new(big.Float).SetPrec(bigPrec).SetFloat64(x) }

// bigRat returns p/q to precision bigPrec.
func bigRat(p, q int64) *big.Float {
	r := bigF(float64(p))
	return r.Quo(r, bigF(float64(q)))
}

// bigAtanh returns atanh(z) for |z| < 0.5 by its series.
func bigAtanh(z *big.Float) *big.Float {
	z2 := new(big.Float).SetPrec(bigPrec).Mul(z, z)
	term := new(big.Float).SetPrec(bigPrec).Set(z)
	sum := new(big.Float).SetPrec(bigPrec).Set(z)
	eps := bigF(math.Ldexp(1, -bigPrec))
	for n := int64(3); ; n += 2 {
		term.Mul(term, z2)
		t := new(big.Float).SetPrec(bigPrec).Quo(term, bigF(float64(n)))
		sum.Add(sum, t)
		if t.Abs(t).Cmp(eps) < 0 {
			return sum
		}
	}
}

// bigLog returns log(x) for x in [0.5, 2] as 2*atanh((x-1)/(x+1)).
func bigLog(x *big.Float) *big.Float {
	num := new(big.Float).SetPrec(bigPrec).Sub(x, bigF(1))
	den := new(big.Float).SetPrec(bigPrec).Add(x, bigF(1))
	z := num.Quo(num, den)
	r := bigAtanh(z)
	return r.Mul(r, bigF(2))
}

// bigAtan returns atan(x) for 0 <= x <= 1: the argument is halved twice with
// atan(x) = 2 atan(x / (1 + sqrt(1 + x^2))), then the series is summed.
func bigAtan(x *big.Float) *big.Float {
	y := new(big.Float).SetPrec(bigPrec).Set(x)
	for i := 0; i < 3; i++ {
		s := new(big.Float).SetPrec(bigPrec).Mul(y, y)
		s.Add(s, bigF(1))
		s.Sqrt(s)
		s.Add(s, bigF(1))
		y.Quo(y, s)
	}
	y2 := new(big.Float).SetPrec(bigPrec).Mul(y, y)
	term := new(big.Float).SetPrec(bigPrec).Set(y)
	sum := new(big.Float).SetPrec(bigPrec).Set(y)
	eps := bigF(math.Ldexp(1, -bigPrec))
	for n := int64(3); ; n += 2 {
		term.Mul(term, y2)
		term.Neg(term)
		t := new(big.Float).SetPrec(bigPrec).Quo(term, bigF(float64(n)))
		sum.Add(sum, t)
		if new(big.Float).Abs(t).Cmp(eps) < 0 {
			break
		}
	}
	return sum.Mul(sum, bigF(8))
}

// split returns x as a double-double (hi, lo).
func split(x *big.Float) (float64, float64) {
	hi, _ := x.Float64()
	r := new(big.Float).SetPrec(bigPrec).Sub(x, bigF(hi))
	lo, _ := r.Float64()
	return hi, lo
}

// split3 returns x as three doubles whose sum approximates it to about 160 bits.
func split3(x *big.Float) (float64, float64, float64) {
	a, _ := x.Float64()
	r := new(big.Float).SetPrec(bigPrec).Sub(x, bigF(a))
	b, _ := r.Float64()
	r.Sub(r, bigF(b))
	c, _ := r.Float64()
	return a, b, c
}

// Constants, as big values and double-double splits.
var (
	bigLn2  = bigLog(bigF(2))
	bigPi   = new(big.Float).SetPrec(bigPrec).Set(machinPi(bigPrec + 64))
	bigLn10 = func() *big.Float {
		// log(10) = 3 log(2) + log(1.25)
		r := new(big.Float).SetPrec(bigPrec).Mul(bigLn2, bigF(3))
		return r.Add(r, bigLog(bigF(1.25)))
	}()

	ln2Hi, ln2Lo         = split(bigLn2)
	invLn2Hi, invLn2Lo   = split(new(big.Float).SetPrec(bigPrec).Quo(bigF(1), bigLn2))
	invLn10Hi, invLn10Lo = split(new(big.Float).SetPrec(bigPrec).Quo(bigF(1), bigLn10))
	piHi, piLo           = split(bigPi)
	pio2Hi, pio2Lo       = split(new(big.Float).SetPrec(bigPrec).Quo(bigPi, bigF(2)))
	pio2A, pio2B, pio2C  = split3(new(big.Float).SetPrec(bigPrec).Quo(bigPi, bigF(2)))
	twoOverPi, _         = new(big.Float).SetPrec(bigPrec).Quo(bigF(2), bigPi).Float64()
)

// logTable holds, for each index (128 × [m >= 1] + the top 7 mantissa bits of m, where m in
// [sqrt(1/2), sqrt(2)) is the reduced argument), an 8-bit reciprocal inv close to 1/m (a
// multiple of 2^-7, so that m*inv-1 is exact) and -log(inv) as a double-double.
var logTable = func() []float64 {
	t := make([]float64, 3*256)
	for idx := 0; idx < 256; idx++ {
		hi := idx >= 128
		j := idx % 128
		// The subinterval's center.
		c := 1 + (float64(j)+0.5)/128
		if !hi {
			c /= 2
		}
		inv := math.Round(128/c) / 128
		if (hi && j == 0) || (!hi && j == 127) {
			inv = 1 // near 1 the series runs on m-1 directly
		}
		lhi, llo := split(new(big.Float).SetPrec(bigPrec).Neg(bigLog(bigF(inv))))
		t[3*idx], t[3*idx+1], t[3*idx+2] = inv, lhi, llo
	}
	return t
}()

// atanTable holds atan(j/16) for j = 0..16 as double-doubles.
var atanTable = func() []float64 {
	t := make([]float64, 2*17)
	for j := 0; j <= 16; j++ {
		t[2*j], t[2*j+1] = split(bigAtan(bigRat(int64(j), 16)))
	}
	return t
}()

// invFactorials returns 1/n! for n = from, from+step, ... up to to, the signs alternating from
// + when alternate is set.
func invFactorials(from, to, step int, alternate bool) []float64 {
	var out []float64
	f := big.NewInt(1)
	sign := 1.0
	for n := 1; n <= to; n++ {
		f.Mul(f, big.NewInt(int64(n)))
		if n >= from && (n-from)%step == 0 {
			v, _ := new(big.Float).SetPrec(bigPrec).Quo(bigF(1), new(big.Float).SetPrec(bigPrec).SetInt(f)).Float64()
			out = append(out, sign*v)
			if alternate {
				sign = -sign
			}
		}
	}
	return out
}

// machinPi returns pi to about bits bits: Machin's formula 16 atan(1/5) - 4 atan(1/239) in
// fixed-point integer arithmetic.
func machinPi(bits uint) *big.Float {
	scale := bits + 16
	one := new(big.Int).Lsh(big.NewInt(1), scale)
	atanInv := func(n int64) *big.Int {
		sum := new(big.Int)
		term := new(big.Int).Div(one, big.NewInt(n))
		nn := big.NewInt(n * n)
		for k := int64(0); term.Sign() != 0; k++ {
			t := new(big.Int).Div(term, big.NewInt(2*k+1))
			if k%2 == 0 {
				sum.Add(sum, t)
			} else {
				sum.Sub(sum, t)
			}
			term.Div(term, nn)
		}
		return sum
	}
	p := new(big.Int).Mul(atanInv(5), big.NewInt(16))
	p.Sub(p, new(big.Int).Mul(atanInv(239), big.NewInt(4)))
	f := new(big.Float).SetPrec(bits).SetInt(p)
	return f.SetMantExp(f, -int(scale))
}

// twoOverPiBits holds the bits of 2/pi for Payne-Hanek reduction: word 0 is zero and word w
// (w >= 1) holds the bits of weight 2^-(64(w-1)+1) down to 2^-64w, most significant first.
var twoOverPiBits = func() []uint64 {
	const words = 21
	pi := machinPi(64*words + 128)
	v := new(big.Float).SetPrec(64*words+128).Quo(new(big.Float).SetPrec(64*words+128).SetInt64(2), pi)
	// Scale 2/pi by 2^(64(words-1)) and take the integer part: the table's bits after word 0.
	v.SetMantExp(v, 64*(words-1))
	n, _ := v.Int(nil)
	out := make([]uint64, words)
	mask := new(big.Int).SetUint64(^uint64(0))
	for w := words - 1; w >= 1; w-- {
		out[w] = new(big.Int).And(n, mask).Uint64()
		n.Rsh(n, 64)
	}
	return out
}()

// bigP returns x as a big.Float of precision prec.
func bigP(prec uint, x float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(x) }

// bigExpP returns e^x at precision prec (|x| up to a few hundred).
func bigExpP(x *big.Float, prec uint) *big.Float {
	r := new(big.Float).SetPrec(prec).Set(x)
	r.SetMantExp(r, -12) // e^x = (e^(x/4096))^4096
	term := bigP(prec, 1)
	sum := bigP(prec, 1)
	eps := bigP(prec, math.Ldexp(1, -int(prec)-8))
	for n := 1.0; ; n++ {
		term.Mul(term, r)
		term.Quo(term, bigP(prec, n))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	for i := 0; i < 12; i++ {
		sum.Mul(sum, sum)
	}
	return sum
}

// bigCos returns cos(t) for 0 <= t <= 4 at precision prec.
func bigCos(t *big.Float, prec uint) *big.Float {
	t2 := new(big.Float).SetPrec(prec).Mul(t, t)
	term := bigP(prec, 1)
	sum := bigP(prec, 1)
	eps := bigP(prec, math.Ldexp(1, -int(prec)-8))
	for n := 1.0; ; n++ {
		term.Mul(term, t2)
		term.Quo(term, bigP(prec, -(2*n-1)*(2*n)))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			return sum
		}
	}
}

// bigErfcScaled returns erfc(x) e^(x^2) for 0 <= x <= 5 from erf's series at high precision.
func bigErfcScaled(x *big.Float) *big.Float {
	const prec = 448
	X := new(big.Float).SetPrec(prec).Set(x)
	x2 := new(big.Float).SetPrec(prec).Mul(X, X)
	term := new(big.Float).SetPrec(prec).Set(X)
	sum := new(big.Float).SetPrec(prec).Set(X)
	eps := bigP(prec, math.Ldexp(1, -prec))
	for n := 1.0; ; n++ {
		term.Mul(term, x2)
		term.Quo(term, bigP(prec, -n))
		t := new(big.Float).SetPrec(prec).Quo(term, bigP(prec, 2*n+1))
		sum.Add(sum, t)
		if n > 4 && new(big.Float).Abs(t).Cmp(eps) < 0 {
			break
		}
	}
	sp := new(big.Float).SetPrec(prec).Sqrt(machinPi(prec))
	sum.Mul(sum, bigP(prec, 2))
	sum.Quo(sum, sp)
	sum.Sub(bigP(prec, 1), sum)
	return sum.Mul(sum, bigExpP(x2, prec))
}

// chebyshev returns the coefficients c_0..c_{n-1} of the polynomial interpolating f at the n
// Chebyshev points of [a, b] (c_0 already halved), computed in high precision.
func chebyshev(f func(*big.Float) *big.Float, a, b float64, n int) []float64 {
	const prec = 256
	pi := machinPi(prec)
	us := make([]*big.Float, n)
	fs := make([]*big.Float, n)
	for j := 0; j < n; j++ {
		th := new(big.Float).SetPrec(prec).Mul(pi, bigP(prec, float64(2*j+1)))
		th.Quo(th, bigP(prec, float64(2*n)))
		us[j] = bigCos(th, prec)
		x := new(big.Float).SetPrec(prec).Mul(us[j], bigP(prec, (b-a)/2))
		x.Add(x, bigP(prec, (a+b)/2))
		fs[j] = f(x)
	}
	c := make([]float64, n)
	for k := 0; k < n; k++ {
		s := bigP(prec, 0)
		for j := 0; j < n; j++ {
			// T_k(u) by the recurrence.
			t0, t1 := bigP(prec, 1), new(big.Float).SetPrec(prec).Set(us[j])
			tk := t0
			if k == 1 {
				tk = t1
			}
			for i := 2; i <= k; i++ {
				t2 := new(big.Float).SetPrec(prec).Mul(us[j], t1)
				t2.Mul(t2, bigP(prec, 2))
				t2.Sub(t2, t0)
				t0, t1 = t1, t2
				tk = t2
			}
			s.Add(s, new(big.Float).SetPrec(prec).Mul(fs[j], tk))
		}
		s.Mul(s, bigP(prec, 2))
		s.Quo(s, bigP(prec, float64(n)))
		if k == 0 {
			s.Quo(s, bigP(prec, 2))
		}
		c[k], _ = s.Float64()
	}
	return c
}

// negate returns the coefficients c with their signs flipped.
func negate(c []float64) []float64 {
	out := make([]float64, len(c))
	for i, v := range c {
		out[i] = -v
	}
	return out
}

// floatWords returns the IEEE 754 bits of vals, the form Builder.Table takes.
func floatWords(vals []float64) []uint64 {
	out := make([]uint64, len(vals))
	for i, v := range vals {
		out[i] = math.Float64bits(v)
	}
	return out
}

package ptx

import (
	"math"
	"math/big"
)

// High-precision constants and tables of the math library, computed once with math/big from
// series (so the generated text does not depend on the host's math package).

const bigPrec = 256

func bigF(x float64) *big.Float { return new(big.Float).SetPrec(bigPrec).SetFloat64(x) }

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
	bigPi   = func() *big.Float { p := bigAtan(bigF(1)); return p.Mul(p, bigF(4)) }()
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

// taylor returns the coefficients sign^n / f(n) with f(n) given as n! style products.
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

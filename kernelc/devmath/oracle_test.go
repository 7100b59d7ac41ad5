package devmath

import (
	"math"
	"math/big"
)

// A high-precision oracle for the math library's tests: each function evaluates in math/big
// with oraclePrec bits and rounds once to float64 at the end.

const oraclePrec = 320

func of(x float64) *big.Float { return new(big.Float).SetPrec(oraclePrec).SetFloat64(x) }
func onew() *big.Float        { return new(big.Float).SetPrec(oraclePrec) }

// oraclePi is pi to 1600 bits, enough to reduce any float64 argument of sin and cos.
var oraclePi = machinPi(1600)

var oracleLn2 = func() *big.Float {
	z := new(big.Float).SetPrec(oraclePrec).Quo(of(1), of(3))
	return oAtanhSeries(z, 2)
}()

// oAtanhSeries returns scale*atanh(z) for small |z|.
func oAtanhSeries(z *big.Float, scale float64) *big.Float {
	z2 := onew().Mul(z, z)
	term := onew().Set(z)
	sum := onew().Set(z)
	eps := of(math.Ldexp(1, -oraclePrec-8))
	for n := 3.0; ; n += 2 {
		term.Mul(term, z2)
		t := onew().Quo(term, of(n))
		sum.Add(sum, t)
		if onew().Abs(t).Cmp(eps) < 0 {
			break
		}
	}
	return sum.Mul(sum, of(scale))
}

// oLog returns log(x) for x > 0.
func oLog(x *big.Float) *big.Float {
	m := onew()
	e := x.MantExp(m) // x = m * 2^e, m in [0.5, 1)
	if m.Cmp(of(math.Sqrt2/2)) < 0 {
		m.Mul(m, of(2))
		e--
	}
	z := onew().Quo(onew().Sub(m, of(1)), onew().Add(m, of(1)))
	r := oAtanhSeries(z, 2)
	return r.Add(r, onew().Mul(oracleLn2, of(float64(e))))
}

// oExp returns e^x.
func oExp(x *big.Float) *big.Float {
	kf, _ := onew().Quo(x, oracleLn2).Float64()
	k := math.Round(kf)
	r := onew().Sub(x, onew().Mul(oracleLn2, of(k)))
	// Halve r eight times, sum the series, square back.
	r.SetMantExp(r, -8)
	term := of(1)
	sum := of(1)
	eps := of(math.Ldexp(1, -oraclePrec-8))
	for n := 1.0; ; n++ {
		term.Mul(term, r)
		term.Quo(term, of(n))
		sum.Add(sum, term)
		if onew().Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	for i := 0; i < 8; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// oSinCos returns sin(x) and cos(x) for finite x.
func oSinCos(x float64) (*big.Float, *big.Float) {
	prec := uint(oraclePrec + 1100)
	X := new(big.Float).SetPrec(prec).SetFloat64(x)
	pio2 := new(big.Float).SetPrec(prec).Quo(oraclePi, new(big.Float).SetPrec(prec).SetFloat64(2))
	q := new(big.Float).SetPrec(prec).Quo(X, pio2)
	qi, _ := q.Int(nil)
	// Round to nearest.
	frac := new(big.Float).SetPrec(prec).Sub(q, new(big.Float).SetPrec(prec).SetInt(qi))
	if frac.Cmp(new(big.Float).SetFloat64(0.5)) > 0 {
		qi.Add(qi, big.NewInt(1))
	} else if frac.Cmp(new(big.Float).SetFloat64(-0.5)) < 0 {
		qi.Sub(qi, big.NewInt(1))
	}
	r := new(big.Float).SetPrec(prec).Sub(X, new(big.Float).SetPrec(prec).Mul(pio2, new(big.Float).SetPrec(prec).SetInt(qi)))
	r.SetPrec(oraclePrec)
	r2 := onew().Mul(r, r)
	s, c := onew().Set(r), of(1)
	ts, tc := onew().Set(r), of(1)
	eps := of(math.Ldexp(1, -oraclePrec-8))
	for n := 1.0; ; n++ {
		ts.Mul(ts, r2)
		ts.Quo(ts, of(-(2*n)*(2*n+1)))
		tc.Mul(tc, r2)
		tc.Quo(tc, of(-(2*n-1)*(2*n)))
		s.Add(s, ts)
		c.Add(c, tc)
		if onew().Abs(tc).Cmp(eps) < 0 && onew().Abs(ts).Cmp(eps) < 0 {
			break
		}
	}
	switch new(big.Int).And(qi, big.NewInt(3)).Int64() {
	case 0:
		return s, c
	case 1:
		return c, onew().Neg(s)
	case 2:
		return onew().Neg(s), onew().Neg(c)
	}
	return onew().Neg(c), s
}

// oAtan returns atan(x).
func oAtan(x *big.Float) *big.Float {
	neg := x.Sign() < 0
	a := onew().Abs(x)
	inv := a.Cmp(of(1)) > 0
	if inv {
		a.Quo(of(1), a)
	}
	for i := 0; i < 4; i++ {
		s := onew().Mul(a, a)
		s.Add(s, of(1))
		s.Sqrt(s)
		s.Add(s, of(1))
		a.Quo(a, s)
	}
	a2 := onew().Mul(a, a)
	term := onew().Set(a)
	sum := onew().Set(a)
	eps := of(math.Ldexp(1, -oraclePrec-8))
	for n := 3.0; ; n += 2 {
		term.Mul(term, a2)
		term.Neg(term)
		t := onew().Quo(term, of(n))
		sum.Add(sum, t)
		if onew().Abs(t).Cmp(eps) < 0 {
			break
		}
	}
	sum.Mul(sum, of(16))
	if inv {
		sum.Sub(onew().Quo(oraclePi, of(2)), sum)
	}
	if neg {
		sum.Neg(sum)
	}
	return sum
}

func fl(x *big.Float) float64 {
	f, _ := x.Float64()
	return f
}

// Oracle functions with Go's special cases.

func oracleExp(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Exp(x)
	}
	if x > 710 {
		return math.Inf(1)
	}
	if x < -746 {
		return 0
	}
	return fl(oExp(of(x)))
}

func oracleExp2(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x > 1025 || x < -1080 {
		return math.Exp2(x)
	}
	return fl(oExp(onew().Mul(of(x), oracleLn2)))
}

func oracleExpm1(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x > 710 || x < -40 || x == 0 {
		return math.Expm1(x)
	}
	if math.Abs(x) < 0.25 {
		// The series without the leading 1, free of cancellation.
		X := of(x)
		term := onew().Set(X)
		sum := onew().Set(X)
		for n := 2.0; n < 60; n++ {
			term.Mul(term, X)
			term.Quo(term, of(n))
			sum.Add(sum, term)
		}
		return fl(sum)
	}
	e := oExp(of(x))
	return fl(e.Sub(e, of(1)))
}

func oracleLog(x float64) float64 {
	if math.IsNaN(x) || x <= 0 || math.IsInf(x, 0) {
		return math.Log(x)
	}
	return fl(oLog(of(x)))
}

func oracleLog2(x float64) float64 {
	if math.IsNaN(x) || x <= 0 || math.IsInf(x, 0) {
		return math.Log2(x)
	}
	return fl(onew().Quo(oLog(of(x)), oracleLn2))
}

func oracleLog10(x float64) float64 {
	if math.IsNaN(x) || x <= 0 || math.IsInf(x, 0) {
		return math.Log10(x)
	}
	return fl(onew().Quo(oLog(of(x)), oLog(of(10))))
}

func oracleLog1p(x float64) float64 {
	if math.IsNaN(x) || x <= -1 || math.IsInf(x, 0) || x == 0 {
		return math.Log1p(x)
	}
	if math.Abs(x) < 0.5 {
		X := of(x)
		return fl(oAtanhSeries(X.Quo(X, onew().Add(of(2), of(x))), 2))
	}
	return fl(oLog(onew().Add(of(1), of(x))))
}

func oraclePow(x, y float64) float64 {
	// Special cases are Go's; the general case is exp(y log|x|) with the sign of odd powers.
	if x == 0 || y == 0 || x == 1 || y == 1 || math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) || (x < 0 && y != math.Trunc(y)) {
		return math.Pow(x, y)
	}
	l := oLog(onew().Abs(of(x)))
	z := l.Mul(l, of(y))
	zf := fl(z)
	var r float64
	switch {
	case zf > 710:
		r = math.Inf(1)
	case zf < -746:
		r = 0
	default:
		r = fl(oExp(z))
	}
	if x < 0 && math.Mod(y, 2) != 0 {
		r = -r
	}
	return r
}

func oracleSin(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Sin(x)
	}
	s, _ := oSinCos(x)
	return fl(s)
}

func oracleCos(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Cos(x)
	}
	_, c := oSinCos(x)
	return fl(c)
}

func oracleTan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Tan(x)
	}
	s, c := oSinCos(x)
	return fl(s.Quo(s, c))
}

func oracleAtan(x float64) float64 {
	if math.IsNaN(x) || x == 0 {
		return math.Atan(x)
	}
	return fl(oAtan(of(x)))
}

func oracleAtan2(y, x float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) || x == 0 || y == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Atan2(y, x)
	}
	a := oAtan(onew().Quo(of(y), of(x)))
	if x < 0 {
		if y >= 0 {
			a.Add(a, oraclePi)
		} else {
			a.Sub(a, oraclePi)
		}
	}
	return fl(a)
}

func oracleAsin(x float64) float64 {
	if math.IsNaN(x) || x == 0 || math.Abs(x) > 1 {
		return math.Asin(x)
	}
	if math.Abs(x) == 1 {
		return math.Copysign(fl(onew().Quo(oraclePi, of(2))), x)
	}
	X := of(x)
	d := onew().Sub(of(1), onew().Mul(X, X))
	d.Sqrt(d)
	return fl(oAtan(X.Quo(X, d)))
}

func oracleAcos(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.Acos(x)
	}
	X := of(x)
	d := onew().Sub(of(1), onew().Mul(X, X))
	d.Sqrt(d)
	if x == 0 {
		return fl(onew().Quo(oraclePi, of(2)))
	}
	a := oAtan(onew().Quo(d, X))
	if x < 0 {
		a.Add(a, oraclePi)
	}
	return fl(a)
}

func oracleSinh(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 || math.Abs(x) > 711 {
		return math.Sinh(x)
	}
	if math.Abs(x) < 0.25 {
		X := of(x)
		x2 := onew().Mul(X, X)
		term, sum := onew().Set(X), onew().Set(X)
		for n := 1.0; n < 30; n++ {
			term.Mul(term, x2)
			term.Quo(term, of((2*n)*(2*n+1)))
			sum.Add(sum, term)
		}
		return fl(sum)
	}
	e := oExp(of(x))
	r := onew().Sub(e, onew().Quo(of(1), e))
	return fl(r.Quo(r, of(2)))
}

func oracleCosh(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 711 {
		return math.Cosh(x)
	}
	e := oExp(of(x))
	r := onew().Add(e, onew().Quo(of(1), e))
	return fl(r.Quo(r, of(2)))
}

func oracleTanh(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 || math.Abs(x) > 40 {
		return math.Tanh(x)
	}
	if math.Abs(x) < 0.25 {
		X := of(x)
		x2 := onew().Mul(X, X)
		// sinh/cosh by series.
		ts, s := onew().Set(X), onew().Set(X)
		tc, c := of(1), of(1)
		for n := 1.0; n < 30; n++ {
			ts.Mul(ts, x2)
			ts.Quo(ts, of((2*n)*(2*n+1)))
			s.Add(s, ts)
			tc.Mul(tc, x2)
			tc.Quo(tc, of((2*n-1)*(2*n)))
			c.Add(c, tc)
		}
		return fl(s.Quo(s, c))
	}
	e := oExp(of(2 * x))
	return fl(onew().Quo(onew().Sub(e, of(1)), onew().Add(e, of(1))))
}

func oracleAsinh(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Asinh(x)
	}
	prec := uint(oraclePrec + 1100)
	X := new(big.Float).SetPrec(prec).SetFloat64(math.Abs(x))
	s := new(big.Float).SetPrec(prec).Mul(X, X)
	s.Add(s, new(big.Float).SetPrec(prec).SetFloat64(1))
	s.Sqrt(s)
	s.Add(s, X)
	// log(|x| + sqrt(x^2+1)); for tiny x use the series x - x^3/6.
	if math.Abs(x) < 1e-5 {
		X := of(x)
		x3 := onew().Mul(onew().Mul(X, X), X)
		x5 := onew().Mul(onew().Mul(x3, X), X)
		r := onew().Sub(X, onew().Quo(x3, of(6)))
		return fl(r.Add(r, onew().Mul(x5, of(3.0/40))))
	}
	r := oLog(s.SetPrec(oraclePrec))
	if x < 0 {
		r.Neg(r)
	}
	return fl(r)
}

func oracleAcosh(x float64) float64 {
	if math.IsNaN(x) || x < 1 || math.IsInf(x, 0) {
		return math.Acosh(x)
	}
	prec := uint(oraclePrec + 64)
	X := new(big.Float).SetPrec(prec).SetFloat64(x)
	s := new(big.Float).SetPrec(prec).Mul(X, X)
	s.Sub(s, new(big.Float).SetPrec(prec).SetFloat64(1))
	s.Sqrt(s)
	s.Add(s, X)
	return fl(oLog(s.SetPrec(oraclePrec)))
}

func oracleAtanh(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) >= 1 || x == 0 {
		return math.Atanh(x)
	}
	if math.Abs(x) < 0.5 {
		return fl(oAtanhSeries(of(x), 1))
	}
	r := oLog(onew().Quo(onew().Add(of(1), of(x)), onew().Sub(of(1), of(x))))
	return fl(r.Quo(r, of(2)))
}

func oracleCbrt(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Cbrt(x)
	}
	X := of(math.Abs(x))
	y := of(math.Cbrt(math.Abs(x)))
	for i := 0; i < 6; i++ {
		y2 := onew().Mul(y, y)
		d := onew().Sub(onew().Mul(y2, y), X)
		y.Sub(y, d.Quo(d, onew().Mul(y2, of(3))))
	}
	if x < 0 {
		y.Neg(y)
	}
	return fl(y)
}

func oracleHypot(x, y float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Hypot(x, y)
	}
	s := onew().Add(onew().Mul(of(x), of(x)), onew().Mul(of(y), of(y)))
	return fl(s.Sqrt(s))
}

// oracleErfc returns erfc(x) from the series (|x| <= 5) or the continued fraction at high
// precision.
func oErfc(x float64) *big.Float {
	ax := math.Abs(x)
	var r *big.Float
	if ax <= 5 {
		g := bigErfcScaled(of(ax))
		X := of(ax)
		r = onew().Mul(g, oExp(onew().Neg(onew().Mul(X, X))))
	} else {
		// Continued fraction in big arithmetic.
		X := of(ax)
		k := onew().Set(X)
		for n := 400; n >= 1; n-- {
			k = onew().Add(X, onew().Quo(of(float64(n)/2), k))
		}
		sp := onew().Sqrt(onew().Set(oraclePi))
		e := oExp(onew().Neg(onew().Mul(X, X)))
		r = onew().Quo(e, onew().Mul(k, sp))
	}
	if x < 0 {
		r = onew().Sub(of(2), r)
	}
	return r
}

func oracleErf(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 || math.Abs(x) > 7 {
		return math.Erf(x)
	}
	if math.Abs(x) < 0.5 {
		// The series, free of cancellation.
		X := of(x)
		x2 := onew().Mul(X, X)
		term, sum := onew().Set(X), onew().Set(X)
		for n := 1.0; n < 60; n++ {
			term.Mul(term, x2)
			term.Quo(term, of(-n))
			sum.Add(sum, onew().Quo(term, of(2*n+1)))
		}
		sp := onew().Sqrt(onew().Set(oraclePi))
		return fl(sum.Quo(sum.Mul(sum, of(2)), sp))
	}
	r := onew().Sub(of(1), oErfc(math.Abs(x)))
	if x < 0 {
		r.Neg(r)
	}
	return fl(r)
}

func oracleErfc(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x > 28 || x < -7 {
		return math.Erfc(x)
	}
	return fl(oErfc(x))
}

package devmath

import (
	"math/big"
	"sync"
)

// erf and erfc.
//
//   - |x| < 0.75: erf's Taylor series x (2/sqrt(pi)) sum (-x^2)^n / (n! (2n+1)); erfc = 1 - erf.
//   - 0.75 <= |x| < 4: erfc(|x|) = e^(-x^2) g(|x|) where g(x) = erfc(x) e^(x^2) is evaluated
//     by Clenshaw's recurrence from Chebyshev interpolants on [0.75, 2] and [2, 4], computed
//     once in high precision; e^(-x^2) takes x^2 as a double-double.
//   - |x| >= 4: g(x) = 1/(sqrt(pi) K) with the continued fraction K = x + (1/2)/(x + 1/(x +
//     (3/2)/(x + ...))) evaluated backwards from 28 terms.
//
// erf = 1 - erfc beyond 0.75 (and ±1 beyond 6); erfc(-x) = 2 - erfc(x).

var (
	erfSeries = func() []float64 {
		// 2/sqrt(pi) (-1)^n / (n! (2n+1)), n = 0..17.
		sp := new(big.Float).SetPrec(bigPrec).Sqrt(bigPi)
		c := new(big.Float).SetPrec(bigPrec).Quo(bigF(2), sp)
		var out []float64
		f := big.NewInt(1)
		for n := int64(0); n <= 17; n++ {
			if n > 0 {
				f.Mul(f, big.NewInt(n))
			}
			d := new(big.Float).SetPrec(bigPrec).SetInt(new(big.Int).Mul(f, big.NewInt(2*n+1)))
			v, _ := new(big.Float).SetPrec(bigPrec).Quo(c, d).Float64()
			if n%2 == 1 {
				v = -v
			}
			out = append(out, v)
		}
		return out
	}()
	invSqrtPi, _ = new(big.Float).SetPrec(bigPrec).Quo(bigF(1), new(big.Float).SetPrec(bigPrec).Sqrt(bigPi)).Float64()

	erfFitsOnce sync.Once
	erfFits     [2][]float64
)

// erfIntervals are the intervals of the Chebyshev interpolants of erfc(x) e^(x^2).
var erfIntervals = [2][2]float64{{0.75, 2}, {2, 4}}

// erfcFits returns the Chebyshev coefficients of erfc(x) e^(x^2) on erfIntervals, computed
// on first use.
func erfcFits() [2][]float64 {
	erfFitsOnce.Do(func() {
		for i, iv := range erfIntervals {
			erfFits[i] = chebyshev(bigErfcScaled, iv[0], iv[1], 21)
		}
	})
	return erfFits
}

// clenshaw evaluates sum c_k T_k(u) with u the image of x in [a, b].
func (b emitter) clenshaw(c []float64, lo, hi float64, x Value) Value {
	u2 := b.FMA(x, b.c(4/(hi-lo)), b.c(-2*(lo+hi)/(hi-lo))) // 2u
	b1 := b.Var(b.c(0))
	b2 := b.Var(b.c(0))
	for k := len(c) - 1; k >= 1; k-- {
		nb := b.FMA(u2, b1, b.Sub(b.c(c[k]), b2))
		b1, b2 = nb, b1
	}
	u := b.Mul(u2, b.c(0.5))
	return b.FMA(u, b1, b.Sub(b.c(c[0]), b2))
}

// erfcPos returns erfc(x) for finite x >= 0.75.
func (b emitter) erfcPos(x Value) Value {
	fits := erfcFits()
	g := b.Var(b.c(0))
	b.IfElse(b.ge(x, b.c(erfIntervals[1][1])), func() {
		k := x
		for n := 28; n >= 1; n-- {
			k = b.Add(x, b.Div(b.c(float64(n)/2), k))
		}
		b.Set(g, b.Div(b.c(invSqrtPi), k))
	}, func() {
		b.Set(g, b.Select(b.lt(x, b.c(erfIntervals[0][1])),
			b.clenshaw(fits[0], erfIntervals[0][0], erfIntervals[0][1], x),
			b.clenshaw(fits[1], erfIntervals[1][0], erfIntervals[1][1], x)))
	})
	h, l := b.twoProd(x, x)
	e := b.expCore(b.Neg(h), b.Neg(l))
	e = b.Select(b.gt(h, b.c(745)), b.c(0), e)
	return b.Mul(e, g)
}

// erfSmall returns erf(x) for |x| < 0.75.
func (b emitter) erfSmall(x Value) Value {
	z := b.Mul(x, x)
	p := b.horner(z, erfSeries[1:])
	return b.FMA(b.Mul(x, z), p, b.Mul(x, b.c(erfSeries[0])))
}

// erf returns the error function of x.
func erf(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.ReturnIf(b.lt(ax, b.c(0x1p-28)), b.Mul(x, b.c(erfSeries[0])))
	b.ReturnIf(b.lt(ax, b.c(0.75)), b.erfSmall(x))
	b.ReturnIf(b.ge(ax, b.c(6)), b.Copysign(b.c(1), x))
	return b.Copysign(b.Sub(b.c(1), b.erfcPos(ax)), x)
}

// erfc returns 1 - erf(x), accurate for large x.
func erfc(b emitter, a []Value) Value {
	x := a[0]
	b.ReturnIf(b.IsNaN(x), b.Add(x, x))
	ax := b.Abs(x)
	b.ReturnIf(b.lt(ax, b.c(0.75)), b.Sub(b.c(1), b.erfSmall(x)))
	b.ReturnIf(b.gt(x, b.c(27.3)), b.c(0))
	b.ReturnIf(b.lt(x, b.c(-6)), b.c(2))
	e := b.erfcPos(ax)
	return b.Select(b.lt(x, b.c(0)), b.Sub(b.c(2), e), e)
}

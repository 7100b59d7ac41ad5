package devmath

import (
	"flag"
	"fmt"
	"math"
	"math/rand"
	"testing"
)

var samples = flag.Int("samples", 3000, "arguments per routine and type in TestAccuracy")

// The library against the high-precision oracle (oracle_test.go), evaluated by Eval.

// ulpDiff returns how many ulps of want got is away, +Inf for mismatched specials.
func ulpDiff(got, want float64) float64 {
	switch {
	case math.IsNaN(want) || math.IsNaN(got):
		if math.IsNaN(want) && math.IsNaN(got) {
			return 0
		}
		return math.Inf(1)
	case math.IsInf(want, 0) || math.IsInf(got, 0):
		if got == want {
			return 0
		}
		return math.Inf(1)
	case want == 0 || got == 0:
		if got == want && math.Signbit(got) == math.Signbit(want) {
			return 0
		}
		if got == want {
			return math.Inf(1) // wrong sign of zero
		}
	}
	u := math.Abs(math.Nextafter(want, math.Inf(1)) - want)
	if w := math.Abs(want - math.Nextafter(want, math.Inf(-1))); w < u {
		u = w
	}
	return math.Abs(got-want) / u
}

// mathCase lists a function's reference and inputs.
type mathCase struct {
	fn    string
	ref   func(x, y float64) float64
	gen   func(r *rand.Rand) (float64, float64)
	limit float64 // accepted ulps against the reference
}

func uniform(lo, hi float64) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) { return lo + (hi-lo)*r.Float64(), 0 }
}

// logUniform draws magnitudes spread over the exponent range [2^lo, 2^hi] with either sign
// when signed.
func logUniform(lo, hi float64, signed bool) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) {
		x := math.Exp2(lo + (hi-lo)*r.Float64())
		if signed && r.Intn(2) == 0 {
			x = -x
		}
		return x, 0
	}
}

func pair(gx, gy func(r *rand.Rand) (float64, float64)) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) {
		x, _ := gx(r)
		y, _ := gy(r)
		return x, y
	}
}

func mix(gs ...func(r *rand.Rand) (float64, float64)) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) { return gs[r.Intn(len(gs))](r) }
}

var specialInputs = []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2, -2, 3, -3, math.Inf(1), math.Inf(-1), math.NaN(),
	math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64, 0x1p-1022, 1e-300, 1e300,
	709.78, 709.79, -745.13, -745.14, 1 - 0x1p-53, 1 + 0x1p-52, math.Pi, math.Pi / 2, math.Pi / 4, -math.Pi, 1e-20, 0.1, 10, 100, 1e6, 1e15, 1e22, 0x1p52, 0x1p60,
	1.25, 0.75, 3.5, -3.5, 20, 22, 23, -20, 38, -38, 710, -710, 0.9999, 1.0001, 0.49999, 0.50001}

func mathCases() []mathCase {
	one := func(f func(float64) float64) func(x, y float64) float64 {
		return func(x, _ float64) float64 { return f(x) }
	}
	return []mathCase{
		{"exp", one(oracleExp), mix(uniform(-745, 710), uniform(-1, 1), logUniform(-40, 0, true)), 1},
		{"exp2", one(oracleExp2), mix(uniform(-1075, 1024), uniform(-1, 1)), 1},
		{"expm1", one(oracleExpm1), mix(uniform(-40, 710), uniform(-1, 1), logUniform(-60, 0, true)), 1},
		{"log", one(oracleLog), mix(logUniform(-1074, 1023, false), uniform(0.5, 2)), 1},
		{"log2", one(oracleLog2), mix(logUniform(-1074, 1023, false), uniform(0.5, 2)), 1},
		{"log10", one(oracleLog10), mix(logUniform(-1074, 1023, false), uniform(0.5, 2)), 1},
		{"log1p", one(oracleLog1p), mix(uniform(-1, 1), logUniform(-60, 1023, false), logUniform(-60, 0, true)), 1},
		{"pow", oraclePow, mix(pair(uniform(0, 10), uniform(-50, 50)), pair(logUniform(-20, 20, false), uniform(-30, 30)),
			pair(uniform(-10, 10), func(r *rand.Rand) (float64, float64) { return float64(r.Intn(41) - 20), 0 })), 2},
		{"sin", one(oracleSin), mix(uniform(-10, 10), logUniform(-30, 1023, true), logUniform(-30, 60, true)), 1},
		{"cos", one(oracleCos), mix(uniform(-10, 10), logUniform(-30, 1023, true), logUniform(-30, 60, true)), 1},
		{"tan", one(oracleTan), mix(uniform(-10, 10), logUniform(-30, 1023, true), logUniform(-30, 60, true)), 2},
		{"atan", one(oracleAtan), mix(uniform(-2, 2), logUniform(-30, 1023, true), logUniform(-30, 60, true)), 1},
		{"atan2", oracleAtan2, mix(pair(uniform(-2, 2), uniform(-2, 2)), pair(logUniform(-30, 30, true), logUniform(-30, 30, true))), 2},
		{"asin", one(oracleAsin), mix(uniform(-1, 1), logUniform(-30, 0, true)), 1},
		{"acos", one(oracleAcos), mix(uniform(-1, 1), logUniform(-30, 0, true)), 1},
		{"sinh", one(oracleSinh), mix(uniform(-30, 30), uniform(-1, 1), uniform(-712, 712), logUniform(-30, 0, true)), 3}, // 3 beyond 22, where e^(|x|/2) is squared
		{"cosh", one(oracleCosh), mix(uniform(-30, 30), uniform(-1, 1), uniform(-712, 712), logUniform(-30, 0, true)), 2},
		{"tanh", one(oracleTanh), mix(uniform(-30, 30), uniform(-1, 1), logUniform(-30, 0, true)), 2},
		{"asinh", one(oracleAsinh), mix(uniform(-30, 30), uniform(-2, 2), logUniform(-30, 1023, true)), 2},
		{"acosh", one(oracleAcosh), mix(uniform(1, 30), uniform(1, 2), logUniform(0, 1023, false)), 2},
		{"atanh", one(oracleAtanh), mix(uniform(-1, 1), logUniform(-30, 0, true)), 2},
		{"cbrt", one(oracleCbrt), mix(uniform(-30, 30), logUniform(-1074, 1023, true)), 1},
		{"hypot", oracleHypot, mix(pair(uniform(-10, 10), uniform(-10, 10)), pair(logUniform(-1074, 1023, true), logUniform(-1074, 1023, true)), pair(logUniform(-30, 30, true), logUniform(-30, 30, true))), 1},
		{"erf", one(oracleErf), mix(uniform(-6.5, 6.5), uniform(-1, 1), logUniform(-30, 3, true)), 2},
		{"erfc", one(oracleErfc), mix(uniform(-6.5, 28), uniform(-1, 1), uniform(0, 6), logUniform(-30, 3, true)), 3},
		{"mod", math.Mod, mix(pair(uniform(-100, 100), uniform(-10, 10)), pair(logUniform(-1074, 1023, true), logUniform(-1074, 1023, true)), pair(logUniform(-30, 30, true), logUniform(-30, 30, true))), 0},
	}
}

// runMath evaluates c's routine on n arguments (the special inputs, then c.gen's) and returns
// the largest error in ulps against the oracle with its arguments and result. With t32 the
// arguments are float32 values and the result is rounded to float32, as the back ends do for
// float32 calls.
func runMath(c mathCase, seed int64, t32 bool, n int) (maxErr float64, worst [3]float64) {
	fn := Lookup(c.fn)
	r := rand.New(rand.NewSource(seed))
	var xs, ys []float64
	for _, x := range specialInputs {
		for _, y := range []float64{x, 0.5, 2, -1, 3, math.Inf(1), math.NaN(), -0.5, 1.5, 10} {
			xs, ys = append(xs, x), append(ys, y)
			if fn.Params == 1 {
				break
			}
		}
	}
	for len(xs) < n {
		x, y := c.gen(r)
		xs, ys = append(xs, x), append(ys, y)
	}
	for i := range xs {
		x, y := xs[i], ys[i]
		if t32 {
			x, y = float64(float32(x)), float64(float32(y))
		}
		args := []float64{x, y}[:fn.Params]
		got, want := Eval(c.fn, args...), c.ref(x, y)
		e := ulpDiff(got, want)
		if t32 {
			got = float64(float32(got))
			e = ulpDiff32(float32(got), float32(want))
		}
		if e > maxErr || math.IsNaN(e) {
			maxErr, worst = e, [3]float64{x, y, got}
		}
	}
	return maxErr, worst
}

func ulpDiff32(got, want float32) float64 {
	if math.IsInf(float64(want), 0) || math.IsNaN(float64(want)) || want == 0 {
		return ulpDiff(float64(got), float64(want))
	}
	u := math.Abs(float64(math.Nextafter32(want, float32(math.Inf(1))) - want))
	return math.Abs(float64(got)-float64(want)) / u
}

// TestAccuracy holds every routine to its ulp bound against the oracle on the special inputs
// and random arguments spread over its range, in float64 and, to 1 ulp, in float32.
func TestAccuracy(t *testing.T) {
	n := *samples
	covered := map[string]bool{}
	for _, c := range mathCases() {
		covered[c.fn] = true
	}
	for _, name := range Names() {
		if !covered[name] {
			t.Errorf("no accuracy case for %s", name)
		}
	}
	for i, c := range mathCases() {
		for _, t32 := range []bool{false, true} {
			name := c.fn
			if t32 {
				name += "/f32"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				e, w := runMath(c, int64(i+1), t32, n)
				limit := c.limit
				if t32 {
					limit = 1
				}
				msg := fmt.Sprintf("max error %.3g ulp at x=%v y=%v (got %v)", e, w[0], w[1], w[2])
				if e > limit {
					t.Error(msg)
				} else {
					t.Log(msg)
				}
			})
		}
	}
}

package ptx

import (
	"math"
	"math/rand"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/devmath"
	"github.com/gokkos/gokkos/kernelc/ir"
	sim "github.com/gokkos/gokkos/kernelc/ptxsim"
)

// mathKernel is Out[i] = fn(X[i]) or fn(X[i], Y[i]) in type t.
func mathKernel(fn ir.Builtin, t ir.Type) *ir.Kernel {
	b := newKB("main.math_"+fn.String(), abi.FormRange)
	x := b.view("X", 1, t, false)
	y := b.view("Y", 1, t, false)
	out := b.view("Out", 1, t, true)
	xi, yi := b.local("x", t), b.local("y", t)
	i := b.k.Index
	args := []ir.Expr{xi}
	if fn.Arity() == 2 {
		args = append(args, yi)
	}
	b.k.Body = ir.Block{loadRO(xi, x, i), loadRO(yi, y, i), store(out, call(fn, args...), i)}
	return b.k
}

// mathCase lists a function's inputs: random arguments spread over the ranges where its
// routine takes its different paths.
type mathCase struct {
	fn  ir.Builtin
	gen func(r *rand.Rand) (float64, float64)
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
	return []mathCase{
		{ir.Exp, mix(uniform(-745, 710), uniform(-1, 1), logUniform(-40, 0, true))},
		{ir.Exp2, mix(uniform(-1075, 1024), uniform(-1, 1))},
		{ir.Expm1, mix(uniform(-40, 710), uniform(-1, 1), logUniform(-60, 0, true))},
		{ir.Log, mix(logUniform(-1074, 1023, false), uniform(0.5, 2))},
		{ir.Log2, mix(logUniform(-1074, 1023, false), uniform(0.5, 2))},
		{ir.Log10, mix(logUniform(-1074, 1023, false), uniform(0.5, 2))},
		{ir.Log1p, mix(uniform(-1, 1), logUniform(-60, 1023, false), logUniform(-60, 0, true))},
		{ir.Pow, mix(pair(uniform(0, 10), uniform(-50, 50)), pair(logUniform(-20, 20, false), uniform(-30, 30)),
			pair(uniform(-10, 10), func(r *rand.Rand) (float64, float64) { return float64(r.Intn(41) - 20), 0 }))},
		{ir.Sin, mix(uniform(-10, 10), logUniform(-30, 1023, true), logUniform(-30, 60, true))},
		{ir.Cos, mix(uniform(-10, 10), logUniform(-30, 1023, true), logUniform(-30, 60, true))},
		{ir.Tan, mix(uniform(-10, 10), logUniform(-30, 1023, true), logUniform(-30, 60, true))},
		{ir.Atan, mix(uniform(-2, 2), logUniform(-30, 1023, true), logUniform(-30, 60, true))},
		{ir.Atan2, mix(pair(uniform(-2, 2), uniform(-2, 2)), pair(logUniform(-30, 30, true), logUniform(-30, 30, true)))},
		{ir.Asin, mix(uniform(-1, 1), logUniform(-30, 0, true))},
		{ir.Acos, mix(uniform(-1, 1), logUniform(-30, 0, true))},
		{ir.Sinh, mix(uniform(-30, 30), uniform(-1, 1), uniform(-712, 712), logUniform(-30, 0, true))},
		{ir.Cosh, mix(uniform(-30, 30), uniform(-1, 1), uniform(-712, 712), logUniform(-30, 0, true))},
		{ir.Tanh, mix(uniform(-30, 30), uniform(-1, 1), logUniform(-30, 0, true))},
		{ir.Asinh, mix(uniform(-30, 30), uniform(-2, 2), logUniform(-30, 1023, true))},
		{ir.Acosh, mix(uniform(1, 30), uniform(1, 2), logUniform(0, 1023, false))},
		{ir.Atanh, mix(uniform(-1, 1), logUniform(-30, 0, true))},
		{ir.Cbrt, mix(uniform(-30, 30), logUniform(-1074, 1023, true))},
		{ir.Hypot, mix(pair(uniform(-10, 10), uniform(-10, 10)), pair(logUniform(-1074, 1023, true), logUniform(-1074, 1023, true)), pair(logUniform(-30, 30, true), logUniform(-30, 30, true)))},
		{ir.Erf, mix(uniform(-6.5, 6.5), uniform(-1, 1), logUniform(-30, 3, true))},
		{ir.Erfc, mix(uniform(-6.5, 28), uniform(-1, 1), uniform(0, 6), logUniform(-30, 3, true))},
		{ir.Mod, mix(pair(uniform(-100, 100), uniform(-10, 10)), pair(logUniform(-1074, 1023, true), logUniform(-1074, 1023, true)), pair(logUniform(-30, 30, true), logUniform(-30, 30, true)))},
	}
}

// TestMathLowering runs every routine of the math library as PTX on the simulator, in float64
// and float32, and requires the bits that devmath.Eval computes on the host (any NaN for a
// NaN): the library's accuracy is devmath's to test, the lowering of its operations is this
// package's.
func TestMathLowering(t *testing.T) {
	lowered := map[string]bool{}
	for _, c := range mathCases() {
		lowered[mathFuncs[c.fn]] = true
	}
	for _, name := range devmath.Names() {
		if !lowered[name] {
			t.Errorf("no case for the math routine %s", name)
		}
	}
	for _, c := range mathCases() {
		for _, typ := range []ir.Type{ir.F64, ir.F32} {
			t.Run(c.fn.String()+"/"+typ.String(), func(t *testing.T) {
				xs, ys, got := runMath(t, c, typ, 2000)
				name := mathFuncs[c.fn]
				bad := 0
				for i := range xs {
					args := []float64{xs[i], ys[i]}[:c.fn.Arity()]
					want := devmath.Eval(name, args...)
					if typ == ir.F32 {
						want = float64(float32(want))
					}
					if math.Float64bits(got[i]) != math.Float64bits(want) && !(math.IsNaN(got[i]) && math.IsNaN(want)) {
						if bad++; bad <= 5 {
							t.Errorf("%s%v = %v (%#x), want %v (%#x)", name, args, got[i], math.Float64bits(got[i]), want, math.Float64bits(want))
						}
					}
				}
				if bad > 5 {
					t.Errorf("%d of %d arguments differ", bad, len(xs))
				}
			})
		}
	}
}

// runMath runs c's kernel in type typ on the simulator over n arguments (the special inputs,
// then c.gen's, rounded to typ) and returns the arguments and the results, widened to
// float64.
func runMath(t *testing.T, c mathCase, typ ir.Type, n int) (xs, ys, got []float64) {
	t.Helper()
	s := loadSim(t, mathKernel(c.fn, typ))
	r := rand.New(rand.NewSource(int64(c.fn)))
	for _, x := range specialInputs {
		for _, y := range []float64{x, 0.5, 2, -1, 3, math.Inf(1), math.NaN(), -0.5, 1.5, 10} {
			xs, ys = append(xs, x), append(ys, y)
			if c.fn.Arity() == 1 {
				break
			}
		}
	}
	for len(xs) < n {
		x, y := c.gen(r)
		xs, ys = append(xs, x), append(ys, y)
	}
	if typ == ir.F32 {
		x32, y32 := make([]float32, len(xs)), make([]float32, len(xs))
		for i := range xs {
			x32[i], y32[i] = float32(xs[i]), float32(ys[i])
			xs[i], ys[i] = float64(x32[i]), float64(y32[i])
		}
		xa, ya := sim.Upload(s.d, x32), sim.Upload(s.d, y32)
		out := s.d.Alloc(4 * len(xs))
		s.rangeFor(0, int64(len(xs)), 4, 64, cat(view1(xa, len(xs)), view1(ya, len(xs)), view1(out, len(xs))))
		for _, v := range sim.Download[float32](s.d, out, len(xs)) {
			got = append(got, float64(v))
		}
		return xs, ys, got
	}
	xa, ya := sim.Upload(s.d, xs), sim.Upload(s.d, ys)
	out := s.d.Alloc(8 * len(xs))
	s.rangeFor(0, int64(len(xs)), 4, 64, cat(view1(xa, len(xs)), view1(ya, len(xs)), view1(out, len(xs))))
	return xs, ys, sim.Download[float64](s.d, out, len(xs))
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }

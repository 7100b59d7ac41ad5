package interp

import (
	"math"
	"math/bits"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// Values are held as uint64 in canonical form: integers truncated to their width and then
// sign-extended (signed types) or zero-extended (unsigned types), F64 as its IEEE bits, F32 as
// its IEEE bits in the low 32 bits, Bool as 0 or 1, Ptr as the address.

func canon(t ir.Type, b uint64) uint64 { return ir.Normalize(t, b, true) }

func f32(b uint64) float32  { return math.Float32frombits(uint32(b)) }
func f64(b uint64) float64  { return math.Float64frombits(b) }
func of32(f float32) uint64 { return uint64(math.Float32bits(f)) }
func of64(f float64) uint64 { return math.Float64bits(f) }
func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// Binary evaluates x op y for operands of type t (y of type yt for shifts), returning the
// canonical result.
func Binary(op ir.BinOp, t, yt ir.Type, x, y uint64) uint64 {
	switch {
	case op == ir.LAnd:
		return x & y & 1
	case op == ir.LOr:
		return (x | y) & 1
	case op.IsShift():
		n := canon(yt, y) // read as unsigned 64 bits below
		switch {
		case op == ir.Shl:
			if n >= 64 {
				return 0
			}
			return canon(t, x<<n)
		case t.IsSigned():
			if n > 63 {
				n = 63
			}
			return canon(t, uint64(int64(x)>>n))
		default:
			if n >= 64 {
				return 0
			}
			return canon(t, x>>n)
		}
	case t == ir.F64:
		return floatOp(op, f64(x), f64(y), of64)
	case t == ir.F32:
		return floatOp(op, f32(x), f32(y), of32)
	case t == ir.Bool:
		switch op {
		case ir.Eq:
			return boolBits(x == y)
		case ir.Ne:
			return boolBits(x != y)
		}
		return 0
	}
	signed := t.IsSigned()
	switch op {
	case ir.Add:
		return canon(t, x+y)
	case ir.Sub:
		return canon(t, x-y)
	case ir.Mul:
		return canon(t, x*y)
	case ir.Div:
		if y == 0 {
			return 0
		}
		if signed {
			return canon(t, uint64(int64(x)/int64(y)))
		}
		return canon(t, x/y)
	case ir.Rem:
		if y == 0 {
			return x
		}
		if signed {
			return canon(t, uint64(int64(x)%int64(y)))
		}
		return canon(t, x%y)
	case ir.And:
		return x & y
	case ir.Or:
		return x | y
	case ir.Xor:
		return x ^ y
	case ir.AndNot:
		return x &^ y
	case ir.Eq:
		return boolBits(x == y)
	case ir.Ne:
		return boolBits(x != y)
	}
	if signed {
		a, b := int64(x), int64(y)
		switch op {
		case ir.Lt:
			return boolBits(a < b)
		case ir.Le:
			return boolBits(a <= b)
		case ir.Gt:
			return boolBits(a > b)
		case ir.Ge:
			return boolBits(a >= b)
		}
	}
	switch op {
	case ir.Lt:
		return boolBits(x < y)
	case ir.Le:
		return boolBits(x <= y)
	case ir.Gt:
		return boolBits(x > y)
	case ir.Ge:
		return boolBits(x >= y)
	}
	return 0
}

// floatOp evaluates a binary operator on floats of type F, which rounds as F does; bits returns
// a result's register bits.
func floatOp[F float32 | float64](op ir.BinOp, a, b F, bits func(F) uint64) uint64 {
	switch op {
	case ir.Add:
		return bits(a + b)
	case ir.Sub:
		return bits(a - b)
	case ir.Mul:
		return bits(a * b)
	case ir.Div:
		return bits(a / b)
	case ir.Eq:
		return boolBits(a == b)
	case ir.Ne:
		return boolBits(a != b)
	case ir.Lt:
		return boolBits(a < b)
	case ir.Le:
		return boolBits(a <= b)
	case ir.Gt:
		return boolBits(a > b)
	case ir.Ge:
		return boolBits(a >= b)
	}
	return 0
}

// Unary evaluates op x for an operand of type t.
func Unary(op ir.UnOp, t ir.Type, x uint64) uint64 {
	switch op {
	case ir.Not:
		return x ^ 1
	case ir.Compl:
		return canon(t, ^x)
	}
	switch t {
	case ir.F64:
		return x ^ 1<<63
	case ir.F32:
		return x ^ 1<<31
	}
	return canon(t, -x)
}

// Convert converts x from type from to type to with Go's conversion rules (saturating
// float-to-integer conversion, as ir.Convert specifies).
func Convert(from, to ir.Type, x uint64) uint64 {
	switch {
	case from == to:
		return x
	case from.IsInt() && to.IsInt():
		return canon(to, x)
	case from.IsInt() && to == ir.F64:
		if from.IsSigned() {
			return of64(float64(int64(x)))
		}
		return of64(float64(x))
	case from.IsInt() && to == ir.F32:
		if from.IsSigned() {
			return of32(float32(int64(x)))
		}
		return of32(float32(x))
	case from == ir.F64 && to == ir.F32:
		return of32(float32(f64(x)))
	case from == ir.F32 && to == ir.F64:
		return of64(float64(f32(x)))
	case from.IsFloat() && to.IsInt():
		f := f64(x)
		if from == ir.F32 {
			f = float64(f32(x))
		}
		return canon(to, ir.FloatToInt(f, to))
	}
	return x
}

// Call evaluates a builtin.
func Call(fn ir.Builtin, t ir.Type, argTypes []ir.Type, args []uint64) uint64 {
	at := argTypes[0]
	x := args[0]
	if at.IsFloat() && fn != ir.Float32Bits && fn != ir.Float64Bits {
		fa := make([]float64, len(args))
		for i, a := range args {
			if argTypes[i] == ir.F32 {
				fa[i] = float64(f32(a))
			} else if argTypes[i] == ir.F64 {
				fa[i] = f64(a)
			}
		}
		r, isBool := mathCall(fn, fa, args)
		if isBool {
			return r
		}
		f := f64(r)
		if at == ir.F32 {
			if fn == ir.Min || fn == ir.Max {
				a, b := f32(args[0]), f32(args[1])
				if fn == ir.Min {
					return of32(min(a, b))
				}
				return of32(max(a, b))
			}
			if fn == ir.FMA {
				// float32(x*y+z) rounded once: the product of two float32 is exact in float64,
				// and adding z in float64 then rounding to float32 can double-round; use the
				// float64 FMA, which is exact enough for the interpreter's purposes.
				return of32(float32(math.FMA(fa[0], fa[1], fa[2])))
			}
			return of32(float32(f))
		}
		return r
	}
	w := at.Bits()
	switch fn {
	case ir.Min, ir.Max:
		y := args[1]
		less := x < y
		if at.IsSigned() {
			less = int64(x) < int64(y)
		}
		if (fn == ir.Min) == less {
			return x
		}
		return y
	case ir.OnesCount:
		return uint64(bits.OnesCount64(x))
	case ir.LeadingZeros:
		return uint64(bits.LeadingZeros64(x) - (64 - w))
	case ir.TrailingZeros:
		if x == 0 {
			return uint64(w)
		}
		return uint64(bits.TrailingZeros64(x))
	case ir.Len:
		return uint64(bits.Len64(x))
	case ir.RotateLeft:
		k := int(int64(args[1]))
		switch w {
		case 8:
			return uint64(bits.RotateLeft8(uint8(x), k))
		case 16:
			return uint64(bits.RotateLeft16(uint16(x), k))
		case 32:
			return uint64(bits.RotateLeft32(uint32(x), k))
		}
		return bits.RotateLeft64(x, k)
	case ir.Reverse:
		return bits.Reverse64(x) >> (64 - w)
	case ir.ReverseBytes:
		return bits.ReverseBytes64(x) >> (64 - w)
	case ir.Float32Bits, ir.Float64Bits, ir.Float32FromBits, ir.Float64FromBits:
		return x
	}
	return 0
}

// mathCall evaluates a float builtin in float64; isBool reports a Bool result.
func mathCall(fn ir.Builtin, a []float64, raw []uint64) (r uint64, isBool bool) {
	x := a[0]
	var f float64
	switch fn {
	case ir.Sqrt:
		f = math.Sqrt(x)
	case ir.Abs:
		f = math.Abs(x)
	case ir.Floor:
		f = math.Floor(x)
	case ir.Ceil:
		f = math.Ceil(x)
	case ir.Trunc:
		f = math.Trunc(x)
	case ir.Round:
		f = math.Round(x)
	case ir.RoundToEven:
		f = math.RoundToEven(x)
	case ir.Exp:
		f = math.Exp(x)
	case ir.Exp2:
		f = math.Exp2(x)
	case ir.Expm1:
		f = math.Expm1(x)
	case ir.Log:
		f = math.Log(x)
	case ir.Log2:
		f = math.Log2(x)
	case ir.Log10:
		f = math.Log10(x)
	case ir.Log1p:
		f = math.Log1p(x)
	case ir.Sin:
		f = math.Sin(x)
	case ir.Cos:
		f = math.Cos(x)
	case ir.Tan:
		f = math.Tan(x)
	case ir.Asin:
		f = math.Asin(x)
	case ir.Acos:
		f = math.Acos(x)
	case ir.Atan:
		f = math.Atan(x)
	case ir.Sinh:
		f = math.Sinh(x)
	case ir.Cosh:
		f = math.Cosh(x)
	case ir.Tanh:
		f = math.Tanh(x)
	case ir.Asinh:
		f = math.Asinh(x)
	case ir.Acosh:
		f = math.Acosh(x)
	case ir.Atanh:
		f = math.Atanh(x)
	case ir.Cbrt:
		f = math.Cbrt(x)
	case ir.Erf:
		f = math.Erf(x)
	case ir.Erfc:
		f = math.Erfc(x)
	case ir.Pow:
		f = math.Pow(x, a[1])
	case ir.Atan2:
		f = math.Atan2(x, a[1])
	case ir.Hypot:
		f = math.Hypot(x, a[1])
	case ir.Mod:
		f = math.Mod(x, a[1])
	case ir.Copysign:
		f = math.Copysign(x, a[1])
	case ir.FMA:
		f = math.FMA(x, a[1], a[2])
	case ir.Min:
		f = min(x, a[1])
	case ir.Max:
		f = max(x, a[1])
	case ir.IsNaN:
		return boolBits(math.IsNaN(x)), true
	case ir.Signbit:
		return boolBits(math.Signbit(x)), true
	case ir.IsInf:
		return boolBits(math.IsInf(x, int(int64(raw[1])))), true
	}
	return of64(f), false
}

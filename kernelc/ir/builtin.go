package ir

// Builtin is a pure function a Call applies.
type Builtin uint8

// The builtins. "F" is F32 or F64 (all operands and the result of one type); "U" is an unsigned
// integer type. Go's math package computes in float64; the front end passes F64 unless it
// proves a narrower evaluation exact. The device may use approximations within a few ulps for
// the transcendental functions; Sqrt, Abs, Floor, Ceil, Trunc, Round, RoundToEven, FMA, Min,
// Max, Copysign, Mod, the predicates and the bit functions are exact.
const (
	InvalidBuiltin Builtin = iota
	// F → F.
	Sqrt
	Abs
	Floor
	Ceil
	Trunc
	Round       // half away from zero (math.Round)
	RoundToEven // math.RoundToEven
	Exp
	Exp2
	Expm1
	Log
	Log2
	Log10
	Log1p
	Sin
	Cos
	Tan
	Asin
	Acos
	Atan
	Sinh
	Cosh
	Tanh
	Asinh
	Acosh
	Atanh
	Cbrt
	Erf
	Erfc
	// (F, F) → F.
	Pow
	Atan2
	Hypot
	Mod // math.Mod: result has the sign of x
	Copysign
	// (F, F, F) → F: x*y+z rounded once (math.FMA).
	FMA
	// (N, N) → N for any numeric N: Go's min and max (and math.Min/math.Max): a NaN operand
	// gives NaN, and -0 is less than +0.
	Min
	Max
	// F → Bool.
	IsNaN
	Signbit
	// (F, I64) → Bool: math.IsInf(x, sign).
	IsInf
	// U → I64: math/bits.
	OnesCount
	LeadingZeros
	TrailingZeros
	Len
	// (U, I64) → U: bits.RotateLeft (a negative count rotates right).
	RotateLeft
	// U → U: bits.Reverse and bits.ReverseBytes.
	Reverse
	ReverseBytes
	// Bit casts: F32 → U32, U32 → F32, F64 → U64, U64 → F64.
	Float32Bits
	Float32FromBits
	Float64Bits
	Float64FromBits
	numBuiltins
)

var builtinNames = [...]string{
	"invalid", "sqrt", "abs", "floor", "ceil", "trunc", "round", "round_even", "exp", "exp2", "expm1",
	"log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
	"asinh", "acosh", "atanh", "cbrt", "erf", "erfc", "pow", "atan2", "hypot", "mod", "copysign", "fma",
	"min", "max", "isnan", "signbit", "isinf", "popc", "clz", "ctz", "len", "rotl", "brev", "bswap",
	"f32bits", "f32frombits", "f64bits", "f64frombits",
}

// String returns the builtin's IR name, such as "sqrt" or "popc".
func (b Builtin) String() string {
	if int(b) < len(builtinNames) {
		return builtinNames[b]
	}
	return "?"
}

// Arity returns the number of operands the builtin takes.
func (b Builtin) Arity() int {
	switch {
	case b >= Pow && b <= Copysign, b == Min, b == Max, b == IsInf, b == RotateLeft:
		return 2
	case b == FMA:
		return 3
	case b > InvalidBuiltin && b < numBuiltins:
		return 1
	}
	return 0
}

// ResultType returns the builtin's result type for operands of the given types, or Invalid if
// the operand types do not fit its signature.
func (b Builtin) ResultType(args ...Type) Type {
	if len(args) != b.Arity() {
		return Invalid
	}
	x := args[0]
	same := true
	for _, a := range args[1:] {
		same = same && a == x
	}
	switch {
	case b >= Sqrt && b <= Erfc, b >= Pow && b <= Copysign, b == FMA:
		if x.IsFloat() && same {
			return x
		}
	case b == Min || b == Max:
		if x.IsNumeric() && same {
			return x
		}
	case b == IsNaN || b == Signbit:
		if x.IsFloat() {
			return Bool
		}
	case b == IsInf:
		if x.IsFloat() && args[1] == I64 {
			return Bool
		}
	case b >= OnesCount && b <= Len:
		if x.IsUnsigned() {
			return I64
		}
	case b == RotateLeft:
		if x.IsUnsigned() && args[1] == I64 {
			return x
		}
	case b == Reverse:
		if x.IsUnsigned() {
			return x
		}
	case b == ReverseBytes:
		if x.IsUnsigned() && x != U8 {
			return x
		}
	case b == Float32Bits:
		if x == F32 {
			return U32
		}
	case b == Float32FromBits:
		if x == U32 {
			return F32
		}
	case b == Float64Bits:
		if x == F64 {
			return U64
		}
	case b == Float64FromBits:
		if x == U64 {
			return F64
		}
	}
	return Invalid
}

package devmath

// Value is an operand or a result of the routine under construction: a register, a constant or
// a variable of the target, made by a Builder. It is opaque to the library, which only passes
// values back to the Builder that made them; nil is no value.
type Value any

// Kind is the type of a Value as the Builder sees it.
type Kind uint8

// The kinds of values. Integer values live in registers of their width; operations say how
// the bits are read (Int32 as signed, Uint32 and Uint64 as unsigned).
const (
	Float64 Kind = iota
	Int32
	Int64
	Uint32
	Uint64
	Bool
)

// Op is an integer operation of Builder.Int.
type Op uint8

// The integer operations. Arithmetic wraps around at the kind's width; Div truncates (by a
// nonzero divisor); Shl and Shr take a Uint32 count below the width, Shr being arithmetic for
// Int32 and logical otherwise; Mul is the low half of the product and MulHi the high half; Not
// complements x and ignores y.
const (
	Add Op = iota
	Sub
	Mul
	MulHi
	Div
	And
	Or
	Not
	Shl
	Shr
)

// Cmp is a comparison of Builder.Compare and Builder.IntCompare.
type Cmp uint8

// The comparisons. On float64 values they follow Go: Ne holds when either operand is NaN and
// the others do not. Lt, Le, Gt and Ge on Uint32 and Uint64 values compare unsigned.
const (
	Lt Cmp = iota
	Le
	Gt
	Ge
	Eq
	Ne
)

// Builder appends the operations of one library routine to the function being built. Float64
// operations round to nearest even, once per call (FMA included), as IEEE 754 says; every
// operation's result is a new value except Set, which assigns a variable. The library calls a
// Builder's methods in program order, from one goroutine, and reads the results of a block
// (If, IfElse, Until) after the block only through variables (Declare, Var, Set).
type Builder interface {
	// Const returns the float64 constant x.
	Const(x float64) Value
	// IntConst returns the integer constant v of kind k (its low bits for 32-bit kinds).
	IntConst(k Kind, v int64) Value
	// BoolConst returns the predicate constant v.
	BoolConst(v bool) Value

	// Add returns x + y.
	Add(x, y Value) Value
	// Sub returns x - y.
	Sub(x, y Value) Value
	// Mul returns x * y.
	Mul(x, y Value) Value
	// Div returns x / y.
	Div(x, y Value) Value
	// FMA returns x*y + z with a single rounding.
	FMA(x, y, z Value) Value
	// Neg returns x with its sign bit flipped (NaN included).
	Neg(x Value) Value
	// Abs returns x with its sign bit cleared (NaN included).
	Abs(x Value) Value
	// Sqrt returns the square root of x.
	Sqrt(x Value) Value
	// RoundToEven returns x rounded to an integer, ties to even.
	RoundToEven(x Value) Value
	// Trunc returns x rounded toward zero to an integer.
	Trunc(x Value) Value
	// Copysign returns x with the sign of y.
	Copysign(x, y Value) Value
	// Min returns Go's min(x, y): NaN if either is, -0 below +0.
	Min(x, y Value) Value
	// Max returns Go's max(x, y): NaN if either is, +0 above -0.
	Max(x, y Value) Value
	// Compare returns the predicate x c y.
	Compare(c Cmp, x, y Value) Value
	// IsNaN returns the predicate "x is NaN".
	IsNaN(x Value) Value
	// Signbit returns the predicate "x's sign bit is set".
	Signbit(x Value) Value

	// Int returns x op y on integers of kind k.
	Int(op Op, k Kind, x, y Value) Value
	// IntCompare returns the predicate x c y on integers of kind k.
	IntCompare(c Cmp, k Kind, x, y Value) Value
	// LeadingZeros returns the number of leading zero bits of the Uint64 x (64 for 0), as a
	// Uint32.
	LeadingZeros(x Value) Value
	// And returns the predicate p && q.
	And(p, q Value) Value
	// Or returns the predicate p || q.
	Or(p, q Value) Value
	// Select returns x when the predicate p holds and y otherwise; x and y have one kind, not
	// Bool.
	Select(p, x, y Value) Value
	// Convert returns x, of kind from, converted to kind to: float64 to an integer truncates
	// (x is in range), an integer to float64 rounds to nearest even, an integer to a narrower
	// one keeps the low bits, Uint32 to Uint64 zero-extends, and Bool to Uint32 gives 0 or 1.
	Convert(to, from Kind, x Value) Value

	// Bits returns the IEEE 754 bits of x as a Uint64.
	Bits(x Value) Value
	// FromBits returns the float64 whose IEEE 754 bits are the Uint64 u.
	FromBits(u Value) Value
	// HighWord returns the high 32 bits of x's representation as a Uint32.
	HighWord(x Value) Value
	// FromWords returns the Uint64 whose high and low 32 bits are the Uint32 values hi and lo.
	FromWords(hi, lo Value) Value
	// Exponent returns the biased exponent field of a non-negative float64 x (bits 52 to 62
	// of its representation) as an Int32.
	Exponent(x Value) Value

	// Declare returns a new variable of kind k without a value: Set gives it one on every
	// path before it is read.
	Declare(k Kind) Value
	// Var returns a new variable holding x, for a value that Set changes later or on another
	// path.
	Var(x Value) Value
	// Set assigns x to the variable v.
	Set(v, x Value)
	// If runs then when the predicate p holds.
	If(p Value, then func())
	// IfElse runs then when the predicate p holds and otherwise els.
	IfElse(p Value, then, els func())
	// Until runs body repeatedly until the predicate that done returns holds; done is
	// evaluated before every iteration, the first included.
	Until(done func() Value, body func())
	// ReturnIf returns the float64 v from the routine when the predicate p holds.
	ReturnIf(p, v Value)
	// Call returns the result of the library routine name (see Lookup) on float64 args.
	Call(name string, args ...Value) Value

	// Table returns the address of the read-only table name of 64-bit words (float64 entries
	// as their bits), defined once per name however often the routines ask for it.
	Table(name string, words []uint64) Value
	// Index returns the address base + i*stride bytes for a Uint32 index i.
	Index(base, i Value, stride int) Value
	// Load returns the word at address addr + off bytes as kind k (Float64 or Uint64).
	Load(k Kind, addr Value, off int) Value
}

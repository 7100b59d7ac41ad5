package ir

import "math"

// Expr is a pure expression: evaluating it has no effect, cannot trap, and reads only locals,
// constants and launch values. Its operands are evaluated in any order.
type Expr interface {
	// Type returns the expression's result type.
	Type() Type
	isExpr()
}

// Local is a typed variable of a kernel (a virtual register). Locals are mutable; Assign and the
// statements with a Dst write them.
type Local struct {
	// ID is the local's index in Kernel.Locals.
	ID int
	// Name is the Go name it came from, or "" for a temporary. Names need not be unique.
	Name string
	// T is the local's type.
	T Type
}

// Type returns the local's type.
func (l *Local) Type() Type { return l.T }
func (*Local) isExpr()      {}

// Const is a constant. Bits holds the value: integers in two's complement truncated to the
// type's width and then zero-extended to 64 bits (so an I8 of -1 has Bits 0xff), F64 its IEEE
// bits, F32 its IEEE bits in the low 32 bits, Bool 0 or 1. The only Ptr constant is the null
// address (Bits 0), the address of a zero view.
type Const struct {
	T    Type
	Bits uint64
}

// Type returns the constant's type.
func (c *Const) Type() Type { return c.T }
func (*Const) isExpr()      {}

// Int returns the constant as a sign- or zero-extended integer.
func (c *Const) Int() int64 { return int64(Normalize(c.T, c.Bits, true)) }

// Float returns a floating-point constant's value.
func (c *Const) Float() float64 {
	if c.T == F32 {
		return float64(math.Float32frombits(uint32(c.Bits)))
	}
	return math.Float64frombits(c.Bits)
}

// Normalize truncates bits to t's width; with extend, signed types are then sign-extended to 64
// bits (so the result, read as int64, is the value), otherwise zero-extended.
func Normalize(t Type, bits uint64, extend bool) uint64 {
	n := t.Bits()
	if t == Bool {
		return bits & 1
	}
	if n == 0 || n == 64 {
		return bits
	}
	bits &= 1<<n - 1
	if extend && t.IsSigned() && bits>>(n-1) != 0 {
		bits |= ^uint64(0) << n
	}
	return bits
}

// IntConst returns a constant of integer type t with value v (wrapped to t's width).
func IntConst(t Type, v int64) *Const { return &Const{T: t, Bits: Normalize(t, uint64(v), false)} }

// FloatConst returns a constant of type t (F32 or F64) with value v (rounded for F32).
func FloatConst(t Type, v float64) *Const {
	if t == F32 {
		return &Const{T: F32, Bits: uint64(math.Float32bits(float32(v)))}
	}
	return &Const{T: F64, Bits: math.Float64bits(v)}
}

// BoolConst returns the constant true or false.
func BoolConst(v bool) *Const {
	if v {
		return &Const{T: Bool, Bits: 1}
	}
	return &Const{T: Bool}
}

// UnOp is a unary operator.
type UnOp uint8

// The unary operators.
const (
	// Neg is arithmetic negation (-x): wraps for integers (-MinInt == MinInt), flips the sign
	// bit for floats (-0 and NaN included).
	Neg UnOp = iota + 1
	// Not is logical negation (!x) of a Bool.
	Not
	// Compl is bitwise complement (^x) of an integer.
	Compl
)

var unOpNames = [...]string{"?", "-", "!", "^"}

// String returns the operator's Go spelling.
func (o UnOp) String() string {
	if int(o) < len(unOpNames) {
		return unOpNames[o]
	}
	return "?"
}

// Unary is a unary operation; its type is X's type.
type Unary struct {
	Op UnOp
	X  Expr
}

// Type returns X's type.
func (u *Unary) Type() Type { return u.X.Type() }
func (*Unary) isExpr()      {}

// BinOp is a binary operator. The semantics are Go's, with the device choices README.md lists
// for integer division by zero and negative shift counts.
type BinOp uint8

// The binary operators.
const (
	Add BinOp = iota + 1
	Sub
	Mul
	// Div truncates toward zero for integers; MinInt / -1 == MinInt. Division by zero does not
	// trap: the quotient is unspecified (the interpreter yields 0).
	Div
	// Rem has the sign of the dividend; MinInt % -1 == 0. x % 0 is unspecified (the
	// interpreter yields x).
	Rem
	And
	Or
	Xor
	AndNot
	// Shl shifts left. Y is any integer type and is read as unsigned: a count ≥ the width of
	// X gives 0, and so does a negative count (Go panics there).
	Shl
	// Shr shifts right, arithmetic for signed X and logical for unsigned. A count ≥ the width
	// (or a negative count, read as unsigned) gives 0 or, for signed X, its sign in every bit.
	Shr
	Eq
	Ne
	Lt
	Le
	Gt
	Ge
	// LAnd and LOr are && and || on Bool operands. Both operands are pure, so evaluating
	// both is allowed.
	LAnd
	LOr
)

var binOpNames = [...]string{"?", "+", "-", "*", "/", "%", "&", "|", "^", "&^", "<<", ">>", "==", "!=", "<", "<=", ">", ">=", "&&", "||"}

// String returns the operator's Go spelling.
func (o BinOp) String() string {
	if int(o) < len(binOpNames) {
		return binOpNames[o]
	}
	return "?"
}

// IsCompare reports whether o is a comparison (result Bool).
func (o BinOp) IsCompare() bool { return o >= Eq && o <= Ge }

// IsShift reports whether o is Shl or Shr.
func (o BinOp) IsShift() bool { return o == Shl || o == Shr }

// Binary is a binary operation. Operands have the same type except for shifts, whose count Y
// may be any integer type. The result type is Bool for comparisons and LAnd/LOr, X's type
// otherwise. Floating-point arithmetic is IEEE 754 with round-to-nearest-even, no fused
// multiply-add contraction, and comparisons false on NaN (except Ne).
type Binary struct {
	Op   BinOp
	X, Y Expr
}

// Type returns the operation's result type.
func (b *Binary) Type() Type {
	if b.Op.IsCompare() || b.Op == LAnd || b.Op == LOr {
		return Bool
	}
	return b.X.Type()
}
func (*Binary) isExpr() {}

// Convert is a Go conversion between numeric types: integer to integer truncates or extends by
// the source's signedness; integer to float rounds to nearest; float to float rounds to
// nearest; float to integer truncates toward zero and saturates at the target's range, NaN
// giving 0 (Go leaves out-of-range conversions implementation-specific).
type Convert struct {
	To Type
	X  Expr
}

// Type returns the target type.
func (c *Convert) Type() Type { return c.To }
func (*Convert) isExpr()      {}

// Select is Cond ? X : Y, with X and Y of the same type.
type Select struct {
	Cond, X, Y Expr
}

// Type returns X's type.
func (s *Select) Type() Type { return s.X.Type() }
func (*Select) isExpr()      {}

// SpecialKind names a launch value.
type SpecialKind uint8

// The launch values, all I64. In range forms only Index-like values are meaningful; the team
// values are those of teams.Member.
const (
	LeagueRank SpecialKind = iota + 1
	LeagueSize
	TeamRank
	TeamSize
	VectorLength
)

var specialNames = [...]string{"?", "league_rank", "league_size", "team_rank", "team_size", "vector_length"}

// String returns the value's name, such as "team_rank".
func (k SpecialKind) String() string {
	if int(k) < len(specialNames) {
		return specialNames[k]
	}
	return "?"
}

// Special reads a launch value; its type is I64.
type Special struct {
	Kind SpecialKind
}

// Type returns I64.
func (*Special) Type() Type { return I64 }
func (*Special) isExpr()    {}

// Call applies a pure builtin function (math, math/bits, min/max). T is the result type; the
// operand types are those the Builtin's documentation gives.
type Call struct {
	Fn   Builtin
	Args []Expr
	T    Type
}

// Type returns the result type.
func (c *Call) Type() Type { return c.T }
func (*Call) isExpr()      {}

package devmath

import (
	"fmt"
	"math"
	"math/bits"
)

// Eval returns the routine name of the library evaluated on the host at args, each operation
// with the semantics Builder documents. It is the library's reference: a back end that lowers
// the routines faithfully computes the same bits (NaN payloads aside) on every argument. Eval
// panics if the library has no routine name or len(args) differs from its Params. It is safe
// for concurrent use.
func Eval(name string, args ...float64) float64 {
	fn := Lookup(name)
	if fn == nil {
		panic(fmt.Sprintf("devmath: no routine %q", name))
	}
	if len(args) != fn.Params {
		panic(fmt.Sprintf("devmath: %s takes %d arguments, not %d", name, fn.Params, len(args)))
	}
	vals := make([]Value, len(args))
	for i, a := range args {
		vals[i] = math.Float64bits(a)
	}
	return math.Float64frombits(evalBody(fn, vals))
}

// evalBody runs fn's body on vals and returns its result's bits, taken from an early return
// when the body makes one.
func evalBody(fn *Func, vals []Value) (r uint64) {
	defer func() {
		if e := recover(); e != nil {
			ret, ok := e.(evalReturn)
			if !ok {
				panic(e)
			}
			r = uint64(ret)
		}
	}()
	return word(fn.Build(evaluator{}, vals))
}

// evalReturn carries the result of a ReturnIf out of the body being evaluated.
type evalReturn uint64

// evaluator implements Builder by computing each operation as it is asked for. Its values are
// uint64 words (float64 values as their bits, 32-bit integers zero-extended), bool predicates,
// *evalVar variables and evalAddr table addresses.
type evaluator struct{}

// evalVar is a variable of the evaluator.
type evalVar struct{ w uint64 }

// evalAddr is an address in a table of the evaluator.
type evalAddr struct {
	words []uint64
	off   int // in bytes
}

// word returns the word that x holds now.
func word(x Value) uint64 {
	switch x := x.(type) {
	case uint64:
		return x
	case *evalVar:
		return x.w
	}
	panic(fmt.Sprintf("devmath: %T is not a word", x))
}

// f64, flv and pred convert between the evaluator's values and Go's.
func f64(x Value) float64 { return math.Float64frombits(word(x)) }
func flv(x float64) Value { return math.Float64bits(x) }
func pred(p Value) bool   { return p.(bool) }

// narrow returns the word w of kind k: its low 32 bits for the 32-bit kinds.
func narrow(k Kind, w uint64) uint64 {
	if k == Int32 || k == Uint32 {
		return uint64(uint32(w))
	}
	return w
}

func (evaluator) Const(x float64) Value            { return flv(x) }
func (evaluator) IntConst(k Kind, v int64) Value   { return narrow(k, uint64(v)) }
func (evaluator) BoolConst(v bool) Value           { return v }
func (evaluator) Add(x, y Value) Value             { return flv(f64(x) + f64(y)) }
func (evaluator) Sub(x, y Value) Value             { return flv(f64(x) - f64(y)) }
func (evaluator) Mul(x, y Value) Value             { return flv(f64(x) * f64(y)) }
func (evaluator) Div(x, y Value) Value             { return flv(f64(x) / f64(y)) }
func (evaluator) FMA(x, y, z Value) Value          { return flv(math.FMA(f64(x), f64(y), f64(z))) }
func (evaluator) Neg(x Value) Value                { return word(x) ^ 1<<63 }
func (evaluator) Abs(x Value) Value                { return word(x) &^ (1 << 63) }
func (evaluator) Sqrt(x Value) Value               { return flv(math.Sqrt(f64(x))) }
func (evaluator) RoundToEven(x Value) Value        { return flv(math.RoundToEven(f64(x))) }
func (evaluator) Trunc(x Value) Value              { return flv(math.Trunc(f64(x))) }
func (evaluator) Copysign(x, y Value) Value        { return flv(math.Copysign(f64(x), f64(y))) }
func (evaluator) Min(x, y Value) Value             { return flv(min(f64(x), f64(y))) }
func (evaluator) Max(x, y Value) Value             { return flv(max(f64(x), f64(y))) }
func (evaluator) IsNaN(x Value) Value              { return math.IsNaN(f64(x)) }
func (evaluator) Signbit(x Value) Value            { return word(x)>>63 != 0 }
func (evaluator) LeadingZeros(x Value) Value       { return uint64(bits.LeadingZeros64(word(x))) }
func (evaluator) And(p, q Value) Value             { return pred(p) && pred(q) }
func (evaluator) Or(p, q Value) Value              { return pred(p) || pred(q) }
func (evaluator) Bits(x Value) Value               { return word(x) }
func (evaluator) FromBits(u Value) Value           { return word(u) }
func (evaluator) HighWord(x Value) Value           { return word(x) >> 32 }
func (evaluator) FromWords(hi, lo Value) Value     { return word(hi)<<32 | uint64(uint32(word(lo))) }
func (evaluator) Exponent(x Value) Value           { return uint64(uint32(word(x)>>32) >> 20) }
func (evaluator) Declare(k Kind) Value             { return &evalVar{} }
func (evaluator) Var(x Value) Value                { return &evalVar{word(x)} }
func (evaluator) Set(v, x Value)                   { v.(*evalVar).w = word(x) }
func (evaluator) Table(_ string, w []uint64) Value { return evalAddr{words: w} }

func (evaluator) Compare(c Cmp, x, y Value) Value {
	a, b := f64(x), f64(y)
	switch c {
	case Lt:
		return a < b
	case Le:
		return a <= b
	case Gt:
		return a > b
	case Ge:
		return a >= b
	case Eq:
		return a == b
	}
	return a != b
}

func (evaluator) Int(op Op, k Kind, x, y Value) Value {
	a := word(x)
	var c uint64
	if op != Not {
		c = word(y)
	}
	switch k {
	case Int32:
		p, q := int32(a), int32(c)
		var r int32
		switch op {
		case Add:
			r = p + q
		case Sub:
			r = p - q
		case Mul:
			r = p * q
		case MulHi:
			r = int32(int64(p) * int64(q) >> 32)
		case Div:
			r = p / q
		case Shr:
			r = p >> uint32(c)
		default:
			return narrow(k, bitOp(op, a, c, 32))
		}
		return uint64(uint32(r))
	case Uint32:
		p, q := uint32(a), uint32(c)
		var r uint32
		switch op {
		case Add:
			r = p + q
		case Sub:
			r = p - q
		case Mul:
			r = p * q
		case MulHi:
			r = uint32(uint64(p) * uint64(q) >> 32)
		case Div:
			r = p / q
		case Shr:
			r = p >> uint32(c)
		default:
			return narrow(k, bitOp(op, a, c, 32))
		}
		return uint64(r)
	case Uint64, Int64:
		switch op {
		case Add:
			return a + c
		case Sub:
			return a - c
		case Mul:
			return a * c
		case MulHi:
			if k == Int64 {
				break
			}
			hi, _ := bits.Mul64(a, c)
			return hi
		case Div:
			if k == Int64 {
				return uint64(int64(a) / int64(c))
			}
			return a / c
		case Shr:
			if k == Int64 {
				return uint64(int64(a) >> uint32(c))
			}
			return a >> uint32(c)
		default:
			return bitOp(op, a, c, 64)
		}
	}
	panic(fmt.Sprintf("devmath: integer op %d on kind %d", op, k))
}

// bitOp applies the bitwise operations and Shl to width-bit words.
func bitOp(op Op, a, c uint64, width uint32) uint64 {
	switch op {
	case And:
		return a & c
	case Or:
		return a | c
	case Not:
		return ^a
	case Shl:
		if uint32(c) >= width {
			return 0
		}
		return a << uint32(c)
	}
	panic(fmt.Sprintf("devmath: integer op %d", op))
}

func (evaluator) IntCompare(c Cmp, k Kind, x, y Value) Value {
	a, b := narrow(k, word(x)), narrow(k, word(y))
	var lt, eq bool
	switch k {
	case Int32:
		lt = int32(a) < int32(b)
	case Int64:
		lt = int64(a) < int64(b)
	default:
		lt = a < b
	}
	eq = a == b
	switch c {
	case Lt:
		return lt
	case Le:
		return lt || eq
	case Gt:
		return !lt && !eq
	case Ge:
		return !lt
	case Eq:
		return eq
	}
	return !eq
}

func (evaluator) Select(p, x, y Value) Value {
	if pred(p) {
		return word(x)
	}
	return word(y)
}

// truncate returns x rounded toward zero and clamped to [lo, hi], 0 for NaN: the conversions of
// float64 to integers of the targets the library runs on.
func truncate(x, lo, hi float64) float64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x <= lo:
		return lo
	case x >= hi:
		return hi
	}
	return math.Trunc(x)
}

func (evaluator) Convert(to, from Kind, x Value) Value {
	if from == Bool {
		if pred(x) {
			return uint64(1)
		}
		return uint64(0)
	}
	w := word(x)
	switch {
	case from == Float64 && to == Int32:
		return uint64(uint32(int32(truncate(math.Float64frombits(w), math.MinInt32, math.MaxInt32))))
	case from == Float64 && to == Uint32:
		return uint64(uint32(truncate(math.Float64frombits(w), 0, math.MaxUint32)))
	case from == Float64 && to == Int64:
		t := truncate(math.Float64frombits(w), math.MinInt64, 0x1p63)
		if t == 0x1p63 {
			return uint64(math.MaxInt64)
		}
		return uint64(int64(t))
	case to == Float64 && from == Int32:
		return flv(float64(int32(w)))
	case to == Float64 && from == Uint32:
		return flv(float64(uint32(w)))
	case to == Float64 && from == Int64:
		return flv(float64(int64(w)))
	case to == Float64 && from == Uint64:
		return flv(float64(w))
	case to == Int32 || to == Uint32:
		return uint64(uint32(w))
	case to == Uint64 && from == Uint32, to == Int64 && from == Uint32:
		return uint64(uint32(w))
	case to == Uint64 && from == Int32, to == Int64 && from == Int32:
		return uint64(int64(int32(w)))
	case to == Uint64 || to == Int64:
		return w
	}
	panic(fmt.Sprintf("devmath: conversion from kind %d to %d", from, to))
}

func (evaluator) If(p Value, then func()) {
	if pred(p) {
		then()
	}
}

func (evaluator) IfElse(p Value, then, els func()) {
	if pred(p) {
		then()
	} else {
		els()
	}
}

func (evaluator) Until(done func() Value, body func()) {
	for !pred(done()) {
		body()
	}
}

func (evaluator) ReturnIf(p, v Value) {
	if pred(p) {
		panic(evalReturn(word(v)))
	}
}

func (evaluator) Call(name string, args ...Value) Value {
	fn := Lookup(name)
	vals := make([]Value, len(args))
	for i, a := range args {
		vals[i] = word(a)
	}
	return evalBody(fn, vals)
}

func (evaluator) Index(base, i Value, stride int) Value {
	a := base.(evalAddr)
	a.off += int(uint32(word(i))) * stride
	return a
}

func (evaluator) Load(k Kind, addr Value, off int) Value {
	a := addr.(evalAddr)
	return a.words[(a.off+off)/8]
}

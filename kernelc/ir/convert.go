package ir

import "math"

// FloatToInt converts f to integer type t as ir.Convert specifies: truncation toward zero,
// saturation at t's range, NaN to 0. The result is t's bits, sign-extended for signed types.
func FloatToInt(f float64, t Type) uint64 {
	if math.IsNaN(f) {
		return 0
	}
	f = math.Trunc(f)
	if t.IsSigned() {
		lo := -math.Ldexp(1, t.Bits()-1)
		hi := math.Ldexp(1, t.Bits()-1)
		switch {
		case f <= lo:
			return uint64(int64(-1) << (t.Bits() - 1))
		case f >= hi:
			return uint64(1)<<(t.Bits()-1) - 1
		}
		return uint64(int64(f))
	}
	hi := math.Ldexp(1, t.Bits())
	switch {
	case f <= 0:
		return 0
	case f >= hi:
		if t.Bits() == 64 {
			return math.MaxUint64
		}
		return uint64(1)<<t.Bits() - 1
	}
	return uint64(f)
}

// Identity returns op's identity for type t (as teams.Identity), or nil for a bitwise
// operator on a float type.
func (op TeamOp) Identity(t Type) *Const {
	switch op {
	case OpSum, OpBOr:
		return &Const{T: t}
	case OpProd:
		if t.IsFloat() {
			return FloatConst(t, 1)
		}
		return IntConst(t, 1)
	case OpMin:
		switch {
		case t.IsFloat():
			return FloatConst(t, math.Inf(1))
		case t.IsSigned():
			return &Const{T: t, Bits: Normalize(t, uint64(1)<<(t.Bits()-1)-1, false)}
		}
		return &Const{T: t, Bits: Normalize(t, ^uint64(0), false)}
	case OpMax:
		switch {
		case t.IsFloat():
			return FloatConst(t, math.Inf(-1))
		case t.IsSigned():
			return &Const{T: t, Bits: Normalize(t, uint64(1)<<(t.Bits()-1), false)}
		}
		return &Const{T: t}
	case OpBAnd:
		if t.IsFloat() {
			return nil
		}
		return &Const{T: t, Bits: Normalize(t, ^uint64(0), false)}
	}
	return nil
}

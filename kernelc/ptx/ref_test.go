package ptx

import (
	"math"
	"math/bits"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// Reference semantics of IR integer operations, written directly from Go's rules, on values
// held as ir.Normalize(t, v, true) (sign-extended for signed types, zero-extended otherwise).

func nrm(t ir.Type, v uint64) uint64 { return ir.Normalize(t, v, true) }

func refBinary(op ir.BinOp, t ir.Type, x, y uint64, yt ir.Type) uint64 {
	w := uint(t.Bits())
	switch op {
	case ir.Add:
		return nrm(t, x+y)
	case ir.Sub:
		return nrm(t, x-y)
	case ir.Mul:
		return nrm(t, x*y)
	case ir.Div, ir.Rem:
		if nrm(t, y) == 0 {
			if op == ir.Div {
				return 0
			}
			return x
		}
		if t.IsSigned() {
			xs, ys := int64(x), int64(y)
			if ys == -1 {
				if op == ir.Div {
					return nrm(t, uint64(-xs))
				}
				return 0
			}
			if op == ir.Div {
				return nrm(t, uint64(xs/ys))
			}
			return nrm(t, uint64(xs%ys))
		}
		if op == ir.Div {
			return x / y
		}
		return x % y
	case ir.And:
		return x & y
	case ir.Or:
		return x | y
	case ir.Xor:
		return x ^ y
	case ir.AndNot:
		return nrm(t, x&^y)
	case ir.Shl, ir.Shr:
		c := ir.Normalize(yt, y, false) // the count read as unsigned
		if op == ir.Shl {
			if c >= uint64(w) {
				return 0
			}
			return nrm(t, x<<c)
		}
		if t.IsSigned() {
			if c >= uint64(w) {
				c = uint64(w - 1)
			}
			return nrm(t, uint64(int64(x)>>c))
		}
		if c >= uint64(w) {
			return 0
		}
		return x >> c
	}
	panic("refBinary: " + op.String())
}

func refLess(t ir.Type, x, y uint64) bool {
	if t.IsSigned() {
		return int64(x) < int64(y)
	}
	return x < y
}

func refConvert(from, to ir.Type, x uint64) uint64 {
	switch {
	case from.IsInt() && to.IsInt():
		return nrm(to, x)
	case from.IsInt() && to == ir.F32:
		if from.IsSigned() {
			return uint64(math.Float32bits(float32(int64(x))))
		}
		return uint64(math.Float32bits(float32(x)))
	case from.IsInt() && to == ir.F64:
		if from.IsSigned() {
			return math.Float64bits(float64(int64(x)))
		}
		return math.Float64bits(float64(x))
	case from == ir.F32 && to.IsInt():
		return nrm(to, ir.FloatToInt(float64(math.Float32frombits(uint32(x))), to))
	case from == ir.F64 && to.IsInt():
		return nrm(to, ir.FloatToInt(math.Float64frombits(x), to))
	}
	panic("refConvert")
}

func refBits(fn ir.Builtin, t ir.Type, x, k uint64) uint64 {
	w := t.Bits()
	switch fn {
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
		s := uint(int64(k) & int64(w-1))
		return nrm(t, x<<s|x>>(uint(w)-s))
	case ir.Reverse:
		return bits.Reverse64(x) >> uint(64-w)
	case ir.ReverseBytes:
		return bits.ReverseBytes64(x) >> uint(64-w)
	}
	panic("refBits")
}

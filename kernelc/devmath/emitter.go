package devmath

// emitter is a Builder with the shorthands and small compositions the routines are written
// with.
type emitter struct {
	Builder
}

// c returns the float64 constant x.
func (b emitter) c(x float64) Value { return b.Const(x) }

// si and ui return Int32 and Uint32 constants; u64 returns a Uint64 constant.
func (b emitter) si(v int64) Value   { return b.IntConst(Int32, v) }
func (b emitter) ui(v int64) Value   { return b.IntConst(Uint32, v) }
func (b emitter) u64(v uint64) Value { return b.IntConst(Uint64, int64(v)) }

// Float64 comparisons.
func (b emitter) lt(x, y Value) Value { return b.Compare(Lt, x, y) }
func (b emitter) le(x, y Value) Value { return b.Compare(Le, x, y) }
func (b emitter) gt(x, y Value) Value { return b.Compare(Gt, x, y) }
func (b emitter) ge(x, y Value) Value { return b.Compare(Ge, x, y) }
func (b emitter) eq(x, y Value) Value { return b.Compare(Eq, x, y) }
func (b emitter) ne(x, y Value) Value { return b.Compare(Ne, x, y) }

// always returns a predicate that holds, for an unconditional ReturnIf inside a block.
func (b emitter) always() Value { return b.BoolConst(true) }

// i32, u32 and w64 apply an integer operation to Int32, Uint32 and Uint64 operands.
func (b emitter) i32(op Op, x, y Value) Value { return b.Int(op, Int32, x, y) }
func (b emitter) u32(op Op, x, y Value) Value { return b.Int(op, Uint32, x, y) }
func (b emitter) w64(op Op, x, y Value) Value { return b.Int(op, Uint64, x, y) }

// horner evaluates c[0] + x*(c[1] + x*(c[2] + ...)) with fused multiply-adds.
func (b emitter) horner(x Value, c []float64) Value {
	acc := b.Var(b.c(c[len(c)-1]))
	for i := len(c) - 2; i >= 0; i-- {
		acc = b.FMA(acc, x, b.c(c[i]))
	}
	return acc
}

// load returns the float64 at addr + off.
func (b emitter) load(addr Value, off int) Value { return b.Load(Float64, addr, off) }

package ptx

import (
	"fmt"
	"strings"

	"github.com/gokkos/gokkos/kernelc/devmath"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// mathBuilder implements devmath.Builder over a gen: it writes one routine of the math library
// as a device function. Its values are vals; float64 arithmetic is the .rn form of each
// instruction, so that ptxas never contracts a multiply and an add.
type mathBuilder struct {
	gen
}

var _ devmath.Builder = (*mathBuilder)(nil)

// mv returns the val behind a devmath.Value made by a mathBuilder.
func mv(x devmath.Value) val { return x.(val) }

// kindType returns the IR type that holds values of kind k.
func kindType(k devmath.Kind) ir.Type {
	switch k {
	case devmath.Float64:
		return ir.F64
	case devmath.Int32:
		return ir.I32
	case devmath.Int64:
		return ir.I64
	case devmath.Uint32:
		return ir.U32
	case devmath.Uint64:
		return ir.U64
	case devmath.Bool:
		return ir.Bool
	}
	panic(fmt.Sprintf("ptx: math kind %d", k))
}

func (b *mathBuilder) Const(x float64) devmath.Value { return immF64(x) }

func (b *mathBuilder) IntConst(k devmath.Kind, v int64) devmath.Value {
	if k == devmath.Uint64 {
		return immUint(ir.U64, uint64(v))
	}
	return immInt(kindType(k), v)
}

func (b *mathBuilder) BoolConst(v bool) devmath.Value { return b.boolConst(v) }

func (b *mathBuilder) Add(x, y devmath.Value) devmath.Value {
	return b.bin("add.rn.f64", ir.F64, mv(x), mv(y))
}

func (b *mathBuilder) Sub(x, y devmath.Value) devmath.Value {
	return b.bin("sub.rn.f64", ir.F64, mv(x), mv(y))
}

func (b *mathBuilder) Mul(x, y devmath.Value) devmath.Value {
	return b.bin("mul.rn.f64", ir.F64, mv(x), mv(y))
}

func (b *mathBuilder) Div(x, y devmath.Value) devmath.Value {
	return b.bin("div.rn.f64", ir.F64, mv(x), mv(y))
}

func (b *mathBuilder) FMA(x, y, z devmath.Value) devmath.Value {
	r := b.newReg(ir.F64)
	b.ins("fma.rn.f64 %s, %s, %s, %s", r, b.reg(mv(x)), b.reg(mv(y)), b.reg(mv(z)))
	return r
}

func (b *mathBuilder) Neg(x devmath.Value) devmath.Value { return b.unary(ir.Neg, mv(x)) }

func (b *mathBuilder) Abs(x devmath.Value) devmath.Value {
	return b.builtin(ir.Abs, ir.F64, []val{mv(x)})
}

func (b *mathBuilder) Sqrt(x devmath.Value) devmath.Value {
	return b.un("sqrt.rn.f64", ir.F64, mv(x))
}

func (b *mathBuilder) RoundToEven(x devmath.Value) devmath.Value {
	return b.un("cvt.rni.f64.f64", ir.F64, mv(x))
}

func (b *mathBuilder) Trunc(x devmath.Value) devmath.Value {
	return b.un("cvt.rzi.f64.f64", ir.F64, mv(x))
}

func (b *mathBuilder) Copysign(x, y devmath.Value) devmath.Value {
	return b.builtin(ir.Copysign, ir.F64, []val{mv(x), mv(y)})
}

func (b *mathBuilder) Min(x, y devmath.Value) devmath.Value {
	return b.builtin(ir.Min, ir.F64, []val{mv(x), mv(y)})
}

func (b *mathBuilder) Max(x, y devmath.Value) devmath.Value {
	return b.builtin(ir.Max, ir.F64, []val{mv(x), mv(y)})
}

// floatCmp holds the setp comparison of each devmath.Cmp on float64 values.
var floatCmp = [...]string{devmath.Lt: "lt", devmath.Le: "le", devmath.Gt: "gt", devmath.Ge: "ge", devmath.Eq: "eq", devmath.Ne: "neu"}

func (b *mathBuilder) Compare(c devmath.Cmp, x, y devmath.Value) devmath.Value {
	return b.setp(floatCmp[c], mv(x), mv(y))
}

func (b *mathBuilder) IsNaN(x devmath.Value) devmath.Value {
	r := b.reg(mv(x))
	return b.setp("nan", r, r)
}

func (b *mathBuilder) Signbit(x devmath.Value) devmath.Value {
	return b.builtin(ir.Signbit, ir.Bool, []val{mv(x)})
}

// intOp returns the instruction of op on integers of type t. Additions and subtractions of
// 64-bit values are written .s64 whatever their signedness (the bits are the same).
func intOp(op devmath.Op, t ir.Type) string {
	switch op {
	case devmath.Add, devmath.Sub:
		name := "add."
		if op == devmath.Sub {
			name = "sub."
		}
		if regBits(t) == 64 {
			return name + "s64"
		}
		return name + arith(t)
	case devmath.Mul:
		return "mul.lo." + arith(t)
	case devmath.MulHi:
		return "mul.hi." + arith(t)
	case devmath.Div:
		return "div." + arith(t)
	case devmath.Shr:
		return "shr." + arith(t)
	case devmath.And:
		return "and." + bitsType(t)
	case devmath.Or:
		return "or." + bitsType(t)
	case devmath.Not:
		return "not." + bitsType(t)
	case devmath.Shl:
		return "shl." + bitsType(t)
	}
	panic(fmt.Sprintf("ptx: math integer op %d", op))
}

func (b *mathBuilder) Int(op devmath.Op, k devmath.Kind, x, y devmath.Value) devmath.Value {
	t := kindType(k)
	if op == devmath.Not {
		return b.un(intOp(op, t), t, mv(x))
	}
	return b.bin(intOp(op, t), t, mv(x), mv(y))
}

// intCmp holds the setp comparison of each devmath.Cmp on signed and unsigned integers.
var intCmp = [2][6]string{
	{devmath.Lt: "lt", devmath.Le: "le", devmath.Gt: "gt", devmath.Ge: "ge", devmath.Eq: "eq", devmath.Ne: "ne"},
	{devmath.Lt: "lo", devmath.Le: "ls", devmath.Gt: "hi", devmath.Ge: "hs", devmath.Eq: "eq", devmath.Ne: "ne"},
}

func (b *mathBuilder) IntCompare(c devmath.Cmp, k devmath.Kind, x, y devmath.Value) devmath.Value {
	t := kindType(k)
	u := 0
	if t.IsUnsigned() {
		u = 1
	}
	xv := mv(x)
	xv.t = t
	return b.setp(intCmp[u][c], xv, mv(y))
}

func (b *mathBuilder) LeadingZeros(x devmath.Value) devmath.Value {
	r := b.newReg(ir.U32)
	b.ins("clz.b64 %s, %s", r, b.reg(mv(x)))
	return r
}

func (b *mathBuilder) And(p, q devmath.Value) devmath.Value {
	return b.bin("and.pred", ir.Bool, mv(p), b.reg(mv(q)))
}

func (b *mathBuilder) Or(p, q devmath.Value) devmath.Value {
	return b.bin("or.pred", ir.Bool, mv(p), b.reg(mv(q)))
}

func (b *mathBuilder) Select(p, x, y devmath.Value) devmath.Value {
	return b.selp(mv(p), mv(x), mv(y))
}

// conversions holds the instruction of each conversion of Builder.Convert but Bool to Uint32.
var conversions = map[[2]devmath.Kind]string{
	{devmath.Int32, devmath.Float64}:  "cvt.rzi.s32.f64",
	{devmath.Int64, devmath.Float64}:  "cvt.rzi.s64.f64",
	{devmath.Uint32, devmath.Float64}: "cvt.rzi.u32.f64",
	{devmath.Float64, devmath.Int32}:  "cvt.rn.f64.s32",
	{devmath.Float64, devmath.Uint64}: "cvt.rn.f64.u64",
	{devmath.Int32, devmath.Uint64}:   "cvt.u32.u64",
	{devmath.Int32, devmath.Int64}:    "cvt.u32.u64",
	{devmath.Uint32, devmath.Uint64}:  "cvt.u32.u64",
	{devmath.Uint32, devmath.Int64}:   "cvt.u32.u64",
	{devmath.Uint64, devmath.Uint32}:  "cvt.u64.u32",
}

func (b *mathBuilder) Convert(to, from devmath.Kind, x devmath.Value) devmath.Value {
	if from == devmath.Bool && to == devmath.Uint32 {
		return b.boolToU32(mv(x))
	}
	op, ok := conversions[[2]devmath.Kind{to, from}]
	if !ok {
		panic(fmt.Sprintf("ptx: math conversion from kind %d to %d", from, to))
	}
	r := b.newReg(kindType(to))
	b.ins("%s %s, %s", op, r, b.reg(mv(x)))
	return r
}

func (b *mathBuilder) Bits(x devmath.Value) devmath.Value { return b.fbits(b.reg(mv(x))) }

func (b *mathBuilder) FromBits(u devmath.Value) devmath.Value {
	return b.fromBits(ir.F64, b.reg(mv(u)))
}

func (b *mathBuilder) HighWord(x devmath.Value) devmath.Value {
	r := b.newReg(ir.U32)
	b.ins("mov.b64 {_, %s}, %s", r, b.reg(mv(x)))
	return r
}

func (b *mathBuilder) FromWords(hi, lo devmath.Value) devmath.Value {
	r := b.newReg(ir.U64)
	b.ins("mov.b64 %s, {%s, %s}", r, b.reg(mv(lo)), b.reg(mv(hi)))
	return r
}

func (b *mathBuilder) Exponent(x devmath.Value) devmath.Value {
	e := b.newReg(ir.I32)
	hw := b.newReg(ir.U32)
	b.ins("mov.b64 {_, %s}, %s", hw, b.reg(mv(x)))
	b.ins("shr.u32 %s, %s, 20", e, hw)
	return e
}

func (b *mathBuilder) Declare(k devmath.Kind) devmath.Value { return b.newReg(kindType(k)) }

func (b *mathBuilder) Var(x devmath.Value) devmath.Value {
	r := b.newReg(mv(x).t)
	b.mov(r, mv(x))
	return r
}

func (b *mathBuilder) Set(v, x devmath.Value) { b.mov(mv(v), mv(x)) }

func (b *mathBuilder) If(p devmath.Value, then func()) {
	skip := b.f.label()
	b.ins("@!%s bra %s", mv(p), skip)
	then()
	b.f.place(skip)
}

// IfElse lays out els first, falling through from the branch, and then after it.
func (b *mathBuilder) IfElse(p devmath.Value, then, els func()) {
	taken, done := b.f.label(), b.f.label()
	b.ins("@%s bra %s", mv(p), taken)
	els()
	b.ins("bra.uni %s", done)
	b.f.place(taken)
	then()
	b.f.place(done)
}

func (b *mathBuilder) Until(done func() devmath.Value, body func()) {
	head, exit := b.f.label(), b.f.label()
	b.f.place(head)
	b.ins("@%s bra %s", mv(done()), exit)
	body()
	b.ins("bra.uni %s", head)
	b.f.place(exit)
}

func (b *mathBuilder) ReturnIf(p, v devmath.Value) {
	skip := b.f.label()
	b.ins("@!%s bra %s", mv(p), skip)
	b.ins("mov.f64 %%res, %s", b.reg(mv(v)))
	b.ins("ret")
	b.f.place(skip)
}

func (b *mathBuilder) Call(name string, args ...devmath.Value) devmath.Value {
	vals := make([]val, len(args))
	for i, a := range args {
		vals[i] = b.reg(mv(a))
	}
	return b.callMath(name, vals)
}

func (b *mathBuilder) Table(name string, words []uint64) devmath.Value {
	sym := mathSym(name)
	var s strings.Builder
	fmt.Fprintf(&s, ".global .align 8 .f64 %s[%d] = {", sym, len(words))
	for i, w := range words {
		if i > 0 {
			s.WriteString(",")
		}
		if i%4 == 0 {
			s.WriteString("\n\t")
		} else {
			s.WriteString(" ")
		}
		fmt.Fprintf(&s, "0d%016X", w)
	}
	s.WriteString("\n};")
	b.m.useGlobal(sym, s.String())
	r := b.newReg(ir.Ptr)
	b.ins("mov.u64 %s, %s", r, sym)
	return r
}

func (b *mathBuilder) Index(base, i devmath.Value, stride int) devmath.Value {
	w := b.newReg(ir.U64)
	b.ins("mul.wide.u32 %s, %s, %d", w, b.reg(mv(i)), stride)
	return b.bin("add.s64", ir.Ptr, mv(base), w)
}

func (b *mathBuilder) Load(k devmath.Kind, addr devmath.Value, off int) devmath.Value {
	t := kindType(k)
	r := b.newReg(t)
	b.ins("ld.global.nc.%s %s, [%s+%d]", memType(t), r, mv(addr), off)
	return r
}

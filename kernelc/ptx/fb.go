package ptx

import (
	"fmt"
	"math"
	"strings"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// fb is a gen with float64 shorthands for writing the math library.
type fb struct {
	gen
}

func (b *fb) c(x float64) val       { return immF64(x) }
func (b *fb) add(x, y val) val      { return b.bin("add.rn.f64", ir.F64, x, y) }
func (b *fb) sub(x, y val) val      { return b.bin("sub.rn.f64", ir.F64, x, y) }
func (b *fb) mul(x, y val) val      { return b.bin("mul.rn.f64", ir.F64, x, y) }
func (b *fb) div(x, y val) val      { return b.bin("div.rn.f64", ir.F64, x, y) }
func (b *fb) neg(x val) val         { return b.unary(ir.Neg, x) }
func (b *fb) abs(x val) val         { return b.builtin(ir.Abs, ir.F64, []val{x}) }
func (b *fb) sqrt(x val) val        { return b.un("sqrt.rn.f64", ir.F64, x) }
func (b *fb) rni(x val) val         { return b.un("cvt.rni.f64.f64", ir.F64, x) }
func (b *fb) trunc(x val) val       { return b.un("cvt.rzi.f64.f64", ir.F64, x) }
func (b *fb) lt(x, y val) val       { return b.setp("lt", x, y) }
func (b *fb) le(x, y val) val       { return b.setp("le", x, y) }
func (b *fb) gt(x, y val) val       { return b.setp("gt", x, y) }
func (b *fb) ge(x, y val) val       { return b.setp("ge", x, y) }
func (b *fb) eq(x, y val) val       { return b.setp("eq", x, y) }
func (b *fb) isnan(x val) val       { x = b.reg(x); return b.setp("nan", x, x) }
func (b *fb) sel(p, x, y val) val   { return b.selp(p, x, y) }
func (b *fb) or(p, q val) val       { return b.bin("or.pred", ir.Bool, p, b.reg(q)) }
func (b *fb) and(p, q val) val      { return b.bin("and.pred", ir.Bool, p, b.reg(q)) }
func (b *fb) not(p val) val         { return b.un("not.pred", ir.Bool, p) }
func (b *fb) copysign(x, y val) val { return b.builtin(ir.Copysign, ir.F64, []val{x, y}) }

// fma returns x*y+z rounded once.
func (b *fb) fma(x, y, z val) val {
	r := b.newReg(ir.F64)
	b.ins("fma.rn.f64 %s, %s, %s, %s", r, b.reg(x), b.reg(y), b.reg(z))
	return r
}

// horner evaluates c[0] + x*(c[1] + x*(c[2] + ...)) with fused multiply-adds.
func (b *fb) horner(x val, c []float64) val {
	acc := b.reg(b.c(c[len(c)-1]))
	for i := len(c) - 2; i >= 0; i-- {
		acc = b.fma(acc, x, b.c(c[i]))
	}
	return acc
}

// bits returns x's IEEE bits (U64); fromBits is the inverse.
func (b *fb) bitsOf(x val) val  { return b.fbits(b.reg(x)) }
func (b *fb) fromU64(x val) val { return b.fromBits(ir.F64, b.reg(x)) }

// hi returns the high 32 bits of x's representation (U32).
func (b *fb) hi(x val) val {
	r := b.newReg(ir.U32)
	b.ins("mov.b64 {_, %s}, %s", r, b.reg(x))
	return r
}

// lo returns the low 32 bits of x's representation (U32).
func (b *fb) lo(x val) val {
	r := b.newReg(ir.U32)
	b.ins("mov.b64 {%s, _}, %s", r, b.reg(x))
	return r
}

// pow2 returns 2^k for an I32 k in [-1022, 1023].
func (b *fb) pow2(k val) val {
	e := b.bin("add.s32", ir.I32, k, immInt(ir.I32, 1023))
	w := b.newReg(ir.U64)
	b.ins("cvt.u64.u32 %s, %s", w, e)
	w = b.bin("shl.b64", ir.U64, w, immInt(ir.U32, 52))
	return b.fromU64(w)
}

// ldexp returns x * 2^k for an I32 k in [-2044, 2046] with one rounding (the first scaling is
// exact for normal x).
func (b *fb) ldexp(x, k val) val {
	k1 := b.bin("shr.s32", ir.I32, k, immInt(ir.U32, 1))
	k2 := b.bin("sub.s32", ir.I32, k, k1)
	return b.mul(b.mul(x, b.pow2(k1)), b.pow2(k2))
}

// toI32 converts a float64 holding an integer to I32.
func (b *fb) toI32(x val) val {
	r := b.newReg(ir.I32)
	b.ins("cvt.rzi.s32.f64 %s, %s", r, b.reg(x))
	return r
}

// fromI32 converts an I32 to float64.
func (b *fb) fromI32(x val) val {
	r := b.newReg(ir.F64)
	b.ins("cvt.rn.f64.s32 %s, %s", r, b.reg(x))
	return r
}

// twoSum returns s = fl(x+y) and the exact error e with x + y = s + e.
func (b *fb) twoSum(x, y val) (s, e val) {
	s = b.add(x, y)
	bv := b.sub(s, x)
	av := b.sub(s, bv)
	e = b.add(b.sub(x, av), b.sub(y, bv))
	return s, e
}

// fastTwoSum is twoSum for |x| >= |y| (or x == 0).
func (b *fb) fastTwoSum(x, y val) (s, e val) {
	s = b.add(x, y)
	e = b.sub(y, b.sub(s, x))
	return s, e
}

// twoProd returns p = fl(x*y) and the exact error e with x*y = p + e.
func (b *fb) twoProd(x, y val) (p, e val) {
	p = b.mul(x, y)
	e = b.fma(x, y, b.neg(p))
	return p, e
}

// branch helpers: ifp runs then when p holds.
func (b *fb) ifp(p val, then func()) {
	skip := b.f.label()
	b.ins("@!%s bra %s", p, skip)
	then()
	b.f.place(skip)
}

// variable returns a fresh register initialised to x, for values set on several paths.
func (b *fb) variable(x val) val {
	r := b.newReg(x.t)
	b.mov(r, x)
	return r
}

// retIf returns v from the function when p holds.
func (b *fb) retIf(p, v val) {
	skip := b.f.label()
	b.ins("@!%s bra %s", p, skip)
	b.ins("mov.f64 %%res, %s", b.reg(v))
	b.ins("ret")
	b.f.place(skip)
}

// table returns the global address of a float64 table, declaring it in the module.
func (b *fb) table(name string, vals []float64) val {
	var s strings.Builder
	fmt.Fprintf(&s, ".global .align 8 .f64 %s[%d] = {", name, len(vals))
	for i, v := range vals {
		if i > 0 {
			s.WriteString(",")
		}
		if i%4 == 0 {
			s.WriteString("\n\t")
		} else {
			s.WriteString(" ")
		}
		fmt.Fprintf(&s, "0d%016X", math.Float64bits(v))
	}
	s.WriteString("\n};")
	b.m.useGlobal(name, s.String())
	r := b.newReg(ir.Ptr)
	b.ins("mov.u64 %s, %s", r, name)
	return r
}

// load returns the float64 at addr + off (read-only global data).
func (b *fb) load(addr val, off int) val {
	r := b.newReg(ir.F64)
	b.ins("ld.global.nc.f64 %s, [%s+%d]", r, addr, off)
	return r
}

// index returns base + i*stride for a U32 index i.
func (b *fb) index(base, i val, stride int) val {
	w := b.newReg(ir.U64)
	b.ins("mul.wide.u32 %s, %s, %d", w, b.reg(i), stride)
	return b.bin("add.s64", ir.Ptr, base, w)
}

// u32 shorthands.
func (b *fb) ui(v int64) val { return immInt(ir.U32, v) }
func (b *fb) si(v int64) val { return immInt(ir.I32, v) }

// callF calls another math function.
func (b *fb) callF(name string, args ...val) val {
	for i := range args {
		args[i] = b.reg(args[i])
	}
	return b.callMath(name, args)
}

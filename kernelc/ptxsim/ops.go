package sim

import (
	"fmt"
	"math"
	"math/bits"
)

func (th *thread) exec(fr *frame, in *inst) error {
	a := in.args
	switch in.code {
	case opMov:
		return th.mov(fr, in)
	case opAdd, opSub, opMul, opMad, opDiv, opRem, opMin, opMax, opAnd, opOr, opXor, opShl, opShr, opFma:
		return th.arith(fr, in)
	case opNeg, opNot, opAbs, opSqrt, opPopc, opClz, opBrev, opCnot:
		return th.unary(fr, in)
	case opSetp:
		return th.setp(fr, in)
	case opSelp:
		t := in.typ
		c := th.get(fr, &a[3]) != 0
		v := th.get(fr, &a[2])
		if c {
			v = th.get(fr, &a[1])
		}
		th.set(fr, &a[0], v&mask(t.width), t.width)
	case opCvt:
		return th.cvt(fr, in)
	case opCvta:
		v := th.get(fr, &a[1])
		switch {
		case hasMod(in.mods, "to") && hasMod(in.mods, "shared"):
			v -= SharedWindow
		case hasMod(in.mods, "shared"):
			v += SharedWindow
		}
		th.set(fr, &a[0], v, 64)
	case opPrmt:
		x, y := uint32(th.get(fr, &a[1])), uint32(th.get(fr, &a[2]))
		sel := uint32(th.get(fr, &a[3]))
		src := uint64(x) | uint64(y)<<32
		var r uint32
		for i := 0; i < 4; i++ {
			s := (sel >> (4 * i)) & 7
			r |= uint32(byte(src>>(8*s))) << (8 * i)
		}
		th.set(fr, &a[0], uint64(r), 32)
	case opShf:
		lo, hi := uint32(th.get(fr, &a[1])), uint32(th.get(fr, &a[2]))
		n := uint32(th.get(fr, &a[3]))
		if hasMod(in.mods, "wrap") {
			n &= 31
		} else {
			n = min(n, 32)
		}
		v := uint64(hi)<<32 | uint64(lo)
		var r uint32
		if in.mods[0] == "l" {
			r = uint32((v << n) >> 32)
		} else {
			r = uint32(v >> n)
		}
		th.set(fr, &a[0], uint64(r), 32)
	case opLd:
		return th.ld(fr, in)
	case opSt:
		return th.st(fr, in)
	case opAtom:
		return th.atom(fr, in)
	case opBra:
		if a[0].target < 0 {
			return fmt.Errorf("no label %s", a[0].sym)
		}
		fr.pc = a[0].target
	case opRet:
		th.frames = th.frames[:len(th.frames)-1]
		if len(th.frames) == 0 {
			th.state = exited
			return nil
		}
		caller := th.frames[len(th.frames)-1]
		for i, r := range fr.fn.rets {
			caller.regs[fr.ret[i]] = fr.regs[fr.fn.regs[r]]
		}
	case opExit:
		th.frames = nil
		th.state = exited
	case opCall:
		f := th.b.p.m.funcs[a[1].sym]
		if f == nil {
			return fmt.Errorf("no function %s", a[1].sym)
		}
		nf := &frame{fn: f, regs: make([]uint64, f.nregs)}
		for i, p := range f.params {
			nf.regs[f.regs[p]] = th.get(fr, &a[2].elems[i])
		}
		for _, r := range a[0].elems {
			nf.ret = append(nf.ret, r.reg)
		}
		th.frames = append(th.frames, nf)
	case opBar:
		th.state = atBar
	case opShfl:
		th.shIn = in
		th.shVal = th.get(fr, &a[1])
		th.shB = th.get(fr, &a[2])
		th.shC = th.get(fr, &a[3])
		th.shMask = uint32(th.get(fr, &a[4]))
		lane := uint32(1) << (th.flat % 32)
		if th.shMask&lane == 0 {
			return fmt.Errorf("shuffle with a mask %#x that excludes the calling lane", th.shMask)
		}
		th.state = atShfl
	case opTrap:
		return fmt.Errorf("trap")
	case opFence, opPrefetch:
	default:
		return fmt.Errorf("unsupported instruction")
	}
	return nil
}

func (th *thread) mov(fr *frame, in *inst) error {
	a := in.args
	t := in.typ
	switch {
	case a[0].kind == oVec: // unpack
		v := th.get(fr, &a[1])
		w := t.width / len(a[0].elems)
		for i := range a[0].elems {
			th.set(fr, &a[0].elems[i], (v>>(w*i))&mask(w), w)
		}
	case a[1].kind == oVec: // pack
		w := t.width / len(a[1].elems)
		var v uint64
		for i := range a[1].elems {
			v |= (th.get(fr, &a[1].elems[i]) & mask(w)) << (w * i)
		}
		th.set(fr, &a[0], v, t.width)
	default:
		v := th.get(fr, &a[1])
		if a[1].kind == oImm && t.float && t.width == 32 && !a[1].fimm {
			return fmt.Errorf("integer literal moved into f32")
		}
		th.set(fr, &a[0], v&mask(t.width), t.width)
	}
	return nil
}

func (th *thread) arith(fr *frame, in *inst) error {
	a := in.args
	t := in.typ
	w := t.width
	if t.float {
		x := th.getF(fr, &a[1], w)
		y := th.getF(fr, &a[2], w)
		var r float64
		switch in.code {
		case opAdd:
			r = roundF(x+y, w)
		case opSub:
			r = roundF(x-y, w)
		case opMul:
			r = roundF(x*y, w)
		case opDiv:
			if w == 32 {
				r = float64(float32(x) / float32(y))
			} else {
				r = x / y
			}
		case opFma:
			z := th.getF(fr, &a[3], w)
			r = math.FMA(x, y, z)
			if w == 32 {
				r = float64(float32(r)) // may double-round; the generated code avoids f32 fma
			}
		case opMin, opMax:
			switch {
			case math.IsNaN(x) && math.IsNaN(y):
				r = math.NaN()
			case math.IsNaN(x):
				r = y
			case math.IsNaN(y):
				r = x
			case in.code == opMin:
				r = x
				if y < x {
					r = y
				}
			default:
				r = x
				if y > x {
					r = y
				}
			}
		default:
			return fmt.Errorf("unsupported float operation")
		}
		th.set(fr, &a[0], putF(r, w), w)
		return nil
	}
	x := th.get(fr, &a[1])
	y := th.get(fr, &a[2])
	m := mask(w)
	var r uint64
	switch in.code {
	case opAdd:
		r = x + y
	case opSub:
		r = x - y
	case opMul, opMad:
		switch {
		case in.wide:
			if t.signed {
				r = uint64(sext(x, w) * sext(y, w))
			} else {
				r = (x & m) * (y & m)
			}
			if in.code == opMad {
				r += th.get(fr, &a[3])
			}
			th.set(fr, &a[0], r, 2*w)
			return nil
		case in.hi:
			if t.signed {
				hi, _ := mulSigned(sext(x, w), sext(y, w), w)
				r = hi
			} else if w == 64 {
				r, _ = bits.Mul64(x, y)
			} else {
				r = ((x & m) * (y & m)) >> uint(w)
			}
		default:
			r = x * y
		}
		if in.code == opMad {
			r += th.get(fr, &a[3])
		}
	case opDiv, opRem:
		if t.signed {
			xs, ys := sext(x, w), sext(y, w)
			if ys == 0 {
				r = 0xDEAD // unspecified on the device
			} else if ys == -1 {
				if in.code == opDiv {
					r = uint64(-xs)
				} else {
					r = 0
				}
			} else if in.code == opDiv {
				r = uint64(xs / ys)
			} else {
				r = uint64(xs % ys)
			}
		} else {
			xu, yu := x&m, y&m
			if yu == 0 {
				r = 0xDEAD
			} else if in.code == opDiv {
				r = xu / yu
			} else {
				r = xu % yu
			}
		}
	case opMin, opMax:
		less := (x & m) < (y & m)
		if t.signed {
			less = sext(x, w) < sext(y, w)
		}
		if (in.code == opMin) == less {
			r = x
		} else {
			r = y
		}
	case opAnd:
		r = x & y
	case opOr:
		r = x | y
	case opXor:
		r = x ^ y
	case opShl, opShr:
		n := uint32(y)
		if n > uint32(w) {
			n = uint32(w) // PTX clamps the shift amount to the width
		}
		switch {
		case in.code == opShl:
			if n >= uint32(w) {
				r = 0
			} else {
				r = x << n
			}
		case t.signed:
			if n >= uint32(w) {
				n = uint32(w - 1)
			}
			r = uint64(sext(x, w) >> n)
		default:
			if n >= uint32(w) {
				r = 0
			} else {
				r = (x & m) >> n
			}
		}
	default:
		return fmt.Errorf("unsupported integer operation")
	}
	th.set(fr, &a[0], r&m, w)
	return nil
}

func mulSigned(x, y int64, w int) (uint64, uint64) {
	if w < 64 {
		p := x * y
		return uint64(p >> uint(w)), uint64(p)
	}
	hi, lo := bits.Mul64(uint64(x), uint64(y))
	if x < 0 {
		hi -= uint64(y)
	}
	if y < 0 {
		hi -= uint64(x)
	}
	return hi, lo
}

// roundF rounds an exact-in-float64 result of f32 operands to float32 when w is 32. (Sums and
// products of two float32 values are exact in float64 except for products' rare double
// rounding; the generated code relies on none of those cases.)
func roundF(x float64, w int) float64 {
	if w == 32 {
		return float64(float32(x))
	}
	return x
}

func (th *thread) unary(fr *frame, in *inst) error {
	a := in.args
	t := in.typ
	w := t.width
	x := th.get(fr, &a[1])
	if t.pred {
		switch in.code {
		case opNot:
			th.set(fr, &a[0], x^1, 1)
			return nil
		}
		return fmt.Errorf("unsupported predicate operation")
	}
	if t.float {
		f := th.getF(fr, &a[1], w)
		var r float64
		switch in.code {
		case opNeg:
			r = -f
		case opAbs:
			r = math.Abs(f)
		case opSqrt:
			if w == 32 {
				r = float64(float32(math.Sqrt(f)))
			} else {
				r = math.Sqrt(f)
			}
		default:
			return fmt.Errorf("unsupported float operation")
		}
		th.set(fr, &a[0], putF(r, w), w)
		return nil
	}
	m := mask(w)
	var r uint64
	switch in.code {
	case opNeg:
		r = -x
	case opNot:
		r = ^x
	case opAbs:
		s := sext(x, w)
		if s < 0 {
			s = -s
		}
		r = uint64(s)
	case opPopc:
		r = uint64(bits.OnesCount64(x & m))
		th.set(fr, &a[0], r, 32)
		return nil
	case opClz:
		r = uint64(bits.LeadingZeros64(x&m) - (64 - w))
		th.set(fr, &a[0], r, 32)
		return nil
	case opBrev:
		r = bits.Reverse64(x&m) >> uint(64-w)
	default:
		return fmt.Errorf("unsupported integer operation")
	}
	th.set(fr, &a[0], r&m, w)
	return nil
}

func (th *thread) setp(fr *frame, in *inst) error {
	a := in.args
	cmp := in.mods[0]
	t := in.typ
	w := t.width
	var r bool
	if t.float {
		x, y := th.getF(fr, &a[1], w), th.getF(fr, &a[2], w)
		nan := math.IsNaN(x) || math.IsNaN(y)
		switch cmp {
		case "eq":
			r = x == y
		case "ne":
			r = !nan && x != y
		case "lt":
			r = x < y
		case "le":
			r = x <= y
		case "gt":
			r = x > y
		case "ge":
			r = x >= y
		case "neu":
			r = nan || x != y
		case "equ":
			r = nan || x == y
		case "ltu":
			r = nan || x < y
		case "leu":
			r = nan || x <= y
		case "gtu":
			r = nan || x > y
		case "geu":
			r = nan || x >= y
		case "nan":
			r = nan
		case "num":
			r = !nan
		default:
			return fmt.Errorf("unsupported comparison")
		}
	} else {
		x, y := th.get(fr, &a[1]), th.get(fr, &a[2])
		m := mask(w)
		xu, yu := x&m, y&m
		xs, ys := sext(x, w), sext(y, w)
		switch cmp {
		case "eq":
			r = xu == yu
		case "ne":
			r = xu != yu
		case "lt":
			if t.signed {
				r = xs < ys
			} else {
				r = xu < yu
			}
		case "le":
			if t.signed {
				r = xs <= ys
			} else {
				r = xu <= yu
			}
		case "gt":
			if t.signed {
				r = xs > ys
			} else {
				r = xu > yu
			}
		case "ge":
			if t.signed {
				r = xs >= ys
			} else {
				r = xu >= yu
			}
		case "lo":
			r = xu < yu
		case "ls":
			r = xu <= yu
		case "hi":
			r = xu > yu
		case "hs":
			r = xu >= yu
		default:
			return fmt.Errorf("unsupported comparison")
		}
	}
	th.set(fr, &a[0], b2u(r), 1)
	return nil
}

// cvtInfo is a cvt instruction's modifiers, decoded once.
type cvtInfo struct {
	types []typeInfo // destination, source
	rnd   string
	sat   bool
}

func decodeCvt(mods []string) *cvtInfo {
	c := &cvtInfo{}
	for _, m := range mods {
		if t, ok := tinfo(m); ok {
			c.types = append(c.types, t)
			continue
		}
		switch m {
		case "sat":
			c.sat = true
		case "ftz":
		default:
			c.rnd = m
		}
	}
	return c
}

func (th *thread) cvt(fr *frame, in *inst) error {
	a := in.args
	c := in.cvt
	types, rnd, sat := c.types, c.rnd, c.sat
	if len(types) != 2 {
		return fmt.Errorf("cvt needs two types")
	}
	dt, st := types[0], types[1]
	x := th.get(fr, &a[1])
	var r uint64
	switch {
	case st.float && dt.float:
		f := th.getF(fr, &a[1], st.width)
		switch rnd {
		case "rni":
			f = math.RoundToEven(f)
		case "rzi":
			f = math.Trunc(f)
		case "rmi":
			f = math.Floor(f)
		case "rpi":
			f = math.Ceil(f)
		case "rn", "":
		default:
			return fmt.Errorf("unsupported rounding %s", rnd)
		}
		r = putF(f, dt.width)
	case st.float:
		f := th.getF(fr, &a[1], st.width)
		switch rnd {
		case "rni":
			f = math.RoundToEven(f)
		case "rzi":
			f = math.Trunc(f)
		case "rmi":
			f = math.Floor(f)
		case "rpi":
			f = math.Ceil(f)
		default:
			return fmt.Errorf("float to integer conversion needs an integer rounding")
		}
		if math.IsNaN(f) {
			r = 0
		} else if dt.signed {
			lo, hi := -math.Ldexp(1, dt.width-1), math.Ldexp(1, dt.width-1)
			switch {
			case f < lo:
				r = uint64(int64(-1) << uint(dt.width-1))
			case f >= hi:
				r = mask(dt.width - 1)
			default:
				r = uint64(int64(f))
			}
		} else {
			hi := math.Ldexp(1, dt.width)
			switch {
			case f <= 0:
				r = 0
			case f >= hi:
				r = mask(dt.width)
			default:
				r = uint64(f)
			}
		}
	case dt.float:
		var f float64
		switch {
		case st.signed:
			v := sext(x, st.width)
			if dt.width == 32 {
				f = float64(float32(v))
			} else {
				f = float64(v)
			}
		default:
			v := x & mask(st.width)
			if dt.width == 32 {
				f = float64(float32(v))
			} else {
				f = float64(v)
			}
		}
		if rnd != "rn" {
			return fmt.Errorf("integer to float conversion without .rn")
		}
		r = putF(f, dt.width)
	default:
		// Integer to integer: take the source's width and signedness, then the
		// destination's, with saturation when asked.
		var v int64
		if st.signed {
			v = sext(x, st.width)
		} else {
			v = int64(x & mask(st.width))
		}
		if sat {
			return fmt.Errorf("cvt.sat between integers is not supported")
		}
		if dt.signed {
			r = uint64(sext(uint64(v), dt.width))
		} else {
			r = uint64(v) & mask(dt.width)
		}
	}
	dw := dt.width
	if dw < 32 {
		// Narrow destinations are written sign- or zero-extended to 32 bits.
		if dt.signed {
			r = uint64(sext(r, dw)) & mask(32)
		}
		dw = 32
	}
	th.set(fr, &a[0], r, dw)
	return nil
}

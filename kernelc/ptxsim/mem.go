package sim

import (
	"fmt"
	"math"
)

// space returns the state space named by an instruction's modifiers: "param", "global",
// "shared" or "" (generic).
func space(mods []string) string {
	for _, m := range mods {
		switch m {
		case "param", "global", "shared", "local", "const":
			return m
		}
	}
	return ""
}

// memAt returns the bytes an access of n bytes at address addr in space sp refers to.
func (th *thread) memAt(sp string, addr uint64, n int) ([]byte, error) {
	if sp == "" {
		if addr >= SharedWindow {
			sp, addr = "shared", addr-SharedWindow
		} else {
			sp = "global"
		}
	}
	if addr%uint64(n) != 0 {
		return nil, fmt.Errorf("misaligned %s access of %d bytes at %#x", sp, n, addr)
	}
	switch sp {
	case "global":
		return th.b.p.d.slice(addr, n)
	case "shared":
		if addr < sharedStart || addr+uint64(n) > uint64(len(th.b.shared)) {
			return nil, fmt.Errorf("shared access of %d bytes at %#x outside %d bytes", n, addr, len(th.b.shared))
		}
		return th.b.shared[addr : addr+uint64(n)], nil
	}
	return nil, fmt.Errorf("unsupported state space %q", sp)
}

// address computes a memory operand's address (for param space, the parameter's value is
// returned with ok=false instead).
func (th *thread) address(fr *frame, o *operand) uint64 {
	if o.reg >= 0 {
		return fr.regs[o.reg] + uint64(o.off)
	}
	return th.symAddr(o.sym) + uint64(o.off)
}

func (th *thread) ld(fr *frame, in *inst) error {
	a := in.args
	t := in.typ
	n := t.width / 8
	sp := in.space
	var raw uint64
	if sp == "param" {
		if a[1].param < 0 || a[1].param >= len(th.b.params) {
			return fmt.Errorf("no parameter %s", a[1].sym)
		}
		raw = th.b.params[a[1].param] >> (8 * uint(a[1].off))
	} else {
		b, err := th.memAt(sp, th.address(fr, &a[1]), n)
		if err != nil {
			return err
		}
		raw = getBits(b, n)
	}
	raw &= mask(t.width)
	w := t.width
	if w < 32 {
		if t.signed {
			raw = uint64(sext(raw, w)) & mask(32)
		}
		w = 32
	}
	th.set(fr, &a[0], raw, w)
	return nil
}

func (th *thread) st(fr *frame, in *inst) error {
	a := in.args
	t := in.typ
	n := t.width / 8
	b, err := th.memAt(in.space, th.address(fr, &a[0]), n)
	if err != nil {
		return err
	}
	putBits(b, n, th.get(fr, &a[1]))
	return nil
}

func (th *thread) atom(fr *frame, in *inst) error {
	a := in.args
	t := in.typ
	n := t.width / 8
	b, err := th.memAt(in.space, th.address(fr, &a[1]), n)
	if err != nil {
		return err
	}
	old := getBits(b, n)
	x := th.get(fr, &a[2]) & mask(t.width)
	var nv uint64
	op := ""
	for _, m := range in.mods {
		switch m {
		case "add", "min", "max", "and", "or", "xor", "exch", "cas", "inc", "dec":
			op = m
		}
	}
	switch op {
	case "add":
		switch {
		case t.float && t.width == 32:
			nv = uint64(math.Float32bits(math.Float32frombits(uint32(old)) + math.Float32frombits(uint32(x))))
		case t.float:
			nv = math.Float64bits(math.Float64frombits(old) + math.Float64frombits(x))
		default:
			nv = old + x
		}
	case "min", "max":
		less := old < x
		if t.signed {
			less = sext(old, t.width) < sext(x, t.width)
		}
		if (op == "min") == less {
			nv = old
		} else {
			nv = x
		}
	case "and":
		nv = old & x
	case "or":
		nv = old | x
	case "xor":
		nv = old ^ x
	case "exch":
		nv = x
	case "cas":
		nv = old
		if old == x {
			nv = th.get(fr, &a[3])
		}
	default:
		return fmt.Errorf("unsupported atomic operation")
	}
	putBits(b, n, nv&mask(t.width))
	th.set(fr, &a[0], old, max(t.width, 32))
	return nil
}

// Package sim executes the subset of PTX that the gokkos back end emits, on the host, so that
// tests can check the generated code's semantics without a GPU: integer and floating-point
// instructions with PTX's rounding, conversions and saturation, global/shared/param/generic
// memory, atomics, device-function calls, and a block's threads with barriers and warp
// shuffles scheduled deterministically. It is a test tool, not a PTX implementation: it
// rejects what it does not know.
package sim

import (
	"fmt"
	"strconv"
	"strings"
)

// opKind classifies operands.
type opKind uint8

const (
	oReg opKind = iota + 1
	oImm
	oSym     // a label, parameter, function or variable name
	oMem     // [base+off]
	oVec     // {a, b}
	oSink    // _
	oSpecial // %tid.x and friends
)

type operand struct {
	kind  opKind
	reg   int // register index (oReg, oMem with register base)
	imm   uint64
	fimm  bool // a float literal (bits in imm)
	sym   string
	off   int64
	elems []operand
	pred  int // for "d|p": the predicate register, or -1
	// target is a branch target's instruction index and param a parameter's index in its
	// entry's parameter list, resolved after parsing; -1 when unresolved.
	target, param int
}

type inst struct {
	guard    int // predicate register or -1
	guardNeg bool
	op       string   // the opcode's first part, such as "add"
	code     opcode   // op, decoded
	mods     []string // the remaining dot parts, such as ["rn", "f64"]
	typ      typeInfo // the instruction's type: its last type modifier
	space    string   // the state space modifier: "param", "global", "shared", ... or ""
	cvt      *cvtInfo // a cvt's types and modes
	wide, hi bool     // the .wide and .hi modifiers
	args     []operand
	line     int
	text     string
}

type function struct {
	name   string
	entry  bool
	params []string // entry: .param names; func: register names
	rets   []string // func: return register names
	regs   map[string]int
	nregs  int
	code   []inst
	labels map[string]int
}

type global struct {
	name   string
	space  string // "global" or "shared"
	size   int
	init   []byte
	extern bool
	align  int
}

// Module is a parsed PTX module.
type Module struct {
	funcs   map[string]*function
	globals []*global
}

func (f *function) regIndex(name string) int {
	if i, ok := f.regs[name]; ok {
		return i
	}
	f.regs[name] = f.nregs
	f.nregs++
	return f.regs[name]
}

// Parse parses PTX text.
func Parse(text string) (*Module, error) {
	m := &Module{funcs: map[string]*function{}}
	lines := strings.Split(text, "\n")
	var cur *function
	var header []string
	for n := 0; n < len(lines); n++ {
		line := lines[n]
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if cur == nil {
			switch {
			case strings.HasPrefix(line, ".version"), strings.HasPrefix(line, ".target"), strings.HasPrefix(line, ".address_size"):
				continue
			case strings.HasPrefix(line, ".visible .entry"), strings.HasPrefix(line, ".func"):
				header = []string{line}
				for !strings.HasSuffix(strings.TrimSpace(header[len(header)-1]), ")") || !strings.Contains(strings.Join(header, " "), "(") {
					n++
					header = append(header, strings.TrimSpace(lines[n]))
				}
				// Entries' parameter lists close with ")" on its own line.
				for strings.TrimSpace(lines[n+1]) != "{" {
					n++
					header = append(header, strings.TrimSpace(lines[n]))
				}
				n++ // "{"
				f, err := parseHeader(strings.Join(header, " "))
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", n, err)
				}
				m.funcs[f.name] = f
				cur = f
			case strings.HasPrefix(line, ".global"), strings.HasPrefix(line, ".shared"), strings.HasPrefix(line, ".extern"):
				for !strings.HasSuffix(line, ";") {
					n++
					line += " " + strings.TrimSpace(lines[n])
				}
				g, err := parseGlobal(line)
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", n+1, err)
				}
				m.globals = append(m.globals, g)
			default:
				return nil, fmt.Errorf("line %d: unexpected %q", n+1, line)
			}
			continue
		}
		if line == "}" {
			cur = nil
			continue
		}
		if strings.HasPrefix(line, ".reg") {
			continue
		}
		if strings.HasSuffix(line, ":") {
			cur.labels[strings.TrimSuffix(line, ":")] = len(cur.code)
			continue
		}
		in, err := parseInst(cur, strings.TrimSuffix(line, ";"))
		if err != nil {
			return nil, fmt.Errorf("line %d: %q: %v", n+1, line, err)
		}
		in.line = n + 1
		in.text = line
		cur.code = append(cur.code, in)
	}
	for _, f := range m.funcs {
		params := map[string]int{}
		if f.entry {
			for i, p := range f.params {
				params[p] = i
			}
		}
		for i := range f.code {
			in := &f.code[i]
			for j := range in.args {
				a := &in.args[j]
				a.target, a.param = -1, -1
				if a.kind == oSym && strings.HasPrefix(a.sym, "$") {
					if _, ok := f.labels[a.sym]; !ok {
						return nil, fmt.Errorf("%s: undefined label %s", f.name, a.sym)
					}
				}
				if t, ok := f.labels[a.sym]; ok && a.kind == oSym && in.op == "bra" {
					a.target = t
				}
				if p, ok := params[a.sym]; ok && a.kind == oMem && in.space == "param" {
					a.param = p
				}
			}
		}
	}
	return m, nil
}

func parseHeader(h string) (*function, error) {
	f := &function{regs: map[string]int{}, labels: map[string]int{}}
	if strings.HasPrefix(h, ".visible .entry") {
		f.entry = true
		rest := strings.TrimPrefix(h, ".visible .entry")
		i := strings.Index(rest, "(")
		f.name = strings.TrimSpace(rest[:i])
		for _, p := range splitList(rest[i+1 : strings.LastIndex(rest, ")")]) {
			fs := strings.Fields(p)
			f.params = append(f.params, fs[len(fs)-1])
		}
		return f, nil
	}
	rest := strings.TrimSpace(strings.TrimPrefix(h, ".func"))
	if strings.HasPrefix(rest, "(") {
		j := strings.Index(rest, ")")
		for _, p := range splitList(rest[1:j]) {
			fs := strings.Fields(p)
			f.rets = append(f.rets, fs[len(fs)-1])
		}
		rest = strings.TrimSpace(rest[j+1:])
	}
	i := strings.Index(rest, "(")
	f.name = strings.TrimSpace(rest[:i])
	for _, p := range splitList(rest[i+1 : strings.LastIndex(rest, ")")]) {
		fs := strings.Fields(p)
		f.params = append(f.params, fs[len(fs)-1])
	}
	for _, r := range f.rets {
		f.regIndex(r)
	}
	for _, p := range f.params {
		f.regIndex(p)
	}
	return f, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func parseGlobal(line string) (*global, error) {
	line = strings.TrimSuffix(line, ";")
	g := &global{}
	var init string
	if i := strings.Index(line, "="); i >= 0 {
		init = strings.TrimSpace(line[i+1:])
		line = strings.TrimSpace(line[:i])
	}
	fs := strings.Fields(line)
	elem := 1
	for _, f := range fs {
		switch {
		case f == ".extern":
			g.extern = true
		case f == ".global":
			g.space = "global"
		case f == ".shared":
			g.space = "shared"
		case f == ".align":
		case f == ".b8" || f == ".u8":
			elem = 1
		case f == ".b32" || f == ".u32" || f == ".f32":
			elem = 4
		case f == ".b64" || f == ".u64" || f == ".f64":
			elem = 8
		case strings.Contains(f, "["):
			i := strings.Index(f, "[")
			g.name = f[:i]
			n := strings.TrimSuffix(f[i+1:], "]")
			if n != "" {
				c, err := strconv.Atoi(n)
				if err != nil {
					return nil, err
				}
				g.size = c * elem
			}
		default:
			if a, err := strconv.Atoi(f); err == nil {
				g.align = a
			}
		}
	}
	if g.name == "" {
		return nil, fmt.Errorf("global without a name: %q", line)
	}
	if init != "" {
		init = strings.TrimSuffix(strings.TrimPrefix(init, "{"), "}")
		for _, v := range splitList(init) {
			x, _, err := parseNumber(v)
			if err != nil {
				return nil, err
			}
			for b := 0; b < elem; b++ {
				g.init = append(g.init, byte(x>>(8*b)))
			}
		}
	}
	return g, nil
}

// parseNumber parses an integer or float literal; float literals report their bits.
func parseNumber(s string) (uint64, bool, error) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "0d") || strings.HasPrefix(s, "0D"):
		v, err := strconv.ParseUint(s[2:], 16, 64)
		return v, true, err
	case strings.HasPrefix(s, "0f") || strings.HasPrefix(s, "0F"):
		v, err := strconv.ParseUint(s[2:], 16, 32)
		return v, true, err
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		v, err := strconv.ParseUint(strings.TrimSuffix(s[2:], "U"), 16, 64)
		return v, false, err
	case strings.HasPrefix(s, "-"):
		v, err := strconv.ParseInt(s, 10, 64)
		return uint64(v), false, err
	}
	v, err := strconv.ParseUint(strings.TrimSuffix(s, "U"), 10, 64)
	return v, false, err
}

func parseInst(f *function, s string) (inst, error) {
	in := inst{guard: -1}
	if strings.HasPrefix(s, "@") {
		sp := strings.IndexAny(s, " \t")
		g := s[1:sp]
		if strings.HasPrefix(g, "!") {
			in.guardNeg = true
			g = g[1:]
		}
		in.guard = f.regIndex(g)
		s = strings.TrimSpace(s[sp:])
	}
	opc := s
	rest := ""
	if sp := strings.IndexAny(s, " \t"); sp >= 0 {
		opc, rest = s[:sp], strings.TrimSpace(s[sp:])
	}
	parts := strings.Split(opc, ".")
	in.op, in.mods = parts[0], parts[1:]
	in.code = opcodes[in.op]
	in.typ, in.space = lastType(in.mods), space(in.mods)
	in.wide, in.hi = hasMod(in.mods, "wide"), hasMod(in.mods, "hi")
	if in.op == "cvt" {
		in.cvt = decodeCvt(in.mods)
	}
	if in.op == "call" {
		// call.uni (r), name, (a, b)
		a, err := parseCall(f, rest)
		if err != nil {
			return in, err
		}
		in.args = a
		return in, nil
	}
	for _, a := range splitOperands(rest) {
		o, err := parseOperand(f, a)
		if err != nil {
			return in, err
		}
		in.args = append(in.args, o)
	}
	return in, nil
}

// splitOperands splits on commas outside brackets and braces.
func splitOperands(s string) []string {
	var out []string
	depth := 0
	start := 0
	for i, c := range s {
		switch c {
		case '[', '{', '(':
			depth++
		case ']', '}', ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

func parseCall(f *function, s string) ([]operand, error) {
	ops := splitOperands(s)
	if len(ops) != 3 {
		return nil, fmt.Errorf("call with %d parts", len(ops))
	}
	list := func(p string) (operand, error) {
		p = strings.TrimSuffix(strings.TrimPrefix(p, "("), ")")
		o := operand{kind: oVec}
		for _, e := range splitList(p) {
			x, err := parseOperand(f, e)
			if err != nil {
				return o, err
			}
			o.elems = append(o.elems, x)
		}
		return o, nil
	}
	r, err := list(ops[0])
	if err != nil {
		return nil, err
	}
	a, err := list(ops[2])
	if err != nil {
		return nil, err
	}
	return []operand{r, {kind: oSym, sym: ops[1]}, a}, nil
}

func parseOperand(f *function, s string) (operand, error) {
	s = strings.TrimSpace(s)
	o := operand{pred: -1}
	switch {
	case s == "_":
		o.kind = oSink
	case strings.HasPrefix(s, "{"):
		o.kind = oVec
		for _, e := range splitList(s[1 : len(s)-1]) {
			x, err := parseOperand(f, e)
			if err != nil {
				return o, err
			}
			o.elems = append(o.elems, x)
		}
	case strings.HasPrefix(s, "["):
		o.kind = oMem
		in := s[1 : len(s)-1]
		base := in
		if i := strings.IndexAny(in, "+-"); i > 0 {
			base = in[:i]
			off, err := strconv.ParseInt(strings.ReplaceAll(in[i:], "+", ""), 10, 64)
			if err != nil {
				return o, err
			}
			o.off = off
		}
		if strings.HasPrefix(base, "%") {
			o.reg = f.regIndex(base)
		} else {
			o.reg = -1
			o.sym = base
		}
	case strings.HasPrefix(s, "%tid") || strings.HasPrefix(s, "%ntid") || strings.HasPrefix(s, "%ctaid") || strings.HasPrefix(s, "%nctaid") || s == "%laneid":
		o.kind = oSpecial
		o.sym = s
	case strings.HasPrefix(s, "%"):
		o.kind = oReg
		if i := strings.Index(s, "|"); i >= 0 {
			o.pred = f.regIndex(s[i+1:])
			s = s[:i]
		}
		o.reg = f.regIndex(s)
	case s[0] == '-' || (s[0] >= '0' && s[0] <= '9'):
		v, fl, err := parseNumber(s)
		if err != nil {
			return o, err
		}
		o.kind, o.imm, o.fimm = oImm, v, fl
	default:
		o.kind = oSym
		o.sym = s
	}
	return o, nil
}

package ptx

import (
	"fmt"
	"math"
	"strings"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// regClass is a PTX register class. Every IR type maps to one class; sub-word integers live in
// 32-bit registers, normalized (sign- or zero-extended from their width).
type regClass uint8

const (
	classPred regClass = iota
	classB32
	classB64
	classF32
	classF64
	numClasses
)

var (
	classPrefix = [numClasses]string{"%p", "%r", "%rd", "%f", "%fd"}
	classDecl   = [numClasses]string{".pred", ".b32", ".b64", ".f32", ".f64"}
)

// classOf returns the register class that holds values of IR type t.
func classOf(t ir.Type) regClass {
	switch t {
	case ir.Bool:
		return classPred
	case ir.I8, ir.I16, ir.I32, ir.U8, ir.U16, ir.U32:
		return classB32
	case ir.I64, ir.U64, ir.Ptr:
		return classB64
	case ir.F32:
		return classF32
	case ir.F64:
		return classF64
	}
	panic(fmt.Sprintf("ptx: no register class for type %s", t))
}

// regBits returns the width of the register that holds values of type t.
func regBits(t ir.Type) int {
	switch classOf(t) {
	case classB32, classF32:
		return 32
	case classPred:
		return 1
	}
	return 64
}

// arith returns the PTX type suffix used for arithmetic on values of type t in their register
// (sub-word integers compute in 32 bits).
func arith(t ir.Type) string {
	switch t {
	case ir.I8, ir.I16, ir.I32:
		return "s32"
	case ir.U8, ir.U16, ir.U32:
		return "u32"
	case ir.I64:
		return "s64"
	case ir.U64, ir.Ptr:
		return "u64"
	case ir.F32:
		return "f32"
	case ir.F64:
		return "f64"
	}
	panic(fmt.Sprintf("ptx: no arithmetic type for %s", t))
}

// bitsType returns the untyped PTX suffix (.b32/.b64) for the register of t.
func bitsType(t ir.Type) string {
	if regBits(t) == 32 {
		return "b32"
	}
	return "b64"
}

// memType returns the PTX type of a memory access of an element of type t (the width in memory;
// signed types sign-extend on load). Bool is a byte.
func memType(t ir.Type) string {
	switch t {
	case ir.Bool, ir.U8:
		return "u8"
	case ir.I8:
		return "s8"
	case ir.I16:
		return "s16"
	case ir.U16:
		return "u16"
	case ir.I32:
		return "s32"
	case ir.U32:
		return "u32"
	case ir.I64:
		return "s64"
	case ir.U64, ir.Ptr:
		return "u64"
	case ir.F32:
		return "f32"
	case ir.F64:
		return "f64"
	}
	panic(fmt.Sprintf("ptx: no memory type for %s", t))
}

// val is an operand: a register or an immediate literal of an IR type.
type val struct {
	s   string
	t   ir.Type
	imm bool
}

// String returns the operand as PTX text.
func (v val) String() string { return v.s }

// function is one PTX .entry or .func under construction.
type function struct {
	name   string
	entry  bool
	params []string // parameter declarations, without separators
	rets   []string // return value declarations of a .func
	body   []string
	nregs  [numClasses]int
	labels int
	// regs holds the registers named by .func signatures, declared there and not in the body.
	extraDecls []string
}

func newFunction(name string, entry bool) *function {
	return &function{name: name, entry: entry}
}

// reg returns a fresh register of class c.
func (f *function) reg(c regClass) string {
	f.nregs[c]++
	return fmt.Sprintf("%s%d", classPrefix[c], f.nregs[c])
}

// newReg returns a fresh register for a value of type t.
func (f *function) newReg(t ir.Type) val {
	return val{s: f.reg(classOf(t)), t: t}
}

// label returns a fresh label name.
func (f *function) label() string {
	f.labels++
	return fmt.Sprintf("$L%d", f.labels)
}

// ins appends one instruction; format and args are as for fmt.Sprintf, without the trailing
// semicolon.
func (f *function) ins(format string, args ...any) {
	f.body = append(f.body, "\t"+fmt.Sprintf(format, args...)+";")
}

// place appends a label definition.
func (f *function) place(l string) { f.body = append(f.body, l+":") }

// comment appends a comment line.
func (f *function) comment(format string, args ...any) {
	f.body = append(f.body, "\t// "+fmt.Sprintf(format, args...))
}

// text renders the function.
func (f *function) text(b *strings.Builder) {
	if f.entry {
		fmt.Fprintf(b, ".visible .entry %s(", f.name)
	} else {
		b.WriteString(".func ")
		if len(f.rets) > 0 {
			fmt.Fprintf(b, "(%s) ", strings.Join(f.rets, ", "))
		}
		fmt.Fprintf(b, "%s(", f.name)
	}
	for i, p := range f.params {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n\t" + p)
	}
	b.WriteString("\n)\n{\n")
	for c := regClass(0); c < numClasses; c++ {
		if f.nregs[c] > 0 {
			fmt.Fprintf(b, "\t.reg %s %s<%d>;\n", classDecl[c], classPrefix[c], f.nregs[c]+1)
		}
	}
	for _, d := range f.extraDecls {
		b.WriteString("\t" + d + "\n")
	}
	for _, l := range f.body {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
}

// Immediate literals.

func immInt(t ir.Type, v int64) val {
	return val{s: fmt.Sprint(v), t: t, imm: true}
}

// immUint returns an unsigned literal (hexadecimal, so that values of 2^63 and above are
// accepted).
func immUint(t ir.Type, v uint64) val {
	return val{s: fmt.Sprintf("0x%X", v), t: t, imm: true}
}

func immF64(x float64) val {
	return val{s: fmt.Sprintf("0d%016X", math.Float64bits(x)), t: ir.F64, imm: true}
}

func immF32(x float32) val {
	return val{s: fmt.Sprintf("0f%08X", math.Float32bits(x)), t: ir.F32, imm: true}
}

// immConst returns the literal of an IR constant (not Bool).
func immConst(c *ir.Const) val {
	switch {
	case c.T == ir.F64:
		return val{s: fmt.Sprintf("0d%016X", c.Bits), t: ir.F64, imm: true}
	case c.T == ir.F32:
		return val{s: fmt.Sprintf("0f%08X", uint32(c.Bits)), t: ir.F32, imm: true}
	case c.T.IsUnsigned() || c.T == ir.Ptr:
		return immUint(c.T, c.Bits)
	}
	return immInt(c.T, c.Int())
}

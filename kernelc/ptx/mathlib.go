package ptx

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/devmath"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// mathFuncs names the math library's routine (package devmath) for each transcendental
// builtin.
var mathFuncs = map[ir.Builtin]string{
	ir.Exp:   "exp",
	ir.Exp2:  "exp2",
	ir.Expm1: "expm1",
	ir.Log:   "log",
	ir.Log2:  "log2",
	ir.Log10: "log10",
	ir.Log1p: "log1p",
	ir.Sin:   "sin",
	ir.Cos:   "cos",
	ir.Tan:   "tan",
	ir.Asin:  "asin",
	ir.Acos:  "acos",
	ir.Atan:  "atan",
	ir.Sinh:  "sinh",
	ir.Cosh:  "cosh",
	ir.Tanh:  "tanh",
	ir.Asinh: "asinh",
	ir.Acosh: "acosh",
	ir.Atanh: "atanh",
	ir.Cbrt:  "cbrt",
	ir.Erf:   "erf",
	ir.Erfc:  "erfc",
	ir.Pow:   "pow",
	ir.Atan2: "atan2",
	ir.Hypot: "hypot",
	ir.Mod:   "mod",
}

// mathSym returns the module symbol of the math library's routine or table name: its device
// function gk_exp, gk_sin, ..., or its global table gk_logtab, ...
func mathSym(name string) string { return "gk_" + name }

// useMath defines the device function of the math library's routine name in the module, with
// the routines it calls, and returns its symbol.
func (m *module) useMath(name string) string {
	fn := devmath.Lookup(name)
	if fn == nil {
		panic(fmt.Sprintf("ptx: no math function %s", name))
	}
	sym := mathSym(name)
	m.useFunc(sym, func(f *function) {
		f.rets = []string{".reg .f64 %res"}
		args := make([]devmath.Value, fn.Params)
		for i := range args {
			n := fmt.Sprintf("%%a%d", i)
			f.params = append(f.params, ".reg .f64 "+n)
			args[i] = val{s: n, t: ir.F64}
		}
		b := &mathBuilder{gen: gen{m: m, f: f}}
		r := fn.Build(b, args)
		b.ins("mov.f64 %%res, %s", b.reg(r.(val)))
		b.ins("ret")
	})
	return sym
}

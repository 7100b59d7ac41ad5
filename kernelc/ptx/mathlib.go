package ptx

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// mathFuncs names the math library's device function for each transcendental builtin.
var mathFuncs = map[ir.Builtin]string{
	ir.Exp:   "gk_exp",
	ir.Exp2:  "gk_exp2",
	ir.Expm1: "gk_expm1",
	ir.Log:   "gk_log",
	ir.Log2:  "gk_log2",
	ir.Log10: "gk_log10",
	ir.Log1p: "gk_log1p",
	ir.Sin:   "gk_sin",
	ir.Cos:   "gk_cos",
	ir.Tan:   "gk_tan",
	ir.Asin:  "gk_asin",
	ir.Acos:  "gk_acos",
	ir.Atan:  "gk_atan",
	ir.Sinh:  "gk_sinh",
	ir.Cosh:  "gk_cosh",
	ir.Tanh:  "gk_tanh",
	ir.Asinh: "gk_asinh",
	ir.Acosh: "gk_acosh",
	ir.Atanh: "gk_atanh",
	ir.Cbrt:  "gk_cbrt",
	ir.Erf:   "gk_erf",
	ir.Erfc:  "gk_erfc",
	ir.Pow:   "gk_pow",
	ir.Atan2: "gk_atan2",
	ir.Hypot: "gk_hypot",
	ir.Mod:   "gk_mod",
}

// mathDef describes one math library function: its float64 parameters and a builder for its
// body, which receives the parameter registers and returns the result.
type mathDef struct {
	params int
	body   func(b *fb, args []val) val
}

// mathDefs is the math library, filled by the files that implement it.
var mathDefs = map[string]mathDef{}

// useMath defines the math function name in the module, with the functions it calls.
func (m *module) useMath(name string) {
	def, ok := mathDefs[name]
	if !ok {
		panic(fmt.Sprintf("ptx: no math function %s", name))
	}
	m.useFunc(name, func(f *function) {
		f.rets = []string{".reg .f64 %res"}
		args := make([]val, def.params)
		for i := range args {
			n := fmt.Sprintf("%%a%d", i)
			f.params = append(f.params, ".reg .f64 "+n)
			args[i] = val{s: n, t: ir.F64}
		}
		b := &fb{gen: gen{m: m, f: f}}
		r := def.body(b, args)
		b.ins("mov.f64 %%res, %s", b.reg(r))
		b.ins("ret")
	})
}

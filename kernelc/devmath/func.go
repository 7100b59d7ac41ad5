package devmath

import "sort"

// Func is one routine of the library: a function of float64 parameters with a float64 result.
// Lookup returns the library's Funcs, which are immutable and safe for concurrent use; the zero
// Func is not a routine.
type Func struct {
	// Name is the routine's name, the lower-case name of the Go math function it computes
	// ("exp", "atan2", ...).
	Name string
	// Params is the number of float64 parameters.
	Params int
	body   func(b emitter, args []Value) Value
}

// Build appends the routine's body to b, given its Params parameters, and returns its result;
// the body may also return early through b.ReturnIf. Routines that the body calls, through
// b.Call, are named and not built here.
func (f *Func) Build(b Builder, args []Value) Value {
	return f.body(emitter{b}, args)
}

// library holds every routine by name.
var library = map[string]*Func{}

func init() {
	for _, f := range []*Func{
		{Name: "exp", Params: 1, body: exp},
		{Name: "exp2", Params: 1, body: exp2},
		{Name: "expm1", Params: 1, body: expm1},
		{Name: "log", Params: 1, body: func(b emitter, a []Value) Value { return logBase(b, a[0], baseE) }},
		{Name: "log2", Params: 1, body: func(b emitter, a []Value) Value { return logBase(b, a[0], base2) }},
		{Name: "log10", Params: 1, body: func(b emitter, a []Value) Value { return logBase(b, a[0], base10) }},
		{Name: "log1p", Params: 1, body: log1p},
		{Name: "pow", Params: 2, body: pow},
		{Name: "sin", Params: 1, body: func(b emitter, a []Value) Value { return sinCosTan(b, a[0], sinFn) }},
		{Name: "cos", Params: 1, body: func(b emitter, a []Value) Value { return sinCosTan(b, a[0], cosFn) }},
		{Name: "tan", Params: 1, body: func(b emitter, a []Value) Value { return sinCosTan(b, a[0], tanFn) }},
		{Name: "atan", Params: 1, body: atan},
		{Name: "atan2", Params: 2, body: atan2},
		{Name: "asin", Params: 1, body: asin},
		{Name: "acos", Params: 1, body: acos},
		{Name: "sinh", Params: 1, body: sinh},
		{Name: "cosh", Params: 1, body: cosh},
		{Name: "tanh", Params: 1, body: tanh},
		{Name: "asinh", Params: 1, body: asinh},
		{Name: "acosh", Params: 1, body: acosh},
		{Name: "atanh", Params: 1, body: atanh},
		{Name: "cbrt", Params: 1, body: cbrt},
		{Name: "hypot", Params: 2, body: hypot},
		{Name: "mod", Params: 2, body: mod},
		{Name: "erf", Params: 1, body: erf},
		{Name: "erfc", Params: 1, body: erfc},
	} {
		library[f.Name] = f
	}
}

// Lookup returns the routine called name, or nil if the library has none.
func Lookup(name string) *Func { return library[name] }

// Names returns the names of all routines, sorted.
func Names() []string {
	out := make([]string, 0, len(library))
	for n := range library {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

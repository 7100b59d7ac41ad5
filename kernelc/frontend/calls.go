package frontend

import (
	"go/ast"
	"go/constant"
	"go/types"
	"math"
	"strings"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// call lowers a call and returns its results.
func (l *lowerer) call(e *ast.CallExpr) []*val {
	discard := l.discard
	l.discard = false
	info := l.fr.info
	if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
		return []*val{l.conversion(e)}
	}
	fun := ast.Unparen(e.Fun)
	var name *ast.Ident
	switch x := fun.(type) {
	case *ast.Ident:
		name = x
	case *ast.SelectorExpr:
		name = x.Sel // unsafe.Add and the other functions of package unsafe
	}
	if name != nil {
		if b, ok := info.Uses[name].(*types.Builtin); ok {
			return l.builtin(e, b)
		}
	}
	base := fun
	switch x := fun.(type) {
	case *ast.IndexExpr:
		base = x.X
	case *ast.IndexListExpr:
		base = x.X
	}
	var ident *ast.Ident
	switch b := base.(type) {
	case *ast.Ident:
		ident = b
	case *ast.SelectorExpr:
		if sel := info.Selections[b]; sel != nil {
			switch sel.Kind() {
			case types.MethodVal:
				l.discard = discard
				return l.methodCall(e, b)
			case types.MethodExpr:
				l.unsupported(e, "a method expression", "call the method on a value")
				return l.badResults(e)
			}
			l.unsupported(e, "calling a function-typed field", "call functions and methods directly; use a type parameter for operators")
			return l.badResults(e)
		}
		ident = b.Sel
	}
	fn, ok := info.Uses[ident].(*types.Func)
	if ident == nil || !ok {
		l.unsupported(e, "calling a function value", "call functions directly; function literals are only allowed as the body argument of a teams range, reduce, scan or Single call")
		return l.badResults(e)
	}
	var targs []types.Type
	if inst, ok := info.Instances[ident]; ok {
		for i := 0; i < inst.TypeArgs.Len(); i++ {
			targs = append(targs, l.subst(inst.TypeArgs.At(i)))
		}
	}
	switch path := fn.Pkg().Path(); {
	case path == "math":
		return l.mathCall(e, fn)
	case path == "math/bits":
		return l.bitsCall(e, fn)
	case path == teamsPath:
		return l.teamsCall(e, fn, targs)
	case path == viewsPath || path == portablePath || path == modulePath+"/execspace" || path == modulePath+"/backends" || path == modulePath+"/backends/host" || path == modulePath+"/backends/cuda":
		l.unsupported(e, "calling "+fn.Pkg().Name()+"."+fn.Name(), "kernels cannot allocate views or launch kernels; create views on the host and pass them as fields")
		return l.badResults(e)
	}
	l.discard = discard
	return l.inline(e, fn, nil, targs, e.Args)
}

// badResults returns placeholders for a call's results.
func (l *lowerer) badResults(e *ast.CallExpr) []*val {
	t := l.typeOf(e)
	if tup, ok := t.(*types.Tuple); ok {
		return l.badVals(tup.Len())
	}
	if t == nil {
		return nil
	}
	if b, ok := t.(*types.Basic); ok && b.Kind() == types.Invalid {
		return []*val{l.badVal(t)}
	}
	return []*val{l.badVal(t)}
}

func (l *lowerer) conversion(e *ast.CallExpr) *val {
	t := l.typeOf(e)
	if len(e.Args) != 1 {
		l.errorf(e, "internal error: conversion with %d arguments", len(e.Args))
		return l.badVal(t)
	}
	v := l.expr(e.Args[0])
	if isUnsafePointer(t) || (!v.bad && isUnsafePointer(v.t)) {
		l.unsupported(e, "package unsafe", unsafeHint)
		return l.badVal(t)
	}
	if v.bad {
		return l.badVal(t)
	}
	if irt, ok := scalarType(t); ok && v.e != nil {
		if v.e.Type() == ir.Bool && irt != ir.Bool {
			l.unsupported(e, "this conversion", "convert between numeric types only")
			return l.badVal(t)
		}
		return &val{t: t, e: l.convertTo(v.e, irt)}
	}
	if types.IdenticalIgnoreTags(t.Underlying(), v.t.Underlying()) {
		nv := *v
		nv.t = t
		return &nv
	}
	l.unsupported(e, "converting "+aValue(v.t)+" to "+describe(t), typeHint(t))
	return l.badVal(t)
}

func (l *lowerer) builtin(e *ast.CallExpr, b *types.Builtin) []*val {
	t := l.typeOf(e)
	if b.Pkg() == types.Unsafe {
		l.unsupported(e, "package unsafe", unsafeHint)
		return l.badResults(e)
	}
	switch b.Name() {
	case "min", "max":
		irt, ok := scalarType(t)
		if !ok || irt == ir.Bool {
			l.unsupported(e, b.Name()+" of "+aValue(t), "min and max apply to numbers")
			return []*val{l.badVal(t)}
		}
		fn := ir.Min
		if b.Name() == "max" {
			fn = ir.Max
		}
		var acc ir.Expr
		for _, a := range e.Args {
			x, ok := l.scalar(l.expr(a), a)
			if !ok {
				return []*val{l.badVal(t)}
			}
			x = l.convertTo(x, irt)
			if acc == nil {
				acc = x
			} else {
				acc = &ir.Call{Fn: fn, Args: []ir.Expr{acc, x}, T: irt}
			}
		}
		return []*val{{t: t, e: acc}}
	case "len", "cap":
		l.unsupported(e, "the builtin "+b.Name(), "kernels have no slices, arrays or strings; use a view's Len method")
	case "new", "make", "append":
		l.unsupported(e, "allocation with "+b.Name(), "kernels cannot allocate; create views on the host and pass them as fields, or use team scratch")
	case "panic":
		l.unsupported(e, "panic", "kernels cannot panic; check inputs on the host or record errors in a view")
	case "recover":
		l.unsupported(e, "recover", "kernels cannot panic")
	case "print", "println":
		l.unsupported(e, "printing", "write values to a view and print them on the host")
	case "copy", "delete", "clear", "close":
		l.unsupported(e, "the builtin "+b.Name(), "kernels have no slices, maps or channels; use views")
	case "complex", "real", "imag":
		l.unsupportedPlural(e, "complex numbers", "use pairs of float64 values")
	default:
		l.unsupported(e, "the builtin "+b.Name(), "see docs/kernel-language.md for the kernel subset of Go")
	}
	return l.badResults(e)
}

// methodCall lowers x.m(args).
func (l *lowerer) methodCall(e *ast.CallExpr, se *ast.SelectorExpr) []*val {
	discard := l.discard
	l.discard = false
	recvT := l.typeOf(se.X)
	name := se.Sel.Name
	selObj := l.fr.info.Selections[se].Obj()
	obj, index, _ := types.LookupFieldOrMethod(recvT, true, selObj.Pkg(), name)
	fn, ok := obj.(*types.Func)
	if !ok {
		l.unsupported(e, "calling "+name+" here", "call functions and methods directly")
		return l.badResults(e)
	}
	sig := fn.Signature()
	if _, isIface := sig.Recv().Type().Underlying().(*types.Interface); isIface {
		l.unsupported(e, "calling a method through an interface", "kernels have no interfaces; use a concrete type or a type parameter instantiated with one")
		return l.badResults(e)
	}
	_, ptrRecv := sig.Recv().Type().(*types.Pointer)
	path := index[:len(index)-1]
	var recv *val
	if ptrRecv {
		p := l.placeOf(se.X)
		if p == nil {
			return l.badResults(e)
		}
		p = l.fieldPlace(p, path, se)
		if p == nil {
			return l.badResults(e)
		}
		switch {
		case p.bad:
			recv = &val{t: types.NewPointer(p.t), bad: true}
		case p.isPtr:
			// x is a pointer already: the method gets it.
			target := l.deref(l.load(p), se)
			if target == nil {
				return l.badResults(e)
			}
			recv = &val{t: p.t, ptr: target}
		default:
			recv = &val{t: types.NewPointer(p.t), ptr: p}
		}
	} else {
		recv = l.fieldVal(l.expr(se.X), path, se)
		if !recv.bad && (recv.ptr != nil || isPointer(recv.t)) {
			target := l.deref(recv, se)
			if target == nil {
				return l.badResults(e)
			}
			recv = l.load(target)
		}
	}
	if fn.Pkg() != nil {
		rt := sig.Recv().Type()
		if pt, ok := rt.(*types.Pointer); ok {
			rt = pt.Elem()
		}
		switch fn.Pkg().Path() {
		case viewsPath:
			if rank, _, ok := viewType(recv.t); ok {
				l.discard = discard
				return l.viewMethod(e, name, recv, rank)
			}
			// Never inline the views package's own code: its methods are intrinsics or
			// unsupported. A bad receiver has been reported already.
			for _, a := range e.Args {
				l.expr(a)
			}
			if !recv.bad {
				l.unsupported(e, "calling "+fn.FullName(), "kernels can use the methods of View1D and View2D only")
			}
			return l.badResults(e)
		case teamsPath:
			if isMember(rt) {
				return l.memberMethod(e, name)
			}
		}
		if isStd(fn.Pkg().Path()) {
			l.unsupported(e, "calling "+fn.FullName(), "only math, math/bits, views, teams and your own functions can be called in kernels")
			return l.badResults(e)
		}
	}
	l.discard = discard
	return l.inline(e, fn, recv, nil, e.Args)
}

func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// inline lowers a call to fn by inlining its body.
func (l *lowerer) inline(call *ast.CallExpr, fn *types.Func, recv *val, targs []types.Type, args []ast.Expr) []*val {
	l.discard = false
	origin := fn.Origin()
	name := origin.Name()
	if origin.Pkg() != nil {
		name = origin.Pkg().Name() + "." + name
	}
	if isStd(origin.Pkg().Path()) {
		l.unsupported(call, "calling "+origin.FullName(), "only math, math/bits, views, teams and your own functions can be called in kernels")
		return l.badResults(call)
	}
	d, ok := l.t.funcs[origin]
	if !ok || d.fn.Body == nil {
		l.unsupported(call, "calling "+name+", which has no Go body", "kernels can only call functions whose source is available")
		return l.badResults(call)
	}
	for _, f := range l.stack {
		if f == origin {
			l.unsupported(call, "recursive call to "+name, "rewrite the recursion as a loop")
			return l.badResults(call)
		}
	}
	sig := origin.Signature()
	if sig.Variadic() {
		l.unsupported(call, "calling the variadic function "+name, "pass a fixed number of arguments")
		return l.badResults(call)
	}
	// Arguments are evaluated in the caller, left to right.
	var argVals []*val
	if len(args) == 1 && sig.Params().Len() > 1 {
		argVals = l.multi(args[0], sig.Params().Len())
	} else {
		for _, a := range args {
			argVals = append(argVals, l.expr(a))
		}
	}
	env := map[*types.TypeParam]types.Type{}
	if tps := sig.RecvTypeParams(); tps.Len() > 0 && recv != nil {
		rt := recv.t
		if pt, ok := rt.(*types.Pointer); ok {
			rt = pt.Elem()
		}
		if n, ok := types.Unalias(rt).(*types.Named); ok && n.TypeArgs().Len() == tps.Len() {
			for i := 0; i < tps.Len(); i++ {
				env[tps.At(i)] = n.TypeArgs().At(i)
			}
		}
	}
	if tps := sig.TypeParams(); tps.Len() > 0 {
		if len(targs) != tps.Len() {
			l.errorf(call, "internal error: %d type arguments for %s", len(targs), name)
			return l.badResults(call)
		}
		for i := 0; i < tps.Len(); i++ {
			env[tps.At(i)] = targs[i]
		}
	}
	// Diagnostics in the callee's signature and body name this call.
	l.calls = append(l.calls, callSite{call: call, fn: origin})
	info := d.pkg.TypesInfo
	fr := &frame{pkg: d.pkg, info: info, env: env, vars: map[types.Object]*place{}, fn: origin}
	mut := mutated(d.fn.Body, info)
	st := func(t types.Type) types.Type { return substEnv(l.t.ctxt, env, t) }
	if d.fn.Recv != nil && len(d.fn.Recv.List) > 0 && len(d.fn.Recv.List[0].Names) > 0 && recv != nil {
		id := d.fn.Recv.List[0].Names[0]
		if obj := info.Defs[id]; obj != nil && id.Name != "_" {
			fr.vars[obj] = l.bindParam(id.Name, st(obj.Type()), recv, mut[obj], id)
		}
	}
	i := 0
	for _, field := range d.fn.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, id := range names {
			if i < len(argVals) {
				if obj := info.Defs[id]; obj != nil && id.Name != "_" {
					fr.vars[obj] = l.bindParam(id.Name, st(obj.Type()), argVals[i], mut[obj], id)
				}
			}
			i++
		}
	}
	var results []*place
	saved, savedRet := l.fr, l.ret
	l.fr = fr
	if d.fn.Type.Results != nil {
		for _, field := range d.fn.Type.Results.List {
			t := st(info.TypeOf(field.Type))
			if len(field.Names) == 0 {
				results = append(results, l.newPlace(name+".ret", t, field))
				continue
			}
			for _, id := range field.Names {
				if hasPointer(t) {
					// A named result starts as nil and would be bound by whichever
					// assignment is lowered first.
					l.unsupported(id, "a named result holding a pointer", "a pointer may only refer to the reduction accumulator; leave the result unnamed and return the pointer")
					p := &place{t: t, bad: true, depth: len(l.lits)}
					if obj := info.Defs[id]; obj != nil {
						fr.vars[obj] = p
					}
					results = append(results, p)
					continue
				}
				p := l.newPlace(id.Name, t, id)
				l.zeroPlace(p)
				if obj := info.Defs[id]; obj != nil {
					fr.vars[obj] = p
				}
				results = append(results, p)
			}
		}
	}
	l.lowering(origin)
	l.stack = append(l.stack, origin)
	l.ret = &retCtx{kind: retInline, results: results}
	tg := &target{kind: tgFunc}
	need := needsReturnWrapper(d.fn.Body)
	if need {
		l.ret.target = tg
	}
	// The caller's function-literal context extends into the callee: a callee reached from a
	// range body may not use team-wide operations either.
	savedLits := l.lits
	l.wrapped(tg, need, func() { l.stmts(d.fn.Body.List) })
	l.lits = savedLits
	l.stack = l.stack[:len(l.stack)-1]
	l.calls = l.calls[:len(l.calls)-1]
	l.fr, l.ret = saved, savedRet
	out := make([]*val, len(results))
	for i, p := range results {
		out[i] = l.load(p)
	}
	return out
}

// index lowers an index argument to an I64 expression.
func (l *lowerer) index(e ast.Expr) (ir.Expr, bool) {
	x, ok := l.scalar(l.expr(e), e)
	if !ok {
		return nil, false
	}
	return l.convertTo(x, ir.I64), true
}

func (l *lowerer) indices(args []ast.Expr) ([]ir.Expr, bool) {
	out := make([]ir.Expr, len(args))
	ok := true
	for i, a := range args {
		var okI bool
		out[i], okI = l.index(a)
		ok = ok && okI
	}
	return out, ok
}

var atomicOps = map[string]ir.AtomicOp{
	"AtomicAdd": ir.AtomicAdd, "AtomicSub": ir.AtomicSub, "AtomicMin": ir.AtomicMin, "AtomicMax": ir.AtomicMax,
	"AtomicAnd": ir.AtomicAnd, "AtomicOr": ir.AtomicOr, "AtomicXor": ir.AtomicXor,
	"AtomicExchange": ir.AtomicExchange, "AtomicCompareAndSwap": ir.AtomicCAS,
	"AtomicLoad": ir.AtomicLoad, "AtomicStore": ir.AtomicStore,
}

// viewMethod lowers the methods of View1D and View2D.
func (l *lowerer) viewMethod(e *ast.CallExpr, name string, v *val, rank int) []*val {
	discard := l.discard
	l.discard = false
	rt := l.typeOf(e)
	if v.bad {
		for _, a := range e.Args {
			l.expr(a)
		}
		return l.badResults(e)
	}
	w := v.view
	args := e.Args
	if w == nil {
		l.errorf(e, "internal error: a view method on a value without a view")
		return l.badResults(e)
	}
	scalarArg := func(a ast.Expr) (ir.Expr, bool) {
		x, ok := l.scalar(l.expr(a), a)
		if !ok {
			return nil, false
		}
		return l.convertTo(x, w.Elem), true
	}
	switch name {
	case "At", "AtomicLoad":
		idx, ok := l.indices(args)
		if !ok {
			return l.badResults(e)
		}
		dst := l.temp(w.Elem)
		if name == "At" {
			l.emit(&ir.Load{Dst: dst, View: w, Index: idx})
		} else {
			l.emit(&ir.Atomic{Op: ir.AtomicLoad, Dst: dst, View: w, Index: idx})
		}
		return []*val{{t: rt, e: dst}}
	case "Set", "AtomicStore":
		idx, ok := l.indices(args[:rank])
		x, okx := scalarArg(args[rank])
		if ok && okx {
			if name == "Set" {
				l.emit(&ir.Store{View: w, Index: idx, Val: x})
			} else {
				l.emit(&ir.Atomic{Op: ir.AtomicStore, View: w, Index: idx, Val: x})
			}
		}
		return nil
	case "Prefetch":
		idx, ok := l.indices(args)
		if ok {
			l.emit(&ir.Prefetch{View: w, Index: idx})
		}
		return nil
	case "Len":
		var n ir.Expr = w.Extent[0]
		if rank == 2 {
			n = &ir.Binary{Op: ir.Mul, X: w.Extent[0], Y: w.Extent[1]}
		}
		return []*val{{t: rt, e: n}}
	case "Extent", "Stride":
		comp := w.Extent
		if name == "Stride" {
			comp = w.Stride
		}
		if rank == 1 {
			if len(args) == 1 {
				l.expr(args[0])
			}
			return []*val{{t: rt, e: comp[0]}}
		}
		d, ok := l.index(args[0])
		if !ok {
			return l.badResults(e)
		}
		if c, isConst := d.(*ir.Const); isConst {
			if c.Int() == 0 {
				return []*val{{t: rt, e: comp[0]}}
			}
			return []*val{{t: rt, e: comp[1]}}
		}
		return []*val{{t: rt, e: &ir.Select{Cond: &ir.Binary{Op: ir.Eq, X: d, Y: ir.IntConst(ir.I64, 0)}, X: comp[0], Y: comp[1]}}}
	case "Contiguous":
		c := &ir.Binary{Op: ir.LOr,
			X: &ir.Binary{Op: ir.Eq, X: w.Stride[0], Y: ir.IntConst(ir.I64, 1)},
			Y: &ir.Binary{Op: ir.Le, X: w.Extent[0], Y: ir.IntConst(ir.I64, 1)}}
		return []*val{{t: rt, e: c}}
	case "Row", "Col", "Sub":
		idx, ok := l.indices(args)
		if !ok {
			return l.badResults(e)
		}
		kind := map[string]ir.SubKind{"Row": ir.SubRow, "Col": ir.SubCol, "Sub": ir.SubRange}[name]
		dst := l.k.NewView(w.Name+"."+strings.ToLower(name), 1, w.Elem, w.Space)
		l.emit(&ir.SubView{Kind: kind, Dst: dst, Src: w, Args: idx})
		return []*val{{t: rt, view: dst}}
	}
	if op, ok := atomicOps[name]; ok {
		idx, okI := l.indices(args[:rank])
		if !okI {
			return l.badResults(e)
		}
		a := &ir.Atomic{Op: op, View: w, Index: idx}
		if op == ir.AtomicCAS {
			cmp, ok1 := scalarArg(args[rank])
			nv, ok2 := scalarArg(args[rank+1])
			if !ok1 || !ok2 {
				return l.badResults(e)
			}
			a.Cmp, a.Val = cmp, nv
		} else {
			x, okx := scalarArg(args[rank])
			if !okx {
				return l.badResults(e)
			}
			a.Val = x
		}
		if (op == ir.AtomicAnd || op == ir.AtomicOr || op == ir.AtomicXor) && !w.Elem.IsInt() {
			l.unsupported(e, name+" on a view of "+goTypeName(w.Elem), "bitwise atomics need integer views")
			return l.badResults(e)
		}
		if discard {
			// The result is not used: a placeholder stands for it, with no error.
			l.emit(a)
			return []*val{{t: rt, bad: true, e: ir.IntConst(ir.I64, 0)}}
		}
		if op == ir.AtomicCAS {
			a.Dst = l.temp(ir.Bool)
		} else {
			a.Dst = l.temp(w.Elem)
		}
		l.emit(a)
		return []*val{{t: rt, e: a.Dst}}
	}
	l.unsupported(e, "the view method "+name, "kernels can use At, Set, Prefetch, Len, Extent, Stride, Contiguous, Row, Col, Sub and the atomic methods")
	return l.badResults(e)
}

var specials = map[string]ir.SpecialKind{
	"LeagueRank": ir.LeagueRank, "LeagueSize": ir.LeagueSize, "TeamRank": ir.TeamRank,
	"TeamSize": ir.TeamSize, "VectorLength": ir.VectorLength,
}

func (l *lowerer) memberMethod(e *ast.CallExpr, name string) []*val {
	if k, ok := specials[name]; ok {
		return []*val{{t: l.typeOf(e), e: &ir.Special{Kind: k}}}
	}
	if name == "Barrier" || name == "LeagueBarrier" {
		what, hint, s := "a barrier", "call Barrier where every member of the team reaches it", ir.Stmt(&ir.Barrier{})
		if name == "LeagueBarrier" {
			what, hint, s = "a league barrier", "call LeagueBarrier where every member of every team reaches it", &ir.LeagueBarrier{}
		}
		if len(l.lits) > 0 {
			l.unsupported(e, what+" inside a teams range or single body", hint)
			return nil
		}
		l.emit(s)
		return nil
	}
	l.unsupported(e, "the teams.Member method "+name, "see docs/kernel-language.md for the teams API")
	return l.badResults(e)
}

var mathFuncs = map[string]ir.Builtin{
	"Sqrt": ir.Sqrt, "Abs": ir.Abs, "Floor": ir.Floor, "Ceil": ir.Ceil, "Trunc": ir.Trunc,
	"Round": ir.Round, "RoundToEven": ir.RoundToEven, "Exp": ir.Exp, "Exp2": ir.Exp2,
	"Expm1": ir.Expm1, "Log": ir.Log, "Log2": ir.Log2, "Log10": ir.Log10, "Log1p": ir.Log1p,
	"Sin": ir.Sin, "Cos": ir.Cos, "Tan": ir.Tan, "Asin": ir.Asin, "Acos": ir.Acos, "Atan": ir.Atan,
	"Sinh": ir.Sinh, "Cosh": ir.Cosh, "Tanh": ir.Tanh, "Asinh": ir.Asinh, "Acosh": ir.Acosh,
	"Atanh": ir.Atanh, "Cbrt": ir.Cbrt, "Erf": ir.Erf, "Erfc": ir.Erfc, "Pow": ir.Pow,
	"Atan2": ir.Atan2, "Hypot": ir.Hypot, "Mod": ir.Mod, "Copysign": ir.Copysign, "FMA": ir.FMA,
	"Min": ir.Min, "Max": ir.Max, "IsNaN": ir.IsNaN, "Signbit": ir.Signbit, "IsInf": ir.IsInf,
	"Float32bits": ir.Float32Bits, "Float32frombits": ir.Float32FromBits,
	"Float64bits": ir.Float64Bits, "Float64frombits": ir.Float64FromBits,
}

// MathFuncs returns the names of the math package functions kernels may call, sorted.
func MathFuncs() []string {
	names := []string{"Inf", "NaN"}
	for n := range mathFuncs {
		names = append(names, n)
	}
	sortStrings(names)
	return names
}

func (l *lowerer) callArgs(e *ast.CallExpr) ([]ir.Expr, bool) {
	out := make([]ir.Expr, len(e.Args))
	for i, a := range e.Args {
		x, ok := l.scalar(l.expr(a), a)
		if !ok {
			return nil, false
		}
		out[i] = x
	}
	return out, true
}

func (l *lowerer) mathCall(e *ast.CallExpr, fn *types.Func) []*val {
	t := l.typeOf(e)
	switch fn.Name() {
	case "NaN":
		return []*val{{t: t, e: &ir.Const{T: ir.F64, Bits: math.Float64bits(math.NaN())}}}
	case "Inf":
		args, ok := l.callArgs(e)
		if !ok {
			return l.badResults(e)
		}
		pos, neg := ir.FloatConst(ir.F64, math.Inf(1)), ir.FloatConst(ir.F64, math.Inf(-1))
		if c, ok := args[0].(*ir.Const); ok {
			if c.Int() >= 0 {
				return []*val{{t: t, e: pos}}
			}
			return []*val{{t: t, e: neg}}
		}
		return []*val{{t: t, e: &ir.Select{Cond: &ir.Binary{Op: ir.Ge, X: args[0], Y: ir.IntConst(ir.I64, 0)}, X: pos, Y: neg}}}
	}
	b, ok := mathFuncs[fn.Name()]
	if !ok {
		l.unsupported(e, "math."+fn.Name(), "kernels can call "+strings.Join(MathFuncs(), ", "))
		return l.badResults(e)
	}
	args, ok := l.callArgs(e)
	if !ok {
		return l.badResults(e)
	}
	irt, _ := scalarType(t)
	return []*val{{t: t, e: &ir.Call{Fn: b, Args: args, T: irt}}}
}

var bitsFuncs = map[string]ir.Builtin{
	"OnesCount": ir.OnesCount, "LeadingZeros": ir.LeadingZeros, "TrailingZeros": ir.TrailingZeros,
	"Len": ir.Len, "RotateLeft": ir.RotateLeft, "Reverse": ir.Reverse, "ReverseBytes": ir.ReverseBytes,
}

func (l *lowerer) bitsCall(e *ast.CallExpr, fn *types.Func) []*val {
	t := l.typeOf(e)
	base := strings.TrimRight(fn.Name(), "0123456789")
	b, ok := bitsFuncs[base]
	if !ok {
		l.unsupported(e, "bits."+fn.Name(), "kernels can call the OnesCount, LeadingZeros, TrailingZeros, Len, RotateLeft, Reverse and ReverseBytes families")
		return l.badResults(e)
	}
	args, ok := l.callArgs(e)
	if !ok {
		return l.badResults(e)
	}
	if b == ir.RotateLeft {
		args[1] = l.convertTo(args[1], ir.I64)
	}
	irt, _ := scalarType(t)
	return []*val{{t: t, e: &ir.Call{Fn: b, Args: args, T: irt}}}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// teamOp reads a constant teams.Op argument.
func (l *lowerer) teamOp(e ast.Expr) (ir.TeamOp, bool) {
	tv := l.fr.info.Types[e]
	if tv.Value == nil {
		l.expr(e)
		l.unsupported(e, "a reduction operator that is not a constant", "pass teams.Sum, Prod, Min, Max, BAnd or BOr directly")
		return 0, false
	}
	v, _ := constant.Int64Val(constant.ToInt(tv.Value))
	if v < 0 || v > 5 {
		l.errorf(e, "unknown teams reduction operator %d", v)
		return 0, false
	}
	return ir.TeamOp(v + 1), true
}

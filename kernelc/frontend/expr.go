package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// expr lowers a single-valued expression.
func (l *lowerer) expr(e ast.Expr) *val {
	tv, ok := l.fr.info.Types[e]
	if ok && tv.Value != nil {
		return l.constant(e, tv)
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return l.expr(x.X)
	case *ast.Ident:
		obj := l.fr.info.ObjectOf(x)
		switch obj := obj.(type) {
		case *types.Var:
			if p, ok := l.fr.vars[obj]; ok {
				return l.load(p)
			}
			if obj.Parent() == obj.Pkg().Scope() {
				l.unsupported(x, "package-level variable "+x.Name, "pass the value as a kernel field")
			} else {
				l.errorf(x, "internal error: no storage for %s", x.Name)
			}
		case *types.Nil:
			l.unsupported(x, "nil", "kernels have no nil pointers, slices, maps or interfaces")
		case *types.Func:
			l.unsupported(x, "the function value "+x.Name, "call functions directly")
		default:
			l.unsupported(x, x.Name+" here", "see docs/kernel-language.md for the kernel subset of Go")
		}
		return l.badVal(l.typeOf(e))
	case *ast.SelectorExpr:
		return l.selector(x)
	case *ast.StarExpr:
		p := l.deref(l.expr(x.X), x)
		if p == nil {
			return l.badVal(l.typeOf(e))
		}
		return l.load(p)
	case *ast.UnaryExpr:
		return l.unary(x)
	case *ast.BinaryExpr:
		if x.Op == token.LAND || x.Op == token.LOR {
			return l.logical(x)
		}
		xv := l.expr(x.X)
		yv := l.expr(x.Y)
		return l.binaryVals(x, x.Op, xv, yv, l.typeOf(e))
	case *ast.CallExpr:
		vs := l.call(x)
		if len(vs) != 1 {
			l.errorf(x, "internal error: %d values in a single-value context", len(vs))
			return l.badVal(l.typeOf(e))
		}
		return vs[0]
	case *ast.CompositeLit:
		return l.composite(x)
	case *ast.FuncLit:
		l.unsupported(x, "a function literal here", "function literals are only allowed as the body argument of a teams range, reduce, scan or Single call")
	case *ast.IndexExpr, *ast.IndexListExpr:
		t := l.typeOf(x)
		if _, ok := t.(*types.Signature); ok {
			l.unsupported(x, "a generic function value", "call the function directly")
		} else {
			var base ast.Expr
			if ix, ok := x.(*ast.IndexExpr); ok {
				base = ix.X
			}
			bt := types.Type(types.Typ[types.Invalid])
			if base != nil {
				bt = l.typeOf(base)
			}
			l.unsupported(x, "indexing "+aValue(bt), "use a view's At and Set methods")
		}
	case *ast.SliceExpr:
		l.unsupported(x, "slicing", "use a view's Sub method or index arithmetic")
	case *ast.TypeAssertExpr:
		l.unsupported(x, "a type assertion", "kernels have no interfaces; use a type parameter")
	default:
		l.unsupported(e, "this expression", "see docs/kernel-language.md for the kernel subset of Go")
	}
	return l.badVal(l.typeOf(e))
}

// multi lowers an expression that yields n values (a call).
func (l *lowerer) multi(e ast.Expr, n int) []*val {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		l.unsupported(e, "this multi-value expression", "only calls return several values in kernels")
		return l.badVals(n)
	}
	vs := l.call(call)
	if len(vs) != n {
		l.errorf(e, "internal error: %d values where %d are expected", len(vs), n)
		return l.badVals(n)
	}
	for i := range vs {
		vs[i] = l.snapshot(vs[i], e)
	}
	return vs
}

// badVals returns n placeholders after an error.
func (l *lowerer) badVals(n int) []*val {
	vs := make([]*val, n)
	for i := range vs {
		vs[i] = l.badVal(types.Typ[types.Int])
	}
	return vs
}

// constant lowers a constant expression of type tv.Type.
func (l *lowerer) constant(e ast.Expr, tv types.TypeAndValue) *val {
	t := l.subst(tv.Type)
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		t = types.Default(t)
	}
	irt, ok := scalarType(t)
	if !ok {
		l.unsupported(e, "a constant of "+describe(t), typeHint(t))
		return l.badVal(t)
	}
	return &val{t: t, e: constOf(tv.Value, irt)}
}

// constOf converts a constant value to an IR constant of type t.
func constOf(v constant.Value, t ir.Type) *ir.Const {
	switch {
	case t == ir.Bool:
		return ir.BoolConst(constant.BoolVal(v))
	case t == ir.F32:
		f, _ := constant.Float32Val(constant.ToFloat(v))
		return &ir.Const{T: ir.F32, Bits: uint64(math.Float32bits(f))}
	case t == ir.F64:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return ir.FloatConst(ir.F64, f)
	}
	iv := constant.ToInt(v)
	if u, ok := constant.Uint64Val(iv); ok {
		return &ir.Const{T: t, Bits: ir.Normalize(t, u, false)}
	}
	i, _ := constant.Int64Val(iv)
	return ir.IntConst(t, i)
}

func (l *lowerer) selector(x *ast.SelectorExpr) *val {
	sel := l.fr.info.Selections[x]
	if sel == nil {
		obj := l.fr.info.Uses[x.Sel]
		switch obj.(type) {
		case *types.Var:
			l.unsupported(x, "package-level variable "+x.X.(*ast.Ident).Name+"."+x.Sel.Name, "pass the value as a kernel field")
		case *types.Func:
			l.unsupported(x, "the function value "+x.Sel.Name, "call functions directly")
		default:
			l.unsupported(x, "this selector", "see docs/kernel-language.md for the kernel subset of Go")
		}
		return l.badVal(l.typeOf(x))
	}
	if sel.Kind() != types.FieldVal {
		l.unsupported(x, "a method value", "call the method directly")
		return l.badVal(l.typeOf(x))
	}
	base := l.expr(x.X)
	return l.fieldVal(base, sel.Index(), x)
}

// fieldVal follows a field index path from v, through pointers.
func (l *lowerer) fieldVal(v *val, index []int, n ast.Node) *val {
	for _, i := range index {
		if v.bad {
			return v
		}
		if v.ptr != nil || isPointer(v.t) {
			p := l.deref(v, n)
			if p == nil {
				return l.badVal(v.t)
			}
			v = l.load(p)
			if v.bad {
				return v
			}
		}
		if i >= len(v.fields) {
			l.errorf(n, "internal error: field %d of a value with %d fields", i, len(v.fields))
			return l.badVal(v.t)
		}
		v = v.fields[i]
	}
	return v
}

func (l *lowerer) unary(x *ast.UnaryExpr) *val {
	t := l.typeOf(x)
	switch x.Op {
	case token.AND:
		l.unsupported(x, "taking the address of a value", "pointers other than the reduction accumulator are not allowed; pass values and views")
		return l.badVal(t)
	case token.ARROW:
		l.unsupported(x, "a channel receive", "kernels cannot communicate through channels; use views and atomics")
		return l.badVal(t)
	}
	v := l.expr(x.X)
	e, ok := l.scalar(v, x.X)
	if !ok {
		return l.badVal(t)
	}
	switch x.Op {
	case token.ADD:
		return &val{t: t, e: e}
	case token.SUB:
		return &val{t: t, e: &ir.Unary{Op: ir.Neg, X: e}}
	case token.NOT:
		return &val{t: t, e: &ir.Unary{Op: ir.Not, X: e}}
	case token.XOR:
		return &val{t: t, e: &ir.Unary{Op: ir.Compl, X: e}}
	}
	l.unsupported(x, "the unary "+x.Op.String()+" operator", "see docs/kernel-language.md for the operators")
	return l.badVal(t)
}

// logical lowers && and || with Go's short-circuit evaluation.
func (l *lowerer) logical(x *ast.BinaryExpr) *val {
	t := l.typeOf(x)
	xe, ok := l.scalar(l.expr(x.X), x.X)
	if !ok {
		l.nested(func() { l.expr(x.Y) }) // for the right operand's own diagnostics
		return l.badVal(t)
	}
	var ye ir.Expr
	yok := false
	yb := l.nested(func() { ye, yok = l.scalar(l.expr(x.Y), x.Y) })
	if !yok {
		return l.badVal(t)
	}
	op := ir.LAnd
	if x.Op == token.LOR {
		op = ir.LOr
	}
	if len(yb) == 0 {
		return &val{t: t, e: &ir.Binary{Op: op, X: xe, Y: ye}}
	}
	res := l.temp(ir.Bool)
	l.emit(&ir.Assign{Dst: res, Src: xe})
	yb = append(yb, &ir.Assign{Dst: res, Src: ye})
	var c ir.Expr = res
	if op == ir.LOr {
		c = &ir.Unary{Op: ir.Not, X: res}
	}
	l.emit(&ir.If{Cond: c, Then: yb})
	return &val{t: t, e: res}
}

var binOps = map[token.Token]ir.BinOp{
	token.ADD: ir.Add, token.SUB: ir.Sub, token.MUL: ir.Mul, token.QUO: ir.Div, token.REM: ir.Rem,
	token.AND: ir.And, token.OR: ir.Or, token.XOR: ir.Xor, token.AND_NOT: ir.AndNot,
	token.SHL: ir.Shl, token.SHR: ir.Shr, token.EQL: ir.Eq, token.NEQ: ir.Ne, token.LSS: ir.Lt,
	token.LEQ: ir.Le, token.GTR: ir.Gt, token.GEQ: ir.Ge,
}

// binaryVals applies op to two lowered operands; rt is the Go result type.
func (l *lowerer) binaryVals(n ast.Node, tok token.Token, xv, yv *val, rt types.Type) *val {
	if xv.bad || yv.bad {
		return l.badVal(rt)
	}
	op, ok := binOps[tok]
	if !ok {
		l.unsupported(n, "the "+tok.String()+" operator", "see docs/kernel-language.md for the operators")
		return l.badVal(rt)
	}
	if xv.e == nil || yv.e == nil {
		what := aValue(xv.t)
		if xv.e != nil {
			what = aValue(yv.t)
		}
		l.unsupported(n, "the "+tok.String()+" operator on "+what, "operators apply to numbers and bools")
		return l.badVal(rt)
	}
	x, y := xv.e, yv.e
	if op.IsShift() {
		if !x.Type().IsInt() {
			x = l.convertTo(x, ir.I64)
		}
		if c, ok := y.(*ir.Const); ok && !c.T.IsInt() {
			y = foldConvert(c, ir.U64)
		}
		return &val{t: rt, e: &ir.Binary{Op: op, X: x, Y: y}}
	}
	// Operand types agree in Go except for untyped constants, which take the other's type.
	if x.Type() != y.Type() {
		if _, ok := x.(*ir.Const); ok {
			x = l.convertTo(x, y.Type())
		} else {
			y = l.convertTo(y, x.Type())
		}
	}
	if (op == ir.Rem || op == ir.And || op == ir.Or || op == ir.Xor || op == ir.AndNot) && !x.Type().IsInt() {
		l.unsupported(n, "the "+tok.String()+" operator on "+goTypeName(x.Type()), "it needs integers")
		return l.badVal(rt)
	}
	return &val{t: rt, e: &ir.Binary{Op: op, X: x, Y: y}}
}

func (l *lowerer) composite(x *ast.CompositeLit) *val {
	t := l.typeOf(x)
	s := structOf(t)
	if s == nil {
		l.unsupported(x, "a composite literal of "+describe(t), typeHint(t))
		return l.badVal(t)
	}
	if _, _, ok := viewType(t); ok {
		l.unsupported(x, "a view literal", "views are created on the host and passed as kernel fields")
		return l.badVal(t)
	}
	if isMember(t) {
		l.unsupported(x, "a teams.Member literal", "use the Member that RunTeam receives")
		return l.badVal(t)
	}
	fields := make([]*val, s.NumFields())
	for i, elt := range x.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			name := kv.Key.(*ast.Ident).Name
			for j := 0; j < s.NumFields(); j++ {
				if s.Field(j).Name() == name {
					fields[j] = l.expr(kv.Value)
				}
			}
		} else if i < len(fields) {
			fields[i] = l.expr(elt)
		}
	}
	v := &val{t: t}
	for i, f := range fields {
		if f == nil {
			f = l.zero(s.Field(i).Type(), x)
		}
		if f.bad {
			v.bad = true
		}
		v.fields = append(v.fields, f)
	}
	return v
}

// foldConvert converts a constant with Go's run-time conversion rules (those of ir.Convert).
func foldConvert(c *ir.Const, to ir.Type) *ir.Const {
	from := c.T
	switch {
	case from == to:
		return c
	case from == ir.Bool || to == ir.Bool:
		return &ir.Const{T: to, Bits: c.Bits}
	case from.IsInt() && to.IsInt():
		return &ir.Const{T: to, Bits: ir.Normalize(to, ir.Normalize(from, c.Bits, true), false)}
	case from.IsInt() && to.IsFloat():
		if from.IsSigned() {
			return ir.FloatConst(to, float64(c.Int()))
		}
		u := ir.Normalize(from, c.Bits, false)
		if to == ir.F32 {
			return &ir.Const{T: ir.F32, Bits: uint64(math.Float32bits(float32(u)))}
		}
		return ir.FloatConst(to, float64(u))
	case from.IsFloat() && to.IsFloat():
		return ir.FloatConst(to, c.Float())
	case from.IsFloat() && to.IsInt():
		return &ir.Const{T: to, Bits: ir.Normalize(to, ir.FloatToInt(c.Float(), to), false)}
	}
	return c
}

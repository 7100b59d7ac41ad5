package frontend

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gokkos/gokkos/kernelc/ir"
)

func (l *lowerer) stmts(list []ast.Stmt) {
	for _, s := range list {
		l.stmt(s, "")
	}
}

func (l *lowerer) stmt(s ast.Stmt, label string) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		l.stmts(s.List)
	case *ast.EmptyStmt:
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			l.unsupported(s, "this expression statement", "only calls can be statements")
			return
		}
		l.discard = true
		l.call(call)
		l.discard = false
	case *ast.DeclStmt:
		l.declStmt(s)
	case *ast.AssignStmt:
		l.assign(s)
	case *ast.IncDecStmt:
		p := l.lhs(s.X)
		if p == nil {
			return
		}
		v := l.load(p)
		op := ir.Add
		if s.Tok == token.DEC {
			op = ir.Sub
		}
		if e, ok := l.scalar(v, s); ok {
			l.store(p, &val{t: p.t, e: &ir.Binary{Op: op, X: e, Y: oneConst(e.Type())}}, s)
		}
	case *ast.IfStmt:
		if s.Init != nil {
			l.stmt(s.Init, "")
		}
		cond, ok := l.cond(s.Cond)
		then := l.nested(func() { l.stmts(s.Body.List) })
		var els ir.Block
		if s.Else != nil {
			els = l.nested(func() { l.stmt(s.Else, "") })
		}
		if ok {
			l.emit(&ir.If{Cond: cond, Then: then, Else: els})
		}
	case *ast.ForStmt:
		l.forStmt(s, label)
	case *ast.RangeStmt:
		l.rangeStmt(s, label)
	case *ast.SwitchStmt:
		l.switchStmt(s, label)
	case *ast.LabeledStmt:
		l.stmt(s.Stmt, s.Label.Name)
	case *ast.BranchStmt:
		l.branch(s)
	case *ast.ReturnStmt:
		l.returnStmt(s)
	case *ast.GoStmt:
		l.unsupported(s, "a go statement", "kernels are already parallel; use a team range for nested parallelism")
	case *ast.DeferStmt:
		l.unsupported(s, "defer", "call the function at the end of the body instead")
	case *ast.SelectStmt:
		l.unsupported(s, "select", "kernels cannot communicate through channels; use views and atomics")
	case *ast.SendStmt:
		l.unsupported(s, "a channel send", "kernels cannot communicate through channels; use views and atomics")
	case *ast.TypeSwitchStmt:
		l.unsupported(s, "a type switch", "kernels have no interfaces; use a type parameter")
	default:
		l.unsupported(s, "this statement", "see docs/kernel-language.md for the kernel subset of Go")
	}
}

func oneConst(t ir.Type) ir.Expr {
	if t.IsFloat() {
		return ir.FloatConst(t, 1)
	}
	return ir.IntConst(t, 1)
}

// cond lowers a boolean condition.
func (l *lowerer) cond(e ast.Expr) (ir.Expr, bool) {
	v := l.expr(e)
	c, ok := l.scalar(v, e)
	if ok && c.Type() != ir.Bool {
		l.errorf(e, "internal error: condition of type %s", c.Type())
		return nil, false
	}
	return c, ok
}

func (l *lowerer) declStmt(s *ast.DeclStmt) {
	g, ok := s.Decl.(*ast.GenDecl)
	if !ok {
		l.unsupported(s, "this declaration", "see docs/kernel-language.md for the kernel subset of Go")
		return
	}
	if g.Tok != token.VAR {
		return // constants are folded; local types need no code
	}
	for _, spec := range g.Specs {
		vs := spec.(*ast.ValueSpec)
		var vals []*val
		switch {
		case len(vs.Values) == 1 && len(vs.Names) > 1:
			vals = l.multi(vs.Values[0], len(vs.Names))
		case len(vs.Values) > 0:
			for _, e := range vs.Values {
				vals = append(vals, l.expr(e))
			}
			if len(vals) > 1 {
				for i := range vals {
					vals[i] = l.snapshot(vals[i], vs)
				}
			}
		}
		for i, name := range vs.Names {
			obj := l.fr.info.Defs[name]
			if obj == nil {
				continue
			}
			t := l.subst(obj.Type())
			var p *place
			switch {
			case vals != nil && i < len(vals) && vals[i].bad:
				p = &place{t: t, bad: true, depth: len(l.lits)} // the value's error suffices
			case vals == nil && hasPointer(t):
				l.nilPointerVar(name, t)
				p = &place{t: t, bad: true, depth: len(l.lits)}
			default:
				p = l.newPlace(name.Name, t, name)
			}
			if name.Name != "_" {
				l.fr.vars[obj] = p
			}
			if vals != nil && i < len(vals) {
				l.store(p, vals[i], name)
			} else {
				l.zeroPlace(p)
			}
		}
	}
}

// nilPointerVar reports a variable of type t, which holds a pointer, declared without a value.
func (l *lowerer) nilPointerVar(n ast.Node, t types.Type) {
	what := "a pointer variable"
	if !isPointer(t) {
		what = "a variable with pointer fields"
	}
	l.unsupported(n, "declaring "+what+" without a value", "a pointer may only refer to the reduction accumulator and gets its value where it is declared (p := acc)")
}

func (l *lowerer) assign(s *ast.AssignStmt) {
	switch s.Tok {
	case token.ASSIGN, token.DEFINE:
	default:
		// x op= y
		op, ok := assignOps[s.Tok]
		if !ok {
			l.unsupported(s, "the "+s.Tok.String()+" operator", "see docs/kernel-language.md for the operators")
			return
		}
		p := l.lhs(s.Lhs[0])
		y := l.expr(s.Rhs[0])
		if p == nil {
			return
		}
		v := l.binaryVals(s, op, l.load(p), y, p.t)
		l.store(p, v, s)
		return
	}
	var vals []*val
	if len(s.Rhs) == 1 && len(s.Lhs) > 1 {
		vals = l.multi(s.Rhs[0], len(s.Lhs))
	} else {
		for _, e := range s.Rhs {
			vals = append(vals, l.expr(e))
		}
		if len(vals) > 1 {
			for i := range vals {
				vals[i] = l.snapshot(vals[i], s)
			}
		}
	}
	for i, lhs := range s.Lhs {
		if i >= len(vals) {
			break
		}
		if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
			continue
		}
		if s.Tok == token.DEFINE {
			id := lhs.(*ast.Ident)
			if obj := l.fr.info.Defs[id]; obj != nil {
				var p *place
				if vals[i].bad {
					p = &place{t: l.subst(obj.Type()), bad: true, depth: len(l.lits)}
				} else {
					p = l.newPlace(id.Name, l.subst(obj.Type()), id)
				}
				l.fr.vars[obj] = p
				l.store(p, vals[i], id)
				continue
			}
		}
		if p := l.lhs(lhs); p != nil {
			l.assigning = true
			l.store(p, vals[i], lhs)
			l.assigning = false
		}
	}
}

var assignOps = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

// lhs returns the place an assignable expression denotes, checking that a function literal
// body does not assign to a variable of its enclosing function.
func (l *lowerer) lhs(e ast.Expr) *place {
	p := l.placeOf(e)
	if p == nil {
		return nil
	}
	if p.depth < len(l.lits) && !p.bad {
		if p.acc && l.onlyThreadLits() {
			return p
		}
		l.unsupported(e, "assigning to a variable declared outside a teams range or single body",
			"every lane has its own copy of it; use ThreadReduce/VectorReduce, Broadcast, or a view")
		return nil
	}
	return p
}

func (l *lowerer) onlyThreadLits() bool {
	for _, k := range l.lits {
		if k != litThread {
			return false
		}
	}
	return true
}

// placeOf returns the place of an addressable expression, or nil after reporting.
func (l *lowerer) placeOf(e ast.Expr) *place {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return l.placeOf(x.X)
	case *ast.Ident:
		obj := l.fr.info.ObjectOf(x)
		if p, ok := l.fr.vars[obj]; ok {
			return p
		}
		if v, ok := obj.(*types.Var); ok && v.Parent() == v.Pkg().Scope() {
			l.unsupported(x, "package-level variable "+x.Name, "pass the value as a kernel field")
			return nil
		}
		l.errorf(x, "internal error: no storage for %s", x.Name)
		return nil
	case *ast.SelectorExpr:
		sel := l.fr.info.Selections[x]
		if sel == nil {
			if obj := l.fr.info.Uses[x.Sel]; obj != nil {
				if _, ok := obj.(*types.Var); ok {
					l.unsupported(x, "package-level variable "+x.Sel.Name, "pass the value as a kernel field")
					return nil
				}
			}
			l.unsupported(x, "this selector", "only fields of kernel values can be assigned")
			return nil
		}
		if sel.Kind() != types.FieldVal {
			l.unsupported(x, "a method value", "call the method directly")
			return nil
		}
		base := l.placeOf(x.X)
		if base == nil {
			return nil
		}
		return l.fieldPlace(base, sel.Index(), x)
	case *ast.StarExpr:
		// The place of *x is the target of the pointer value x.
		return l.deref(l.expr(x.X), x)
	}
	l.unsupported(e, "assigning to this expression", "assign to local variables, fields, or the accumulator")
	return nil
}

// fieldPlace follows a field index path from p, through pointers.
func (l *lowerer) fieldPlace(p *place, index []int, n ast.Node) *place {
	for _, i := range index {
		if p.bad {
			return p
		}
		if p.isPtr {
			if p.ptr == nil {
				l.nilDeref(n)
				return nil
			}
			p = p.ptr
			if p.bad {
				return p
			}
		}
		if i >= len(p.fields) {
			l.errorf(n, "internal error: field %d of a value with %d fields", i, len(p.fields))
			return nil
		}
		p = p.fields[i]
	}
	return p
}

func (l *lowerer) forStmt(s *ast.ForStmt, label string) {
	if s.Init != nil {
		l.stmt(s.Init, "")
	}
	tg := &target{kind: tgFor, label: label, node: s, irLoop: true}
	l.targets = append(l.targets, tg)
	body := l.nested(func() {
		if s.Cond != nil {
			if c, ok := l.cond(s.Cond); ok {
				l.emit(&ir.If{Cond: &ir.Unary{Op: ir.Not, X: c}, Then: ir.Block{&ir.Break{Depth: 0}}})
			}
		}
		l.stmts(s.Body.List)
	})
	var post ir.Block
	if s.Post != nil {
		post = l.nested(func() { l.stmt(s.Post, "") })
	}
	l.targets = l.targets[:len(l.targets)-1]
	l.emit(&ir.Loop{Body: body, Post: post})
}

func (l *lowerer) rangeStmt(s *ast.RangeStmt, label string) {
	xt := l.typeOf(s.X)
	if _, ok := xt.Underlying().(*types.Basic); !ok || !isIntType(xt) {
		hint := "range over an int (for i := range n)"
		if _, _, ok := viewType(xt); ok {
			hint = "range over the view's length: for i := range v.Len()"
		}
		l.unsupported(s.X, "range over "+aValue(xt), hint)
		l.checkRangeBody(s, label)
		return
	}
	nv := l.expr(s.X)
	ne, ok := l.scalar(nv, s.X)
	if !ok {
		l.checkRangeBody(s, label)
		return
	}
	it := ne.Type()
	n := l.temp(it)
	l.emit(&ir.Assign{Dst: n, Src: ne})
	h := l.temp(it)
	l.emit(&ir.Assign{Dst: h, Src: zeroConst(it)})
	var key *place
	if s.Key != nil {
		if id, ok := s.Key.(*ast.Ident); !ok || id.Name != "_" {
			if s.Tok == token.DEFINE {
				id := s.Key.(*ast.Ident)
				obj := l.fr.info.Defs[id]
				key = l.newPlace(id.Name, l.subst(obj.Type()), id)
				l.fr.vars[obj] = key
			} else {
				key = l.lhs(s.Key)
			}
		}
	}
	tg := &target{kind: tgFor, label: label, node: s, irLoop: true}
	l.targets = append(l.targets, tg)
	body := l.nested(func() {
		l.emit(&ir.If{Cond: &ir.Binary{Op: ir.Ge, X: h, Y: n}, Then: ir.Block{&ir.Break{Depth: 0}}})
		if key != nil {
			l.store(key, &val{t: key.t, e: h}, s.Key)
		}
		l.stmts(s.Body.List)
	})
	l.targets = l.targets[:len(l.targets)-1]
	l.emit(&ir.Loop{Body: body, Post: ir.Block{&ir.Assign{Dst: h, Src: &ir.Binary{Op: ir.Add, X: h, Y: oneConst(it)}}}})
}

// checkRangeBody lowers the body of a range statement that has been reported, for the body's
// own diagnostics; the code is discarded.
func (l *lowerer) checkRangeBody(s *ast.RangeStmt, label string) {
	if s.Tok == token.DEFINE {
		for _, e := range []ast.Expr{s.Key, s.Value} {
			if id, ok := e.(*ast.Ident); ok {
				if obj := l.fr.info.Defs[id]; obj != nil {
					l.fr.vars[obj] = &place{t: l.subst(obj.Type()), bad: true, depth: len(l.lits)}
				}
			}
		}
	}
	tg := &target{kind: tgFor, label: label, node: s, irLoop: true}
	l.targets = append(l.targets, tg)
	l.nested(func() { l.stmts(s.Body.List) })
	l.targets = l.targets[:len(l.targets)-1]
}

func isIntType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (l *lowerer) switchStmt(s *ast.SwitchStmt, label string) {
	if s.Init != nil {
		l.stmt(s.Init, "")
	}
	var tag *val
	if s.Tag != nil {
		tag = l.snapshot(l.expr(s.Tag), s.Tag)
	}
	var clauses, dflt []*ast.CaseClause
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if n := len(cc.Body); n > 0 {
			if br, ok := cc.Body[n-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
				l.unsupported(br, "fallthrough", "repeat the code or use if statements")
			}
		}
		if cc.List == nil {
			dflt = append(dflt, cc)
		} else {
			clauses = append(clauses, cc)
		}
	}
	tg := &target{kind: tgSwitch, label: label, node: s}
	l.wrapped(tg, switchNeedsWrapper(s.Body, label), func() {
		var chain func(i int)
		chain = func(i int) {
			if i == len(clauses) {
				for _, d := range dflt {
					l.stmts(d.Body)
				}
				return
			}
			cc := clauses[i]
			c, ok := l.caseCond(tag, cc.List)
			then := l.nested(func() { l.stmts(cc.Body) })
			els := l.nested(func() { chain(i + 1) })
			if ok {
				l.emit(&ir.If{Cond: c, Then: then, Else: els})
			}
		}
		chain(0)
	})
}

// caseCond builds tag == e1 || tag == e2 ... with Go's left-to-right, short-circuit evaluation.
func (l *lowerer) caseCond(tag *val, list []ast.Expr) (ir.Expr, bool) {
	test := func(e ast.Expr) (ir.Expr, bool) {
		if tag == nil {
			return l.cond(e)
		}
		v := l.binaryVals(e, token.EQL, tag, l.expr(e), types.Typ[types.Bool])
		return l.scalar(v, e)
	}
	first, ok := test(list[0])
	if !ok || len(list) == 1 {
		return first, ok
	}
	res := l.temp(ir.Bool)
	l.emit(&ir.Assign{Dst: res, Src: first})
	for _, e := range list[1:] {
		var okc bool
		b := l.nested(func() {
			var c ir.Expr
			c, okc = test(e)
			if okc {
				l.emit(&ir.Assign{Dst: res, Src: c})
			}
		})
		if !okc {
			return nil, false
		}
		l.emit(&ir.If{Cond: &ir.Unary{Op: ir.Not, X: res}, Then: b})
	}
	return res, true
}

func (l *lowerer) branch(s *ast.BranchStmt) {
	switch s.Tok {
	case token.GOTO:
		l.unsupported(s, "goto", "use structured loops with labelled break and continue")
		return
	case token.FALLTHROUGH:
		return // reported by the switch
	}
	label := ""
	if s.Label != nil {
		label = s.Label.Name
	}
	for i := len(l.targets) - 1; i >= 0; i-- {
		tg := l.targets[i]
		if tg.kind == tgFunc {
			break
		}
		match := false
		if label != "" {
			match = tg.label == label
		} else if s.Tok == token.BREAK {
			match = true
		} else {
			match = tg.kind == tgFor
		}
		if !match {
			continue
		}
		if s.Tok == token.CONTINUE && tg.kind != tgFor {
			continue
		}
		if !tg.irLoop {
			l.errorf(s, "internal error: %s targets a statement without a loop", s.Tok)
			return
		}
		if s.Tok == token.BREAK {
			l.emit(&ir.Break{Depth: l.depthTo(tg)})
		} else {
			l.emit(&ir.Continue{Depth: l.depthTo(tg)})
		}
		return
	}
	l.errorf(s, "internal error: no target for %s", s.Tok)
}

func (l *lowerer) returnStmt(s *ast.ReturnStmt) {
	r := l.ret
	if len(s.Results) > 0 {
		var vals []*val
		if len(s.Results) == 1 && len(r.results) > 1 {
			vals = l.multi(s.Results[0], len(r.results))
		} else {
			for _, e := range s.Results {
				vals = append(vals, l.expr(e))
			}
			if len(vals) > 1 {
				for i := range vals {
					vals[i] = l.snapshot(vals[i], s)
				}
			}
		}
		for i, p := range r.results {
			if i < len(vals) {
				l.store(p, vals[i], s)
			}
		}
	}
	switch r.kind {
	case retKernel:
		l.emit(&ir.Return{})
	case retTeam:
		l.emit(&ir.Continue{Depth: l.depthTo(r.target)})
	case retInline, retSingle:
		if r.target != nil {
			l.emit(&ir.Break{Depth: l.depthTo(r.target)})
		}
	}
}

package frontend

import (
	"go/ast"
	"go/types"

	"github.com/gokkos/gokkos/kernelc/ir"
)

var rangeKinds = map[string]ir.RangeKind{
	"ThreadRange": ir.ThreadRange, "VectorRange": ir.VectorRange, "TeamVectorRange": ir.TeamVectorRange,
	"ThreadReduce": ir.ThreadRange, "VectorReduce": ir.VectorRange, "TeamVectorReduce": ir.TeamVectorRange,
	"ThreadScan": ir.ThreadRange, "VectorScan": ir.VectorRange,
}

func litKindOf(k ir.RangeKind) litKind {
	switch k {
	case ir.VectorRange:
		return litVector
	case ir.TeamVectorRange:
		return litTeamVector
	}
	return litThread
}

// funcLit returns the function literal passed as a body argument, or reports.
func (l *lowerer) funcLit(e ast.Expr, fn string) *ast.FuncLit {
	lit, ok := ast.Unparen(e).(*ast.FuncLit)
	if !ok {
		l.unsupported(e, "passing a function value to teams."+fn, "write the body as a function literal in the call")
		return nil
	}
	return lit
}

// litParams binds a literal's parameters to the given places, in order.
func (l *lowerer) litParams(lit *ast.FuncLit, places []*place) {
	i := 0
	for _, f := range lit.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, id := range f.Names {
			if obj := l.fr.info.Defs[id]; obj != nil && i < len(places) && id.Name != "_" {
				l.fr.vars[obj] = places[i]
			}
			i++
		}
	}
}

// litParamMutated reports whether the literal's i-th parameter is assigned in its body.
func (l *lowerer) litParamMutated(lit *ast.FuncLit, i int) bool {
	mut := mutated(lit.Body, l.fr.info)
	j := 0
	for _, f := range lit.Type.Params.List {
		for _, id := range f.Names {
			if j == i {
				return mut[l.fr.info.Defs[id]]
			}
			j++
		}
		if len(f.Names) == 0 {
			j++
		}
	}
	return false
}

// litBody lowers the body of a function literal passed to a teams call. The literal's
// parameters are bound by bind; returns continue the team loop (team) or leave the Single
// body.
func (l *lowerer) litBody(lit *ast.FuncLit, kind litKind, team bool, bind func()) ir.Block {
	savedRet := l.ret
	l.lits = append(l.lits, kind)
	var b ir.Block
	if team {
		tg := &target{kind: tgFunc, irLoop: true}
		l.ret = &retCtx{kind: retTeam, target: tg}
		l.targets = append(l.targets, tg)
		b = l.nested(func() {
			bind()
			l.stmts(lit.Body.List)
		})
		l.targets = l.targets[:len(l.targets)-1]
	} else {
		tg := &target{kind: tgFunc}
		need := needsReturnWrapper(lit.Body)
		l.ret = &retCtx{kind: retSingle}
		if need {
			l.ret.target = tg
		}
		b = l.nested(func() {
			bind()
			l.wrapped(tg, need, func() { l.stmts(lit.Body.List) })
		})
	}
	l.lits = l.lits[:len(l.lits)-1]
	l.ret = savedRet
	return b
}

// varPlace makes the place of a range body's index parameter: the loop variable itself, or a
// copy when the body assigns to it.
func (l *lowerer) varPlace(lit *ast.FuncLit, v *ir.Local) *place {
	t := types.Typ[types.Int]
	if l.litParamMutated(lit, 0) {
		c := l.k.NewLocal(v.Name, ir.I64)
		l.emit(&ir.Assign{Dst: c, Src: v})
		return &place{t: t, local: c, depth: len(l.lits)}
	}
	return &place{t: t, local: v, depth: len(l.lits)}
}

func paramName(lit *ast.FuncLit, i int) string {
	j := 0
	for _, f := range lit.Type.Params.List {
		for _, id := range f.Names {
			if j == i {
				return id.Name
			}
			j++
		}
		if len(f.Names) == 0 {
			j++
		}
	}
	return ""
}

// accType returns the IR type of a literal's accumulator parameter *T.
func (l *lowerer) accType(lit *ast.FuncLit, i int) (types.Type, ir.Type, bool) {
	j := 0
	for _, f := range lit.Type.Params.List {
		n := max(len(f.Names), 1)
		if i < j+n {
			t := l.subst(l.fr.info.TypeOf(f.Type))
			if p, ok := t.(*types.Pointer); ok {
				if st, ok := scalarType(p.Elem()); ok && st != ir.Bool {
					return p.Elem(), st, true
				}
				t = p.Elem()
			}
			l.unsupported(f.Type, "an accumulator of "+describe(t), "team reductions and scans accumulate numbers")
			return nil, ir.Invalid, false
		}
		j += n
	}
	return nil, ir.Invalid, false
}

func (l *lowerer) teamsCall(e *ast.CallExpr, fn *types.Func, targs []types.Type) []*val {
	name := fn.Name()
	args := e.Args
	rt := l.typeOf(e)
	switch name {
	case "ThreadRange", "VectorRange", "TeamVectorRange":
		l.expr(args[0])
		b, ok1 := l.index(args[1])
		en, ok2 := l.index(args[2])
		lit := l.funcLit(args[3], name)
		if lit == nil || !ok1 || !ok2 {
			return nil
		}
		kind := rangeKinds[name]
		v := l.k.NewLocal(paramName(lit, 0), ir.I64)
		tl := &ir.TeamLoop{Kind: kind, Var: v, Begin: b, End: en}
		tl.Body = l.litBody(lit, litKindOf(kind), true, func() {
			l.litParams(lit, []*place{l.varPlace(lit, v)})
		})
		l.emit(tl)
		return nil
	case "ThreadReduce", "VectorReduce", "TeamVectorReduce":
		l.expr(args[0])
		b, ok1 := l.index(args[1])
		en, ok2 := l.index(args[2])
		op, ok3 := l.teamOp(args[3])
		lit := l.funcLit(args[4], name)
		if lit == nil || !ok1 || !ok2 || !ok3 {
			return l.badResults(e)
		}
		at, irt, ok := l.accType(lit, 1)
		if !ok {
			return l.badResults(e)
		}
		if (op == ir.OpBAnd || op == ir.OpBOr) && !irt.IsInt() {
			l.unsupported(args[3], teamOpName(op)+" on "+goTypeName(irt), "bitwise reductions need integers")
			return l.badResults(e)
		}
		kind := rangeKinds[name]
		v := l.k.NewLocal(paramName(lit, 0), ir.I64)
		acc := l.k.NewLocal(paramName(lit, 1), irt)
		dst := l.temp(irt)
		rr := &ir.RangeReduce{Kind: kind, Var: v, Begin: b, End: en, Op: op, Acc: acc, Dst: dst}
		rr.Body = l.litBody(lit, litKindOf(kind), true, func() {
			accPlace := &place{t: at, local: acc, depth: len(l.lits)}
			l.litParams(lit, []*place{l.varPlace(lit, v), {t: types.NewPointer(at), isPtr: true, ptr: accPlace, depth: len(l.lits)}})
		})
		if len(l.lits) > 0 && kind != ir.VectorRange {
			l.unsupported(e, "teams."+name+" inside a teams range or single body", "team-wide reductions must be reached by every member; nest only VectorReduce")
			return l.badResults(e)
		}
		l.emit(rr)
		return []*val{{t: rt, e: dst}}
	case "ThreadScan", "VectorScan":
		l.expr(args[0])
		b, ok1 := l.index(args[1])
		en, ok2 := l.index(args[2])
		lit := l.funcLit(args[3], name)
		if lit == nil || !ok1 || !ok2 {
			return l.badResults(e)
		}
		at, irt, ok := l.accType(lit, 1)
		if !ok {
			return l.badResults(e)
		}
		kind := rangeKinds[name]
		v := l.k.NewLocal(paramName(lit, 0), ir.I64)
		acc := l.k.NewLocal(paramName(lit, 1), irt)
		final := l.k.NewLocal(paramName(lit, 2), ir.Bool)
		dst := l.temp(irt)
		rs := &ir.RangeScan{Kind: kind, Var: v, Begin: b, End: en, Acc: acc, Final: final, Dst: dst}
		rs.Body = l.litBody(lit, litKindOf(kind), true, func() {
			accPlace := &place{t: at, local: acc, depth: len(l.lits)}
			finalPlace := &place{t: types.Typ[types.Bool], local: final, depth: len(l.lits)}
			if l.litParamMutated(lit, 2) {
				finalPlace = l.newPlace("final", types.Typ[types.Bool], lit)
				l.emit(&ir.Assign{Dst: finalPlace.local, Src: final})
			}
			l.litParams(lit, []*place{l.varPlace(lit, v), {t: types.NewPointer(at), isPtr: true, ptr: accPlace, depth: len(l.lits)}, finalPlace})
		})
		if len(l.lits) > 0 && kind != ir.VectorRange {
			l.unsupported(e, "teams."+name+" inside a teams range or single body", "team-wide scans must be reached by every member; nest only VectorScan")
			return l.badResults(e)
		}
		l.emit(rs)
		return []*val{{t: rt, e: dst}}
	case "TeamReduce":
		l.expr(args[0])
		x, ok := l.scalar(l.expr(args[1]), args[1])
		op, ok2 := l.teamOp(args[2])
		if !ok || !ok2 || !l.collective(e, name) {
			return l.badResults(e)
		}
		dst := l.temp(x.Type())
		l.emit(&ir.TeamReduce{Dst: dst, Val: x, Op: op})
		return []*val{{t: rt, e: dst}}
	case "TeamScan":
		l.expr(args[0])
		x, ok := l.scalar(l.expr(args[1]), args[1])
		if !ok || !l.collective(e, name) {
			return l.badResults(e)
		}
		p, tot := l.temp(x.Type()), l.temp(x.Type())
		l.emit(&ir.TeamScan{Prefix: p, Total: tot, Val: x})
		tup := rt.(*types.Tuple)
		return []*val{{t: tup.At(0).Type(), e: p}, {t: tup.At(1).Type(), e: tot}}
	case "Broadcast":
		l.expr(args[0])
		v := l.expr(args[1])
		from, ok := l.index(args[2])
		if v.bad || !ok {
			return l.badResults(e)
		}
		if v.e == nil {
			l.unsupported(args[1], "broadcasting "+aValue(v.t), "broadcast numbers and bools one at a time")
			return l.badResults(e)
		}
		if !l.collective(e, name) {
			return l.badResults(e)
		}
		dst := l.temp(v.e.Type())
		l.emit(&ir.Broadcast{Dst: dst, Val: v.e, From: from})
		return []*val{{t: rt, e: dst}}
	case "Single":
		l.expr(args[0])
		lit := l.funcLit(args[1], name)
		if lit == nil || !l.collective(e, name) {
			return nil
		}
		body := l.litBody(lit, litSingle, false, func() {})
		l.emit(&ir.Single{Body: body})
		return nil
	case "TeamScratch", "ThreadScratch":
		l.expr(args[0])
		tv := l.fr.info.Types[args[1]]
		n, ok := l.index(args[2])
		if tv.Value == nil {
			l.unsupported(args[1], "a scratch level that is not a constant", "pass 0 or 1")
			return l.badResults(e)
		}
		level, _ := constInt(tv)
		if level != 0 && level != 1 {
			l.errorf(args[1], "scratch level %d: levels are 0 and 1", level)
			return l.badResults(e)
		}
		if !ok {
			return l.badResults(e)
		}
		elem, ok := l.typeArg(e, name, targs)
		if !ok {
			return l.badResults(e)
		}
		space := ir.Shared
		if level == 1 {
			space = ir.Global
		}
		w := l.k.NewView("scratch", 1, elem, space)
		l.emit(&ir.ScratchAlloc{Dst: w, Level: int(level), PerThread: name == "ThreadScratch", Count: n})
		return []*val{{t: rt, view: w}}
	case "Identity":
		op, ok := l.teamOp(args[0])
		if !ok {
			return l.badResults(e)
		}
		irt, ok := l.typeArg(e, name, targs)
		if !ok {
			return l.badResults(e)
		}
		c := op.Identity(irt)
		if c == nil {
			l.unsupported(e, teamOpName(op)+" on "+goTypeName(irt), "bitwise reductions need integers")
			return l.badResults(e)
		}
		return []*val{{t: rt, e: c}}
	}
	l.unsupported(e, "teams."+name, "see docs/kernel-language.md for the teams API")
	return l.badResults(e)
}

// typeArg returns the IR type of the one type argument of a call to teams.name, or reports.
func (l *lowerer) typeArg(e ast.Node, name string, targs []types.Type) (ir.Type, bool) {
	if len(targs) != 1 {
		l.errorf(e, "internal error: %d type arguments for teams.%s", len(targs), name)
		return ir.Invalid, false
	}
	t, ok := scalarType(targs[0])
	if !ok {
		l.unsupported(e, "teams."+name+" of "+describe(targs[0]), "use a number type")
		return ir.Invalid, false
	}
	return t, true
}

// teamOpNames spell the teams.Op constants, by ir.TeamOp.
var teamOpNames = [...]string{"teams.Op(0)", "teams.Sum", "teams.Prod", "teams.Min", "teams.Max", "teams.BAnd", "teams.BOr"}

// teamOpName spells op as the teams package does, for diagnostics.
func teamOpName(op ir.TeamOp) string {
	if int(op) < len(teamOpNames) {
		return teamOpNames[op]
	}
	return op.String()
}

// collective checks that a team-wide operation is not inside a range or single body.
func (l *lowerer) collective(e ast.Node, name string) bool {
	if len(l.lits) > 0 {
		l.unsupported(e, "teams."+name+" inside a teams range or single body", "team-wide operations must be reached by every member of the team")
		return false
	}
	return true
}

func constInt(tv types.TypeAndValue) (int64, bool) {
	c := constOf(tv.Value, ir.I64)
	return c.Int(), true
}

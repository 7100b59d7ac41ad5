package frontend

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// kernel translates one kernel type. It also returns the functions and methods whose bodies
// the translation lowered (Kernel.Lowered).
func (t *translator) kernel(inst instance) (*ir.Kernel, []*types.Func, []Error) {
	named := inst.named
	k := &ir.Kernel{Name: kernelName(named), Pos: t.posString(inst.decl.pkg, inst.decl.spec.Pos())}
	l := &lowerer{t: t, k: k, site: inst.site}
	declNode := inst.decl.spec.Name
	pkg := named.Obj().Pkg()

	find := func(name string) (*types.Func, []int) {
		obj, index, _ := types.LookupFieldOrMethod(named, true, pkg, name)
		f, _ := obj.(*types.Func)
		return f, index
	}
	run, runIdx := find("Run")
	runTeam, runTeamIdx := find("RunTeam")
	body, bodyIdx := run, runIdx
	switch {
	case run != nil && runTeam != nil:
		l.errorf(declNode, "kernel %s has both Run and RunTeam methods; a kernel has exactly one body method", k.Name)
		return nil, nil, l.errs
	case run == nil && runTeam == nil:
		l.errorf(declNode, "kernel %s has no body method; give it Run(i int), Run(i int, acc *T), Run(i int, acc *T, final bool), RunTeam(m teams.Member) or RunTeam(m teams.Member, acc *T)", k.Name)
		return nil, nil, l.errs
	case runTeam != nil:
		body, bodyIdx = runTeam, runTeamIdx
	}
	sig := body.Signature()
	if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
		// Every index (every team member) runs the body on its own copy of the kernel value,
		// on the host as on devices; with a pointer receiver the type does not satisfy the
		// portable kernel interfaces, and a launch through the pointer would share one value
		// among all of them. Report it and go on, so that the body's problems are reported too.
		var at ast.Node = declNode
		recvName := "k"
		if d, ok := t.funcs[body.Origin()]; ok && d.fn.Recv != nil && len(d.fn.Recv.List) == 1 {
			at = d.fn.Recv.List[0].Type
			if names := d.fn.Recv.List[0].Names; len(names) == 1 && names[0].Name != "_" {
				recvName = names[0].Name
			}
		}
		l.errorf(at, "kernel %s: %s has a pointer receiver; a kernel body needs a value receiver, since every index runs on its own copy of the kernel value: func (%s %s) %s(...)", k.Name, body.Name(), recvName, named.Obj().Name(), body.Name())
	}
	params := sig.Params()
	isInt := func(i int) bool {
		b, ok := params.At(i).Type().(*types.Basic)
		return ok && b.Kind() == types.Int
	}
	isBool := func(i int) bool {
		b, ok := params.At(i).Type().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Bool
	}
	isPtr := func(i int) bool { _, ok := params.At(i).Type().(*types.Pointer); return ok }
	form := abi.Form(0)
	if body == run {
		switch {
		case params.Len() == 1 && isInt(0):
			form = abi.FormRange
		case params.Len() == 2 && isInt(0) && isPtr(1):
			form = abi.FormReduce
		case params.Len() == 3 && isInt(0) && isPtr(1) && isBool(2):
			form = abi.FormScan
		}
	} else {
		switch {
		case params.Len() == 1 && isMember(params.At(0).Type()):
			form = abi.FormTeam
		case params.Len() == 2 && isMember(params.At(0).Type()) && isPtr(1):
			form = abi.FormTeamReduce
		}
	}
	if form == 0 || sig.Results().Len() != 0 {
		l.errorf(declNode, "kernel %s: %s has signature %s; want Run(i int), Run(i int, acc *T), Run(i int, acc *T, final bool), RunTeam(m teams.Member) or RunTeam(m teams.Member, acc *T)", k.Name, body.Name(), types.TypeString(sig, types.RelativeTo(pkg)))
		return nil, nil, l.errs
	}
	k.Form = form

	// Parameters: the flattened fields.
	recv := l.flatten(named, "", nil, declNode)

	// Accumulator.
	var accPlace *place
	if form == abi.FormReduce || form == abi.FormTeamReduce || form == abi.FormScan {
		at := params.At(1).Type().(*types.Pointer).Elem()
		accPlace = l.accumulator(at, form == abi.FormScan, declNode)
		if accPlace == nil {
			// Go on with a placeholder to report the body's problems too.
			accPlace = &place{t: at, bad: true}
		}
	}
	if form == abi.FormRange || form == abi.FormReduce || form == abi.FormScan {
		k.Index = k.NewLocal("i", ir.I64)
	}
	if form == abi.FormScan {
		k.Final = k.NewLocal("final", ir.Bool)
	}

	// Body.
	k.Body = l.method(body, bodyIdx, named, recv, declNode, func(fr *frame, d decl) {
		l.bindSignature(fr, d, accPlace)
	})

	// Custom reduction.
	if form == abi.FormReduce || form == abi.FormTeamReduce {
		initF, initIdx := find("Init")
		joinF, joinIdx := find("Join")
		if initF != nil && joinF != nil && !accPlace.bad && l.isInitJoin(initF, joinF, params.At(1).Type()) {
			k.Init = &ir.Func{Dst: l.accLocals("dst")}
			k.Init.Body = l.method(initF, initIdx, named, recv, declNode, func(fr *frame, d decl) {
				l.bindFuncParams(fr, d, []*place{l.ptrTo(k.Init.Dst, accPlace.t)})
			})
			k.Join = &ir.Func{Dst: l.accLocals("dst"), Src: l.accLocals("src")}
			k.Join.Body = l.method(joinF, joinIdx, named, recv, declNode, func(fr *frame, d decl) {
				src := l.accPlaceOf(k.Join.Src, accPlace.t)
				l.bindFuncParams(fr, d, []*place{l.ptrTo(k.Join.Dst, accPlace.t), src})
			})
		}
		k.ReduceOps = reduceOps(k.Value, k.Init != nil)
	}
	if len(l.errs) == 0 && (l.badSeen || (accPlace != nil && accPlace.bad)) {
		// Every construct the lowering does not handle must be reported where it is.
		l.errorf(declNode, "internal error: translating kernel %s dropped code without a diagnostic", k.Name)
	}
	if len(l.errs) > 0 {
		return nil, nil, l.errs
	}
	analyzeViews(k)
	if err := ir.Verify(k); err != nil {
		l.errorf(declNode, "internal error: translating kernel %s produced invalid IR: %v", k.Name, err)
		return nil, nil, l.errs
	}
	return k, l.lowered, nil
}

// method lowers a method of the kernel type into a block; declNode is the kernel type's name,
// for diagnostics about the method itself.
func (l *lowerer) method(fn *types.Func, index []int, named *types.Named, recv *place, declNode ast.Node, bind func(*frame, decl)) ir.Block {
	origin := fn.Origin()
	l.calls = nil
	d, ok := l.t.funcs[origin]
	if !ok || d.fn.Body == nil {
		l.errorf(declNode, "kernel %s: method %s has no Go body; kernel methods must be written in Go", l.k.Name, fn.Name())
		return nil
	}
	env := map[*types.TypeParam]types.Type{}
	recvNamed := named
	r := l.fieldPlace(recv, index[:len(index)-1], d.fn)
	if r == nil {
		return nil
	}
	if n, ok := types.Unalias(r.t).(*types.Named); ok {
		recvNamed = n
	}
	if tps := origin.Signature().RecvTypeParams(); tps.Len() > 0 && recvNamed.TypeArgs().Len() == tps.Len() {
		for i := 0; i < tps.Len(); i++ {
			env[tps.At(i)] = recvNamed.TypeArgs().At(i)
		}
	}
	fr := &frame{pkg: d.pkg, info: d.pkg.TypesInfo, env: env, vars: map[types.Object]*place{}, fn: origin}
	var b ir.Block
	saved := l.fr
	l.fr = fr
	l.cur = &b
	mut := mutated(d.fn.Body, fr.info)
	if d.fn.Recv != nil && len(d.fn.Recv.List[0].Names) > 0 {
		id := d.fn.Recv.List[0].Names[0]
		if obj := fr.info.Defs[id]; obj != nil && id.Name != "_" {
			p := r
			switch {
			case isPointer(obj.Type()):
				// A pointer receiver (reported by the caller) refers to the kernel value.
				p = &place{t: types.NewPointer(r.t), isPtr: true, ptr: r}
			case mut[obj]:
				// The body changes its copy of the kernel value: give it one.
				p = l.newPlace(id.Name, r.t, id)
				l.store(p, l.load(r), id)
			}
			fr.vars[obj] = p
		}
	}
	bind(fr, d)
	l.lowering(origin)
	l.stack = []*types.Func{origin}
	l.ret = &retCtx{kind: retKernel}
	l.targets = nil
	l.stmts(d.fn.Body.List)
	l.fr = saved
	l.cur = nil
	return b
}

// bindSignature binds the body method's parameters: the index (or member), the accumulator
// pointer and the final flag.
func (l *lowerer) bindSignature(fr *frame, d decl, acc *place) {
	k := l.k
	mut := mutated(d.fn.Body, fr.info)
	var ps []*place
	intT := types.Typ[types.Int]
	if k.Index != nil {
		ps = append(ps, &place{t: intT, local: k.Index})
	} else {
		ps = append(ps, &place{t: d.pkg.TypesInfo.TypeOf(d.fn.Type.Params.List[0].Type), member: true})
	}
	if acc != nil {
		ps = append(ps, &place{t: types.NewPointer(acc.t), isPtr: true, ptr: acc})
	}
	if k.Final != nil {
		ps = append(ps, &place{t: types.Typ[types.Bool], local: k.Final})
	}
	i := 0
	for _, f := range d.fn.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, id := range f.Names {
			obj := fr.info.Defs[id]
			if obj != nil && id.Name != "_" && i < len(ps) {
				p := ps[i]
				if p.local != nil && mut[obj] {
					c := l.newPlace(id.Name, p.t, id)
					l.store(c, l.load(p), id)
					p = c
				}
				fr.vars[obj] = p
			}
			i++
		}
	}
}

// bindFuncParams binds Init's or Join's parameters.
func (l *lowerer) bindFuncParams(fr *frame, d decl, ps []*place) {
	mut := mutated(d.fn.Body, fr.info)
	i := 0
	for _, f := range d.fn.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, id := range f.Names {
			obj := fr.info.Defs[id]
			if obj != nil && id.Name != "_" && i < len(ps) {
				p := ps[i]
				if !p.isPtr && mut[obj] {
					c := l.newPlace(id.Name, p.t, id)
					l.store(c, l.load(p), id)
					p = c
				}
				fr.vars[obj] = p
			}
			i++
		}
	}
}

// isInitJoin reports whether Init and Join have the signatures of a custom reduction over
// *accPtr's element type.
func (l *lowerer) isInitJoin(initF, joinF *types.Func, accPtr types.Type) bool {
	is, js := initF.Signature(), joinF.Signature()
	elem := accPtr.(*types.Pointer).Elem()
	return is.Params().Len() == 1 && types.Identical(is.Params().At(0).Type(), accPtr) && is.Results().Len() == 0 &&
		js.Params().Len() == 2 && types.Identical(js.Params().At(0).Type(), accPtr) &&
		types.Identical(js.Params().At(1).Type(), elem) && js.Results().Len() == 0
}

// flatten makes the parameters for a kernel value of type t and returns its place.
func (l *lowerer) flatten(t types.Type, name string, path []int, n ast.Node) *place {
	k := l.k
	p := &place{t: t}
	if st, ok := scalarType(t); ok {
		p.local = k.NewLocal("k."+name, st)
		k.Params = append(k.Params, &ir.Param{Param: abi.Param{Name: name, Field: append([]int(nil), path...), Kind: kindOf(st)}, Local: p.local})
		return p
	}
	if rank, elem, ok := viewType(t); ok {
		p.view = k.NewView("k."+name, rank, elem, ir.Global)
		kind := abi.KindView1D
		if rank == 2 {
			kind = abi.KindView2D
		}
		k.Params = append(k.Params, &ir.Param{Param: abi.Param{Name: name, Field: append([]int(nil), path...), Kind: kind, Elem: kindOf(elem)}, View: p.view})
		return p
	}
	s := structOf(t)
	if s == nil || isMember(t) {
		l.unsupported(n, fmt.Sprintf("kernel field %s of %s", name, describe(t)), typeHint(t))
		p.bad = true
		return p
	}
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		fname := f.Name()
		if name != "" {
			fname = name + "." + f.Name()
		}
		fn := n
		if decl := l.fieldNode(f); decl != nil {
			fn = decl
		}
		fp := l.flatten(f.Type(), fname, append(path, i), fn)
		p.bad = p.bad || fp.bad
		p.fields = append(p.fields, fp)
	}
	return p
}

// fieldNode finds the syntax of a struct field declaration for diagnostics.
func (l *lowerer) fieldNode(f *types.Var) ast.Node {
	pos := f.Origin().Pos()
	if !pos.IsValid() {
		return nil
	}
	return posNode(pos)
}

// posNode is an ast.Node at a fixed position.
type posNode token.Pos

func (p posNode) Pos() token.Pos { return token.Pos(p) }
func (p posNode) End() token.Pos { return token.Pos(p) }

// accumulator makes the kernel's accumulator locals and place for accumulator type t.
func (l *lowerer) accumulator(t types.Type, scan bool, n ast.Node) *place {
	k := l.k
	if st, ok := scalarType(t); ok {
		if scan && st == ir.Bool {
			l.unsupported(n, "a scan over bool", "scans accumulate numbers")
			return nil
		}
		k.Value = abi.Value{Kind: kindOf(st)}
		k.Acc = []*ir.Local{k.NewLocal("acc", st)}
		return &place{t: t, local: k.Acc[0], acc: true}
	}
	if elem, ok := valLoc(t); ok && !scan {
		k.Value = abi.Value{Kind: kindOf(elem), Loc: true}
		k.Acc = []*ir.Local{k.NewLocal("acc.Val", elem), k.NewLocal("acc.Loc", ir.I64)}
		return l.accPlaceOf(k.Acc, t)
	}
	l.unsupported(n, "an accumulator of "+describe(t), "accumulate a number, a bool, or a portable.ValLoc")
	return nil
}

// accLocals makes fresh locals shaped like the kernel's accumulator.
func (l *lowerer) accLocals(name string) []*ir.Local {
	out := make([]*ir.Local, len(l.k.Acc))
	for i, a := range l.k.Acc {
		out[i] = l.k.NewLocal(name+a.Name[len("acc"):], a.T)
	}
	return out
}

// accPlaceOf returns a place over accumulator-shaped locals.
func (l *lowerer) accPlaceOf(ls []*ir.Local, t types.Type) *place {
	if len(ls) == 1 {
		return &place{t: t, local: ls[0], acc: true}
	}
	s := structOf(t)
	return &place{t: t, acc: true, fields: []*place{
		{t: s.Field(0).Type(), local: ls[0], acc: true},
		{t: s.Field(1).Type(), local: ls[1], acc: true},
	}}
}

func (l *lowerer) ptrTo(ls []*ir.Local, t types.Type) *place {
	return &place{t: types.NewPointer(t), isPtr: true, ptr: l.accPlaceOf(ls, t)}
}

// reduceOps lists the reductions a value type supports.
func reduceOps(v abi.Value, custom bool) []abi.ReduceOp {
	var ops []abi.ReduceOp
	t := ir.TypeOf(v.Kind)
	switch {
	case v.Loc:
		ops = []abi.ReduceOp{abi.OpMinLoc, abi.OpMaxLoc}
	case t == ir.Bool:
		ops = []abi.ReduceOp{abi.OpLAnd, abi.OpLOr}
	case t.IsInt():
		ops = []abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax, abi.OpBAnd, abi.OpBOr}
	case t.IsFloat():
		ops = []abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax}
	}
	if custom {
		ops = append(ops, abi.OpCustom)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i] < ops[j] })
	return ops
}

package frontend

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// place is the storage of a Go variable: a local, a view, the fields of a struct, the static
// target of a pointer, or a team member handle.
type place struct {
	t      types.Type
	local  *ir.Local
	view   *ir.View
	fields []*place
	isPtr  bool
	ptr    *place
	member bool
	bad    bool
	// depth is the function-literal depth at which the variable was declared.
	depth int
	// acc marks the kernel's accumulator (and its fields).
	acc bool
}

// val is a Go value during lowering: a scalar expression, a view, struct fields, a pointer to a
// place, or a member handle.
type val struct {
	t      types.Type
	e      ir.Expr
	view   *ir.View
	fields []*val
	ptr    *place
	member bool
	bad    bool
}

type retKind uint8

const (
	retKernel retKind = iota // Return
	retInline                // assign results, break out of the wrapper
	retTeam                  // continue the team loop
	retSingle                // break out of the single wrapper
)

// retCtx says what a return statement does in the code being lowered.
type retCtx struct {
	kind    retKind
	results []*place
	target  *target // nil when the only return is the last statement
}

type targetKind uint8

const (
	tgFor targetKind = iota
	tgSwitch
	tgFunc // a function boundary: inline wrapper, range body, single body
)

// target is an enclosing statement that break, continue or return may leave.
type target struct {
	kind   targetKind
	label  string
	node   ast.Node
	irLoop bool // occupies a loop level in the IR
	team   *ir.TeamLoop
}

// frame is one function being lowered (the kernel method or an inlined callee).
type frame struct {
	pkg  *packages.Package
	info *types.Info
	env  map[*types.TypeParam]types.Type
	vars map[types.Object]*place
	fn   *types.Func
}

// litKind is the kind of a function literal being lowered.
type litKind uint8

const (
	litThread litKind = iota
	litVector
	litTeamVector
	litSingle
)

type lowerer struct {
	t       *translator
	k       *ir.Kernel
	errs    []Error
	cur     *ir.Block
	fr      *frame
	stack   []*types.Func // functions being inlined, for recursion detection
	calls   []callSite    // the calls being inlined, outermost first
	site    token.Pos     // where the translated package instantiates a kernel type of another package
	targets []*target
	ret     *retCtx
	lits    []litKind
	discard bool // the call being lowered is an expression statement
	// lowered lists the functions and methods whose bodies the kernel's translation lowered
	// (its body, Init and Join methods and every inlined call), in order of first use.
	lowered []*types.Func
	// assigning is set while an assignment statement stores into an existing variable: a
	// pointer there may not change, not even from nil.
	assigning bool
	// badSeen records that a placeholder value was made; see badVal.
	badSeen bool
}

// lowering records that fn's body is being lowered into the kernel.
func (l *lowerer) lowering(fn *types.Func) {
	if !slices.Contains(l.lowered, fn) {
		l.lowered = append(l.lowered, fn)
	}
}

// callSite is a call being inlined.
type callSite struct {
	call ast.Node
	fn   *types.Func
}

func (l *lowerer) pos(n ast.Node) token.Position {
	if n == nil {
		return token.Position{}
	}
	return l.t.fset.Position(n.Pos())
}

// unsupported reports a construct outside the kernel subset: "<construct> is not supported in
// kernels; <hint>".
func (l *lowerer) unsupported(n ast.Node, construct, hint string) {
	l.report(n, fmt.Sprintf("%s is not supported in kernels; %s", construct, hint))
}

// unsupportedPlural is unsupported for a construct named in the plural: "<constructs> are not
// supported in kernels; <hint>".
func (l *lowerer) unsupportedPlural(n ast.Node, constructs, hint string) {
	l.report(n, fmt.Sprintf("%s are not supported in kernels; %s", constructs, hint))
}

// errorf reports another problem.
func (l *lowerer) errorf(n ast.Node, format string, args ...any) {
	l.report(n, fmt.Sprintf(format, args...))
}

// report records a diagnostic at n. A node outside the translated package is reported at the
// innermost inlined call made from the translated package, or, when the code is all in
// another package (a generic kernel type of a library and what it calls), where the package
// instantiates the kernel type; the node's own position becomes the diagnostic's Origin.
func (l *lowerer) report(n ast.Node, msg string) {
	e := Error{Pos: l.pos(n), Msg: msg}
	if n == nil || !n.Pos().IsValid() || l.t.inPackage(n.Pos()) {
		l.errs = append(l.errs, e)
		return
	}
	via := ""
	if len(l.calls) > 0 {
		via = funcName(l.calls[len(l.calls)-1].fn)
	}
	for i := len(l.calls) - 1; i >= 0; i-- {
		c := l.calls[i]
		if !l.t.inPackage(c.call.Pos()) {
			continue
		}
		e.Context = "in call to " + funcName(c.fn)
		if i != len(l.calls)-1 {
			e.Context += " via " + via
		}
		e.Origin, e.Pos = e.Pos, l.pos(c.call)
		l.errs = append(l.errs, e)
		return
	}
	if l.site.IsValid() {
		e.Context = "in kernel " + l.k.Name + " instantiated here"
		if via != "" {
			e.Context += ", via " + via
		}
		e.Origin, e.Pos = e.Pos, l.t.fset.Position(l.site)
	}
	l.errs = append(l.errs, e)
}

// funcName names a function as diagnostics do: pkg.F, or pkg.T.M for a method.
func funcName(fn *types.Func) string {
	fn = fn.Origin()
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

func (l *lowerer) emit(s ir.Stmt) {
	if n := len(*l.cur); n > 0 {
		switch (*l.cur)[n-1].(type) {
		case *ir.Break, *ir.Continue, *ir.Return:
			return // dead code
		}
	}
	*l.cur = append(*l.cur, s)
}

// nested lowers fn into a fresh block and returns it.
func (l *lowerer) nested(fn func()) ir.Block {
	var b ir.Block
	saved := l.cur
	l.cur = &b
	fn()
	l.cur = saved
	return b
}

func (l *lowerer) temp(t ir.Type) *ir.Local { return l.k.NewLocal("", t) }

// typeOf returns e's type with the frame's type parameters substituted.
func (l *lowerer) typeOf(e ast.Expr) types.Type {
	t := l.fr.info.TypeOf(e)
	if t == nil {
		return types.Typ[types.Invalid]
	}
	return l.subst(t)
}

// subst replaces the frame's type parameters in t.
func (l *lowerer) subst(t types.Type) types.Type {
	if len(l.fr.env) == 0 {
		return t
	}
	return substEnv(l.t.ctxt, l.fr.env, t)
}

func substEnv(ctxt *types.Context, env map[*types.TypeParam]types.Type, t types.Type) types.Type {
	switch tt := t.(type) {
	case *types.TypeParam:
		if r, ok := env[tt]; ok {
			return r
		}
	case *types.Alias:
		return substEnv(ctxt, env, types.Unalias(tt))
	case *types.Pointer:
		if e := substEnv(ctxt, env, tt.Elem()); e != tt.Elem() {
			return types.NewPointer(e)
		}
	case *types.Named:
		args := tt.TypeArgs()
		if args.Len() == 0 {
			return t
		}
		changed := false
		list := make([]types.Type, args.Len())
		for i := range list {
			list[i] = substEnv(ctxt, env, args.At(i))
			changed = changed || list[i] != args.At(i)
		}
		if changed {
			if inst, err := types.Instantiate(ctxt, tt.Origin(), list, false); err == nil {
				return inst
			}
		}
	}
	return t
}

// newPlace creates storage for a variable of type t; n is the declaration for diagnostics.
func (l *lowerer) newPlace(name string, t types.Type, n ast.Node) *place {
	p := &place{t: t, depth: len(l.lits)}
	if st, ok := scalarType(t); ok {
		p.local = l.k.NewLocal(name, st)
		return p
	}
	if rank, elem, ok := viewType(t); ok {
		p.view = l.k.NewView(name, rank, elem, ir.Global)
		return p
	}
	if isMember(t) {
		p.member = true
		return p
	}
	if _, ok := t.Underlying().(*types.Pointer); ok {
		p.isPtr = true
		return p
	}
	if s := structOf(t); s != nil {
		for i := 0; i < s.NumFields(); i++ {
			f := s.Field(i)
			fp := l.newPlace(name+"."+f.Name(), f.Type(), n)
			if fp.bad {
				p.bad = true
			}
			p.fields = append(p.fields, fp)
		}
		return p
	}
	l.unsupported(n, "a variable of "+describe(t), typeHint(t))
	p.bad = true
	return p
}

// hasPointer reports whether a variable of type t holds a pointer: t is a pointer type, or a
// struct type (other than a view) with a field that holds one.
func hasPointer(t types.Type) bool {
	if _, ok := scalarType(t); ok {
		return false
	}
	if _, _, ok := viewType(t); ok || isMember(t) {
		return false
	}
	if isPointer(t) {
		return true
	}
	if s := structOf(t); s != nil {
		for i := 0; i < s.NumFields(); i++ {
			if hasPointer(s.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// nilDeref reports a dereference of a pointer that refers to nothing.
func (l *lowerer) nilDeref(n ast.Node) {
	l.unsupported(n, "dereferencing a nil pointer", "a pointer may only refer to the reduction accumulator")
}

// deref returns the place that pointer value v refers to, or nil after reporting (or after
// an earlier report, when v is bad).
func (l *lowerer) deref(v *val, n ast.Node) *place {
	if v.bad {
		return nil
	}
	if v.ptr == nil {
		if isPointer(v.t) {
			l.nilDeref(n)
		} else {
			l.errorf(n, "internal error: dereferencing a value of %s", describe(v.t))
		}
		return nil
	}
	return v.ptr
}

// load returns p's current value.
func (l *lowerer) load(p *place) *val {
	v := &val{t: p.t, bad: p.bad}
	switch {
	case p.local != nil:
		v.e = p.local
	case p.view != nil:
		v.view = p.view
	case p.member:
		v.member = true
	case p.isPtr:
		// A nil pointer is a value like any other; dereferencing it is reported.
		v.ptr = p.ptr
	default:
		for _, f := range p.fields {
			v.fields = append(v.fields, l.load(f))
		}
	}
	return v
}

// store assigns v to p.
func (l *lowerer) store(p *place, v *val, n ast.Node) {
	if p.bad || v == nil || v.bad {
		return
	}
	switch {
	case p.local != nil:
		if v.e == nil {
			l.errorf(n, "internal error: storing a non-scalar value in a scalar variable")
			return
		}
		if v.e != ir.Expr(p.local) {
			l.emit(&ir.Assign{Dst: p.local, Src: l.convertTo(v.e, p.local.T)})
		}
	case p.view != nil:
		if v.view == nil {
			l.errorf(n, "internal error: storing a non-view value in a view variable")
			return
		}
		if v.view != p.view {
			l.emit(&ir.ViewCopy{Dst: p.view, Src: v.view})
		}
	case p.member:
	case p.isPtr:
		if (p.ptr != nil || l.assigning) && p.ptr != v.ptr {
			// A pointer is bound once, where its variable is declared: the device resolves
			// every pointer when the kernel is translated.
			l.unsupported(n, "assigning to a pointer variable", "a pointer may only refer to the reduction accumulator and gets its value where it is declared (p := acc)")
			return
		}
		p.ptr = v.ptr
	default:
		if len(p.fields) > 1 && overlaps(p, v) {
			// p = T{p.b, p.a}: copy the value first so that no field is read after it is
			// written.
			v = l.snapshot(v, n)
		}
		if len(v.fields) != len(p.fields) {
			l.errorf(n, "internal error: struct value with %d fields stored in %d", len(v.fields), len(p.fields))
			return
		}
		for i := range p.fields {
			l.store(p.fields[i], v.fields[i], n)
		}
	}
}

// snapshot copies v into fresh temporaries, so that later assignments do not change it.
func (l *lowerer) snapshot(v *val, n ast.Node) *val {
	if v.bad || v.member || v.ptr != nil {
		return v
	}
	if c, ok := v.e.(*ir.Const); ok {
		return &val{t: v.t, e: c}
	}
	p := l.newPlace("", v.t, n)
	assigning := l.assigning
	l.assigning = false // the copy is a new variable
	l.store(p, v, n)
	l.assigning = assigning
	return l.load(p)
}

// zero returns the zero value of t.
func (l *lowerer) zero(t types.Type, n ast.Node) *val {
	p := l.newPlace("", t, n)
	l.zeroPlace(p)
	return l.load(p)
}

func (l *lowerer) zeroPlace(p *place) {
	switch {
	case p.bad:
	case p.local != nil:
		l.emit(&ir.Assign{Dst: p.local, Src: zeroConst(p.local.T)})
	case p.view != nil:
		for i, c := range p.view.Locals() {
			t := ir.I64
			if i == 0 {
				t = ir.Ptr
			}
			l.emit(&ir.Assign{Dst: c, Src: &ir.Const{T: t}})
		}
	default:
		for _, f := range p.fields {
			l.zeroPlace(f)
		}
	}
}

func zeroConst(t ir.Type) *ir.Const { return &ir.Const{T: t} }

// badVal returns a placeholder after an error. Code that gets a bad value emits nothing for
// it, so a bad value without a diagnostic would drop code silently: kernel checks that one
// was reported.
func (l *lowerer) badVal(t types.Type) *val {
	l.badSeen = true
	return &val{t: t, bad: true, e: ir.IntConst(ir.I64, 0)}
}

// scalar returns v's expression, reporting an error if v is not a scalar.
func (l *lowerer) scalar(v *val, n ast.Node) (ir.Expr, bool) {
	if v.bad {
		return nil, false
	}
	if v.e == nil {
		l.unsupported(n, aValue(v.t)+" here", "an operand must be a number or bool")
		return nil, false
	}
	return v.e, true
}

// convertTo converts e to type t if needed (constants are folded).
func (l *lowerer) convertTo(e ir.Expr, t ir.Type) ir.Expr {
	if e.Type() == t {
		return e
	}
	if c, ok := e.(*ir.Const); ok {
		return foldConvert(c, t)
	}
	return &ir.Convert{To: t, X: e}
}

// depthTo returns the Break/Continue depth of tg.
func (l *lowerer) depthTo(tg *target) int {
	d := 0
	for i := len(l.targets) - 1; i >= 0; i-- {
		if l.targets[i] == tg {
			return d
		}
		if l.targets[i].irLoop {
			d++
		}
	}
	panic("frontend: target not on the stack")
}

// wrapped lowers body inside a one-trip Loop when the returns (or breaks) in it need one,
// pushing tg as the loop's target.
func (l *lowerer) wrapped(tg *target, need bool, body func()) {
	if !need {
		l.targets = append(l.targets, tg)
		body()
		l.targets = l.targets[:len(l.targets)-1]
		return
	}
	tg.irLoop = true
	l.targets = append(l.targets, tg)
	b := l.nested(func() {
		body()
		l.emit(&ir.Break{Depth: 0})
	})
	l.targets = l.targets[:len(l.targets)-1]
	l.emit(&ir.Loop{Body: b})
}

// needsReturnWrapper reports whether body has a return other than as its last statement
// (returns inside function literals belong to the literal).
func needsReturnWrapper(body *ast.BlockStmt) bool {
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		switch x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
		}
		return true
	})
	if n == 0 {
		return false
	}
	if n == 1 && len(body.List) > 0 {
		if _, ok := body.List[len(body.List)-1].(*ast.ReturnStmt); ok {
			return false
		}
	}
	return true
}

// switchNeedsWrapper reports whether a break in a switch body targets the switch.
func switchNeedsWrapper(body *ast.BlockStmt, label string) bool {
	found := false
	var walk func(n ast.Node, inner bool)
	walk = func(n ast.Node, inner bool) {
		ast.Inspect(n, func(x ast.Node) bool {
			if found || x == nil {
				return false
			}
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if x != n {
					walk(x, true)
					return false
				}
			case *ast.BranchStmt:
				if x.Tok == token.BREAK && ((x.Label == nil && !inner) || (x.Label != nil && x.Label.Name == label && label != "")) {
					found = true
				}
			}
			return true
		})
	}
	for _, s := range body.List {
		walk(s, false)
	}
	return found
}

// mutated returns the variables that body may assign to or take the address of.
func mutated(body ast.Node, info *types.Info) map[types.Object]bool {
	m := map[types.Object]bool{}
	root := func(e ast.Expr) {
		for {
			switch x := e.(type) {
			case *ast.ParenExpr:
				e = x.X
				continue
			case *ast.SelectorExpr:
				if sel := info.Selections[x]; sel != nil && sel.Indirect() {
					return // through a pointer: the variable itself is not changed
				}
				e = x.X
				continue
			case *ast.Ident:
				if o := info.ObjectOf(x); o != nil {
					m[o] = true
				}
			}
			return
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				root(lhs)
			}
		case *ast.IncDecStmt:
			root(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				if n.Key != nil {
					root(n.Key)
				}
				if n.Value != nil {
					root(n.Value)
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				root(n.X)
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal {
				if f, ok := sel.Obj().(*types.Func); ok {
					if r := f.Signature().Recv(); r != nil {
						if _, ptr := r.Type().(*types.Pointer); ptr && !sel.Indirect() {
							root(n.X)
						}
					}
				}
			}
		}
		return true
	})
	return m
}

// bindParam makes a place for a parameter from an argument value. Scalars are always copied;
// aggregates are shared with the argument unless the callee changes the parameter.
func (l *lowerer) bindParam(name string, t types.Type, v *val, copyAggregates bool, n ast.Node) *place {
	if v.bad {
		return &place{t: t, bad: true, depth: len(l.lits)}
	}
	switch {
	case v.e != nil:
		p := l.newPlace(name, t, n)
		l.store(p, v, n)
		return p
	case v.member:
		return &place{t: t, member: true, depth: len(l.lits)}
	case v.ptr != nil || isPointer(t):
		return &place{t: t, isPtr: true, ptr: v.ptr, depth: len(l.lits)}
	case v.view != nil:
		if !copyAggregates {
			return &place{t: t, view: v.view, depth: len(l.lits)}
		}
		p := l.newPlace(name, t, n)
		l.store(p, v, n)
		return p
	}
	if copyAggregates {
		p := l.newPlace(name, t, n)
		l.store(p, v, n)
		return p
	}
	p := &place{t: t, depth: len(l.lits)}
	s := structOf(t)
	for i, f := range v.fields {
		ft := f.t
		fname := name
		if s != nil && i < s.NumFields() {
			ft, fname = s.Field(i).Type(), name+"."+s.Field(i).Name()
		}
		p.fields = append(p.fields, l.bindParam(fname, ft, f, false, n))
	}
	return p
}

// overlaps reports whether value v reads any local of place p.
func overlaps(p *place, v *val) bool {
	locals := map[*ir.Local]bool{}
	var collect func(p *place)
	collect = func(p *place) {
		if p.local != nil {
			locals[p.local] = true
		}
		for _, f := range p.fields {
			collect(f)
		}
	}
	collect(p)
	var reads func(v *val) bool
	reads = func(v *val) bool {
		if v.e != nil && exprReads(v.e, locals) {
			return true
		}
		for _, f := range v.fields {
			if reads(f) {
				return true
			}
		}
		return false
	}
	return reads(v)
}

func exprReads(e ir.Expr, locals map[*ir.Local]bool) bool {
	switch e := e.(type) {
	case *ir.Local:
		return locals[e]
	case *ir.Unary:
		return exprReads(e.X, locals)
	case *ir.Binary:
		return exprReads(e.X, locals) || exprReads(e.Y, locals)
	case *ir.Convert:
		return exprReads(e.X, locals)
	case *ir.Select:
		return exprReads(e.Cond, locals) || exprReads(e.X, locals) || exprReads(e.Y, locals)
	case *ir.Call:
		for _, a := range e.Args {
			if exprReads(a, locals) {
				return true
			}
		}
	}
	return false
}

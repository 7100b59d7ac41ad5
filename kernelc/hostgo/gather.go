package hostgo

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// Gathers: a host loop's second fast path, for views read and written at any index.
//
// A view path is a one-dimensional view reached from the receiver by value fields only
// (k.Out.Adj, k.L.F.P), of an element type the visit loops serve. The body's calls of Len, At,
// Set, AtomicLoad, AtomicMin, and for integer elements AtomicAdd, AtomicCompareAndSwap,
// AtomicOr and AtomicExchange, on a view path become len, an index, an assignment and the concrete atomics of
// gokkosimpl over a slice of the whole view taken once per chunk (View1D.Span); other uses of
// the views stay as they are. A call of a helper of the package (a function, or a method with
// a value receiver) that passes a view path, or a struct holding view paths, calls a copy of
// the helper instead (a clone, named gokkosHostLoop<id>Helper<n>), which takes the slices of
// the paths it uses as extra parameters and has its own accesses rewritten the same way, its
// own helper calls too. On the host's cores the views' element access (a bounds check against
// the view's extent, a multiplication by its stride, an atomic method too large to inline)
// costs as much as the cache misses of an irregular loop: WCC's neighbour rounds on R-MAT
// 2^20 on one core took 51-70 ms before the gather path and 41-44 ms with it
// (docs/performance.md).
//
// The chunk takes the fast path when every view path's slice is there (the view is host-
// accessible and contiguous, or empty). An index out of range panics in the slice access, and
// a deferred call then panics again with the views' message for the view of that extent.

// nameGather names the slice of view path n in a loop or a clone.
func nameGather(n int) string { return fmt.Sprintf("gokkosG%d", n) }

// Labels of the gather loops' copies of the body.
const (
	nameNextGather     = "gokkosNextG"
	nameNextGatherSpan = "gokkosNextGS"
)

// gatherPath is a view path of a function: a root variable (the body's receiver, or a bound
// parameter of a clone) and the fields from it to the view.
type gatherPath struct {
	root  types.Object
	chain []string
	elem  string
	slice string // the slice's name in the function
}

func (p gatherPath) key() string {
	return fmt.Sprintf("%p.%s", p.root, strings.Join(p.chain, "."))
}

// expr spells the path from the root's name.
func (p gatherPath) expr(root string) string {
	if len(p.chain) == 0 {
		return root
	}
	return root + "." + strings.Join(p.chain, ".")
}

// gatherUse is a call that a gather loop or clone rewrites: a view method on a path, or a
// helper call.
type gatherUse struct {
	path   int // the view method's path
	method string
	clone  *gatherClone // the helper's clone, or nil
	args   []int        // the caller's path for each of the clone's slices
	inline bool         // the call is a statement: the clone's body replaces it
}

// gatherFunc is a function whose view paths get slices: a loop's body or a clone.
type gatherFunc struct {
	roots map[types.Object]bool
	paths []gatherPath
	byKey map[string]int
	uses  map[token.Pos]gatherUse // by the Lparen of the call
}

func newGatherFunc(roots map[types.Object]bool) *gatherFunc {
	return &gatherFunc{roots: roots, byKey: map[string]int{}, uses: map[token.Pos]gatherUse{}}
}

// add returns the index of path p, adding it.
func (f *gatherFunc) add(p gatherPath) int {
	k := p.key()
	if i, ok := f.byKey[k]; ok {
		return i
	}
	p.slice = nameGather(len(f.paths))
	f.byKey[k] = len(f.paths)
	f.paths = append(f.paths, p)
	return len(f.paths) - 1
}

// gatherClone is a helper's copy that takes slices.
type gatherClone struct {
	name   string
	decl   *ast.FuncDecl
	method bool
	f      *gatherFunc
	params []types.Object // the receiver (for methods) and the parameters
	bound  string         // '1' for each bound operand
	drop   []bool         // operands the rewritten body no longer uses: the clone leaves them out
	// inlinable: the clone has no results, and its body no labels, defers or function
	// literals, and names every operand it keeps: a statement call can take its body in a
	// block (the compiler does not inline a function with a loop of this size).
	inlinable bool
}

// gatherer analyses one host loop's body and the helpers it calls.
type gatherer struct {
	pkg      *packages.Package
	info     *types.Info
	loop     int
	clones   []*gatherClone
	memo     map[string]*gatherClone
	busy     map[*types.Func]bool
	needs    map[string]*types.Package
	universe map[string]bool // predeclared names the clones use
	failed   bool            // a clone's path had no operand at a call: no gather path
}

// findGathers records the body's gathers, and the clones of the helpers it calls. It needs
// a named receiver that the body never changes and a body without labels (the loop holds
// several copies of it).
func (h *hostLoop) findGathers(pkg *packages.Package) {
	if h.recv.obj == nil || h.recv.copied {
		return
	}
	if obj := pkg.Types.Scope().Lookup("len"); obj != nil {
		return // the rewritten Len calls the builtin len
	}
	labelled := false
	ast.Inspect(h.decl.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.LabeledStmt); ok {
			labelled = true
		}
		return true
	})
	if labelled {
		return
	}
	g := &gatherer{pkg: pkg, info: pkg.TypesInfo, loop: h.id, memo: map[string]*gatherClone{},
		busy: map[*types.Func]bool{}, needs: map[string]*types.Package{}, universe: map[string]bool{}}
	f := newGatherFunc(map[types.Object]bool{h.recv.obj: true})
	g.analyze(f, h.decl.Body)
	if g.failed || len(f.uses) == 0 {
		return
	}
	// Worth it only for an access the span loop does not already make a slice access.
	extra := false
	for pos := range f.uses {
		if _, ok := h.spanUses[pos]; !ok {
			extra = true
		}
	}
	if !extra {
		return
	}
	h.gather = f
	h.clones = g.clones
	for n, p := range g.needs {
		h.needs[n] = p
	}
	for n := range g.universe {
		h.universe[n] = true
	}
}

// path returns the path e spells in f (a root variable of f followed by value fields), or
// false.
func (g *gatherer) path(f *gatherFunc, e ast.Expr) (types.Object, []string, bool) {
	var chain []string
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			sel := g.info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal || sel.Indirect() {
				return nil, nil, false
			}
			if _, ptr := g.info.TypeOf(x.X).Underlying().(*types.Pointer); ptr {
				return nil, nil, false
			}
			chain = append([]string{x.Sel.Name}, chain...)
			e = x.X
		case *ast.Ident:
			obj := g.info.Uses[x]
			if obj == nil || !f.roots[obj] {
				return nil, nil, false
			}
			return obj, chain, true
		default:
			return nil, nil, false
		}
	}
}

// gatherMethods are the view methods a gather rewrites; true: integer elements only.
var gatherMethods = map[string]bool{
	"Len": false, "At": false, "Set": false, "AtomicLoad": false, "AtomicMin": false,
	"AtomicAdd": true, "AtomicCompareAndSwap": true, "AtomicOr": true, "AtomicExchange": true,
}

// analyze records f's view accesses and helper calls in body.
func (g *gatherer) analyze(f *gatherFunc, body *ast.BlockStmt) {
	stmt := map[*ast.CallExpr]bool{} // calls that are whole statements
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its accesses stay view calls
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok {
				stmt[call] = true
			}
		case *ast.CallExpr:
			if g.viewCall(f, n, stmt[n]) {
				return true
			}
			g.helperCall(f, n, stmt[n])
		}
		return true
	})
}

// viewCall records call when it is a rewritten view method on a path of f; stmt: the call is
// a statement.
func (g *gatherer) viewCall(f *gatherFunc, call *ast.CallExpr, stmt bool) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := g.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return false
	}
	intOnly, ok := gatherMethods[sel.Sel.Name]
	if !ok || (stmt && (sel.Sel.Name == "At" || sel.Sel.Name == "Len")) {
		return false // an index or len alone is not a statement: the call stays
	}
	elem := viewElem(g.info.TypeOf(sel.X))
	if elem == "" || (intOnly && !integerElems[elem]) {
		return false
	}
	root, chain, ok := g.path(f, sel.X)
	if !ok {
		return false
	}
	i := f.add(gatherPath{root: root, chain: chain, elem: elem})
	f.uses[call.Lparen] = gatherUse{path: i, method: sel.Sel.Name}
	return true
}

// helperCall records call when it calls a helper of the package with a path of f (a view, or
// a struct) as its receiver or an argument, and the helper has a clone.
func (g *gatherer) helperCall(f *gatherFunc, call *ast.CallExpr, stmt bool) {
	var fn *types.Func
	var recv ast.Expr
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fn, _ = g.info.Uses[fun].(*types.Func)
		if fn == nil || fn.Pkg() != g.pkg.Types || fn.Parent() != g.pkg.Types.Scope() {
			return
		}
	case *ast.SelectorExpr:
		s := g.info.Selections[fun]
		if s == nil || s.Kind() != types.MethodVal || s.Indirect() {
			return
		}
		fn, _ = s.Obj().(*types.Func)
		if fn == nil || fn.Pkg() != g.pkg.Types {
			return
		}
		if _, ptr := fn.Signature().Recv().Type().(*types.Pointer); ptr {
			return
		}
		recv = fun.X
	default:
		return
	}
	sig := fn.Signature()
	if sig.Variadic() || sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return
	}
	// Operands: the receiver first (for methods), then the arguments.
	ops := call.Args
	if recv != nil {
		ops = append([]ast.Expr{recv}, call.Args...)
	}
	type bound struct {
		root  types.Object
		chain []string
	}
	binds := make([]*bound, len(ops))
	mask := make([]byte, len(ops))
	any := false
	for i, e := range ops {
		mask[i] = '0'
		t := g.info.TypeOf(e)
		if t == nil {
			continue
		}
		if viewElem(t) == "" {
			if _, ok := t.Underlying().(*types.Struct); !ok {
				continue
			}
		}
		if root, chain, ok := g.path(f, e); ok {
			binds[i] = &bound{root, chain}
			mask[i] = '1'
			any = true
		}
	}
	if !any {
		return
	}
	c := g.clone(fn, recv != nil, string(mask))
	if c == nil {
		return
	}
	// The clone's paths start at its bound parameters; the caller passes its own paths.
	args := make([]int, len(c.f.paths))
	for j, p := range c.f.paths {
		k := -1
		for i, obj := range c.params {
			if obj == p.root {
				k = i
			}
		}
		if k < 0 || binds[k] == nil {
			g.failed = true
			return
		}
		chain := append(append([]string(nil), binds[k].chain...), p.chain...)
		args[j] = f.add(gatherPath{root: binds[k].root, chain: chain, elem: p.elem})
	}
	f.uses[call.Lparen] = gatherUse{clone: c, args: args, inline: stmt && c.inlinable && g.visibleAt(c, call.Lparen)}
}

// visibleAt reports whether every package-level and predeclared name that c's body uses means
// the same at pos, where the body would be inlined: no local declaration there hides it.
func (g *gatherer) visibleAt(c *gatherClone, pos token.Pos) bool {
	scope := g.pkg.Types.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	pkgScope := g.pkg.Types.Scope()
	ok := true
	ast.Inspect(c.decl.Body, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		obj := g.info.Uses[id]
		if obj == nil || obj.Parent() == nil {
			return true
		}
		outer := obj.Parent() == pkgScope || obj.Parent() == types.Universe || obj.Parent().Parent() == pkgScope
		if !outer {
			return true // the body's own local
		}
		if _, there := scope.LookupParent(id.Name, pos); there != nil && there != obj {
			p := there.Parent()
			if p != pkgScope && p != types.Universe && (p == nil || p.Parent() != pkgScope) {
				ok = false // hidden by a local at the call
			}
		}
		return true
	})
	return ok
}

// paramObjs returns the objects of decl's receiver (for methods) and parameters, in order; nil
// for unnamed ones.
func (g *gatherer) paramObjs(decl *ast.FuncDecl, method bool) []types.Object {
	var out []types.Object
	add := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, fld := range fl.List {
			if len(fld.Names) == 0 {
				out = append(out, nil)
			}
			for _, n := range fld.Names {
				out = append(out, g.info.Defs[n])
			}
		}
	}
	if method {
		add(decl.Recv)
	}
	add(decl.Type.Params)
	return out
}

// clone returns the clone of fn whose operands marked '1' in mask are bound, or nil when fn
// gets none.
func (g *gatherer) clone(fn *types.Func, method bool, mask string) *gatherClone {
	key := fn.FullName() + "/" + mask
	if c, ok := g.memo[key]; ok {
		return c
	}
	if g.busy[fn] {
		return nil // recursion (which kernels do not allow; kept for helpers reached otherwise)
	}
	g.memo[key] = nil
	decl, reason := copyableDecl(g.pkg, fn)
	if reason != "" {
		return nil
	}
	params := g.paramObjs(decl, method)
	if len(params) != len(mask) {
		return nil
	}
	roots := map[types.Object]bool{}
	for i, obj := range params {
		if mask[i] == '1' && obj != nil && obj.Name() != "_" {
			roots[obj] = true
		}
	}
	if !g.cloneable(decl, roots) {
		return nil
	}
	g.busy[fn] = true
	f := newGatherFunc(roots)
	g.analyze(f, decl.Body)
	g.busy[fn] = false
	if len(f.uses) == 0 {
		return nil
	}
	c := &gatherClone{name: fmt.Sprintf("%sHelper%d", loopName(g.loop), len(g.clones)), decl: decl, method: method, f: f, params: params, bound: mask}
	c.findDrops()
	c.inlinable = inlinable(decl)
	for i, obj := range params {
		if !c.drop[i] && (obj == nil || obj.Name() == "_") {
			c.inlinable = false
		}
	}
	g.clones = append(g.clones, c) // after the clones it calls, whose drops findDrops used
	// The import names of what the clone keeps: its body, results and remaining parameters.
	keep := []ast.Node{decl.Body}
	if decl.Type.Results != nil {
		keep = append(keep, decl.Type.Results)
	}
	i := 0
	for _, fl := range []*ast.FieldList{decl.Recv, decl.Type.Params} {
		if fl == nil || (fl == decl.Recv && !method) {
			continue
		}
		for _, fld := range fl.List {
			n := max(len(fld.Names), 1)
			for range n {
				if !c.drop[i] {
					keep = append(keep, fld.Type)
				}
				i++
			}
		}
	}
	for _, n := range keep {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if pn, ok := g.info.Uses[id].(*types.PkgName); ok {
					g.needs[pn.Name()] = pn.Imported()
				}
			}
			return true
		})
	}
	g.memo[key] = c
	return c
}

// inlinable reports whether decl's body can replace a statement call of it: decl has no
// results, and the body no labels, gotos, defers, recovers or function literals.
func inlinable(decl *ast.FuncDecl) bool {
	if decl.Type.Results != nil && len(decl.Type.Results.List) > 0 {
		return false
	}
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabeledStmt, *ast.DeferStmt, *ast.FuncLit, *ast.GoStmt:
			ok = false
		case *ast.BranchStmt:
			if n.Tok == token.GOTO || n.Label != nil {
				ok = false
			}
		case *ast.Ident:
			if n.Name == "recover" {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// findDrops marks the bound operands that c's rewritten body no longer names: a view, or a
// struct of views, that it only reads through its slices.
func (c *gatherClone) findDrops() {
	body := cloneNode(c.decl.Body).(*ast.BlockStmt)
	n := 0
	rewriteGathers(c.f, body.List, "gokkosimpl", &n)
	names := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			names[id.Name] = true
		}
		return true
	})
	c.drop = make([]bool, len(c.params))
	for i, obj := range c.params {
		c.drop[i] = c.bound[i] == '1' && (obj == nil || obj.Name() == "_" || !names[obj.Name()])
	}
}

// cloneable reports whether decl can be copied with its roots bound: the roots never change
// (assigned, incremented, address taken, a pointer method called), the body uses no reserved
// name, no cgo and no dot import.
func (g *gatherer) cloneable(decl *ast.FuncDecl, roots map[types.Object]bool) bool {
	ok := true
	changedVars(decl, g.info, func(obj types.Object) {
		if roots[obj] {
			ok = false
		}
	})
	qualified := map[*ast.Ident]bool{}
	ast.Inspect(decl, func(n ast.Node) bool {
		if s, isSel := n.(*ast.SelectorExpr); isSel {
			if x, isID := s.X.(*ast.Ident); isID {
				if _, isPkg := g.info.Uses[x].(*types.PkgName); isPkg {
					qualified[s.Sel] = true
				}
			}
		}
		return true
	})
	ast.Inspect(decl, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		if isReserved(id.Name) || strings.HasPrefix(id.Name, "gokkosG") {
			ok = false
		}
		obj := g.info.Uses[id]
		switch {
		case obj == nil:
		case obj.Parent() == types.Universe:
			g.universe[id.Name] = true
		case isPkgName(obj):
			pn := obj.(*types.PkgName)
			if pn.Imported().Path() == "C" {
				ok = false
			}
			if q, seen := g.needs[pn.Name()]; seen && q != pn.Imported() {
				ok = false
			}
		case obj.Pkg() != nil && obj.Pkg() != g.pkg.Types && obj.Parent() == obj.Pkg().Scope() && !qualified[id]:
			ok = false // a dot import
		}
		return true
	})
	return ok
}

// rewriteGathers turns f's recorded calls in list (a copy of the body) into slice accesses and
// clone calls.
func rewriteGathers(f *gatherFunc, list []ast.Stmt, implQ string, labels *int) {
	astutil.Apply(&ast.BlockStmt{List: list}, nil, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.ExprStmt:
			call, ok := n.X.(*ast.CallExpr)
			if !ok {
				return true
			}
			if u, ok := f.uses[call.Lparen]; ok && u.inline {
				c.Replace(inlineClone(f, u, call, implQ, labels))
				return true
			}
			if u, ok := f.uses[call.Lparen]; ok && u.clone == nil && u.method == "Set" {
				s := &ast.Ident{NamePos: call.Pos(), Name: f.paths[u.path].slice}
				c.Replace(&ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: s, Lbrack: call.Lparen, Index: call.Args[0], Rbrack: call.Rparen}},
					TokPos: call.Lparen, Tok: token.ASSIGN, Rhs: []ast.Expr{call.Args[1]}})
			}
		case *ast.CallExpr:
			u, ok := f.uses[n.Lparen]
			if !ok {
				return true
			}
			if u.clone != nil {
				ops := n.Args
				if u.clone.method {
					ops = append([]ast.Expr{ast.Unparen(n.Fun).(*ast.SelectorExpr).X}, ops...)
				}
				var args []ast.Expr
				for i, e := range ops {
					if !u.clone.drop[i] {
						args = append(args, e)
					}
				}
				for _, p := range u.args {
					args = append(args, ast.NewIdent(f.paths[p].slice))
				}
				c.Replace(&ast.CallExpr{Fun: &ast.Ident{NamePos: n.Fun.Pos(), Name: u.clone.name}, Lparen: n.Lparen, Args: args, Rparen: n.Rparen})
				return true
			}
			p := f.paths[u.path]
			s := &ast.Ident{NamePos: n.Pos(), Name: p.slice}
			elemPtr := func() ast.Expr {
				return &ast.UnaryExpr{OpPos: n.Lparen, Op: token.AND, X: &ast.IndexExpr{X: s, Lbrack: n.Lparen, Index: n.Args[0], Rbrack: n.Rparen}}
			}
			impl := func(name string, args ...ast.Expr) ast.Expr {
				return &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: n.Pos(), Name: implQ}, Sel: ast.NewIdent(name + visitElems[p.elem])}, Lparen: n.Lparen, Args: args, Rparen: n.Rparen}
			}
			switch u.method {
			case "Len":
				c.Replace(&ast.CallExpr{Fun: &ast.Ident{NamePos: n.Pos(), Name: "len"}, Lparen: n.Lparen, Args: []ast.Expr{s}, Rparen: n.Rparen})
			case "At":
				c.Replace(&ast.IndexExpr{X: s, Lbrack: n.Lparen, Index: n.Args[0], Rbrack: n.Rparen})
			case "AtomicLoad":
				c.Replace(impl("AtomicLoad", elemPtr()))
			case "AtomicMin", "AtomicAdd", "AtomicOr", "AtomicExchange":
				c.Replace(impl(u.method, elemPtr(), n.Args[1]))
			case "AtomicCompareAndSwap":
				c.Replace(impl("AtomicCompareAndSwap", elemPtr(), n.Args[1], n.Args[2]))
			}
		}
		return true
	})
}

// inlineClone returns the block that replaces the statement call, already rewritten to call
// clone u.clone with its kept operands and then its slices: the clone's body, rewritten, after
// a declaration of its kept parameters and its slices from those arguments, each return a goto
// to a label after the block.
func inlineClone(f *gatherFunc, u gatherUse, call *ast.CallExpr, implQ string, labels *int) ast.Stmt {
	c := u.clone
	body := cloneNode(c.decl.Body).(*ast.BlockStmt)
	rewriteGathers(c.f, body.List, implQ, labels)
	var names []ast.Expr
	for i, obj := range c.params {
		if !c.drop[i] {
			names = append(names, ast.NewIdent(obj.Name()))
		}
	}
	for _, p := range c.f.paths {
		names = append(names, ast.NewIdent(p.slice))
	}
	list := body.List
	if n := len(list); n > 0 {
		if _, ok := list[n-1].(*ast.ReturnStmt); ok {
			list = list[:n-1]
		}
	}
	*labels++
	label := fmt.Sprintf("gokkosRet%d", *labels)
	jumps := false
	inner := &ast.BlockStmt{Lbrace: call.Lparen, List: list, Rbrace: call.Rparen}
	astutil.Apply(inner, func(cur *astutil.Cursor) bool {
		if r, ok := cur.Node().(*ast.ReturnStmt); ok {
			cur.Replace(&ast.BranchStmt{TokPos: r.Return, Tok: token.GOTO, Label: ast.NewIdent(label)})
			jumps = true
		}
		return true
	}, nil)
	if len(names) > 0 {
		blanks := make([]ast.Expr, len(names))
		for i := range blanks {
			blanks[i] = ast.NewIdent("_")
		}
		decl := []ast.Stmt{
			&ast.AssignStmt{Lhs: names, TokPos: call.Lparen, Tok: token.DEFINE, Rhs: call.Args},
			&ast.AssignStmt{Lhs: blanks, TokPos: call.Lparen, Tok: token.ASSIGN, Rhs: names},
		}
		inner.List = append(decl, inner.List...)
	}
	if !jumps {
		return inner
	}
	return &ast.BlockStmt{Lbrace: call.Lparen, List: []ast.Stmt{inner, &ast.LabeledStmt{Label: ast.NewIdent(label), Stmt: &ast.EmptyStmt{Implicit: true}}}, Rbrace: call.Rparen}
}

// emitGatherSlices writes the slices of f's paths, rooted at the variable named root, and
// the condition under which all are there.
func emitGatherSlices(b *bytes.Buffer, f *gatherFunc, root string) string {
	var cond []string
	for _, p := range f.paths {
		e := p.expr(root)
		fmt.Fprintf(b, "%s := %s.Span(0, %s.Len())\n", p.slice, e, e)
		cond = append(cond, fmt.Sprintf("(%s != nil || %s.Len() == 0)", p.slice, e))
	}
	return strings.Join(cond, " && ")
}

// emitGatherRepanic writes the deferred call that gives an index out of range on the gather
// path the message of the view it indexed (gokkosimpl.RepanicIndex).
func emitGatherRepanic(b *bytes.Buffer, f *gatherFunc, root, implQ string) {
	var views []string
	for _, p := range f.paths {
		views = append(views, p.expr(root))
	}
	fmt.Fprintf(b, "defer func() {\nif %s := recover(); %s != nil {\n%s.RepanicIndex(%s, %s)\n}\n}()\n",
		nameRecovered, nameRecovered, implQ, nameRecovered, strings.Join(views, ", "))
}

// nameRecovered is the recovered value in the gather path's deferred call.
const nameRecovered = "gokkosR"

// stripPos returns a copy of e without positions.
func stripPos(e ast.Expr) ast.Expr {
	c := cloneNode(e).(ast.Expr)
	ast.Inspect(c, func(n ast.Node) bool {
		v := reflect.ValueOf(n)
		if !v.IsValid() || v.Kind() != reflect.Pointer || v.IsNil() {
			return true
		}
		v = v.Elem()
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.Type() == reflect.TypeFor[token.Pos]() && f.CanSet() {
				f.SetInt(0)
			}
		}
		return true
	})
	return c
}

// emitClone writes clone c: the helper's declaration as a function with the receiver first
// and the slices of its paths last, its body rewritten.
func (c *gatherClone) emit(b *bytes.Buffer, cfg printer.Config, fset *token.FileSet, genFile, implQ string) error {
	d := cloneNode(c.decl).(*ast.FuncDecl)
	ft := d.Type
	// One field per operand, the dropped ones left out.
	var fields []*ast.Field
	if c.method {
		fields = append(fields, d.Recv.List[0])
	}
	if ft.Params != nil {
		fields = append(fields, ft.Params.List...)
	}
	// The signature without positions (no //line directive between the doc comment and the
	// declaration), the body with them.
	plain := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	typeText := func(e ast.Expr) (string, error) {
		var t bytes.Buffer
		err := plain.Fprint(&t, token.NewFileSet(), stripPos(e))
		return t.String(), err
	}
	var params []string
	i := 0
	for _, fld := range fields {
		names := fld.Names
		if len(names) == 0 {
			names = []*ast.Ident{ast.NewIdent("_")}
		}
		t, err := typeText(fld.Type)
		if err != nil {
			return err
		}
		for _, n := range names {
			if !c.drop[i] {
				params = append(params, n.Name+" "+t)
			}
			i++
		}
	}
	for _, p := range c.f.paths {
		params = append(params, p.slice+" []"+p.elem)
	}
	results := ""
	if ft.Results != nil && len(ft.Results.List) > 0 {
		var rs []string
		for _, fld := range ft.Results.List {
			t, err := typeText(fld.Type)
			if err != nil {
				return err
			}
			if len(fld.Names) == 0 {
				rs = append(rs, t)
			}
			for _, n := range fld.Names {
				rs = append(rs, n.Name+" "+t)
			}
		}
		results = " (" + strings.Join(rs, ", ") + ")"
	}
	labels := 0
	rewriteGathers(c.f, d.Body.List, implQ, &labels)
	fmt.Fprintf(b, "// %s is %s with slices for its views (a host loop's gather path).\n", c.name, c.decl.Name.Name)
	fmt.Fprintf(b, "func %s(%s)%s {\n", c.name, strings.Join(params, ", "), results)
	if err := writeBody(b, cfg, fset, d.Body.List); err != nil {
		return err
	}
	fmt.Fprintf(b, "\n}\n//line %s:1\n\n", genFile)
	return nil
}

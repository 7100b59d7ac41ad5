package hostgo

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/gokkos/gokkos/kernelc/frontend"
)

// A visit loop is the Visit method of an edge operator (the frontier template's EdgeOp: a
// method Visit(u, v int32, e int64) bool) inlined into a loop over spans of vertices'
// adjacencies, for host push steps (gokkosimpl.RegisterHostVisit). The operator's
// one-dimensional view fields are taken as slices once per call, which a step amortizes over
// the many vertices of a call; in the body, Len, At and Set of such a field become len,
// an index and an assignment, and AtomicLoad, AtomicMin, and for integer elements
// AtomicCompareAndSwap, AtomicOr and AtomicExchange, become the concrete atomics of gokkosimpl, which the
// compiler inlines: on the host the template would otherwise make a dynamic call per edge,
// and Visit a call per view atomic (generic methods are too large to inline). Other uses of
// the views stay as they are. An operator gets a visit loop when it is a non-generic type of
// the package named as a type argument of a kernel the package translates.
//
// An access whose index is int(u), u being the source vertex that Visit never changes, reads
// the same element at every edge: the loop takes that element's address once per span and
// accesses it through the pointer, sparing each edge the index's bounds check and address
// arithmetic (the access itself, an atomic one in particular, still happens at every edge).
// When u is outside such a field's slice (a field that the body reads only on another branch,
// an empty view) the pointer is nil, and an access through it panics as a nil dereference
// where Visit would panic with an index out of range. Likewise an access whose index is
// int(e), e being the edge index that Visit never changes (an edge weight), goes to the field
// sliced once per span to the span's edges, at the edge's position in the span: no index
// arithmetic per edge, and the same panic where the field ends before the span does.
type visitLoop struct {
	id     int // names the function: gokkosHostLoop<id>, after the kernels' ids
	named  *types.Named
	decl   *ast.FuncDecl
	needs  map[string]*types.Package
	recv   string            // the receiver's name in Visit
	fields []visitField      // the view fields the body accesses, by first use
	uses   map[ast.Node]int  // rewritten calls: index into fields
	atU    map[ast.Node]bool // the rewritten calls whose index is int(u), u unchanged
	ptrs   []bool            // by field: whether the loop takes the address of its element u
	atE    map[ast.Node]bool // the rewritten calls whose index is int(e), e unchanged
	spans  []bool            // by field: whether the loop slices it to the span's edges
	params [3]string         // u, v, e as Visit names them ("" when unnamed)
	info   *types.Info
}

// visitField is a view field of the operator that the visit loop takes as a slice.
type visitField struct {
	name string // the field's name
	elem string // its element type: int32, uint32, int64, uint64, float32 or float64
}

// Element types the visit loop's atomics serve, by their gokkosimpl names.
var visitElems = map[string]string{
	"int32": "Int32", "uint32": "Uint32", "int64": "Int64", "uint64": "Uint64",
	"float32": "Float32", "float64": "Float64",
}

// selectVisitLoops finds the edge operators of the package that get a visit loop; ids start
// at first.
func selectVisitLoops(res *frontend.Result, first int) []*visitLoop {
	pkg := res.Package
	seen := map[*types.TypeName]bool{}
	var out []*visitLoop
	for _, k := range res.Kernels {
		named, ok := types.Unalias(k.Type).(*types.Named)
		if !ok {
			continue
		}
		args := named.TypeArgs()
		for i := 0; i < args.Len(); i++ {
			op, ok := types.Unalias(args.At(i)).(*types.Named)
			if !ok || op.Obj().Pkg() != pkg.Types || op.TypeParams().Len() > 0 || seen[op.Obj()] {
				continue
			}
			seen[op.Obj()] = true
			if v := analyzeVisit(pkg, op, first+len(out)); v != nil {
				out = append(out, v)
			}
		}
	}
	return out
}

// analyzeVisit returns the visit loop of operator op, or nil when it gets none.
func analyzeVisit(pkg *packages.Package, op *types.Named, id int) *visitLoop {
	var method *types.Func
	for i := 0; i < op.NumMethods(); i++ {
		if m := op.Method(i); m.Name() == "Visit" {
			method = m
		}
	}
	if method == nil {
		return nil
	}
	sig := method.Signature()
	i32, i64 := types.Typ[types.Int32], types.Typ[types.Int64]
	if sig.Params().Len() != 3 || sig.Results().Len() != 1 ||
		!types.Identical(sig.Params().At(0).Type(), i32) || !types.Identical(sig.Params().At(1).Type(), i32) ||
		!types.Identical(sig.Params().At(2).Type(), i64) || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return nil
	}
	if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
		return nil
	}
	h := &visitLoop{id: id, named: op, uses: map[ast.Node]int{}, info: pkg.TypesInfo}
	var reason string
	if h.decl, reason = copyableDecl(pkg, method); reason != "" {
		return nil
	}
	if names := h.decl.Recv.List[0].Names; len(names) > 0 && names[0].Name != "_" {
		h.recv = names[0].Name
	}
	n := 0
	for _, f := range h.decl.Type.Params.List {
		if len(f.Names) == 0 {
			n++
		}
		for _, id := range f.Names {
			if id.Name != "_" {
				h.params[n] = id.Name
			}
			n++
		}
	}
	if !h.scan(pkg) {
		return nil
	}
	return h
}

// scan checks that the body can be inlined (no function literals or defers, no reserved
// names, the receiver never changed) and finds the view accesses it rewrites.
func (h *visitLoop) scan(pkg *packages.Package) bool {
	info := pkg.TypesInfo
	var recvObj types.Object
	if h.recv != "" {
		recvObj = info.Defs[h.decl.Recv.List[0].Names[0]]
	}
	h.needs = map[string]*types.Package{}
	h.atU, h.atE = map[ast.Node]bool{}, map[ast.Node]bool{}
	uObj, eObj := h.paramObj(0), h.paramObj(2)
	ok := true
	changedVars(h.decl.Body, info, func(obj types.Object) {
		if recvObj != nil && obj == recvObj {
			ok = false
		}
		if obj == uObj {
			uObj = nil // changed: its accesses keep their index
		}
		if obj == eObj {
			eObj = nil
		}
	})
	fieldIndex := map[string]int{}
	ast.Inspect(h.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt, *ast.LabeledStmt:
			ok = false
		case *ast.Ident:
			if isReserved(n.Name) || visitNames[n.Name] || strings.HasPrefix(n.Name, "gokkosS") || strings.HasPrefix(n.Name, "gokkosP") || strings.HasPrefix(n.Name, "gokkosQ") {
				ok = false
			}
			if pn, isPkg := info.Uses[n].(*types.PkgName); isPkg {
				h.needs[pn.Name()] = pn.Imported()
			}
		case *ast.CallExpr:
			// recv.F.M(args) with F a View1D field of a supported element type.
			sel, isSel := n.Fun.(*ast.SelectorExpr)
			if !isSel || recvObj == nil {
				return true
			}
			fsel, isSel := sel.X.(*ast.SelectorExpr)
			if !isSel {
				return true
			}
			if id, isID := fsel.X.(*ast.Ident); !isID || info.Uses[id] != recvObj {
				return true
			}
			elem := viewElem(info.TypeOf(fsel))
			if elem == "" {
				return true
			}
			switch sel.Sel.Name {
			case "Len", "At", "Set", "AtomicLoad", "AtomicMin":
			case "AtomicCompareAndSwap", "AtomicOr", "AtomicExchange":
				// Integer elements only: a float compare-and-swap compares bits, and the
				// views refuse bitwise atomics on floats at run time.
				if !integerElems[elem] {
					return true
				}
			default:
				return true
			}
			i, seen := fieldIndex[fsel.Sel.Name]
			if !seen {
				i = len(h.fields)
				fieldIndex[fsel.Sel.Name] = i
				h.fields = append(h.fields, visitField{name: fsel.Sel.Name, elem: elem})
			}
			h.uses[n] = i
			if uObj != nil && sel.Sel.Name != "Len" && len(n.Args) > 0 && isIntOf(n.Args[0], uObj, info) {
				h.atU[n] = true
				for len(h.ptrs) <= i {
					h.ptrs = append(h.ptrs, false)
				}
				h.ptrs[i] = true
			} else if eObj != nil && sel.Sel.Name != "Len" && len(n.Args) > 0 && isIntOf(n.Args[0], eObj, info) {
				h.atE[n] = true
				for len(h.spans) <= i {
					h.spans = append(h.spans, false)
				}
				h.spans[i] = true
			}
		}
		return true
	})
	return ok
}

// visitNames are the names a visit loop declares besides its slices and pointers (gokkosS<i>,
// gokkosP<i>, gokkosQ<i>); a Visit body that mentions one gets no loop.
var visitNames = map[string]bool{
	"gokkosOp": true, "gokkosSpans": true, "gokkosAll": true, "gokkosHits": true, "gokkosN": true,
	"gokkosSp": true, "gokkosU": true, "gokkosE": true, "gokkosAdj": true, "gokkosV": true,
	nameNextCovered: true,
}

// paramObj returns the object of Visit's parameter i (0 u, 1 v, 2 e), or nil when it is
// unnamed.
func (h *visitLoop) paramObj(i int) types.Object {
	n := 0
	for _, f := range h.decl.Type.Params.List {
		if len(f.Names) == 0 {
			n++
			continue
		}
		for _, id := range f.Names {
			if n == i && id.Name != "_" {
				return h.info.Defs[id]
			}
			n++
		}
	}
	return nil
}

// isIntOf reports whether e is the conversion int(x) of the variable obj.
func isIntOf(e ast.Expr, obj types.Object, info *types.Info) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if tv, ok := info.Types[call.Fun]; !ok || !tv.IsType() || !types.Identical(tv.Type, types.Typ[types.Int]) {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && info.Uses[id] == obj
}

// ptrName is the name of the pointer to field i's element u in the loop.
func ptrName(i int) string { return fmt.Sprintf("gokkosP%d", i) }

// spanSliceName is the name of field i sliced to the span's edges in the loop.
func spanSliceName(i int) string { return fmt.Sprintf("gokkosQ%d", i) }

// slicesSpan reports whether the loop slices field i to the span's edges.
func (h *visitLoop) slicesSpan(i int) bool { return i < len(h.spans) && h.spans[i] }

// takesPtr reports whether the loop takes the address of field i's element u.
func (h *visitLoop) takesPtr(i int) bool { return i < len(h.ptrs) && h.ptrs[i] }

// integerElems are the element types of the visit loop's integer-only atomics.
var integerElems = map[string]bool{"int32": true, "uint32": true, "int64": true, "uint64": true}

// viewElem returns the element type of t when t is views.View1D of an element type the visit
// loop serves, and "" otherwise.
func viewElem(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "github.com/gokkos/gokkos/views" || n.Obj().Name() != "View1D" || n.TypeArgs().Len() != 1 {
		return ""
	}
	b, ok := n.TypeArgs().At(0).(*types.Basic)
	if !ok {
		return ""
	}
	if _, ok := visitElems[b.Name()]; !ok {
		return ""
	}
	return b.Name()
}

// sliceName is the name of field i's slice in the loop.
func sliceName(i int) string { return fmt.Sprintf("gokkosS%d", i) }

// accepts reports whether the loop's import names fit the generated file's (name → path) and
// records them.
func (h *visitLoop) accepts(names map[string]string) bool {
	for n, p := range h.needs {
		if q, ok := names[n]; ok && q != p.Path() {
			return false
		}
	}
	for n, p := range h.needs {
		names[n] = p.Path()
	}
	return true
}

// emit writes the loop function and its span function. The loop takes the views as slices
// once and calls the span function per span with the slices as arguments: the edge loop then
// keeps its values in registers, where one function holding both loops spilled them.
func (h *visitLoop) emit(b *bytes.Buffer, im *imports, implQ string, fset *token.FileSet, genFile string) error {
	opType, err := im.typeExpr(h.named)
	if err != nil {
		return err
	}
	recv := h.recv
	if recv == "" {
		recv = "_"
	}
	name := loopName(h.id)
	var args, params strings.Builder
	for i, f := range h.fields {
		fmt.Fprintf(&args, ", %s", sliceName(i))
		fmt.Fprintf(&params, ", %s []%s", sliceName(i), f.elem)
	}
	fmt.Fprintf(b, "// %s runs %s.Visit over spans of vertices' edges (see %s.RegisterHostVisit).\n", name, opType, implQ)
	fmt.Fprintf(b, "func %s(gokkosOp *%s, gokkosSpans []%s.VisitSpan, gokkosAll []int32, gokkosHits []int32) int {\n", name, opType, implQ)
	for i, f := range h.fields {
		fmt.Fprintf(b, "%s := gokkosOp.%s.Span(0, gokkosOp.%s.Len())\n", sliceName(i), f.name, f.name)
		fmt.Fprintf(b, "if %s == nil && gokkosOp.%s.Len() > 0 {\nreturn -1\n}\n", sliceName(i), f.name)
	}
	b.WriteString("gokkosN := 0\n")
	b.WriteString("for _, gokkosSp := range gokkosSpans {\n")
	fmt.Fprintf(b, "gokkosN = %sSpan(gokkosOp%s, gokkosSp.U, gokkosAll[gokkosSp.Begin:gokkosSp.End], gokkosSp.Begin, gokkosHits, gokkosN)\n}\nreturn gokkosN\n}\n\n", name, args.String())

	body := h.loopBody(implQ, nameNext)
	fmt.Fprintf(b, "// %sSpan is %s for the span of edges gokkosAdj, indices from gokkosE, of vertex\n// gokkosU: it writes its targets to gokkosHits from gokkosN on and returns the new count.\n//\n//go:noinline\n", name, name)
	fmt.Fprintf(b, "func %sSpan(gokkosOp *%s%s, gokkosU int32, gokkosAdj []int32, gokkosE int64, gokkosHits []int32, gokkosN int) int {\n", name, opType, params.String())
	if recv != "_" && mentions(body, recv) {
		fmt.Fprintf(b, "%s := *gokkosOp\n_ = %s\n", recv, recv)
	}
	for i := range h.fields {
		if h.takesPtr(i) {
			fmt.Fprintf(b, "var %s *%s\n", ptrName(i), h.fields[i].elem)
			fmt.Fprintf(b, "if gokkosU >= 0 && int(gokkosU) < len(%s) {\n%s = &%s[int(gokkosU)]\n}\n", sliceName(i), ptrName(i), sliceName(i))
		}
	}
	var cover []string // the fields sliced to the span
	for i := range h.fields {
		if h.slicesSpan(i) {
			q, f := spanSliceName(i), sliceName(i)
			cover = append(cover, q)
			fmt.Fprintf(b, "var %s []%s\n", q, h.fields[i].elem)
			fmt.Fprintf(b, "if gokkosE >= 0 && gokkosE <= int64(len(%s)) {\n%s = %s[gokkosE:min(gokkosE+int64(len(gokkosAdj)), int64(len(%s)))]\n}\n", f, q, f, f)
		}
	}
	cfg := printer.Config{Mode: printer.SourcePos | printer.UseSpaces | printer.TabIndent, Tabwidth: 8, Indent: 2}
	// Where every field sliced to the span covers it, a copy of the loop runs with those slices
	// cut to the adjacency's length, which lets the compiler drop their bounds checks.
	if len(cover) > 0 {
		b.WriteString("if ")
		for j, q := range cover {
			if j > 0 {
				b.WriteString(" && ")
			}
			fmt.Fprintf(b, "len(%s) == len(gokkosAdj)", q)
		}
		b.WriteString(" {\n")
		for _, q := range cover {
			fmt.Fprintf(b, "%s = %s[:len(gokkosAdj)]\n", q, q)
		}
		if err := h.writeEdgeLoop(b, cfg, fset, nameNextCovered, h.loopBody(implQ, nameNextCovered)); err != nil {
			return err
		}
		fmt.Fprintf(b, "//line %s:1\nreturn gokkosN\n}\n", genFile)
	}
	if err := h.writeEdgeLoop(b, cfg, fset, nameNext, body); err != nil {
		return err
	}
	fmt.Fprintf(b, "//line %s:1\nreturn gokkosN\n}\n\n", genFile)
	return nil
}

// nameNextCovered labels the edge loop of a span that every field sliced to the span covers.
const nameNextCovered = "gokkosNextCovered"

// writeEdgeLoop writes the loop over a span's edges, labelled label, with body, whose continue
// statements name that label.
func (h *visitLoop) writeEdgeLoop(b *bytes.Buffer, cfg printer.Config, fset *token.FileSet, label string, body []ast.Stmt) error {
	fmt.Fprintf(b, "%s:\n", label)
	b.WriteString("for gokkosJ, gokkosV := range gokkosAdj {\n")
	for i, src := range []string{"gokkosU", "gokkosV", "gokkosE + int64(gokkosJ)"} {
		if p := h.params[i]; p != "" {
			fmt.Fprintf(b, "%s := %s\n_ = %s\n", p, src, p)
		}
	}
	if h.params[2] == "" {
		b.WriteString("_ = gokkosJ\n")
	}
	if err := writeBody(b, cfg, fset, body); err != nil {
		return err
	}
	b.WriteString("\n}\n")
	return nil
}

// mentions reports whether the statements mention the identifier name.
func mentions(stmts []ast.Stmt, name string) bool {
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				found = true
			}
			return !found
		})
	}
	return found
}

// loopBody returns Visit's body, copied, with the view accesses rewritten and every return r
// turned into "if r { record v }; continue".
func (h *visitLoop) loopBody(implQ, label string) []ast.Stmt {
	// The rewrites are keyed by the original nodes: rewrite a copy made after marking them.
	marks := map[ast.Node]int{}
	for n, i := range h.uses {
		marks[n] = i
		if h.atU[n] {
			marks[n] = i | atUMark
		}
		if h.atE[n] {
			marks[n] = i | atEMark
		}
	}
	c0, clonedUses := cloneWithMap(h.decl.Body, marks)
	body := c0.(*ast.BlockStmt)
	astutil.Apply(body, nil, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			i, ok := clonedUses[n]
			if !ok {
				return true
			}
			atU, atE := i&atUMark != 0, i&atEMark != 0
			i &^= atUMark | atEMark
			f := h.fields[i]
			s := ast.NewIdent(sliceName(i))
			method := n.Fun.(*ast.SelectorExpr).Sel.Name
			idx := func() ast.Expr {
				if len(n.Args) > 0 {
					return n.Args[0]
				}
				return nil
			}
			if atE {
				s = ast.NewIdent(spanSliceName(i))
				idx = func() ast.Expr { return ast.NewIdent(nameJ) }
			}
			elemPtr := func() ast.Expr {
				if atU {
					return ast.NewIdent(ptrName(i))
				}
				return &ast.UnaryExpr{Op: token.AND, X: &ast.IndexExpr{X: s, Index: idx()}}
			}
			impl := func(name string) ast.Expr {
				return &ast.SelectorExpr{X: ast.NewIdent(implQ), Sel: ast.NewIdent(name + visitElems[f.elem])}
			}
			switch method {
			case "Len":
				c.Replace(&ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{s}})
			case "At":
				if atU {
					c.Replace(&ast.StarExpr{X: ast.NewIdent(ptrName(i))})
				} else {
					c.Replace(&ast.IndexExpr{X: s, Index: idx()})
				}
			case "AtomicLoad":
				c.Replace(&ast.CallExpr{Fun: impl("AtomicLoad"), Args: []ast.Expr{elemPtr()}})
			case "AtomicMin":
				c.Replace(&ast.CallExpr{Fun: impl("AtomicMin"), Args: []ast.Expr{elemPtr(), n.Args[1]}})
			case "AtomicOr", "AtomicExchange":
				c.Replace(&ast.CallExpr{Fun: impl(method), Args: []ast.Expr{elemPtr(), n.Args[1]}})
			case "AtomicCompareAndSwap":
				c.Replace(&ast.CallExpr{Fun: impl("AtomicCompareAndSwap"), Args: []ast.Expr{elemPtr(), n.Args[1], n.Args[2]}})
			}
		case *ast.ExprStmt:
			// A view's Set is a statement (it returns nothing): an assignment to the element.
			call, ok := n.X.(*ast.CallExpr)
			if !ok {
				return true
			}
			i, ok := clonedUses[call]
			if !ok || call.Fun.(*ast.SelectorExpr).Sel.Name != "Set" {
				return true
			}
			f := i &^ (atUMark | atEMark)
			var lhs ast.Expr = &ast.IndexExpr{X: ast.NewIdent(sliceName(f)), Index: call.Args[0]}
			switch {
			case i&atUMark != 0:
				lhs = &ast.StarExpr{X: ast.NewIdent(ptrName(f))}
			case i&atEMark != 0:
				lhs = &ast.IndexExpr{X: ast.NewIdent(spanSliceName(f)), Index: ast.NewIdent(nameJ)}
			}
			c.Replace(&ast.AssignStmt{Lhs: []ast.Expr{lhs}, TokPos: call.Pos(), Tok: token.ASSIGN, Rhs: []ast.Expr{call.Args[1]}})
		case *ast.ReturnStmt:
			rec := &ast.BlockStmt{List: []ast.Stmt{
				// The target is read again rather than kept: gokkosV live across the body
				// costs most edges a spill, read again it costs the improving ones a load.
				&ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: ast.NewIdent("gokkosHits"), Index: ast.NewIdent("gokkosN")}}, Tok: token.ASSIGN,
					Rhs: []ast.Expr{&ast.IndexExpr{X: ast.NewIdent("gokkosAdj"), Index: ast.NewIdent(nameJ)}}},
				&ast.IncDecStmt{X: ast.NewIdent("gokkosN"), Tok: token.INC},
			}}
			cont := &ast.BranchStmt{TokPos: n.Return, Tok: token.CONTINUE, Label: ast.NewIdent(label)}
			c.Replace(&ast.BlockStmt{List: []ast.Stmt{
				&ast.IfStmt{If: n.Return, Cond: n.Results[0], Body: rec},
				cont,
			}})
		}
		return true
	})
	return body.List
}

// atUMark and atEMark mark, in loopBody's use marks, a use whose index is int(u)
// (visitLoop.atU) or int(e) (visitLoop.atE).
const (
	atUMark = 1 << 30
	atEMark = 1 << 29
)

// cloneWithMap deep-copies n like cloneNode and returns the copy with the copies of the calls
// marked in marks, mapped to their marks.
func cloneWithMap(n ast.Node, marks map[ast.Node]int) (ast.Node, map[*ast.CallExpr]int) {
	c := cloneNode(n)
	clonedUses := map[*ast.CallExpr]int{}
	// The copy has the same shape: walk both in step.
	var orig, copied []ast.Node
	ast.Inspect(n, func(x ast.Node) bool {
		if x != nil {
			orig = append(orig, x)
		}
		return true
	})
	ast.Inspect(c, func(x ast.Node) bool {
		if x != nil {
			copied = append(copied, x)
		}
		return true
	})
	for i, x := range orig {
		if f, ok := marks[x]; ok {
			clonedUses[copied[i].(*ast.CallExpr)] = f
		}
	}
	return c, clonedUses
}

// register writes the registration of the loop.
func (h *visitLoop) register(b *bytes.Buffer, im *imports, implQ string) error {
	opType, err := im.typeExpr(h.named)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "%s.RegisterHostVisit[%s](%s)\n", implQ, opType, loopName(h.id))
	return nil
}

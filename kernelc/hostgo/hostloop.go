package hostgo

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/printer"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/gokkos/gokkos/execspace/abi"
)

// A host loop is the body method of a kernel inlined into a loop over [lo, hi): the host space
// calls it once per chunk instead of calling the method once per index through a type parameter.
// hostLoop describes the loop of one kernel type declared in the package being generated; a
// generic kernel type gets one generic loop function, registered for each instantiation.
type hostLoop struct {
	id       int                       // names the function: gokkosHostLoop<id>
	form     abi.Form                  // FormRange, FormReduce or FormScan
	origin   *types.Named              // the declared kernel type (generic for generic kernels)
	method   *types.Func               // the body method Run of origin
	decl     *ast.FuncDecl             // its declaration
	needs    map[string]*types.Package // the packages the body names, by import name
	universe map[string]bool           // predeclared names the body uses
	tparams  []string                  // the loop's type parameter names (the method's, "_" renamed)

	recv, index, acc, final *hostVar

	// The fast loop over slices (span.go); none when spans is empty.
	spans         []span
	spanUses      map[token.Pos]spanUse // by the Lparen of each call it rewrites
	spanIndexLeft bool                  // the body uses the index other than in those calls

	accLocal bool // the loop keeps the accumulator in a local variable (acc.go)

	// The gather path over slices of whole views (gather.go); none when gather is nil.
	gather *gatherFunc
	clones []*gatherClone
	labels int // labels of inlined clones written so far in the loop function
}

// hostVar is the receiver or a parameter of the body method.
type hostVar struct {
	name string       // its name in the method; "" when it has none or is _
	obj  types.Object // its object; nil when unnamed
	// copied: the body changes the variable (assigns it, takes its address, calls a
	// pointer-receiver method on it) or, for the index, captures it in a function literal: each
	// index then gets its own copy, as each call of the method does.
	copied bool
	used   bool // the body mentions it
	read   bool // the body mentions it other than as the target of = or :=
}

// Names the generated loop functions declare; a body that mentions one of them gets no loop.
const (
	nameK      = "gokkosK"
	nameKV     = "gokkosKV"
	nameLo     = "gokkosLo"
	nameHi     = "gokkosHi"
	nameI      = "gokkosI"
	nameAcc    = "gokkosAcc"
	nameFinal  = "gokkosFinal"
	nameNext   = "gokkosNext"
	nameTParam = "gokkosT"
)

func isReserved(name string) bool {
	switch name {
	case nameK, nameKV, nameLo, nameHi, nameI, nameAcc, nameAccV, nameFinal, nameNext, nameJ, nameNextSpan, nameNextGather, nameNextGatherSpan, nameRecovered:
		return true
	}
	return spanName.MatchString(name) || gatherName.MatchString(name) || strings.HasPrefix(name, nameTParam) || strings.HasPrefix(name, "gokkosHostLoop") || strings.HasPrefix(name, "gokkosRet")
}

// loopName is the name of the loop function of id.
func loopName(id int) string { return fmt.Sprintf("gokkosHostLoop%d", id) }

// pkgDir is the directory of pkg's files.
func pkgDir(pkg *packages.Package) string {
	if pkg.Dir != "" {
		return pkg.Dir
	}
	if len(pkg.GoFiles) > 0 {
		return filepath.Dir(pkg.GoFiles[0])
	}
	return ""
}

// analyzeHostLoop decides whether kernel type named (of the given form) gets a host loop and
// gathers what emitting it needs. It returns nil and the reason when it does not.
func analyzeHostLoop(pkg *packages.Package, named *types.Named, form abi.Form, id int) (*hostLoop, string) {
	if form != abi.FormRange && form != abi.FormReduce && form != abi.FormScan {
		return nil, "team kernels run through the per-index path"
	}
	if named.Obj().Pkg() != pkg.Types {
		return nil, fmt.Sprintf("the type is declared in package %s", named.Obj().Pkg().Path())
	}
	origin := named.Origin()
	var method *types.Func
	for i := 0; i < origin.NumMethods(); i++ {
		if m := origin.Method(i); m.Name() == "Run" {
			method = m
		}
	}
	if method == nil {
		return nil, "Run is promoted from an embedded field"
	}
	h := &hostLoop{id: id, form: form, origin: origin, method: method}
	var reason string
	if h.decl, reason = copyableDecl(pkg, method); reason != "" {
		return nil, reason
	}

	// Receiver and parameters.
	sig := method.Signature()
	want := map[abi.Form]int{abi.FormRange: 1, abi.FormReduce: 2, abi.FormScan: 3}[form]
	if sig.Params().Len() != want || sig.Results().Len() != 0 {
		return nil, "Run has an unexpected signature"
	}
	if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
		return nil, "Run has a pointer receiver"
	}
	if form == abi.FormScan && !types.Identical(sig.Params().At(2).Type(), types.Typ[types.Bool]) {
		return nil, "final's type is not bool"
	}
	newVar := func(id *ast.Ident) *hostVar {
		v := &hostVar{}
		if id != nil && id.Name != "_" {
			v.name, v.obj = id.Name, pkg.TypesInfo.Defs[id]
		}
		return v
	}
	var recvID *ast.Ident
	if names := h.decl.Recv.List[0].Names; len(names) > 0 {
		recvID = names[0]
	}
	h.recv = newVar(recvID)
	var params []*hostVar
	for _, f := range h.decl.Type.Params.List {
		if len(f.Names) == 0 {
			params = append(params, newVar(nil))
		}
		for _, n := range f.Names {
			params = append(params, newVar(n))
		}
	}
	h.index = params[0]
	if len(params) > 1 {
		h.acc = params[1]
	}
	if len(params) > 2 {
		h.final = params[2]
	}

	// Type parameters: the method's names, with the declaration's constraints.
	tps := sig.RecvTypeParams()
	for i := 0; i < tps.Len(); i++ {
		n := tps.At(i).Obj().Name()
		if n == "_" {
			n = fmt.Sprintf("%s%d", nameTParam, i)
		} else if types.Universe.Lookup(n) != nil || pkg.Types.Scope().Lookup(n) != nil {
			return nil, fmt.Sprintf("type parameter %s hides a predeclared or package-level name", n)
		}
		h.tparams = append(h.tparams, n)
	}
	if reason := h.scanBody(pkg); reason != "" {
		return nil, reason
	}
	h.findSpans(pkg)
	h.findGathers(pkg)
	h.findAccLocal(pkg)
	return h, ""
}

// scanBody records the names the body uses and how it uses the receiver and parameters, and
// rejects bodies that cannot be inlined.
func (h *hostLoop) scanBody(pkg *packages.Package) string {
	info := pkg.TypesInfo
	h.needs = map[string]*types.Package{}
	h.universe = map[string]bool{}
	// Identifiers that are the selected name of a qualified identifier (pkg.Name).
	qualified := map[*ast.Ident]bool{}
	ast.Inspect(h.decl.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := s.X.(*ast.Ident); ok {
				if _, ok := info.Uses[x].(*types.PkgName); ok {
					qualified[s.Sel] = true
				}
			}
		}
		return true
	})
	reason := ""
	fail := func(format string, args ...any) {
		if reason == "" {
			reason = fmt.Sprintf(format, args...)
		}
	}
	vars := []*hostVar{h.recv, h.index, h.acc, h.final}
	varOf := func(obj types.Object) *hostVar {
		for _, v := range vars {
			if v != nil && v.obj != nil && v.obj == obj {
				return v
			}
		}
		return nil
	}
	// Targets of = and := are not reads.
	assigned := map[*ast.Ident]bool{}
	markCopy := func(e ast.Expr) {
		if obj := rootVar(e, info); obj != nil {
			if v := varOf(obj); v != nil {
				v.copied = true
			}
		}
	}
	funcLits := 0
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			funcLits++
			ast.Inspect(n.Type, visit)
			ast.Inspect(n.Body, visit)
			funcLits--
			return false
		case *ast.DeferStmt:
			if funcLits == 0 {
				fail("the body defers a call")
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				markCopy(l)
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					assigned[id] = true
				}
			}
		case *ast.IncDecStmt:
			markCopy(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						markCopy(e)
						if id, ok := ast.Unparen(e).(*ast.Ident); ok {
							assigned[id] = true
						}
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				markCopy(n.X)
			}
		case *ast.SliceExpr:
			if isArray(info.TypeOf(n.X)) {
				markCopy(n.X)
			}
		case *ast.SelectorExpr:
			if sel := info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal {
				if f, ok := sel.Obj().(*types.Func); ok {
					_, ptrRecv := f.Signature().Recv().Type().(*types.Pointer)
					_, ptrX := info.TypeOf(n.X).Underlying().(*types.Pointer)
					if ptrRecv && !ptrX {
						markCopy(n.X)
					}
				}
			}
		case *ast.Ident:
			if isReserved(n.Name) {
				fail("the body uses the name %s", n.Name)
			}
			obj := info.Uses[n]
			if obj == nil {
				return true
			}
			if v := varOf(obj); v != nil {
				v.used = true
				if !assigned[n] {
					v.read = true
				}
				if funcLits > 0 && v == h.index {
					v.copied = true
				}
			}
			switch {
			case obj.Parent() == types.Universe:
				h.universe[n.Name] = true
			case isPkgName(obj):
				pn := obj.(*types.PkgName)
				if pn.Imported().Path() == "C" {
					fail("the body uses cgo")
				}
				h.needs[pn.Name()] = pn.Imported()
			case obj.Pkg() != nil && obj.Pkg() != pkg.Types && obj.Parent() == obj.Pkg().Scope() && !qualified[n]:
				fail("the body uses %s from a dot import", n.Name)
			}
		}
		return true
	}
	// assigned must be known before the identifiers are visited: AssignStmt precedes its
	// operands in the walk, so one pass suffices.
	ast.Inspect(h.decl.Body, visit)
	return reason
}

// copyableDecl returns the declaration of fn, a function or method of pkg, whose body the
// generated file may copy, or the reason why it may not: no declaration with a body, a file
// with build constraints (the generated file is built in every configuration; the body might
// not compile in some), or a file other than a plain file of the package directory (the
// //line directives name it relative to that directory).
func copyableDecl(pkg *packages.Package, fn *types.Func) (*ast.FuncDecl, string) {
	var decl *ast.FuncDecl
	var file *ast.File
	for _, f := range pkg.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && pkg.TypesInfo.Defs[fd.Name] == fn {
				decl, file = fd, f
			}
		}
	}
	if decl == nil || decl.Body == nil {
		return nil, fmt.Sprintf("the declaration of %s was not found", fn.Name())
	}
	name := pkg.Fset.PositionFor(decl.Pos(), false).Filename
	if hasBuildConstraint(file, name) {
		return nil, fmt.Sprintf("file %s has build constraints", filepath.Base(name))
	}
	if rel, err := filepath.Rel(pkgDir(pkg), name); err != nil || rel != filepath.Base(name) || strings.ContainsAny(rel, ": \t\r\n\"`") {
		return nil, fmt.Sprintf("file %s is not a plain file of the package directory", filepath.Base(name))
	}
	return decl, ""
}

// hasBuildConstraint reports whether file f (named name) is built only in some configurations:
// it has a //go:build or // +build line, or its name ends in _GOOS or _GOARCH.
func hasBuildConstraint(f *ast.File, name string) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) || constraint.IsPlusBuild(c.Text) {
				return true
			}
		}
	}
	parts := strings.Split(strings.TrimSuffix(filepath.Base(name), ".go"), "_")
	n := len(parts)
	return n >= 2 && (knownOS[parts[n-1]] || knownArch[parts[n-1]])
}

var knownOS, knownArch = wordSet("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos"),
	wordSet("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

func isPkgName(obj types.Object) bool { _, ok := obj.(*types.PkgName); return ok }

// isArray reports whether t is an array type, or a type parameter (which might be one).
func isArray(t types.Type) bool {
	if t == nil {
		return false
	}
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return true
	}
	_, ok := t.Underlying().(*types.Array)
	return ok
}

// changedVars calls f with the root variable (rootVar) of every expression that n changes or
// lets change: the targets of assignments, increments and range assignments, the operands of
// & and of slicing an array, and the receivers of pointer-receiver methods called on
// addressable values.
func changedVars(n ast.Node, info *types.Info, f func(types.Object)) {
	changes := func(e ast.Expr) {
		if obj := rootVar(e, info); obj != nil {
			f(obj)
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if sel := info.Selections[n]; sel != nil && sel.Kind() == types.MethodVal {
				if fn, ok := sel.Obj().(*types.Func); ok {
					_, ptrRecv := fn.Signature().Recv().Type().(*types.Pointer)
					_, ptrX := info.TypeOf(n.X).Underlying().(*types.Pointer)
					if ptrRecv && !ptrX {
						changes(n.X)
					}
				}
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				changes(l)
			}
		case *ast.IncDecStmt:
			changes(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						changes(e)
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				changes(n.X)
			}
		case *ast.SliceExpr:
			if isArray(info.TypeOf(n.X)) {
				changes(n.X)
			}
		}
		return true
	})
}

// rootVar returns the variable that changes when e is assigned or has its address taken: the
// variable e is a part of without going through a pointer, slice or map; nil if none.
func rootVar(e ast.Expr, info *types.Info) types.Object {
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Indirect() {
				return nil // a qualified identifier, or a field reached through a pointer
			}
			if _, ptr := info.TypeOf(x.X).Underlying().(*types.Pointer); ptr {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			if !isArray(info.TypeOf(x.X)) {
				return nil
			}
			e = x.X
		case *ast.Ident:
			return info.ObjectOf(x)
		default:
			return nil
		}
	}
}

// accepts reports whether the loop's names fit in the generated file whose import names are
// names (name → path) and whose loops already use the predeclared names universe and the type
// parameter names tparams; if so it records its own.
func (h *hostLoop) accepts(names map[string]string, universe, tparams map[string]bool) string {
	for _, n := range sortedKeys(h.needs) {
		p := h.needs[n]
		if q, ok := names[n]; ok && q != p.Path() {
			return fmt.Sprintf("import name %s means %s in another kernel's file", n, q)
		}
		if universe[n] || tparams[n] {
			return fmt.Sprintf("import name %s hides a name another kernel uses", n)
		}
	}
	for _, n := range sortedKeys(h.universe) {
		if _, ok := names[n]; ok {
			return fmt.Sprintf("predeclared %s is an import name in another kernel's file", n)
		}
	}
	for _, n := range h.tparams {
		if _, ok := names[n]; ok {
			return fmt.Sprintf("type parameter %s is an import name in another kernel's file", n)
		}
	}
	for n, p := range h.needs {
		names[n] = p.Path()
	}
	for n := range h.universe {
		universe[n] = true
	}
	for _, n := range h.tparams {
		tparams[n] = true
	}
	return ""
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// emit writes the loop function. genFile is the generated file's name for the //line directive
// that ends the inlined body; fset names the package's files relative to its directory.
func (h *hostLoop) emit(b *bytes.Buffer, im *imports, fset *token.FileSet, genFile string) error {
	qual := im.qualifier()
	sig := h.method.Signature()
	recvType := types.TypeString(sig.Recv().Type(), qual)
	fmt.Fprintf(b, "// %s runs %s.Run for every index in [%s, %s).\n", loopName(h.id), recvType, nameLo, nameHi)
	fmt.Fprintf(b, "func %s", loopName(h.id))
	if len(h.tparams) > 0 {
		tps := sig.RecvTypeParams()
		b.WriteString("[")
		for i, n := range h.tparams {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%s %s", n, types.TypeString(tps.At(i).Constraint(), qual))
		}
		b.WriteString("]")
		// The receiver's type names the type parameters as the method does, "_" excepted.
		recvType = h.origin.Obj().Name() + "[" + strings.Join(h.tparams, ", ") + "]"
	}
	fmt.Fprintf(b, "(%s *%s, %s, %s int", nameK, recvType, nameLo, nameHi)
	paramName := func(v *hostVar, copyName string) string {
		switch {
		case v.name == "":
			return "_"
		case v.copied:
			return copyName
		}
		return v.name
	}
	if h.acc != nil {
		fmt.Fprintf(b, ", %s %s", paramName(h.acc, nameAcc), types.TypeString(sig.Params().At(1).Type(), qual))
	}
	if h.final != nil {
		fmt.Fprintf(b, ", %s bool", paramName(h.final, nameFinal))
	}
	b.WriteString(") {\n")

	// The receiver: one copy per call, or one per index when the body changes it.
	if h.recv.name != "" && h.recv.used {
		if h.recv.copied {
			fmt.Fprintf(b, "%s := *%s\n", nameKV, nameK)
		} else {
			fmt.Fprintf(b, "%s := *%s\n", h.recv.name, nameK)
		}
	}
	b.WriteString(h.accLoad())
	cfg := printer.Config{Mode: printer.SourcePos | printer.UseSpaces | printer.TabIndent, Tabwidth: 8, Indent: 2}
	implQ := im.add(ImplPath, "gokkosimpl")
	if h.gather != nil {
		cond := emitGatherSlices(b, h.gather, h.recv.name)
		fmt.Fprintf(b, "if %s {\n", cond)
		emitGatherRepanic(b, h.gather, h.recv.name, implQ)
		if len(h.spans) > 0 {
			if err := h.emitSpans(b, fset, genFile, cfg, implQ, true); err != nil {
				return err
			}
		}
		if err := h.emitIndexLoop(b, fset, genFile, cfg, implQ, true); err != nil {
			return err
		}
		fmt.Fprintf(b, "%sreturn\n}\n", h.accStore())
	}
	if len(h.spans) > 0 {
		if err := h.emitSpans(b, fset, genFile, cfg, implQ, false); err != nil {
			return err
		}
	}
	if err := h.emitIndexLoop(b, fset, genFile, cfg, implQ, false); err != nil {
		return err
	}
	fmt.Fprintf(b, "%s}\n\n", h.accStore())
	for _, c := range h.clones {
		if err := c.emit(b, cfg, fset, genFile, implQ); err != nil {
			return err
		}
	}
	return nil
}

// emitIndexLoop writes the loop over [lo, hi) that runs the body, its view calls rewritten to
// slices when gather is set.
func (h *hostLoop) emitIndexLoop(b *bytes.Buffer, fset *token.FileSet, genFile string, cfg printer.Config, implQ string, gather bool) error {
	indexVar := h.index.name
	if indexVar == "" || h.index.copied {
		indexVar = nameI
	}
	label := nameNext
	if gather {
		label = nameNextGather
	}
	stmts, labelled := h.loopBody(label)
	if gather {
		rewriteGathers(h.gather, stmts, implQ, &h.labels)
	}
	h.rewriteAcc(stmts)
	if labelled {
		fmt.Fprintf(b, "%s:\n", label)
	}
	fmt.Fprintf(b, "for %s := %s; %s < %s; %s++ {\n", indexVar, nameLo, indexVar, nameHi, indexVar)
	h.writeCopies(b)
	if err := writeBody(b, cfg, fset, stmts); err != nil {
		return err
	}
	// Back to the generated file's own lines; fixLineDirectives puts in the line number.
	fmt.Fprintf(b, "\n}\n//line %s:1\n", genFile)
	return nil
}

// writeCopies writes the per-index copies of what the body changes.
func (h *hostLoop) writeCopies(b *bytes.Buffer) {
	for _, c := range []struct {
		v   *hostVar
		src string
	}{{h.index, nameI}, {h.recv, nameKV}, {h.acc, nameAcc}, {h.final, nameFinal}} {
		if c.v != nil && c.v.name != "" && c.v.copied {
			fmt.Fprintf(b, "%s := %s\n", c.v.name, c.src)
			if !c.v.read {
				fmt.Fprintf(b, "_ = %s\n", c.v.name)
			}
		}
	}
}

// writeBody writes the statements of an inlined body, with a //line directive wherever their
// lines do not follow on.
func writeBody(b *bytes.Buffer, cfg printer.Config, fset *token.FileSet, stmts []ast.Stmt) error {
	var body bytes.Buffer
	if err := cfg.Fprint(&body, fset, stmts); err != nil {
		return err
	}
	b.Write(body.Bytes())
	return nil
}

// loopBody returns the statements of Run's body, copied, with every return outside function
// literals turned into a continue of the index loop, which is labelled label when a return sits
// inside a loop of the body.
func (h *hostLoop) loopBody(label string) ([]ast.Stmt, bool) {
	list := cloneNode(h.decl.Body).(*ast.BlockStmt).List
	if n := len(list); n > 0 {
		if _, ok := list[n-1].(*ast.ReturnStmt); ok {
			list = list[:n-1] // a final return ends the iteration anyway
		}
	}
	block := &ast.BlockStmt{List: list}
	labelled := false
	depth := 0 // loops around the current node inside the body
	astutil.Apply(block, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			depth++
		case *ast.ReturnStmt:
			br := &ast.BranchStmt{TokPos: n.Return, Tok: token.CONTINUE}
			if depth > 0 {
				br.Label = &ast.Ident{Name: label}
				labelled = true
			}
			c.Replace(br)
		}
		return true
	}, func(c *astutil.Cursor) bool {
		switch c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			depth--
		}
		return true
	})
	return block.List, labelled
}

// register writes the registration of the loop for kernel type k.
func (h *hostLoop) register(b *bytes.Buffer, im *imports, implQ string, k *types.Named) error {
	kt, err := im.typeExpr(k)
	if err != nil {
		return err
	}
	fn := loopName(h.id)
	if args := k.TypeArgs(); args.Len() > 0 {
		ss := make([]string, args.Len())
		for i := range ss {
			if ss[i], err = im.typeExpr(args.At(i)); err != nil {
				return err
			}
		}
		fn += "[" + strings.Join(ss, ", ") + "]"
	}
	switch h.form {
	case abi.FormRange:
		fmt.Fprintf(b, "%s.RegisterHostRange[%s](%s)\n", implQ, kt, fn)
	default:
		var run *types.Func
		for i := 0; i < k.NumMethods(); i++ {
			if m := k.Method(i); m.Name() == "Run" {
				run = m
			}
		}
		acc, err := im.typeExpr(run.Signature().Params().At(1).Type().(*types.Pointer).Elem())
		if err != nil {
			return err
		}
		what := "Reduce"
		if h.form == abi.FormScan {
			what = "Scan"
		}
		fmt.Fprintf(b, "%s.RegisterHost%s[%s, %s](%s)\n", implQ, what, kt, acc, fn)
	}
	return nil
}

// relativeFileSet returns a file set with the files of pkg under the same bases, named
// relative to the package directory, so that the printer's //line directives hold no absolute
// path.
func relativeFileSet(pkg *packages.Package) *token.FileSet {
	dir := pkgDir(pkg)
	own := map[string]bool{}
	for _, f := range pkg.Syntax {
		own[pkg.Fset.PositionFor(f.Pos(), false).Filename] = true
	}
	fset := token.NewFileSet()
	pkg.Fset.Iterate(func(f *token.File) bool {
		if !own[f.Name()] {
			return true
		}
		name := filepath.Base(f.Name())
		if rel, err := filepath.Rel(dir, f.Name()); err == nil {
			name = filepath.ToSlash(rel)
		}
		nf := fset.AddFile(name, f.Base(), f.Size())
		nf.SetLines(f.Lines())
		return true
	})
	return fset
}

// fixLineDirectives gives every "//line genFile:1" directive, which emit writes after each
// inlined body (the printer writes none naming the generated file: no node of a body has a
// position in it), the line that follows it, so that the code after the body is attributed to
// the generated file again.
func fixLineDirectives(src []byte, genFile string) []byte {
	prefix := "//line " + genFile + ":"
	lines := strings.SplitAfter(string(src), "\n")
	for i, l := range lines {
		if l == prefix+"1\n" && i+1 < len(lines) {
			lines[i] = fmt.Sprintf("%s%d\n", prefix, i+2)
		}
	}
	return []byte(strings.Join(lines, ""))
}

// cloneNode returns a deep copy of n, without its *ast.Object links.
func cloneNode(n ast.Node) ast.Node {
	return cloneValue(reflect.ValueOf(n)).Interface().(ast.Node)
}

var (
	objectType = reflect.TypeFor[*ast.Object]()
	scopeType  = reflect.TypeFor[*ast.Scope]()
)

func cloneValue(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Type() == objectType || v.Type() == scopeType {
			return reflect.Zero(v.Type())
		}
		c := reflect.New(v.Type().Elem())
		c.Elem().Set(cloneValue(v.Elem()))
		return c
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(cloneValue(v.Elem()))
		return c
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			c.Index(i).Set(cloneValue(v.Index(i)))
		}
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := 0; i < v.NumField(); i++ {
			c.Field(i).Set(cloneValue(v.Field(i)))
		}
		return c
	}
	return v
}

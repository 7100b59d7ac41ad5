package hostgo

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"regexp"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// A span is a one-dimensional view field of the receiver that the body reads with At(index) or
// writes with Set(index, x), index being the body's own index parameter. When every span of a
// chunk is host-accessible and contiguous, the host loop runs the chunk over plain slices taken
// with View1D.Span: the compiler then removes the bounds checks and the stride arithmetic of
// each access, which doubles the bandwidth of a memory-bound loop. Otherwise (or when a chunk
// reaches past a view's end, so that At or Set must panic as the method would) the chunk runs
// the ordinary loop.
type span struct {
	expr string // the field as the body spells it from the receiver: "k.X"
	name string // the slice variable in the generated loop: gokkosS<n>
}

// spanUse is one call that the fast loop turns into a slice access.
type spanUse struct {
	span int  // index into hostLoop.spans
	set  bool // Set(index, x), a statement; else At(index), an expression
}

// Names of the fast loop; a body that mentions one gets no loop (isReserved).
const (
	nameJ        = "gokkosJ"
	nameNextSpan = "gokkosNextSpan"
)

var spanName = regexp.MustCompile(`^gokkosS[0-9]+$`)

var gatherName = regexp.MustCompile(`^gokkosG[0-9]+$`)

const viewsPath = "github.com/gokkos/gokkos/views"

// findSpans records the body's span accesses. It needs a named receiver and index that the
// body never changes, so that the receiver's fields and the index mean the same thing in every
// iteration and can be read once per chunk.
func (h *hostLoop) findSpans(pkg *packages.Package) {
	if h.recv.obj == nil || h.recv.copied || h.index.obj == nil || h.index.copied {
		return
	}
	if obj := pkg.Types.Scope().Lookup("len"); obj != nil {
		return // the generated loop calls the builtin len
	}
	info := pkg.TypesInfo
	byExpr := map[string]int{}
	uses := map[token.Pos]spanUse{}
	indexUses := 0 // uses of the index outside span calls
	labelled := false
	stmtCalls := map[*ast.CallExpr]bool{}
	ast.Inspect(h.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.LabeledStmt:
			labelled = true // a label may be declared once per function; the body would hold two
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok {
				if expr, ok := h.spanCall(info, call, "Set"); ok {
					uses[call.Lparen] = spanUse{span: spanIndex(byExpr, expr), set: true}
				}
				stmtCalls[call] = true // At as a statement stays a call: s[j] alone is not one
			}
		case *ast.CallExpr:
			if expr, ok := h.spanCall(info, n, "At"); ok && !stmtCalls[n] {
				uses[n.Lparen] = spanUse{span: spanIndex(byExpr, expr)}
			}
		case *ast.Ident:
			if info.Uses[n] == h.index.obj {
				indexUses++
			}
		}
		return true
	})
	if len(uses) == 0 || labelled {
		return
	}
	h.spans = make([]span, len(byExpr))
	for expr, i := range byExpr {
		h.spans[i] = span{expr: expr, name: fmt.Sprintf("gokkosS%d", i)}
	}
	h.spanUses = uses
	h.spanIndexLeft = indexUses > len(uses)
}

func spanIndex(byExpr map[string]int, expr string) int {
	i, ok := byExpr[expr]
	if !ok {
		i = len(byExpr)
		byExpr[expr] = i
	}
	return i
}

// spanCall reports whether call is recv.F.method(index, ...) for a View1D field F reached
// without a pointer, and returns "recv.F".
func (h *hostLoop) spanCall(info *types.Info, call *ast.CallExpr, method string) (string, bool) {
	fun, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || fun.Sel.Name != method || len(call.Args) == 0 {
		return "", false
	}
	if arg, ok := call.Args[0].(*ast.Ident); !ok || info.Uses[arg] != h.index.obj {
		return "", false
	}
	sel := info.Selections[fun]
	if sel == nil || sel.Kind() != types.MethodVal || !isView1D(sel.Recv()) {
		return "", false
	}
	field, ok := fun.X.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	recv, ok := field.X.(*ast.Ident)
	if !ok || info.Uses[recv] != h.recv.obj {
		return "", false
	}
	fs := info.Selections[field]
	if fs == nil || fs.Kind() != types.FieldVal || fs.Indirect() {
		return "", false
	}
	return recv.Name + "." + field.Sel.Name, true
}

// isView1D reports whether t is views.View1D of some element type.
func isView1D(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	o := n.Origin().Obj()
	return o.Pkg() != nil && o.Pkg().Path() == viewsPath && o.Name() == "View1D"
}

// rewriteSpans turns the span calls in list (a copy of the body) into slice accesses indexed by
// gokkosJ, keeping their positions so that the //line directives still hold.
func (h *hostLoop) rewriteSpans(list []ast.Stmt) {
	index := func(call *ast.CallExpr, u spanUse) *ast.IndexExpr {
		return &ast.IndexExpr{
			X:      &ast.Ident{NamePos: call.Pos(), Name: h.spans[u.span].name},
			Lbrack: call.Lparen,
			Index:  &ast.Ident{NamePos: call.Args[0].Pos(), Name: nameJ},
			Rbrack: call.Rparen,
		}
	}
	// After the children, so that a Set whose value reads a span is rewritten whole.
	astutil.Apply(&ast.BlockStmt{List: list}, nil, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.ExprStmt:
			if call, ok := n.X.(*ast.CallExpr); ok {
				if u, ok := h.spanUses[call.Lparen]; ok && u.set {
					c.Replace(&ast.AssignStmt{Lhs: []ast.Expr{index(call, u)}, TokPos: call.Lparen, Tok: token.ASSIGN, Rhs: []ast.Expr{call.Args[1]}})
				}
			}
		case *ast.CallExpr:
			if u, ok := h.spanUses[n.Lparen]; ok && !u.set {
				c.Replace(index(n, u))
			}
		}
		return true
	})
}

// emitSpans writes the fast loop: it takes a slice of every span for [lo, hi), and when all are
// there runs the body over them and returns.
func (h *hostLoop) emitSpans(b *bytes.Buffer, fset *token.FileSet, genFile string, cfg printer.Config, implQ string, gather bool) error {
	b.WriteString("if ")
	for i, s := range h.spans {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(s.name)
	}
	b.WriteString(" := ")
	for i, s := range h.spans {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(b, "%s.Span(%s, %s)", s.expr, nameLo, nameHi)
	}
	b.WriteString("; ")
	for i, s := range h.spans {
		if i > 0 {
			b.WriteString(" && ")
		}
		fmt.Fprintf(b, "%s != nil", s.name)
	}
	b.WriteString(" {\n")
	// Equal lengths, stated so that the compiler drops the bounds checks of the accesses.
	for _, s := range h.spans[1:] {
		fmt.Fprintf(b, "%s = %s[:len(%s)]\n", s.name, s.name, h.spans[0].name)
	}
	label := nameNextSpan
	if gather {
		label = nameNextGatherSpan
	}
	stmts, labelled := h.loopBody(label)
	h.rewriteSpans(stmts)
	if gather {
		rewriteGathers(h.gather, stmts, implQ, &h.labels)
	}
	h.rewriteAcc(stmts)
	if labelled {
		fmt.Fprintf(b, "%s:\n", label)
	}
	fmt.Fprintf(b, "for %s := range %s {\n", nameJ, h.spans[0].name)
	if h.spanIndexLeft {
		fmt.Fprintf(b, "%s := %s + %s\n", h.index.name, nameLo, nameJ)
	}
	h.writeCopies(b)
	if err := writeBody(b, cfg, fset, stmts); err != nil {
		return err
	}
	fmt.Fprintf(b, "\n}\n//line %s:1\n%sreturn\n}\n", genFile, h.accStore())
	return nil
}

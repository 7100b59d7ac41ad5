package hostgo

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// nameAccV is the local copy of the accumulator in a reduction's or scan's host loop.
const nameAccV = "gokkosAccV"

// findAccLocal decides whether the loop keeps the accumulator in a local variable: the body
// reads and writes it only as *acc (no other use of acc, none in a function literal, and no
// other variable of its name). The loop then copies *acc into a local before the first index
// and back after the last, and the body's *acc becomes the local: the compiler keeps it in a
// register, where through the pointer every update is a load and a store (it cannot tell that
// nothing else writes there), a chain through memory in loops that count often.
func (h *hostLoop) findAccLocal(pkg *packages.Package) {
	if h.acc == nil || h.acc.obj == nil || h.acc.copied {
		return
	}
	info := pkg.TypesInfo
	stars, uses := 0, 0
	inLit, shadowed := false, false
	ast.Inspect(h.decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && info.Uses[id] == h.acc.obj {
					inLit = true
				}
				return true
			})
			return false
		case *ast.StarExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && info.Uses[id] == h.acc.obj {
				stars++
			}
		case *ast.Ident:
			if info.Uses[n] == h.acc.obj {
				uses++
			}
			if n.Name == h.acc.name && info.Defs[n] != nil {
				shadowed = true // rewriteAcc matches by name
			}
		}
		return true
	})
	h.accLocal = !inLit && !shadowed && stars > 0 && stars == uses
}

// rewriteAcc turns every *acc in list (a copy of the body) into the local copy, keeping the
// positions for the //line directives.
func (h *hostLoop) rewriteAcc(list []ast.Stmt) {
	if !h.accLocal {
		return
	}
	astutil.Apply(&ast.BlockStmt{List: list}, nil, func(c *astutil.Cursor) bool {
		if s, ok := c.Node().(*ast.StarExpr); ok {
			if id, ok := ast.Unparen(s.X).(*ast.Ident); ok && id.Name == h.acc.name {
				c.Replace(&ast.Ident{NamePos: s.Star, Name: nameAccV})
			}
		}
		return true
	})
}

// accLoad returns the statement that copies the accumulator into its local, or "".
func (h *hostLoop) accLoad() string {
	if !h.accLocal {
		return ""
	}
	return fmt.Sprintf("%s := *%s\n", nameAccV, h.acc.name)
}

// accStore returns the statement that copies the local back into the accumulator, or "".
func (h *hostLoop) accStore() string {
	if !h.accLocal {
		return ""
	}
	return fmt.Sprintf("*%s = %s\n", h.acc.name, nameAccV)
}

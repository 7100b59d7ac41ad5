package hostgo

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// checkGenerated type-checks the package with src in place of its generated file (importing
// packages from pkg's dependencies and from imported) and returns,
// by loop id, the errors in host loops (a loop function or its registration). An error it
// cannot attribute to one loop counts against all of them. With no loops it checks nothing:
// the file is then what earlier versions of the generator wrote.
func checkGenerated(pkg *packages.Package, imported []*packages.Package, src []byte, loops []*hostLoop, output string) map[int]string {
	ids := map[int]bool{}
	for _, h := range loops {
		if h != nil {
			ids[h.id] = true
		}
	}
	if len(ids) == 0 {
		return nil
	}
	all := func(msg string) map[int]string {
		bad := map[int]string{}
		for id := range ids {
			bad[id] = msg
		}
		return bad
	}
	f, err := parser.ParseFile(pkg.Fset, output, src, parser.SkipObjectResolution)
	if err != nil {
		return all(err.Error())
	}
	files := []*ast.File{f}
	for _, g := range pkg.Syntax {
		if len(g.Comments) > 0 && g.Comments[0].List[0].Text == Header && g.Comments[0].Pos() < g.Package {
			continue // the file src replaces
		}
		files = append(files, g)
	}
	deps := map[string]*types.Package{"unsafe": types.Unsafe}
	packages.Visit(append([]*packages.Package{pkg}, imported...), nil, func(p *packages.Package) {
		if p != pkg && p.Types != nil {
			deps[p.PkgPath] = p.Types
		}
	})
	for path, p := range pkg.Imports {
		if p.Types != nil {
			deps[path] = p.Types
		}
	}
	var errs []types.Error
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if p, ok := deps[path]; ok {
				return p, nil
			}
			return nil, &types.Error{Msg: "package " + strconv.Quote(path) + " is not a dependency"}
		}),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				errs = append(errs, te)
			}
		},
		Sizes: types.SizesFor("gc", runtime.GOARCH),
	}
	if pkg.Module != nil && pkg.Module.GoVersion != "" {
		conf.GoVersion = "go" + pkg.Module.GoVersion
	}
	conf.Check(pkg.PkgPath, pkg.Fset, files, nil)
	if len(errs) == 0 {
		return nil
	}
	// Where each loop's code is: its function and its registrations in init.
	type span struct {
		pos, end token.Pos
		id       int
	}
	var spans []span
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if id, ok := loopID(fd.Name.Name); ok {
			spans = append(spans, span{fd.Pos(), fd.End(), id})
			continue
		}
		if fd.Name.Name != "init" || fd.Body == nil {
			continue
		}
		for _, st := range fd.Body.List {
			ast.Inspect(st, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if lid, ok := loopID(id.Name); ok {
						spans = append(spans, span{st.Pos(), st.End(), lid})
					}
				}
				return true
			})
		}
	}
	bad := map[int]string{}
	for _, e := range errs {
		found := false
		for _, s := range spans {
			if e.Fset == pkg.Fset && s.pos <= e.Pos && e.Pos < s.end {
				if _, dup := bad[s.id]; !dup {
					bad[s.id] = e.Msg
				}
				found = true
			}
		}
		if !found {
			return all(e.Msg)
		}
	}
	return bad
}

// loopID returns N for the name gokkosHostLoopN, or for gokkosHostLoopNHelperM, a clone of
// loop N's.
func loopID(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "gokkosHostLoop")
	if !ok {
		return 0, false
	}
	// A loop's helper clones (gokkosHostLoop<N>Helper<M>) count as the loop's.
	rest, _, _ = strings.Cut(rest, "Helper")
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// Package frontend translates gokkos kernels from Go source to the IR of
// kernelc/ir. It loads a package with go/packages (with syntax and types for
// every dependency, so that called functions can be inlined), finds the struct types marked
// with a //gokkos:kernel directive and every concrete instantiation of generic ones, determines
// each kernel's form from its methods, flattens its fields into parameters, and lowers the body
// method, inlining every call. Constructs outside the kernel subset of Go are reported as
// "file:line:col: <construct> is not supported in kernels; <hint>", all of them in one run;
// constructs in other packages' code are reported at the package's call or instantiation that
// reaches them (see Error). A construct the lowering does not handle is always reported, never
// skipped.
package frontend

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// Directive is the comment that marks a struct type as a kernel.
const Directive = "//gokkos:kernel"

// LoadMode is the go/packages mode Load uses: syntax and type information for the package and
// every dependency.
const LoadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes |
	packages.NeedTypesInfo | packages.NeedDeps | packages.NeedImports | packages.NeedModule

// Config says which package to translate.
type Config struct {
	// Dir is the directory to load from (default: the current directory).
	Dir string
	// Pattern is the package pattern (default ".").
	Pattern string
	// Env is the environment for the go command (default: the process's).
	Env []string
}

// Kernel is one translated kernel type (one instantiation of a generic kernel type).
type Kernel struct {
	// IR is the kernel's IR, verified.
	IR *ir.Kernel
	// Type is the kernel's Go type (a *types.Named, instantiated for generic kernels).
	Type types.Type
	// Lowered lists the functions and methods (their generic origins) whose bodies the
	// translation lowered: the body method, Init and Join, and every function or method it
	// inlined, of any package, in order of first use.
	Lowered []*types.Func
}

// Result is the outcome of translating one package.
type Result struct {
	// Package is the loaded package.
	Package *packages.Package
	// Kernels are the translated kernels, in order of declaration and then of type name.
	Kernels []*Kernel
	// Errors are the diagnostics, sorted by position; when non-empty, Kernels holds only the
	// kernels that translated without error.
	Errors ErrorList
}

// Load loads the package cfg names and translates its kernels. The error result reports a
// failure to load at all; problems in the source are in Result.Errors.
func Load(cfg Config) (*Result, error) {
	pattern := cfg.Pattern
	if pattern == "" {
		pattern = "."
	}
	pcfg := &packages.Config{Mode: LoadMode, Dir: cfg.Dir, Env: cfg.Env}
	pkgs, err := packages.Load(pcfg, pattern)
	if err != nil {
		return nil, err
	}
	if len(pkgs) != 1 {
		return nil, fmt.Errorf("gokkos: pattern %q matches %d packages, want 1", pattern, len(pkgs))
	}
	return Translate(pkgs[0]), nil
}

// Translate translates the kernels of pkg, which must have been loaded with LoadMode.
func Translate(pkg *packages.Package) *Result {
	res := &Result{Package: pkg}
	var errs []Error
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			if p != pkg && e.Kind != packages.TypeError {
				continue
			}
			errs = append(errs, Error{Pos: parsePos(e.Pos), Msg: e.Msg})
		}
	})
	if len(errs) > 0 {
		res.Errors = sortErrors(errs)
		return res
	}
	t := newTranslator(pkg)
	for _, inst := range t.instances() {
		k, lowered, kerrs := t.kernel(inst)
		errs = append(errs, kerrs...)
		if len(kerrs) == 0 && k != nil {
			res.Kernels = append(res.Kernels, &Kernel{IR: k, Type: inst.named, Lowered: lowered})
		}
	}
	res.Errors = sortErrors(errs)
	return res
}

func parsePos(s string) token.Position {
	// file:line:col or file:line or "-".
	var p token.Position
	parts := strings.Split(s, ":")
	if len(parts) >= 3 {
		fmt.Sscan(parts[len(parts)-1], &p.Column)
		fmt.Sscan(parts[len(parts)-2], &p.Line)
		p.Filename = strings.Join(parts[:len(parts)-2], ":")
	} else {
		p.Filename = s
	}
	return p
}

// decl is a function or method declaration with the package that declares it.
type decl struct {
	pkg *packages.Package
	fn  *ast.FuncDecl
}

// kernelDecl is a type declaration marked as a kernel.
type kernelDecl struct {
	pkg  *packages.Package
	spec *ast.TypeSpec
	obj  *types.TypeName
}

// instance is one kernel type to translate.
type instance struct {
	decl  *kernelDecl
	named *types.Named
	// site is the first mention of the instantiation in the translated package, for a
	// kernel type declared in another package; otherwise NoPos.
	site token.Pos
}

type translator struct {
	pkg     *packages.Package
	fset    *token.FileSet
	files   map[*token.File]bool // the translated package's files
	funcs   map[*types.Func]decl
	kernels map[*types.TypeName]*kernelDecl
	ctxt    *types.Context
}

func newTranslator(pkg *packages.Package) *translator {
	t := &translator{pkg: pkg, fset: pkg.Fset, files: map[*token.File]bool{}, funcs: map[*types.Func]decl{}, kernels: map[*types.TypeName]*kernelDecl{}, ctxt: types.NewContext()}
	for _, f := range pkg.Syntax {
		t.files[pkg.Fset.File(f.Pos())] = true
	}
	packages.Visit([]*packages.Package{pkg}, nil, func(p *packages.Package) {
		if p.TypesInfo == nil {
			return
		}
		for _, f := range p.Syntax {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if fn, ok := p.TypesInfo.Defs[d.Name].(*types.Func); ok {
						t.funcs[fn] = decl{p, d}
					}
				case *ast.GenDecl:
					if d.Tok != token.TYPE {
						continue
					}
					for _, s := range d.Specs {
						ts := s.(*ast.TypeSpec)
						doc := ts.Doc
						if doc == nil && len(d.Specs) == 1 {
							doc = d.Doc
						}
						if !hasDirective(doc) {
							continue
						}
						if obj, ok := p.TypesInfo.Defs[ts.Name].(*types.TypeName); ok {
							t.kernels[obj] = &kernelDecl{pkg: p, spec: ts, obj: obj}
						}
					}
				}
			}
		}
	})
	return t
}

func hasDirective(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if strings.TrimSpace(c.Text) == Directive {
			return true
		}
	}
	return false
}

// instances lists the kernel types to translate: the package's own non-generic kernels and
// every concrete instantiation of a generic kernel type (of any package) that the package
// mentions.
func (t *translator) instances() []instance {
	var out []instance
	for obj, kd := range t.kernels {
		if kd.pkg != t.pkg {
			continue
		}
		n, ok := types.Unalias(obj.Type()).(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		out = append(out, instance{decl: kd, named: n})
	}
	var generic []instance
	for id, inst := range t.pkg.TypesInfo.Instances {
		n, ok := types.Unalias(inst.Type).(*types.Named)
		if !ok {
			continue
		}
		kd := t.kernels[n.Origin().Obj()]
		if kd == nil || hasTypeParams(n) {
			continue
		}
		site := token.NoPos
		if kd.pkg != t.pkg {
			site = id.Pos()
		}
		dup := false
		for i, g := range generic {
			if types.Identical(g.named, n) {
				if site < g.site {
					generic[i].site = site
				}
				dup = true
				break
			}
		}
		if !dup {
			generic = append(generic, instance{decl: kd, named: n, site: site})
		}
	}
	out = append(out, generic...)
	sort.SliceStable(out, func(i, j int) bool {
		pi, pj := t.fset.Position(out[i].decl.spec.Pos()), t.fset.Position(out[j].decl.spec.Pos())
		if pi.Filename != pj.Filename {
			return pi.Filename < pj.Filename
		}
		if pi.Offset != pj.Offset {
			return pi.Offset < pj.Offset
		}
		return out[i].named.String() < out[j].named.String()
	})
	return out
}

// inPackage reports whether pos lies in a file of the translated package.
func (t *translator) inPackage(pos token.Pos) bool { return t.files[t.fset.File(pos)] }

// hasTypeParams reports whether t mentions a type parameter.
func hasTypeParams(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Named:
		for i := 0; i < t.TypeArgs().Len(); i++ {
			if hasTypeParams(t.TypeArgs().At(i)) {
				return true
			}
		}
	case *types.Pointer:
		return hasTypeParams(t.Elem())
	case *types.Slice:
		return hasTypeParams(t.Elem())
	case *types.Array:
		return hasTypeParams(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if hasTypeParams(t.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// kernelName spells a kernel type as KernelSpec.Name does: package names as qualifiers.
func kernelName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// posString formats the declaration position as file:line, the file relative to its module.
func (t *translator) posString(p *packages.Package, pos token.Pos) string {
	position := t.fset.Position(pos)
	file := position.Filename
	if p.Module != nil && p.Module.Dir != "" {
		if rel, err := filepath.Rel(p.Module.Dir, file); err == nil && !strings.HasPrefix(rel, "..") {
			file = filepath.ToSlash(rel)
		}
	} else {
		file = filepath.Base(file)
	}
	return fmt.Sprintf("%s:%d", file, position.Line)
}

package kernelc

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"

	"golang.org/x/tools/go/packages"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/frontend"
	"github.com/gokkos/gokkos/kernelc/hostgo"
	"github.com/gokkos/gokkos/portable/gokkosimpl/srchash"
)

// sourcePass records in every kernel's spec the declarations of the package that its
// translation was made from, with their hashes (abi.KernelSpec.Source and SourceHash), which the
// runtime recomputes to refuse kernels whose source changed since the file was generated.
func sourcePass(u *Unit) error {
	sources, err := kernelSources(u.Package, u.Dir, u.Result.Kernels)
	if err != nil {
		return err
	}
	for i, s := range u.Specs {
		s.Source = sources[i]
		s.SourceHash = srchash.Combine(sources[i])
	}
	return nil
}

// kernelSources returns, for each kernel, the source pieces of package pkg (whose directory is
// dir) that its translation depends on, sorted by file and key: the kernel type's declaration
// when pkg declares it, every function and method of pkg whose body the translation lowered
// (frontend.Kernel.Lowered), and, transitively, every package-level type, constant, variable and
// function of pkg that those declarations name. Declarations of other packages are left out:
// their own generated files check them.
func kernelSources(pkg *packages.Package, dir string, kernels []*frontend.Kernel) ([][]abi.SourcePiece, error) {
	decls := declIndex(pkg)
	hashes := map[string]map[string]string{} // file → key → hash
	piece := func(obj types.Object) (abi.SourcePiece, bool, error) {
		file := pkg.Fset.Position(obj.Pos()).Filename
		rel, err := filepath.Rel(dir, file)
		if err != nil || rel != filepath.Base(rel) {
			return abi.SourcePiece{}, false, nil // not a file of the package directory
		}
		h, ok := hashes[file]
		if !ok {
			src, err := os.ReadFile(file)
			if err != nil {
				return abi.SourcePiece{}, false, err
			}
			if h, err = srchash.Decls(file, src); err != nil {
				return abi.SourcePiece{}, false, err
			}
			hashes[file] = h
		}
		key := objectKey(obj, decls[obj])
		hash, ok := h[key]
		if !ok {
			return abi.SourcePiece{}, false, fmt.Errorf("%s: internal error: no declaration %q in %s", pkg.Fset.Position(obj.Pos()), key, rel)
		}
		return abi.SourcePiece{File: filepath.ToSlash(rel), Key: key, Hash: hash}, true, nil
	}
	out := make([][]abi.SourcePiece, len(kernels))
	for i, k := range kernels {
		var seeds []types.Object
		if n, ok := types.Unalias(k.Type).(*types.Named); ok {
			seeds = append(seeds, n.Origin().Obj())
		}
		for _, f := range k.Lowered {
			seeds = append(seeds, f)
		}
		var pieces []abi.SourcePiece
		for _, obj := range closure(pkg, decls, seeds) {
			p, ok, err := piece(obj)
			if err != nil {
				return nil, err
			}
			if ok {
				pieces = append(pieces, p)
			}
		}
		sort.Slice(pieces, func(a, b int) bool {
			if pieces[a].File != pieces[b].File {
				return pieces[a].File < pieces[b].File
			}
			return pieces[a].Key < pieces[b].Key
		})
		out[i] = pieces
	}
	return out, nil
}

// declIndex maps the package-level objects (methods included) declared in pkg's files, other
// than its generated file, to the syntax that declares them: a function's declaration, a
// type's spec, a constant's whole const declaration, a variable's spec.
func declIndex(pkg *packages.Package) map[types.Object]ast.Node {
	idx := map[types.Object]ast.Node{}
	for _, f := range pkg.Syntax {
		if isGenerated(f) {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if obj := pkg.TypesInfo.Defs[d.Name]; obj != nil {
					idx[obj] = d
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if obj := pkg.TypesInfo.Defs[s.Name]; obj != nil {
							idx[obj] = s
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if obj := pkg.TypesInfo.Defs[n]; obj != nil {
								if d.Tok == token.CONST {
									idx[obj] = d
								} else {
									idx[obj] = s
								}
							}
						}
					}
				}
			}
		}
	}
	return idx
}

// isGenerated reports whether f is a file gokkos-gen wrote.
func isGenerated(f *ast.File) bool {
	return len(f.Comments) > 0 && f.Comments[0].Pos() < f.Package && f.Comments[0].List[0].Text == hostgo.Header
}

// closure returns the objects of seeds declared in pkg's files and, transitively, every
// package-level object of pkg that their declarations name, in a deterministic order.
func closure(pkg *packages.Package, decls map[types.Object]ast.Node, seeds []types.Object) []types.Object {
	var out []types.Object
	seen := map[types.Object]bool{}
	var visit func(obj types.Object)
	visit = func(obj types.Object) {
		if seen[obj] {
			return
		}
		seen[obj] = true
		n, ok := decls[obj]
		if !ok {
			return // another package's, or the generated file's
		}
		out = append(out, obj)
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if u := pkg.TypesInfo.Uses[id]; u != nil && u.Pkg() == pkg.Types && u.Parent() == pkg.Types.Scope() {
					visit(u)
				}
			}
			return true
		})
	}
	for _, obj := range seeds {
		visit(obj)
	}
	return out
}

// objectKey is the srchash key of the declaration n of package-level object obj.
func objectKey(obj types.Object, n ast.Node) string {
	switch o := obj.(type) {
	case *types.TypeName:
		return srchash.TypeKey(o.Name())
	case *types.Func:
		return srchash.FuncDeclKey(n.(*ast.FuncDecl))
	case *types.Const:
		return srchash.ConstKey(o.Name())
	case *types.Var:
		return srchash.VarKey(o.Name())
	}
	return ""
}

package hostgo

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
)

// genSpec is what TestGeneratedReduceEntries reads of one KernelSpec literal in a generated
// file.
type genSpec struct {
	name, form string
	ptx        string
	main       string
	ops        []abi.ReduceOp
}

var entryRE = regexp.MustCompile(`(?m)^\.visible \.entry ([A-Za-z0-9_$]+)\(`)

// TestGeneratedReduceEntries reads every generated kernel file of the module and checks that
// each reduce kernel has exactly one reduce entry, named by its spec's Reduce and serving the
// ops of its ReduceOps (increasing), and that its PTX has no other entries.
func TestGeneratedReduceEntries(t *testing.T) {
	root := moduleRoot(t)
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == "gokkos_kernels_gen.go" {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no generated files under " + root)
	}
	opByName := map[string]abi.ReduceOp{}
	for op, name := range opNames {
		opByName[name] = op
	}
	reduceKernels := 0
	for _, file := range files {
		rel, _ := filepath.Rel(root, file)
		t.Run(rel, func(t *testing.T) {
			specs := readGenSpecs(t, file, opByName)
			for _, s := range specs {
				entries := entryRE.FindAllStringSubmatch(s.ptx, -1)
				names := make([]string, len(entries))
				for i, e := range entries {
					names[i] = e[1]
				}
				if s.form != "FormReduce" && s.form != "FormTeamReduce" {
					if s.main != "" || len(s.ops) > 0 {
						t.Errorf("%s (%s) has reduce entry %q or ops %v", s.name, s.form, s.main, s.ops)
					}
					continue
				}
				reduceKernels++
				if s.main == "" {
					t.Errorf("%s: no reduce entry", s.name)
				}
				if len(s.ops) == 0 || !slices.IsSorted(s.ops) || len(slices.Compact(slices.Clone(s.ops))) != len(s.ops) {
					t.Errorf("%s: ReduceOps %v are not a non-empty increasing list", s.name, s.ops)
				}
				if want := []string{s.main}; !slices.Equal(names, want) {
					t.Errorf("%s: PTX entries %v, want exactly %v", s.name, names, want)
				}
			}
		})
	}
	if reduceKernels == 0 {
		t.Error("no reduce kernels in the generated files")
	}
	t.Logf("%d generated files, %d reduce kernels", len(files), reduceKernels)
}

// readGenSpecs parses a generated file and returns the KernelSpec literals passed to Register,
// with their PTX constants resolved.
func readGenSpecs(t *testing.T, file string, opByName map[string]abi.ReduceOp) []genSpec {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						consts[n.Name], _ = strconv.Unquote(lit.Value)
					}
				}
			}
		}
	}
	str := func(e ast.Expr) string {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			return s
		}
		t.Errorf("%s: not a string literal", fset.Position(e.Pos()))
		return ""
	}
	sel := func(e ast.Expr) string {
		if s, ok := e.(*ast.SelectorExpr); ok {
			return s.Sel.Name
		}
		t.Errorf("%s: not a qualified name", fset.Position(e.Pos()))
		return ""
	}
	var specs []genSpec
	ast.Inspect(f, func(n ast.Node) bool {
		u, ok := n.(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			return true
		}
		lit, ok := u.X.(*ast.CompositeLit)
		if !ok || sel(lit.Type) != "KernelSpec" {
			return true
		}
		var s genSpec
		for _, el := range lit.Elts {
			kv := el.(*ast.KeyValueExpr)
			switch key := kv.Key.(*ast.Ident).Name; key {
			case "Name":
				s.name = str(kv.Value)
			case "Form":
				s.form = sel(kv.Value)
			case "PTX":
				id, ok := kv.Value.(*ast.Ident)
				if !ok || consts[id.Name] == "" {
					t.Errorf("%s: PTX is not a constant of the file", fset.Position(kv.Pos()))
					continue
				}
				s.ptx = consts[id.Name]
			case "Reduce":
				for _, f := range kv.Value.(*ast.CompositeLit).Elts {
					fkv := f.(*ast.KeyValueExpr)
					if fkv.Key.(*ast.Ident).Name == "Main" {
						s.main = str(fkv.Value)
					}
				}
			case "ReduceOps":
				for _, e := range kv.Value.(*ast.CompositeLit).Elts {
					op, ok := opByName[sel(e)]
					if !ok {
						t.Errorf("%s: unknown reduction %s", fset.Position(e.Pos()), sel(e))
					}
					s.ops = append(s.ops, op)
				}
			}
		}
		specs = append(specs, s)
		return false
	})
	return specs
}

// moduleRoot returns the directory holding go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			t.Fatal("no go.mod above " + dir)
		}
	}
}

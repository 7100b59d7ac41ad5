package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGeneratedPTXAssembles runs ptxas (from $PTXAS, as scripts/cuda-sdk.sh env sets it) for
// Volta and Hopper on every PTX module generated for the graph algorithms, the newalgorithm
// example and the kernel corpus, so that a kernel
// the translator accepts but whose PTX does not assemble is caught without a GPU.
func TestGeneratedPTXAssembles(t *testing.T) {
	ptxas := os.Getenv("PTXAS")
	if ptxas == "" {
		t.Skip("PTXAS is not set (eval \"$(scripts/cuda-sdk.sh env)\")")
	}
	var files []string
	for _, dir := range []string{"algorithms/dgraph", "algorithms/frontier", "algorithms/bfs", "algorithms/coloring", "algorithms/sssp", "algorithms/scc", "algorithms/wcc", "examples/newalgorithm", "kernelc/corpus"} {
		files = append(files, filepath.Join("..", "..", dir, "gokkos_kernels_gen.go"))
	}
	for _, file := range files {
		pkg := filepath.Base(filepath.Dir(file))
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				lit, ok := vs.Values[0].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				text, err := strconv.Unquote(lit.Value)
				if err != nil || !strings.Contains(text, ".entry") {
					continue
				}
				name := pkg + "." + vs.Names[0].Name
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					dir := t.TempDir()
					src := filepath.Join(dir, "k.ptx")
					if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
					for _, arch := range []string{"sm_70", "sm_90"} {
						out, err := exec.Command(ptxas, "-arch="+arch, "-o", filepath.Join(dir, arch+".cubin"), src).CombinedOutput()
						if err != nil {
							t.Errorf("ptxas -arch=%s: %v\n%s", arch, err, out)
						}
					}
				})
			}
		}
	}
}

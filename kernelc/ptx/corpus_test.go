package ptx

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/kernelc/frontend"
)

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

// kernelPackages returns the module's package directories (relative to root) with
// //gokkos:kernel types, outside testdata. The translator corpus comes first.
func kernelPackages(t *testing.T, root string) []string {
	t.Helper()
	seen := map[string]bool{}
	out := []string{"kernelc/corpus"}
	seen[out[0]] = true
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		s := bufio.NewScanner(f)
		s.Buffer(make([]byte, 1<<20), 1<<22)
		for s.Scan() {
			if strings.HasPrefix(s.Text(), frontend.Directive) {
				rel, _ := filepath.Rel(root, filepath.Dir(p))
				if !seen[rel] {
					seen[rel] = true
					out = append(out, rel)
				}
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCorpus compiles every kernel the front end translates from the module's kernel packages
// (the translator corpus first) and assembles each module for sm_70 and sm_90. Packages the
// front end cannot translate are reported in the log: they belong to the front end's tests.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with go/packages")
	}
	ptxas := ptxasPath(t)
	root := moduleRoot(t)
	for _, dir := range kernelPackages(t, root) {
		t.Run(dir, func(t *testing.T) {
			res, err := frontend.Load(frontend.Config{Dir: filepath.Join(root, dir)})
			if err != nil {
				t.Logf("front end cannot load %s: %v", dir, err)
				return
			}
			if len(res.Errors) > 0 {
				t.Logf("front end reports %d problems in %s (first: %v); compiling the %d kernels it translated", len(res.Errors), dir, res.Errors[0], len(res.Kernels))
			}
			if dir == "kernelc/corpus" && len(res.Kernels) == 0 {
				t.Fatal("the corpus has no kernels")
			}
			for _, k := range res.Kernels {
				k := k
				t.Run(k.IR.Name, func(t *testing.T) {
					t.Parallel()
					m, err := Compile(k.IR)
					if err != nil {
						t.Fatal(err)
					}
					assemble(t, ptxas, k.IR.Name, m.PTX)
				})
			}
		})
	}
}

package kernelc

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/portable/gokkosimpl/srchash"
)

// TestKernelSources generates testdata/source and checks each kernel's source pieces, then
// recomputes them as the runtime does from an edited copy of the package.
func TestKernelSources(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "source"))
	if err != nil {
		t.Fatal(err)
	}
	u, err := Generate(dir, filepath.Join(dir, DefaultOutput))
	if err != nil {
		t.Fatal(err)
	}
	specs := map[string]*abi.KernelSpec{}
	for _, s := range u.Specs {
		specs[s.Name] = s
	}
	keys := func(s *abi.KernelSpec) string {
		var out []string
		for _, p := range s.Source {
			out = append(out, p.File+": "+p.Key)
		}
		return strings.Join(out, ", ")
	}
	tests := []struct {
		kernel, pieces string
	}{
		{"source.scale", "helpers.go: const floor, helpers.go: const limit, helpers.go: func (pair) sum, helpers.go: func clamp, helpers.go: type pair, kernels.go: func (scale) Run, kernels.go: type scale"},
		{"source.plain", "kernels.go: func (plain) Run, kernels.go: type plain"},
		// The template's declarations are corpus's: only the operator's are this package's.
		{"corpus.Map[source.myOp]", "kernels.go: func (myOp) Apply, kernels.go: type myOp"},
	}
	for _, tc := range tests {
		t.Run(tc.kernel, func(t *testing.T) {
			s := specs[tc.kernel]
			if s == nil {
				t.Fatalf("no kernel %s", tc.kernel)
			}
			if got := keys(s); got != tc.pieces {
				t.Errorf("pieces\n%s\nwant\n%s", got, tc.pieces)
			}
			if s.SourceHash != srchash.Combine(s.Source) {
				t.Errorf("SourceHash %s, want the pieces' combined hash %s", s.SourceHash, srchash.Combine(s.Source))
			}
		})
	}
	if !strings.Contains(string(u.Source), `{File: "helpers.go", Key: "func clamp", Hash: "`+specs["source.scale"].Source[3].Hash+`"},`) {
		t.Error("the generated file does not list clamp's piece")
	}

	// The runtime's recomputation, on copies of the package's files.
	edits := []struct {
		name    string
		file    string
		old     string
		new     string
		changed []string // kernels whose combined hash changes
	}{
		{"unchanged", "", "", "", nil},
		{"helper reformatted", "helpers.go", "if x > limit {\n\t\treturn limit\n\t}", "if x > limit { return limit } // cap", nil},
		{"helper changed", "helpers.go", "x > limit", "x >= limit", []string{"source.scale"}},
		{"constant changed", "helpers.go", "limit = 1e6", "limit = 1e7", []string{"source.scale"}},
		{"method changed", "helpers.go", "p.A + p.B", "p.A * p.B", []string{"source.scale"}},
		{"operator changed", "kernels.go", "k.X.At(i)+1", "k.X.At(i)-1", []string{"source.plain"}},
		{"template operator changed", "kernels.go", "o.A * x", "o.A + x", []string{"corpus.Map[source.myOp]"}},
		{"unused function changed", "kernels.go", "return limit", "return -limit", nil},
	}
	for _, e := range edits {
		t.Run(e.name, func(t *testing.T) {
			tmp := t.TempDir()
			for _, f := range []string{"kernels.go", "helpers.go"} {
				src, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				if f == e.file {
					edited := strings.Replace(string(src), e.old, e.new, 1)
					if edited == string(src) {
						t.Fatalf("%q is not in %s", e.old, f)
					}
					src = []byte(edited)
				}
				if err := os.WriteFile(filepath.Join(tmp, f), src, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for name, s := range specs {
				want := false
				for _, c := range e.changed {
					want = want || c == name
				}
				if changed := srchash.Combine(srchash.Current(tmp, s.Source)) != s.SourceHash; changed != want {
					t.Errorf("%s: changed %v, want %v", name, changed, want)
				}
			}
		})
	}
}

// TestStaleOutputIgnored generates a package whose checked-in generated file no longer
// compiles (it names a kernel type that was removed, as after a rename): the pipeline loads
// that file as its package clause only, so it generates afresh, while a file of the user's at
// the output path is loaded as it is.
func TestStaleOutputIgnored(t *testing.T) {
	dir, err := os.MkdirTemp("testdata", "stale")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if dir, err = filepath.Abs(dir); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"kernels.go", "helpers.go"} {
		src, err := os.ReadFile(filepath.Join("testdata", "source", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, DefaultOutput)
	for _, tc := range []struct {
		name, header string
		wantErr      bool
	}{
		{"generated", Header + "\n\n", false},
		{"the user's", "// A file of the user's.\n\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stale := tc.header + "package source\n\nvar _ = removedKernel{}\n"
			if err := os.WriteFile(out, []byte(stale), 0o644); err != nil {
				t.Fatal(err)
			}
			u, err := Generate(dir, out)
			if tc.wantErr {
				if err == nil {
					t.Fatal("a broken file of the user's at the output path was not loaded")
				}
				return
			}
			if err != nil {
				t.Fatalf("stale generated file: %v", err)
			}
			if len(u.Specs) == 0 || bytes.Contains(u.Source, []byte("removedKernel")) {
				t.Fatalf("%d kernels; output mentions the stale file's type: %v", len(u.Specs), bytes.Contains(u.Source, []byte("removedKernel")))
			}
		})
	}
}

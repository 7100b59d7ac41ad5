package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The package of tempModule: kernel axpy, and a test that launches it on the default space
// (GOKKOS_SPACE) and logs y[1] = 2*1 + 3.
const (
	staleKernel = `package main

import "github.com/gokkos/gokkos/views"

//gokkos:kernel
type axpy struct {
	A    float64
	X, Y views.View1D[float64]
}

func (k axpy) Run(i int) { k.Y.Set(i, k.A*k.X.At(i)+k.Y.At(i)) }

func main() {}
`
	staleTest = `package main

import (
	"testing"

	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

func TestAxpy(t *testing.T) {
	s, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	alloc := func(label string, v float64) views.View1D[float64] {
		x, err := views.Alloc1D[float64](s.Memory(), label, 4)
		if err == nil {
			err = x.Fill(v)
		}
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	x, y := alloc("x", 1), alloc("y", 3)
	if err := portable.ParallelFor(s, "axpy", portable.Range(0, 4), axpy{A: 2, X: x, Y: y}); err != nil {
		t.Fatal(err)
	}
	h := views.CreateMirror(y)
	if err := views.DeepCopy(h, y); err != nil {
		t.Fatal(err)
	}
	t.Logf("space %s: y[1] = %v", s.Name(), h.At(1))
}
`
)

// moduleEnv is what go commands in a tempModule add to the environment: its go.mod lists only
// gokkos, whose requirements the go command adds from the module cache (or GOPROXY).
var moduleEnv = []string{"GOFLAGS=-mod=mod", "GOWORK=off"}

// tempModule is a module in a temporary directory that uses this repository's gokkos through
// a replace directive: package main with kernel axpy and a test launching it.
type tempModule struct {
	dir string
	env []string // the environment of go commands run in it
}

// newTempModule writes the module, finding the repository root above the working directory.
func newTempModule(t *testing.T) *tempModule {
	t.Helper()
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if mod, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil && bytes.HasPrefix(mod, []byte("module github.com/gokkos/gokkos\n")) {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			t.Fatal("no gokkos repository above the working directory")
		}
		root = parent
	}
	m := &tempModule{dir: t.TempDir()}
	m.env = append(os.Environ(), moduleEnv...)
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	m.write(t, "go.sum", string(sum))
	m.write(t, "go.mod", "module example.com/stale\n\ngo 1.26.0\n\nrequire github.com/gokkos/gokkos v0.0.0\n\nreplace github.com/gokkos/gokkos => "+root+"\n")
	m.write(t, "axpy.go", staleKernel)
	m.write(t, "axpy_test.go", staleTest)
	return m
}

func (m *tempModule) write(t *testing.T, name, src string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(m.dir, name), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// edit replaces old with new in file name.
func (m *tempModule) edit(t *testing.T, name, old, new string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(m.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), old, new, 1)
	if edited == string(src) {
		t.Fatalf("%q is not in %s", old, name)
	}
	m.write(t, name, edited)
}

// generate runs gokkos-gen in the module.
func (m *tempModule) generate(t *testing.T) {
	t.Helper()
	for _, kv := range moduleEnv {
		k, v, _ := strings.Cut(kv, "=")
		t.Setenv(k, v)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-dir", m.dir}, &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("gokkos-gen: exit %d: %s", code, stderr.String())
	}
}

// goTest runs go test -v in the module with env added to its environment and returns the
// output and whether the tests passed.
func (m *tempModule) goTest(t *testing.T, env ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command("go", "test", "-count=1", "-v", ".")
	cmd.Dir = m.dir
	cmd.Env = append(append([]string(nil), m.env...), env...)
	out, err := cmd.CombinedOutput()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("go test: %v", err)
	}
	return string(out), err == nil
}

// TestStaleKernelRefused generates a kernel's file in a temporary module, edits the kernel's
// body without generating again, and checks that the launch is refused, on every space listed,
// instead of running the generated code of the old body.
func TestStaleKernelRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module and runs its tests")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	// The spaces the module's test runs on: the host, and device spaces that need no hardware.
	spaces := []string{"host", "sim"}
	m := newTempModule(t)
	m.generate(t)
	for _, space := range spaces {
		t.Run("fresh/"+space, func(t *testing.T) {
			out, ok := m.goTest(t, "GOKKOS_SPACE="+space)
			if want := "space " + space + ": y[1] = 5"; !ok || !strings.Contains(out, want) {
				t.Errorf("go test passed %v, want true with %q:\n%s", ok, want, out)
			}
		})
	}

	m.edit(t, "axpy.go", "k.A*k.X.At(i)+k.Y.At(i)", "k.A*k.X.At(i) - k.Y.At(i)")
	want := "kernel main.axpy: its source changed since gokkos_kernels_gen.go was generated (Run in axpy.go); run go generate in "
	dirs := []string{m.dir}
	if d, err := filepath.EvalSymlinks(m.dir); err == nil {
		dirs = append(dirs, d)
	}
	for _, space := range spaces {
		t.Run("stale/"+space, func(t *testing.T) {
			out, ok := m.goTest(t, "GOKKOS_SPACE="+space)
			found := false
			for _, d := range dirs {
				found = found || strings.Contains(out, want+d+"\n")
			}
			if ok || !found || strings.Contains(out, "y[1] =") {
				t.Errorf("go test passed %v, want false with %q:\n%s", ok, want+m.dir, out)
			}
		})
	}
	// With the check off, the host space runs the generated loop of the old body.
	t.Run("check off", func(t *testing.T) {
		out, ok := m.goTest(t, "GOKKOS_SPACE=host", "GOKKOS_SOURCE_CHECK=0")
		if want := "space host: y[1] = 5"; !ok || !strings.Contains(out, want) {
			t.Errorf("go test passed %v, want true with %q:\n%s", ok, want, out)
		}
	})
}

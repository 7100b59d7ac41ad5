package main

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/kernelc"
)

func noEnv(string) string { return "" }

func TestGenerate(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "gen.go")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-dir", "testdata/good", "-o", out, "-dump-ir"}, &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(src, []byte(kernelc.Header+"\n")) {
		t.Errorf("generated file does not start with %q", kernelc.Header)
	}
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(formatted, src) {
		t.Error("generated file is not gofmt-clean")
	}
	if _, err := parser.ParseFile(token.NewFileSet(), out, src, 0); err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for _, want := range []string{
		"package good",
		"gokkosimpl.Register[Scale](&abi.KernelSpec{",
		"gokkosimpl.Register[Sum](",
		"gokkosimpl.Register[Prefix](",
		"gokkosimpl.Register[Rows](",
		"gokkosimpl.Register[Loc](",
		"Form:  abi.FormTeam,",
		`abi.ReduceEntries{Main: "gk_good_Sum_main"},`,
		"[]abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax, abi.OpBAnd, abi.OpBOr},",
		"[]abi.ReduceOp{abi.OpMinLoc, abi.OpMaxLoc},",
		`abi.ScanEntries{Up: "gk_good_Prefix_up"`,
		"abi.Value{Kind: abi.KindFloat64, Loc: true},",
		`{Name: "X", Field: []int{1}, Kind: abi.KindView1D, Elem: abi.KindFloat32, Written: true},`,
		".version",
		"gokkosimpl.RegisterHostRange[Scale](gokkosHostLoop0)",
		"gokkosimpl.RegisterHostReduce[Sum, int64](gokkosHostLoop1)",
		"gokkosimpl.RegisterHostScan[Prefix, int32](gokkosHostLoop2)",
		"gokkosimpl.RegisterHostReduce[Loc, portable.ValLoc[float64]](gokkosHostLoop4)",
		"//line good.go:19\n",
		"Source: []abi.SourcePiece{\n",
		`{File: "good.go", Key: "func (Scale) Run", Hash: "`,
		`{File: "good.go", Key: "type Scale", Hash: "`,
		"SourceHash: ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
	for _, want := range []string{"kernel good.Scale range", "kernel good.Rows team", "reduce.thread.sum"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("-dump-ir output lacks %q", want)
		}
	}
	// A second run gives the same file.
	out2 := filepath.Join(t.TempDir(), "gen.go")
	if code := run([]string{"-dir", "testdata/good", "-o", out2}, &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src2, _ := os.ReadFile(out2)
	if !bytes.Equal(src, src2) {
		t.Error("generation is not deterministic")
	}
}

func TestDumpEnv(t *testing.T) {
	var stdout, stderr bytes.Buffer
	out := filepath.Join(t.TempDir(), "gen.go")
	env := func(k string) string {
		if k == "GOKKOS_DUMP_IR" {
			return "1"
		}
		return ""
	}
	if code := run([]string{"-dir", "testdata/good", "-o", out}, &stdout, &stderr, env); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "kernel good.Sum reduce") {
		t.Errorf("GOKKOS_DUMP_IR=1 printed %q", stdout.String())
	}
}

func TestErrorsWriteNothing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gen.go")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-dir", "testdata/bad", "-o", out}, &stdout, &stderr, noEnv)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output written despite errors")
	}
	msg := stderr.String()
	for _, want := range []string{
		"bad.go:13:7: allocation with make is not supported in kernels; ",
		"bad.go:15:7: a composite literal of map type is not supported in kernels; ",
		"nothing written",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr lacks %q:\n%s", want, msg)
		}
	}
}

func TestBadFlags(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-nope"}, &stdout, &stderr, noEnv); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
}

func TestGenerateInstantiation(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gen.go")
	var stdout, stderr bytes.Buffer
	dir := filepath.Join("..", "..", "kernelc", "frontend", "testdata", "xpkg", "user")
	if code := run([]string{"-dir", dir, "-o", out}, &stdout, &stderr, noEnv); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"github.com/gokkos/gokkos/kernelc/frontend/testdata/xpkg/tmpl"`,
		"gokkosimpl.Register[tmpl.Frontier[bump]](",
		`Name:  "tmpl.Frontier[user.bump]",`,
		"gokkosimpl.Register[Stats](",
		"[]abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax, abi.OpCustom},",
		"gokkosimpl.RegisterHostReduce[Stats, float64](gokkosHostLoop1)",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
	// The template is declared in another package: its instantiation runs per index.
	if strings.Contains(string(src), "RegisterHostRange[tmpl.") {
		t.Error("host loop for a kernel type of another package")
	}
}

// TestErrorsInOtherPackages checks that constructs in a library's code are reported at the
// package's call or instantiation, with the construct's own position.
func TestErrorsInOtherPackages(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gen.go")
	var stdout, stderr bytes.Buffer
	dir := filepath.Join("..", "..", "kernelc", "frontend", "testdata", "xpkg", "baduser")
	if code := run([]string{"-dir", dir, "-o", out}, &stdout, &stderr, noEnv); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr.String())
	}
	msg := stderr.String()
	for _, want := range []string{
		"baduser.go:25:7: in call to lib.Outer via lib.inner (",
		filepath.Join("xpkg", "lib", "lib.go") + ":15:7): allocation with make is not supported in kernels; ",
		"baduser.go:31:38: in kernel tmpl.Gather[baduser.op] instantiated here (",
		filepath.Join("xpkg", "tmpl", "tmpl.go") + ":36:9): allocation with make is not supported in kernels; ",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr lacks %q:\n%s", want, msg)
		}
	}
}

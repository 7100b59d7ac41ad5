package gokkosimpl

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/portable/gokkosimpl/srchash"
)

const kernelSrc = `package p

//gokkos:kernel
type axpy struct{ A float64 }

func (k axpy) Run(i int) { _ = k.A + float64(i) }
`

// specFor returns a spec named name whose source pieces are every declaration of the Go file
// src, named file, with their hashes.
func specFor(t *testing.T, name, file, src string) *abi.KernelSpec {
	t.Helper()
	h, err := srchash.Decls(file, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := &abi.KernelSpec{Name: name, PTX: name}
	for _, key := range []string{"func (axpy) Run", "type axpy"} {
		if h[key] == "" {
			t.Fatalf("%s declares no %s", file, key)
		}
		s.Source = append(s.Source, abi.SourcePiece{File: file, Key: key, Hash: h[key]})
	}
	s.SourceHash = srchash.Combine(s.Source)
	return s
}

func TestCheckSpec(t *testing.T) {
	spec := specFor(t, "main.axpy", "axpy.go", kernelSrc)
	tests := []struct {
		name  string
		src   string // the kernel file now; "" removes it
		gen   string // the generated file's name as the binary records it, relative to the package directory
		noGen bool   // the generated file is absent
		want  string // the error; "" for none
	}{
		{"unchanged", kernelSrc, "gokkos_kernels_gen.go", false, ""},
		{"reformatted", strings.ReplaceAll(kernelSrc, "_ = k.A + float64(i)", "\n\t_ = k.A +\n\t\tfloat64(i) // sum\n"), "gokkos_kernels_gen.go", false, ""},
		{"body changed", strings.ReplaceAll(kernelSrc, "k.A + ", "k.A - "), "gokkos_kernels_gen.go", false,
			"kernel main.axpy: its source changed since gokkos_kernels_gen.go was generated (Run in axpy.go); run go generate in DIR"},
		{"body and type changed", strings.NewReplacer("A float64", "A float32", "k.A + ", "k.A - ").Replace(kernelSrc), "gen.go", false,
			"kernel main.axpy: its source changed since gen.go was generated (Run in axpy.go, type axpy in axpy.go); run go generate in DIR"},
		{"file removed", "", "gokkos_kernels_gen.go", false,
			"kernel main.axpy: its source changed since gokkos_kernels_gen.go was generated (Run in axpy.go, type axpy in axpy.go); run go generate in DIR"},
		{"no source tree", strings.ReplaceAll(kernelSrc, "k.A + ", "k.A - "), "gokkos_kernels_gen.go", true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.src != "" {
				if err := os.WriteFile(filepath.Join(dir, "axpy.go"), []byte(tc.src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			gen := filepath.Join(dir, tc.gen)
			if !tc.noGen {
				if err := os.WriteFile(gen, []byte("package p\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := checkSpec(spec, gen)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if want := strings.ReplaceAll(tc.want, "DIR", dir); got != want {
				t.Errorf("error %q\nwant  %q", got, want)
			}
		})
	}
	t.Run("trimmed path", func(t *testing.T) {
		if err := checkSpec(spec, "example.com/p/gokkos_kernels_gen.go"); err != nil {
			t.Errorf("error %v for a file name built with -trimpath", err)
		}
	})
}

// Kernel types registered by TestCheckSource; this file holds their declarations.
type (
	staleKernel struct{ A float64 }
	freshKernel struct{ A float64 }
	plainKernel struct{ A float64 }
)

// TestCheckSource registers kernel types from this file, whose directory then holds their
// source: a type whose recorded hash differs from this file's is refused, once and for all.
func TestCheckSource(t *testing.T) {
	src, err := os.ReadFile("source_test.go")
	if err != nil {
		t.Fatal(err)
	}
	h, err := srchash.Decls("source_test.go", src)
	if err != nil {
		t.Fatal(err)
	}
	spec := func(name, key, hash string) *abi.KernelSpec {
		s := &abi.KernelSpec{Name: name, PTX: name, Source: []abi.SourcePiece{{File: "source_test.go", Key: key, Hash: hash}}}
		s.SourceHash = srchash.Combine(s.Source)
		return s
	}
	Register[staleKernel](spec("gokkosimpl.staleKernel", "type staleKernel", "0123456789abcdef"))
	Register[freshKernel](spec("gokkosimpl.freshKernel", "type freshKernel", h["type freshKernel"]))
	Register[plainKernel](&abi.KernelSpec{Name: "gokkosimpl.plainKernel", PTX: "plain"})
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		t    reflect.Type
		want string
	}{
		{"stale", reflect.TypeFor[staleKernel](), "kernel gokkosimpl.staleKernel: its source changed since source_test.go was generated (type staleKernel in source_test.go); run go generate in " + dir},
		{"fresh", reflect.TypeFor[freshKernel](), ""},
		{"no pieces", reflect.TypeFor[plainKernel](), ""},
		{"not registered", reflect.TypeFor[struct{ B int }](), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for range 2 {
				got := ""
				if err := CheckSource(tc.t); err != nil {
					got = err.Error()
				}
				if got != tc.want {
					t.Errorf("CheckSource = %q\nwant          %q", got, tc.want)
				}
			}
		})
	}
	if a, b := CheckSource(reflect.TypeFor[staleKernel]()), CheckSource(reflect.TypeFor[staleKernel]()); a != b {
		t.Error("the verdict is computed again")
	}
}

// TestCheckSourceOff checks that GOKKOS_SOURCE_CHECK=0 turns the check off.
func TestCheckSourceOff(t *testing.T) {
	type offKernel struct{ A float64 }
	t.Setenv(SourceCheckEnv, "0")
	saved := sourceCheck
	sourceCheck = sync.OnceValue(func() bool { return os.Getenv(SourceCheckEnv) != "0" })
	defer func() { sourceCheck = saved }()
	Register[offKernel](&abi.KernelSpec{Name: "gokkosimpl.offKernel", PTX: "off",
		Source: []abi.SourcePiece{{File: "source_test.go", Key: "type offKernel", Hash: "0123456789abcdef"}}, SourceHash: "x"})
	if err := CheckSource(reflect.TypeFor[offKernel]()); err != nil {
		t.Errorf("CheckSource with %s=0: %v", SourceCheckEnv, err)
	}
}

// BenchmarkCheckSource measures what a launch after the first pays for the check.
func BenchmarkCheckSource(b *testing.B) {
	type benchKernel struct{ A float64 }
	Register[benchKernel](&abi.KernelSpec{Name: "gokkosimpl.benchKernel", PTX: "bench",
		Source: []abi.SourcePiece{{File: "source_test.go", Key: "type benchKernel", Hash: "0123456789abcdef"}}, SourceHash: "x"})
	t := reflect.TypeFor[benchKernel]()
	CheckSource(t)
	b.ReportAllocs()
	for b.Loop() {
		CheckSource(t)
	}
}

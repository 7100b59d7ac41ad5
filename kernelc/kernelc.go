// Package kernelc is the gokkos kernel toolchain: it translates the kernels of a Go package
// (struct types marked //gokkos:kernel) for every execution space and writes the package's
// generated file. cmd/gokkos-gen is its command-line driver; kernelc/README.md describes the
// pipeline and its packages.
//
// The pipeline is the table passes below, run in order over one package:
//
//	load      golang.org/x/tools/go/packages: the package's syntax with full type information
//	frontend  kernelc/frontend: kernel discovery, the kernel-subset checks, lowering to the IR
//	          (kernelc/ir), which ir.Verify checks
//	ptx       kernelc/ptx: each kernel's IR to a PTX module and its abi.KernelSpec
//	source    the declarations of the package each kernel was translated from, with their hashes
//	          (portable/gokkosimpl/srchash), into its spec, for the runtime's source check
//	go        kernelc/hostgo: the generated Go file (registrations and host loops), type-checked
//
// Every pass after load runs only when the passes before it reported no error.
package kernelc

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/packages"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/frontend"
	"github.com/gokkos/gokkos/kernelc/hostgo"
	"github.com/gokkos/gokkos/kernelc/ptx"
)

// DefaultOutput is the name of the generated file.
const DefaultOutput = "gokkos_kernels_gen.go"

// Header is the first line of every generated file.
const Header = hostgo.Header

// Unit is one package going through the pipeline: what each pass reads and writes.
type Unit struct {
	// Dir is the package directory (absolute) and Output the generated file's path.
	Dir, Output string

	// Package is the loaded package; Imported holds the runtime packages the generated file
	// imports, loaded in the same type universe (the package may not import them yet).
	Package  *packages.Package
	Imported []*packages.Package
	// Result is the front end's: the kernels' IR, or positioned errors.
	Result *frontend.Result
	// Specs[i] is the device translation of Result.Kernels[i].
	Specs []*abi.KernelSpec
	// Source is the generated file and Notes what the Go back end has to say about it
	// (kernels without a host loop, and why).
	Source []byte
	Notes  []string
}

// A pass is one step of the pipeline. It returns an error that stops the pipeline; errors in
// the user's code are positioned diagnostics (file:line:col: message), one per line.
type pass struct {
	name string
	fn   func(u *Unit) error
}

// passes is the pipeline, in order.
var passes = [...]pass{
	{"load", loadPass},
	{"frontend", frontendPass},
	{"ptx", ptxPass},
	{"source", sourcePass},
	{"go", goPass},
}

// Generate runs the pipeline over the package in dir and returns the unit with its generated
// file (Unit.Source), which is meant to be written to output. It writes nothing. A pass's
// failure is returned as an error naming the pass; the front end's diagnostics are in
// Unit.Result.Errors as well, so a caller can print them one per line.
func Generate(dir, output string) (*Unit, error) {
	u := &Unit{Dir: dir, Output: output}
	for _, p := range passes {
		if err := p.fn(u); err != nil {
			return u, err
		}
	}
	return u, nil
}

// loadPass loads the package in u.Dir, loading the runtime packages the generated file imports
// with it (in one type universe) so that the file can be type-checked even when the package
// does not import them yet.
//
// A file at the output path that this pipeline generated is loaded as its package clause
// alone: it is about to be replaced, and while it is stale (a kernel's field renamed, a kernel
// removed) its host loops would not type-check.
func loadPass(u *Unit) error {
	cfg := &packages.Config{Mode: frontend.LoadMode, Dir: u.Dir}
	if path, stub, ok := staleOutput(u.Dir, u.Output); ok {
		cfg.Overlay = map[string][]byte{path: stub}
	}
	pkgs, err := packages.Load(cfg, ".", hostgo.ImplPath, hostgo.ABIPath)
	if err != nil {
		return err
	}
	for _, p := range pkgs {
		if (p.PkgPath == hostgo.ImplPath || p.PkgPath == hostgo.ABIPath) && p.Dir != u.Dir {
			u.Imported = append(u.Imported, p)
		} else if u.Package == nil {
			u.Package = p
		} else {
			return fmt.Errorf("gokkos: directory %s holds more than one package", u.Dir)
		}
	}
	if u.Package == nil {
		return fmt.Errorf("gokkos: no package in directory %s", u.Dir)
	}
	return nil
}

// staleOutput returns the absolute path of output (relative to dir) and its replacement for
// loading, the file's header and package clause, when output is a file this pipeline
// generated; ok is false otherwise (no file, or a file of the user's, which is loaded as is).
func staleOutput(dir, output string) (path string, stub []byte, ok bool) {
	if output == "" {
		return "", nil, false
	}
	path = output
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	src, err := os.ReadFile(path)
	if err != nil || !bytes.HasPrefix(src, []byte(Header)) {
		return "", nil, false
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.PackageClauseOnly)
	if err != nil {
		return "", nil, false
	}
	return path, []byte(Header + "\n\npackage " + f.Name.Name + "\n"), true
}

// ErrDiagnostics is returned by Generate when the front end reported errors in the package's
// kernels; they are in Unit.Result.Errors.
var ErrDiagnostics = fmt.Errorf("kernelc: the package's kernels have errors")

// frontendPass finds the package's kernels, checks them against the kernel subset of Go and
// lowers them to verified IR.
func frontendPass(u *Unit) error {
	u.Result = frontend.Translate(u.Package)
	if len(u.Result.Errors) > 0 {
		return ErrDiagnostics
	}
	return nil
}

// ptxPass compiles every kernel's IR to PTX.
func ptxPass(u *Unit) error {
	u.Specs = make([]*abi.KernelSpec, len(u.Result.Kernels))
	var errs []error
	for i, k := range u.Result.Kernels {
		mod, err := ptx.Compile(k.IR)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: kernel %s: %v", k.IR.Pos, k.IR.Name, err))
			continue
		}
		u.Specs[i] = mod.Spec(k.IR)
	}
	return joinLines(errs)
}

// goPass writes the generated Go file.
func goPass(u *Unit) error {
	var err error
	u.Source, u.Notes, err = hostgo.File(u.Result, u.Specs, u.Output, u.Imported...)
	return err
}

// joinLines returns nil for no errors and otherwise one error with one line per error.
func joinLines(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	msg := errs[0].Error()
	for _, e := range errs[1:] {
		msg += "\n" + e.Error()
	}
	return fmt.Errorf("%s", msg)
}

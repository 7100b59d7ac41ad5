package gokkosimpl

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/portable/gokkosimpl/srchash"
)

// SourceCheckEnv is the environment variable that disables the source check when set to 0.
const SourceCheckEnv = "GOKKOS_SOURCE_CHECK"

// sourceReg is one registration of a kernel type whose spec lists source pieces: the spec and
// the program counter of the Register call in the generated file.
type sourceReg struct {
	spec *abi.KernelSpec
	pc   uintptr
}

// sourceState is a kernel type's source check: its registrations (a generic instantiation may
// be generated in several packages) and, once checked, the verdict.
type sourceState struct {
	mu   sync.Mutex
	regs []sourceReg
	once sync.Once
	err  error
}

// sources holds the source check of every registered kernel type whose spec lists pieces.
var sources sync.Map // reflect.Type → *sourceState

func addSource(t reflect.Type, spec *abi.KernelSpec, pc uintptr) {
	v, _ := sources.LoadOrStore(t, &sourceState{})
	s := v.(*sourceState)
	s.mu.Lock()
	s.regs = append(s.regs, sourceReg{spec, pc})
	s.mu.Unlock()
}

// sourceCheck reports whether the source check is on: GOKKOS_SOURCE_CHECK=0 turns it off.
var sourceCheck = sync.OnceValue(func() bool { return os.Getenv(SourceCheckEnv) != "0" })

// CheckSource returns an error when the source of kernel type t changed since the file that
// registered it was generated: the declarations of the package that the translation was made
// from (its spec's Source) no longer hash as they did. The generated file's device code and host
// loop would then run the old source, so launches of t must be refused. The error reads
//
//	kernel main.axpy: its source changed since gokkos_kernels_gen.go was generated (Run in axpy.go); run go generate in /path/to/package
//
// The check runs once per type and process, at the first call; later calls return the same
// verdict for the cost of a map load. It is skipped (nil) for types registered without source
// pieces (not registered, or by hand), when GOKKOS_SOURCE_CHECK=0, and when the source cannot
// be read: the program was built with -trimpath or runs where its generated file is not at the
// path it was compiled from (a deployed binary). Only declarations of the package that holds
// the generated file are checked; library code a kernel uses from other packages is checked by
// its own package's generated file.
func CheckSource(t reflect.Type) error {
	v, ok := sources.Load(t)
	if !ok {
		return nil
	}
	s := v.(*sourceState)
	s.once.Do(func() {
		if sourceCheck() {
			s.mu.Lock()
			regs := append([]sourceReg(nil), s.regs...)
			s.mu.Unlock()
			s.err = checkRegs(regs)
		}
	})
	return s.err
}

// checkRegs checks every registration of a kernel type and returns the first mismatch.
func checkRegs(regs []sourceReg) error {
	for _, r := range regs {
		frame, _ := runtime.CallersFrames([]uintptr{r.pc}).Next()
		if err := checkSpec(r.spec, frame.File); err != nil {
			return err
		}
	}
	return nil
}

// checkSpec checks spec's source pieces against the package directory of the generated file
// gen (the file name the binary records for the Register call).
func checkSpec(spec *abi.KernelSpec, gen string) error {
	if !filepath.IsAbs(gen) {
		return nil // built with -trimpath
	}
	if _, err := os.Stat(gen); err != nil {
		return nil // no source here
	}
	dir := filepath.Dir(gen)
	cur := srchash.Current(dir, spec.Source)
	if srchash.Combine(cur) == spec.SourceHash {
		return nil
	}
	typeName := baseTypeName(spec.Name)
	var changed []string
	for i, p := range spec.Source {
		if cur[i].Hash != p.Hash {
			changed = append(changed, srchash.Label(p.Key, typeName)+" in "+p.File)
		}
	}
	if len(changed) == 0 {
		changed = append(changed, "its recorded source hashes do not match each other")
	}
	return fmt.Errorf("kernel %s: its source changed since %s was generated (%s); run go generate in %s",
		spec.Name, filepath.Base(gen), strings.Join(changed, ", "), dir)
}

// baseTypeName returns the type name of a kernel name such as "main.axpy" or
// "algorithms.frontier[main.op]": "axpy", "frontier".
func baseTypeName(name string) string {
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

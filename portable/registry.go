package portable

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/gokkos/gokkos/execspace"
)

var (
	regMu   sync.RWMutex
	kernels = map[reflect.Type]*registered{}
)

// registered is a KernelSpec with its parameters resolved to byte offsets in the kernel struct.
type registered struct {
	spec    *execspace.KernelSpec
	offsets []uintptr
}

// Register records the device translation of kernel type K. Generated files (written by
// cmd/gokkos-gen) call it from init; application code does not. It panics if K is registered
// twice with different PTX or a parameter's field path does not exist in K. Registering the
// same translation twice (a generic instantiation generated in two packages) is allowed.
func Register[K any](spec *execspace.KernelSpec) {
	t := reflect.TypeFor[K]()
	r := &registered{spec: spec, offsets: make([]uintptr, len(spec.Params))}
	for i, p := range spec.Params {
		ft := t
		var off uintptr
		for _, fi := range p.Field {
			if ft.Kind() != reflect.Struct || fi < 0 || fi >= ft.NumField() {
				panic(fmt.Sprintf("portable: Register %s: parameter %s: bad field path %v", t, p.Name, p.Field))
			}
			f := ft.Field(fi)
			off += f.Offset
			ft = f.Type
		}
		r.offsets[i] = off
	}
	regMu.Lock()
	defer regMu.Unlock()
	if old, dup := kernels[t]; dup {
		if old.spec.PTX == spec.PTX {
			return
		}
		panic(fmt.Sprintf("portable: kernel %s registered twice", t))
	}
	kernels[t] = r
}

// Lookup returns the registered device translation of kernel type K, or nil.
func Lookup[K any]() *execspace.KernelSpec {
	if r := lookup(reflect.TypeFor[K]()); r != nil {
		return r.spec
	}
	return nil
}

func lookup(t reflect.Type) *registered {
	regMu.RLock()
	defer regMu.RUnlock()
	return kernels[t]
}

// LookupType is Lookup for a kernel type known only at run time, for tools and tests that launch
// kernels through execspace.DeviceExecutor directly.
func LookupType(t reflect.Type) *execspace.KernelSpec {
	if r := lookup(t); r != nil {
		return r.spec
	}
	return nil
}

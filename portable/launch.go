package portable

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/profile"
	"github.com/gokkos/gokkos/portable/gokkosimpl"
	"github.com/gokkos/gokkos/views"
)

// launchError is the error of a launch: the pattern, its label and the space.
func launchError(pattern, label string, s execspace.Space, err error) error {
	name := "default space"
	if s != nil {
		name = s.Name() + " space"
	}
	return fmt.Errorf("portable: %s %q on the %s: %w", pattern, label, name, err)
}

func resolve(s execspace.Space) (execspace.Space, error) {
	if s != nil {
		return s, nil
	}
	return execspace.Default()
}

// viewField is a view-typed field of a kernel struct, found by reflection once per type.
type viewField struct {
	name   string
	offset uintptr
	rank   int
}

var viewFields sync.Map // reflect.Type → []viewField

var (
	view1DPrefix = strings.TrimSuffix(reflect.TypeFor[views.View1D[int8]]().Name(), "[int8]") + "["
	view2DPrefix = strings.TrimSuffix(reflect.TypeFor[views.View2D[int8]]().Name(), "[int8]") + "["
	viewsPath    = reflect.TypeFor[views.View1D[int8]]().PkgPath()
)

func findViews(t reflect.Type) []viewField {
	if v, ok := viewFields.Load(t); ok {
		return v.([]viewField)
	}
	var out []viewField
	var walk func(t reflect.Type, prefix string, off uintptr)
	walk = func(t reflect.Type, prefix string, off uintptr) {
		if t.Kind() != reflect.Struct {
			return
		}
		if t.PkgPath() == viewsPath {
			switch {
			case strings.HasPrefix(t.Name(), view1DPrefix):
				out = append(out, viewField{strings.TrimPrefix(prefix, "."), off, 1})
				return
			case strings.HasPrefix(t.Name(), view2DPrefix):
				out = append(out, viewField{strings.TrimPrefix(prefix, "."), off, 2})
				return
			}
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			walk(f.Type, prefix+"."+f.Name, off+f.Offset)
		}
	}
	walk(t, "", 0)
	viewFields.Store(t, out)
	return out
}

// checkHostViews reports a view field of k that the host cannot address.
func checkHostViews[K any](k *K) error {
	for _, f := range findViews(reflect.TypeFor[K]()) {
		h := views.HeaderAt(unsafe.Add(unsafe.Pointer(k), f.offset), f.rank)
		if h.ElemSize == 0 {
			continue
		}
		if h.Freed {
			return fmt.Errorf("kernel field %s: view %q was freed", f.name, h.Label)
		}
		if !h.Space.HostAccessible() {
			return fmt.Errorf("kernel field %s: %w", f.name, notHostAccessible(h.Label, h.Space.Name()))
		}
	}
	return nil
}

// notHostAccessible is the error of a view in memory that the host space cannot address.
func notHostAccessible(label, space string) error {
	return fmt.Errorf("view %q lives in %s memory, which the host space cannot address; run on the space that owns it or copy it to host memory with views.DeepCopy", label, space)
}

// deviceLaunch fills in l.Kernel and l.Args for kernel k of type K on device space d.
func deviceLaunch[K any](d execspace.DeviceExecutor, k *K, l *execspace.Launch) error {
	r := gokkosimpl.Lookup(reflect.TypeFor[K]())
	if r == nil {
		return fmt.Errorf("kernel type %s has no device translation; mark it //gokkos:kernel and run go generate in its package", reflect.TypeFor[K]())
	}
	l.Kernel = r.Spec
	args, err := r.Layout.AppendSlots(make([]uint64, 0, 2*len(r.Spec.Params)), unsafe.Pointer(k), abi.DeviceAddress(d.Memory(), d.Name()))
	if err != nil {
		return err
	}
	l.Args = args
	if profile.Enabled() {
		l.Timed = true
	}
	return nil
}

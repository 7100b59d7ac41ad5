package frontend

import (
	"go/types"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

const (
	modulePath   = "github.com/gokkos/gokkos"
	viewsPath    = modulePath + "/views"
	teamsPath    = modulePath + "/teams"
	portablePath = modulePath + "/portable"
)

// namedOf returns t's named type when its origin is pkgPath.name.
func namedOf(t types.Type, pkgPath, name string) *types.Named {
	t = types.Unalias(t)
	n, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	o := n.Origin().Obj()
	if o.Pkg() == nil || o.Pkg().Path() != pkgPath || o.Name() != name {
		return nil
	}
	return n
}

// viewType reports whether t is views.View1D[E] or View2D[E], with its rank and element type.
func viewType(t types.Type) (rank int, elem ir.Type, ok bool) {
	for r, name := range []string{"View1D", "View2D"} {
		if n := namedOf(t, viewsPath, name); n != nil {
			if n.TypeArgs().Len() != 1 {
				return 0, ir.Invalid, false
			}
			e, ok := scalarType(n.TypeArgs().At(0))
			if !ok || e == ir.Bool {
				return 0, ir.Invalid, false
			}
			return r + 1, e, true
		}
	}
	return 0, ir.Invalid, false
}

func isMember(t types.Type) bool { return namedOf(t, teamsPath, "Member") != nil }

// valLoc reports whether t is portable.ValLoc[T] and returns T's IR type.
func valLoc(t types.Type) (ir.Type, bool) {
	n := namedOf(t, portablePath, "ValLoc")
	if n == nil || n.TypeArgs().Len() != 1 {
		return ir.Invalid, false
	}
	e, ok := scalarType(n.TypeArgs().At(0))
	return e, ok && e != ir.Bool
}

// scalarType maps a Go type whose underlying type is a supported basic type to its IR type.
func scalarType(t types.Type) (ir.Type, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return ir.Invalid, false
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return ir.Bool, true
	case types.Int8:
		return ir.I8, true
	case types.Int16:
		return ir.I16, true
	case types.Int32, types.UntypedRune:
		return ir.I32, true
	case types.Int, types.Int64, types.UntypedInt:
		return ir.I64, true
	case types.Uint8:
		return ir.U8, true
	case types.Uint16:
		return ir.U16, true
	case types.Uint32:
		return ir.U32, true
	case types.Uint, types.Uint64, types.Uintptr:
		return ir.U64, true
	case types.Float32:
		return ir.F32, true
	case types.Float64, types.UntypedFloat:
		return ir.F64, true
	}
	return ir.Invalid, false
}

// structOf returns t's underlying struct type, or nil.
func structOf(t types.Type) *types.Struct {
	s, _ := t.Underlying().(*types.Struct)
	return s
}

// describe names the kind of an unsupported type for diagnostics.
func describe(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Map:
		return "map"
	case *types.Chan:
		return "channel"
	case *types.Pointer:
		return "pointer"
	case *types.Interface:
		return "interface"
	case *types.Signature:
		return "function value"
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return "string"
		case u.Info()&types.IsComplex != 0:
			return "complex number"
		case u.Kind() == types.UnsafePointer:
			return "unsafe.Pointer"
		}
	}
	return "type " + t.String()
}

// typeHint returns the standard hint for an unsupported type.
func typeHint(t types.Type) string {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array:
		return "use a views.View1D or View2D field"
	case *types.Map:
		return "use views and an index computation instead"
	case *types.Pointer:
		return "only the reduction accumulator may be a pointer; pass values or views"
	case *types.Interface:
		return "use a concrete type or a type parameter"
	case *types.Chan:
		return "kernels cannot communicate through channels; use views and atomics"
	case *types.Signature:
		return "call functions directly; function literals are only allowed as the body of a teams range"
	}
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		return "kernels have no strings; use numeric codes"
	}
	return "kernel values are fixed-size numbers, bools, views and structs of those"
}

// kindOf maps a scalar IR type to its execspace kind.
func kindOf(t ir.Type) abi.Kind { return t.Kind() }

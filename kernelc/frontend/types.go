package frontend

import (
	"go/types"
	"strings"

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

// isPointer reports whether t's underlying type is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// structOf returns t's underlying struct type, or nil.
func structOf(t types.Type) *types.Struct {
	s, _ := t.Underlying().(*types.Struct)
	return s
}

// typeKind names the kind of a type for diagnostics: a noun ("slice", "function value"), and
// the word that goes before "type" ("slice", "function"). Both are empty for kinds that are
// better named by the type itself.
func typeKind(t types.Type) (noun, adj string) {
	if _, _, ok := viewType(t); ok {
		return "view", "view"
	}
	if isMember(t) {
		return "teams.Member", "teams.Member"
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return "slice", "slice"
	case *types.Array:
		return "array", "array"
	case *types.Map:
		return "map", "map"
	case *types.Chan:
		return "channel", "channel"
	case *types.Pointer:
		return "pointer", "pointer"
	case *types.Interface:
		return "interface", "interface"
	case *types.Signature:
		return "function value", "function"
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return "string", "string"
		case u.Info()&types.IsComplex != 0:
			return "complex number", "complex number"
		case u.Kind() == types.UnsafePointer:
			return "unsafe.Pointer", "unsafe.Pointer"
		}
	}
	return "", ""
}

// describe names a type after "of" in diagnostics: "slice type", "interface type", or
// "type pkg.T".
func describe(t types.Type) string {
	if _, adj := typeKind(t); adj != "" {
		return adj + " type"
	}
	return "type " + typeName(t)
}

// aValue names a value of type t with its article in diagnostics: "a slice", "an
// interface", "a view", or "a value of type pkg.T".
func aValue(t types.Type) string {
	if noun, _ := typeKind(t); noun != "" {
		return article(noun) + " " + noun
	}
	return "a value of type " + typeName(t)
}

// article returns the indefinite article for a word of a diagnostic: "an" before a vowel,
// "a" otherwise.
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}

// typeName spells a type in diagnostics, with package names as qualifiers.
func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// goTypeNames are the Go spellings of the scalar IR types, for diagnostics.
var goTypeNames = map[ir.Type]string{
	ir.Bool: "bool", ir.I8: "int8", ir.I16: "int16", ir.I32: "int32", ir.I64: "int64",
	ir.U8: "uint8", ir.U16: "uint16", ir.U32: "uint32", ir.U64: "uint64",
	ir.F32: "float32", ir.F64: "float64",
}

// goTypeName spells a scalar IR type as Go does, for diagnostics.
func goTypeName(t ir.Type) string {
	if n, ok := goTypeNames[t]; ok {
		return n
	}
	return t.String()
}

// isUnsafePointer reports whether t's underlying type is unsafe.Pointer.
func isUnsafePointer(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.UnsafePointer
}

// unsafeHint is the hint for uses of package unsafe.
const unsafeHint = "kernels have no raw memory; use views and index arithmetic"

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
		return "call functions directly; function literals are only allowed as the body argument of a teams range, reduce, scan or Single call"
	}
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		return "kernels have no strings; use numeric codes"
	}
	if isUnsafePointer(t) {
		return unsafeHint
	}
	return "kernel values are fixed-size numbers, bools, views and structs of those"
}

// kindOf maps a scalar IR type to its execspace kind.
func kindOf(t ir.Type) abi.Kind { return t.Kind() }

// Package ir is the typed intermediate representation of gokkos device kernels. The front end
// (kernelc/frontend) lowers a kernel's Go body to it; the PTX back end
// (kernelc/ptx) and the host interpreter (kernelc/interp)
// consume it. Control flow is structured (If, Loop, team loops); values live in typed locals
// that are not in SSA form; every expression is pure, and everything with an effect or a memory
// access is a statement. README.md in this directory is the reference.
package ir

import (
	"fmt"

	"github.com/gokkos/gokkos/execspace/abi"
)

// Type is the type of a local or an expression.
type Type uint8

// The IR types. I64 is also Go's int, U64 also uint and uintptr. Ptr is a 64-bit address of
// device memory (global, shared, or generic: see MemSpace); only views hold Ptr locals.
const (
	Invalid Type = iota
	Bool
	I8
	I16
	I32
	I64
	U8
	U16
	U32
	U64
	F32
	F64
	Ptr
)

var typeNames = [...]string{"invalid", "bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "ptr"}

// String returns the type's short name, such as "i64" or "f32".
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("type(%d)", uint8(t))
}

// Size returns the type's size in bytes (1 for Bool, 8 for Ptr, 0 for Invalid).
func (t Type) Size() int {
	switch t {
	case Bool, I8, U8:
		return 1
	case I16, U16:
		return 2
	case I32, U32, F32:
		return 4
	case I64, U64, F64, Ptr:
		return 8
	}
	return 0
}

// Bits returns the type's width in bits.
func (t Type) Bits() int { return 8 * t.Size() }

// IsInt reports whether t is a signed or unsigned integer type.
func (t Type) IsInt() bool { return t >= I8 && t <= U64 }

// IsSigned reports whether t is a signed integer type.
func (t Type) IsSigned() bool { return t >= I8 && t <= I64 }

// IsUnsigned reports whether t is an unsigned integer type.
func (t Type) IsUnsigned() bool { return t >= U8 && t <= U64 }

// IsFloat reports whether t is F32 or F64.
func (t Type) IsFloat() bool { return t == F32 || t == F64 }

// IsNumeric reports whether t is an integer or floating-point type.
func (t Type) IsNumeric() bool { return t.IsInt() || t.IsFloat() }

// Kind returns the execspace kind of a scalar type (KindInvalid for Ptr and Invalid).
func (t Type) Kind() abi.Kind {
	switch t {
	case Bool:
		return abi.KindBool
	case I8:
		return abi.KindInt8
	case I16:
		return abi.KindInt16
	case I32:
		return abi.KindInt32
	case I64:
		return abi.KindInt64
	case U8:
		return abi.KindUint8
	case U16:
		return abi.KindUint16
	case U32:
		return abi.KindUint32
	case U64:
		return abi.KindUint64
	case F32:
		return abi.KindFloat32
	case F64:
		return abi.KindFloat64
	}
	return abi.KindInvalid
}

// TypeOf returns the IR type of a scalar execspace kind (Invalid for views).
func TypeOf(k abi.Kind) Type {
	switch k {
	case abi.KindBool:
		return Bool
	case abi.KindInt8:
		return I8
	case abi.KindInt16:
		return I16
	case abi.KindInt32:
		return I32
	case abi.KindInt64:
		return I64
	case abi.KindUint8:
		return U8
	case abi.KindUint16:
		return U16
	case abi.KindUint32:
		return U32
	case abi.KindUint64:
		return U64
	case abi.KindFloat32:
		return F32
	case abi.KindFloat64:
		return F64
	}
	return Invalid
}

// MemSpace is the state space a view's address points into.
type MemSpace uint8

// The memory spaces. A view that may hold addresses of either space at different times is
// Generic (a generic address, as PTX's cvta produces).
const (
	Global MemSpace = iota
	Shared
	Generic
)

// String returns "global", "shared" or "generic".
func (s MemSpace) String() string {
	switch s {
	case Global:
		return "global"
	case Shared:
		return "shared"
	case Generic:
		return "generic"
	}
	return fmt.Sprintf("space(%d)", uint8(s))
}

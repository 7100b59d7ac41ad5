package views

import "unsafe"

// Scalar is the set of element types a view can hold: fixed-size integers (int is 64 bits on
// every platform gokkos supports) and floating-point numbers, and types defined on them.
type Scalar interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int |
		~uint8 | ~uint16 | ~uint32 | ~uint64 |
		~float32 | ~float64
}

// isFloat reports whether T is a floating-point type.
func isFloat[T Scalar]() bool {
	var one T = 1
	return one/2 != 0
}

// isSigned reports whether T is a signed type.
func isSigned[T Scalar]() bool {
	var zero T
	return zero-1 < 0
}

func sizeOf[T Scalar]() uintptr {
	var z T
	return unsafe.Sizeof(z)
}

// TypeName returns the Go name of T's underlying element type, such as "float64".
func TypeName[T Scalar]() string {
	sz := sizeOf[T]()
	switch {
	case isFloat[T]():
		if sz == 4 {
			return "float32"
		}
		return "float64"
	case isSigned[T]():
		return [...]string{1: "int8", 2: "int16", 4: "int32", 8: "int64"}[sz]
	default:
		return [...]string{1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64"}[sz]
	}
}

// MaxOf returns the largest finite value of T (for floats, +Inf is larger; reductions use
// Inf as the identity of Min).
func MaxOf[T Scalar]() T {
	sz := sizeOf[T]()
	switch {
	case isFloat[T]():
		if sz == 4 {
			return fromBits[T](0x7f7fffff)
		}
		return fromBits[T](0x7fefffffffffffff)
	case isSigned[T]():
		return fromBits[T](1<<(sz*8-1) - 1)
	}
	return fromBits[T](^uint64(0))
}

// LowestOf returns the most negative finite value of T (zero for unsigned types).
func LowestOf[T Scalar]() T {
	sz := sizeOf[T]()
	switch {
	case isFloat[T]():
		return -MaxOf[T]()
	case isSigned[T]():
		return fromBits[T](1 << (sz*8 - 1))
	}
	return 0
}

// IsFloat reports whether T is a floating-point type.
func IsFloat[T Scalar]() bool { return isFloat[T]() }

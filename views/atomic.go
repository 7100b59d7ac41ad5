package views

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

// The atomic element operations below are the view counterparts of Kokkos' atomic_fetch_*
// functions. Each is linearizable with every other atomic operation on the same element and is
// seen as synchronized by the race detector. Integer arithmetic wraps around. Floating-point
// operations are compare-and-swap loops on the element's bits. 8- and 16-bit elements are updated
// through a compare-and-swap of the aligned 32-bit word that holds them (AtomicStore, outside
// race-detector builds, stores the element alone: see store). They panic like At on a
// bad index or a view that is not host-accessible, and And, Or and Xor panic on float views.

// AtomicAdd adds x to element i and returns the element's previous value.
func (v View1D[T]) AtomicAdd(i int, x T) T { return rmw(v.addr(i), x, opAdd, v) }

// AtomicSub subtracts x from element i and returns the previous value.
func (v View1D[T]) AtomicSub(i int, x T) T { return rmw(v.addr(i), x, opSub, v) }

// AtomicMin stores min(element i, x) and returns the previous value.
func (v View1D[T]) AtomicMin(i int, x T) T { return fetchMin(v.addr(i), x) }

// AtomicMax stores max(element i, x) and returns the previous value.
func (v View1D[T]) AtomicMax(i int, x T) T { return rmw(v.addr(i), x, opMax, v) }

// AtomicAnd stores element i & x and returns the previous value. Integer views only.
func (v View1D[T]) AtomicAnd(i int, x T) T { return rmw(v.addr(i), x, opAnd, v) }

// AtomicOr stores element i | x and returns the previous value. Integer views only.
func (v View1D[T]) AtomicOr(i int, x T) T { return rmw(v.addr(i), x, opOr, v) }

// AtomicXor stores element i ^ x and returns the previous value. Integer views only.
func (v View1D[T]) AtomicXor(i int, x T) T { return rmw(v.addr(i), x, opXor, v) }

// AtomicExchange stores x in element i and returns the previous value.
func (v View1D[T]) AtomicExchange(i int, x T) T { return rmw(v.addr(i), x, opXchg, v) }

// AtomicCompareAndSwap stores new in element i if it holds old (compared bit for bit) and reports
// whether it did.
func (v View1D[T]) AtomicCompareAndSwap(i int, old, new T) bool { return cas(v.addr(i), old, new) }

// AtomicLoad returns element i, read atomically.
func (v View1D[T]) AtomicLoad(i int) T { return load(v.addr(i)) }

// AtomicStore stores x in element i atomically (never torn) with relaxed ordering, as on
// devices: it takes its place in the element's order of atomic operations but orders no other
// memory access of the calling goroutine (no store-load fence; use a compare-and-swap or a
// read-modify-write where one is needed).
func (v View1D[T]) AtomicStore(i int, x T) { store(v.addr(i), x) }

// AtomicAdd adds x to element (i, j) and returns the previous value.
func (v View2D[T]) AtomicAdd(i, j int, x T) T {
	if uint(i) >= uint(v.hn0) || uint(j) >= uint(v.n1) || v.a.freed.Load() {
		outOfRange2D(v.a, i, j, v.n0, v.n1)
	}
	p := (*T)(unsafe.Add(v.ptr, uintptr(i*v.s0+j*v.s1)*sizeOf[T]()))
	return rmw(p, x, opAdd, View1D[T]{d: &desc{a: v.a}})
}

type rmwOp uint8

const (
	opAdd rmwOp = iota
	opSub
	opMin
	opMax
	opAnd
	opOr
	opXor
	opXchg
)

var opNames = [...]string{"AtomicAdd", "AtomicSub", "AtomicMin", "AtomicMax", "AtomicAnd", "AtomicOr", "AtomicXor", "AtomicExchange"}

func apply[T Scalar](old, x T, op rmwOp) T {
	switch op {
	case opAdd:
		return old + x
	case opSub:
		return old - x
	case opMin:
		return min(old, x)
	case opMax:
		return max(old, x)
	case opXchg:
		return x
	}
	// Bitwise ops: T is an integer here (checked by the caller).
	a, b := bitsOf(old), bitsOf(x)
	var r uint64
	switch op {
	case opAnd:
		r = a & b
	case opOr:
		r = a | b
	default:
		r = a ^ b
	}
	return fromBits[T](r)
}

func fromBits[T Scalar](b uint64) T {
	var x T
	switch sizeOf[T]() {
	case 1:
		*(*uint8)(unsafe.Pointer(&x)) = uint8(b)
	case 2:
		*(*uint16)(unsafe.Pointer(&x)) = uint16(b)
	case 4:
		*(*uint32)(unsafe.Pointer(&x)) = uint32(b)
	default:
		*(*uint64)(unsafe.Pointer(&x)) = b
	}
	return x
}

func rmw[T Scalar](p *T, x T, op rmwOp, v View1D[T]) T {
	float := isFloat[T]()
	if float && (op == opAnd || op == opOr || op == opXor) {
		panic(fmt.Sprintf("views: %s on view %q of %s elements; bitwise atomics need an integer view", opNames[op], v.Label(), TypeName[T]()))
	}
	sz := sizeOf[T]()
	if !float && (sz == 4 || sz == 8) {
		// Native read-modify-write instructions where Go has them.
		switch op {
		case opAdd, opSub:
			d := x
			if op == opSub {
				d = -x
			}
			if sz == 4 {
				return fromBits[T](uint64(atomic.AddUint32((*uint32)(unsafe.Pointer(p)), uint32(bitsOf(d))) - uint32(bitsOf(d))))
			}
			return fromBits[T](atomic.AddUint64((*uint64)(unsafe.Pointer(p)), bitsOf(d)) - bitsOf(d))
		case opAnd:
			if sz == 4 {
				return fromBits[T](uint64(atomic.AndUint32((*uint32)(unsafe.Pointer(p)), uint32(bitsOf(x)))))
			}
			return fromBits[T](atomic.AndUint64((*uint64)(unsafe.Pointer(p)), bitsOf(x)))
		case opOr:
			if sz == 4 {
				return fromBits[T](uint64(atomic.OrUint32((*uint32)(unsafe.Pointer(p)), uint32(bitsOf(x)))))
			}
			return fromBits[T](atomic.OrUint64((*uint64)(unsafe.Pointer(p)), bitsOf(x)))
		case opXchg:
			if sz == 4 {
				return fromBits[T](uint64(atomic.SwapUint32((*uint32)(unsafe.Pointer(p)), uint32(bitsOf(x)))))
			}
			return fromBits[T](atomic.SwapUint64((*uint64)(unsafe.Pointer(p)), bitsOf(x)))
		}
	}
	for {
		old := load(p)
		nv := apply(old, x, op)
		if (op == opMin || op == opMax) && bitsOf(nv) == bitsOf(old) {
			return old // nothing to store; the load is the linearization point
		}
		if cas(p, old, nv) {
			return old
		}
	}
}

// word returns the aligned 32-bit word holding the small element at p and the element's bit shift
// and mask within it (little-endian).
func word(p unsafe.Pointer, sz uintptr) (*uint32, uint, uint32) {
	addr := uintptr(p)
	base := addr &^ 3
	shift := uint(addr-base) * 8
	mask := uint32(1)<<(sz*8) - 1
	return (*uint32)(unsafe.Add(p, -int(addr-base))), shift, mask << shift
}

// load and the views' AtomicLoad stay within the compiler's inlining budget (AtomicLoad at
// its edge: keep both as they are), so that a kernel's atomic reads, such as a forest's
// parent pointers or a relaxation's distances, make no calls. The other atomic operations
// are calls.
func load[T Scalar](p *T) T {
	if unsafe.Sizeof(*p) == 8 {
		b := atomic.LoadUint64((*uint64)(unsafe.Pointer(p)))
		return *(*T)(unsafe.Pointer(&b))
	}
	// 4 bytes, and 1 and 2: the aligned 32-bit word that holds the element, shifted down to it
	// (little-endian). The mask is 0 for a 4-byte element, so that its offset and shift fold
	// away once the element size is known.
	m := (4 - unsafe.Sizeof(*p)) & 3
	b := atomic.LoadUint32((*uint32)(unsafe.Pointer(uintptr(unsafe.Pointer(p))&^m))) >> (uintptr(unsafe.Pointer(p)) & m * 8)
	return *(*T)(unsafe.Pointer(&b))
}

// fetchMin is rmw(p, x, opMin, ·): a compare-and-swap loop that stores nothing when the
// minimum is the element itself (bit for bit).
func fetchMin[T Scalar](p *T, x T) T {
	if unsafe.Sizeof(*p) == 4 {
		for {
			old := load(p)
			nv := min(old, x)
			o, n := *(*uint32)(unsafe.Pointer(&old)), *(*uint32)(unsafe.Pointer(&nv))
			if o == n || atomic.CompareAndSwapUint32((*uint32)(unsafe.Pointer(p)), o, n) {
				return old
			}
		}
	}
	return rmw(p, x, opMin, View1D[T]{})
}

// store is AtomicStore: a relaxed atomic store, as devices have it (st.relaxed). An aligned
// store of one element is never torn on the platforms Go supports, so outside race-detector
// builds it is a plain store: sync/atomic's stores are sequentially consistent, which on amd64
// is an exchange that drains the store buffer (a pass that stores most of its elements, such as
// a forest's compress, ran about 3 times slower with it). Race-detector builds store through
// sync/atomic, so that the detector sees the store as synchronized.
func store[T Scalar](p *T, x T) {
	if !raceEnabled {
		*p = x
		return
	}
	switch sizeOf[T]() {
	case 8:
		atomic.StoreUint64((*uint64)(unsafe.Pointer(p)), bitsOf(x))
		return
	case 4:
		atomic.StoreUint32((*uint32)(unsafe.Pointer(p)), uint32(bitsOf(x)))
		return
	}
	for {
		old := load(p)
		if cas(p, old, x) {
			return
		}
	}
}

func cas[T Scalar](p *T, old, new T) bool {
	switch sizeOf[T]() {
	case 8:
		return atomic.CompareAndSwapUint64((*uint64)(unsafe.Pointer(p)), bitsOf(old), bitsOf(new))
	case 4:
		return atomic.CompareAndSwapUint32((*uint32)(unsafe.Pointer(p)), uint32(bitsOf(old)), uint32(bitsOf(new)))
	}
	w, shift, mask := word(unsafe.Pointer(p), sizeOf[T]())
	for {
		cur := atomic.LoadUint32(w)
		if (cur&mask)>>shift != uint32(bitsOf(old)) {
			return false
		}
		next := cur&^mask | uint32(bitsOf(new))<<shift
		if atomic.CompareAndSwapUint32(w, cur, next) {
			return true
		}
	}
}

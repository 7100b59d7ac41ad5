package gokkosimpl

import (
	"math"
	"sync/atomic"
	"unsafe"
)

// The atomics of generated visit loops (see RegisterHostVisit) and of host loops' gather
// paths: concrete functions small enough for the compiler to inline, with the semantics of
// the views package's atomic methods for the same element type. A minimum stores nothing
// when the element already is the minimum.

// AtomicLoadInt32 returns *p, read atomically.
func AtomicLoadInt32(p *int32) int32 { return atomic.LoadInt32(p) }

// AtomicLoadUint32 returns *p, read atomically.
func AtomicLoadUint32(p *uint32) uint32 { return atomic.LoadUint32(p) }

// AtomicLoadInt64 returns *p, read atomically.
func AtomicLoadInt64(p *int64) int64 { return atomic.LoadInt64(p) }

// AtomicLoadUint64 returns *p, read atomically.
func AtomicLoadUint64(p *uint64) uint64 { return atomic.LoadUint64(p) }

// AtomicLoadFloat32 returns *p, read atomically.
func AtomicLoadFloat32(p *float32) float32 {
	return math.Float32frombits(atomic.LoadUint32((*uint32)(unsafePointer(p))))
}

// AtomicLoadFloat64 returns *p, read atomically.
func AtomicLoadFloat64(p *float64) float64 {
	return math.Float64frombits(atomic.LoadUint64((*uint64)(unsafePointer(p))))
}

// AtomicMinInt32 stores min(*p, x) and returns the previous value.
func AtomicMinInt32(p *int32, x int32) int32 {
	for {
		old := atomic.LoadInt32(p)
		if old <= x || atomic.CompareAndSwapInt32(p, old, x) {
			return old
		}
	}
}

// AtomicMinUint32 stores min(*p, x) and returns the previous value.
func AtomicMinUint32(p *uint32, x uint32) uint32 {
	for {
		old := atomic.LoadUint32(p)
		if old <= x || atomic.CompareAndSwapUint32(p, old, x) {
			return old
		}
	}
}

// AtomicMinInt64 stores min(*p, x) and returns the previous value.
func AtomicMinInt64(p *int64, x int64) int64 {
	for {
		old := atomic.LoadInt64(p)
		if old <= x || atomic.CompareAndSwapInt64(p, old, x) {
			return old
		}
	}
}

// AtomicMinUint64 stores min(*p, x) and returns the previous value.
func AtomicMinUint64(p *uint64, x uint64) uint64 {
	for {
		old := atomic.LoadUint64(p)
		if old <= x || atomic.CompareAndSwapUint64(p, old, x) {
			return old
		}
	}
}

// AtomicMinFloat32 stores min(*p, x) (Go's min: NaN wins, -0 below +0) and returns the
// previous value.
func AtomicMinFloat32(p *float32, x float32) float32 {
	w := (*uint32)(unsafePointer(p))
	for {
		o := atomic.LoadUint32(w)
		old := math.Float32frombits(o)
		n := math.Float32bits(min(old, x))
		if o == n || atomic.CompareAndSwapUint32(w, o, n) {
			return old
		}
	}
}

// AtomicMinFloat64 stores min(*p, x) (Go's min: NaN wins, -0 below +0) and returns the
// previous value.
func AtomicMinFloat64(p *float64, x float64) float64 {
	w := (*uint64)(unsafePointer(p))
	for {
		o := atomic.LoadUint64(w)
		old := math.Float64frombits(o)
		n := math.Float64bits(min(old, x))
		if o == n || atomic.CompareAndSwapUint64(w, o, n) {
			return old
		}
	}
}

// unsafePointer converts an element pointer for the word atomics.
func unsafePointer[T float32 | float64](p *T) unsafe.Pointer { return unsafe.Pointer(p) }

// AtomicCompareAndSwapInt32 stores new in *p if it holds old and reports whether it did.
func AtomicCompareAndSwapInt32(p *int32, old, new int32) bool {
	return atomic.CompareAndSwapInt32(p, old, new)
}

// AtomicCompareAndSwapUint32 stores new in *p if it holds old and reports whether it did.
func AtomicCompareAndSwapUint32(p *uint32, old, new uint32) bool {
	return atomic.CompareAndSwapUint32(p, old, new)
}

// AtomicCompareAndSwapInt64 stores new in *p if it holds old and reports whether it did.
func AtomicCompareAndSwapInt64(p *int64, old, new int64) bool {
	return atomic.CompareAndSwapInt64(p, old, new)
}

// AtomicCompareAndSwapUint64 stores new in *p if it holds old and reports whether it did.
func AtomicCompareAndSwapUint64(p *uint64, old, new uint64) bool {
	return atomic.CompareAndSwapUint64(p, old, new)
}

// AtomicOrInt32 stores *p | x and returns the previous value.
func AtomicOrInt32(p *int32, x int32) int32 { return atomic.OrInt32(p, x) }

// AtomicOrUint32 stores *p | x and returns the previous value.
func AtomicOrUint32(p *uint32, x uint32) uint32 { return atomic.OrUint32(p, x) }

// AtomicOrInt64 stores *p | x and returns the previous value.
func AtomicOrInt64(p *int64, x int64) int64 { return atomic.OrInt64(p, x) }

// AtomicOrUint64 stores *p | x and returns the previous value.
func AtomicOrUint64(p *uint64, x uint64) uint64 { return atomic.OrUint64(p, x) }

// AtomicExchangeInt32 stores x in *p and returns the previous value.
func AtomicExchangeInt32(p *int32, x int32) int32 { return atomic.SwapInt32(p, x) }

// AtomicExchangeUint32 stores x in *p and returns the previous value.
func AtomicExchangeUint32(p *uint32, x uint32) uint32 { return atomic.SwapUint32(p, x) }

// AtomicExchangeInt64 stores x in *p and returns the previous value.
func AtomicExchangeInt64(p *int64, x int64) int64 { return atomic.SwapInt64(p, x) }

// AtomicExchangeUint64 stores x in *p and returns the previous value.
func AtomicExchangeUint64(p *uint64, x uint64) uint64 { return atomic.SwapUint64(p, x) }

// AtomicAddInt32 adds x to *p and returns the previous value.
func AtomicAddInt32(p *int32, x int32) int32 { return atomic.AddInt32(p, x) - x }

// AtomicAddUint32 adds x to *p and returns the previous value.
func AtomicAddUint32(p *uint32, x uint32) uint32 { return atomic.AddUint32(p, x) - x }

// AtomicAddInt64 adds x to *p and returns the previous value.
func AtomicAddInt64(p *int64, x int64) int64 { return atomic.AddInt64(p, x) - x }

// AtomicAddUint64 adds x to *p and returns the previous value.
func AtomicAddUint64(p *uint64, x uint64) uint64 { return atomic.AddUint64(p, x) - x }

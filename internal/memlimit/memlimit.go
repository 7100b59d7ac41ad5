// Package memlimit reports how many bytes the process can still allocate, so that code about to
// make a large allocation can refuse it with an error: the Go runtime cannot recover from
// running out of memory, it stops the process with "fatal error: out of memory".
//
// The budget is the tightest of the limits that apply to the process, each less what is
// already used against it: the machine's physical memory, the memory cgroup's limit (version 2
// memory.max or version 1 memory.limit_in_bytes), the RLIMIT_AS and RLIMIT_DATA resource
// limits, and the Go runtime's soft memory limit (GOMEMLIMIT or debug.SetMemoryLimit). The
// figures are a snapshot and rough (other processes, the page cache and the garbage collector
// move them), so a check against them rejects requests that cannot succeed rather than
// promising that smaller ones will.
package memlimit

import (
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"runtime/metrics"
)

// Limit is one bound on the process's memory and what is used against it.
type Limit struct {
	// Source names the limit, such as "RLIMIT_AS" or "cgroup memory.max".
	Source string
	// Max is the limit in bytes; a value of 0 or less means no limit.
	Max int64
	// Used is what already counts against Max, in bytes.
	Used int64
}

// Budget is the memory the process can still allocate and the limit that bounds it.
type Budget struct {
	// Bytes is the number of bytes available, math.MaxInt64 when no limit is known.
	Bytes int64
	// Source names the tightest limit: "physical memory", "cgroup memory.max", "cgroup
	// memory.limit_in_bytes", "RLIMIT_AS", "RLIMIT_DATA" or "Go memory limit"; it is empty when
	// no limit is known.
	Source string
}

// Unchecked is the size below which [Budget.Check] and [Check] accept a request without
// looking: so small an allocation is not worth the system calls, and a process that cannot
// make it is failing anyway.
const Unchecked = 16 << 20

// ErrInsufficient is the error that every [*Error] wraps.
var ErrInsufficient = errors.New("insufficient memory")

// Error reports a request for more memory than the process can have.
type Error struct {
	// What names what needs the memory, such as "the CSR".
	What string
	// Need is the number of bytes asked for.
	Need int64
	// Budget is what was available.
	Budget Budget
}

// Error returns a message such as "the CSR needs 2.0 GiB but 512 MiB are available
// (RLIMIT_AS)".
func (e *Error) Error() string {
	return fmt.Sprintf("%s needs %s but %s are available (%s)", e.What, Format(e.Need), Format(e.Budget.Bytes), e.Budget.Source)
}

// Unwrap returns [ErrInsufficient].
func (e *Error) Unwrap() error { return ErrInsufficient }

// Tightest returns the budget that limits leave: the smallest Max-Used (at least 0) over the
// limits with a positive Max, and the Source of that limit. With no such limit the budget is
// math.MaxInt64 bytes with an empty Source.
func Tightest(limits []Limit) Budget {
	b := Budget{Bytes: math.MaxInt64}
	for _, l := range limits {
		if l.Max <= 0 {
			continue
		}
		left := l.Max - max(l.Used, 0)
		if left < 0 {
			left = 0
		}
		if left < b.Bytes {
			b = Budget{Bytes: left, Source: l.Source}
		}
	}
	return b
}

// Available returns the process's budget now: [Tightest] of [Limits]. It reads a few files
// under /proc and /sys, which takes some tens of microseconds.
func Available() Budget { return Tightest(Limits()) }

// Check returns an [*Error] naming what when need bytes exceed b, and nil otherwise. Requests
// below [Unchecked] bytes are always accepted.
func (b Budget) Check(what string, need int64) error {
	if need < Unchecked || need <= b.Bytes {
		return nil
	}
	return &Error{What: what, Need: need, Budget: b}
}

// Check is [Budget.Check] against [Available], which it queries only for requests of at least
// [Unchecked] bytes.
func Check(what string, need int64) error {
	if need < Unchecked {
		return nil
	}
	return Available().Check(what, need)
}

// Format returns n bytes in binary units, such as "512 MiB", "2.0 GiB" or "100 bytes": one
// decimal below ten units, none above.
func Format(n int64) string {
	if n < 1024 {
		if n == 1 {
			return "1 byte"
		}
		return fmt.Sprintf("%d bytes", n)
	}
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v := float64(n) / 1024
	u := 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if v < 10 {
		// Round down so that a figure just under a limit never prints as the limit.
		return fmt.Sprintf("%.1f %s", math.Floor(v*10)/10, units[u])
	}
	return fmt.Sprintf("%.0f %s", math.Floor(v), units[u])
}

// Sum returns the sum of sizes, saturating at math.MaxInt64 instead of overflowing; negative
// sizes count as zero.
func Sum(sizes ...int64) int64 {
	var s int64
	for _, x := range sizes {
		if x <= 0 {
			continue
		}
		if s > math.MaxInt64-x {
			return math.MaxInt64
		}
		s += x
	}
	return s
}

// Mul returns count*size for non-negative arguments, saturating at math.MaxInt64.
func Mul(count, size int64) int64 {
	if count <= 0 || size <= 0 {
		return 0
	}
	if count > math.MaxInt64/size {
		return math.MaxInt64
	}
	return count * size
}

// goLimit returns the Go runtime's soft memory limit as a Limit.
func goLimit(used int64) Limit {
	l := debug.SetMemoryLimit(-1)
	if l == math.MaxInt64 {
		l = 0
	}
	return Limit{Source: "Go memory limit", Max: l, Used: used}
}

// goUsed returns the memory the Go runtime has mapped and not returned to the system.
func goUsed() int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	var v [2]int64
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			v[i] = int64(s[i].Value.Uint64())
		}
	}
	return max(v[0]-v[1], 0)
}

//go:build !linux

package memlimit

import "errors"

// Limits returns the limits that apply to the process. Outside Linux only the Go runtime's
// soft memory limit is known.
func Limits() []Limit {
	return []Limit{goLimit(goUsed())}
}

// LimitAddressSpace sets the process's RLIMIT_AS soft limit to its virtual size now plus extra
// bytes, on Linux; elsewhere it returns an error.
func LimitAddressSpace(extra int64) error {
	return errors.New("memlimit: LimitAddressSpace is implemented on Linux only")
}

package profile

import (
	"io"
	"os"
	"sync"
)

var (
	envOnce  sync.Once
	envTimer *Timer
)

// EnvTimer returns the timer that GOKKOS_PROFILE=1 enables, registering it on first use, or nil
// when the variable is unset or 0.
func EnvTimer() *Timer {
	envOnce.Do(func() {
		if v := os.Getenv("GOKKOS_PROFILE"); v != "" && v != "0" {
			envTimer = NewTimer()
			Add(envTimer)
		}
	})
	return envTimer
}

// ReportEnv prints the GOKKOS_PROFILE table for space to w (standard error when w is nil). Spaces
// call it from Close.
func ReportEnv(w io.Writer, space string) {
	t := EnvTimer()
	if t == nil {
		return
	}
	if w == nil {
		w = os.Stderr
	}
	t.Print(w, space)
}

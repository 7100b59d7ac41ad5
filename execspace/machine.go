package execspace

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// CPU describes the host processor as cpuid reports it. Cache sizes are in bytes, -1 when
// unknown; counts are 0 when unknown.
type CPU struct {
	Brand          string
	PhysicalCores  int
	ThreadsPerCore int
	LogicalCores   int
	CacheLine      int
	L1D, L2, L3    int
	Features       []string // x86-64 level and vector extensions relevant to kernels
}

// HostCPU returns the host processor's description. It is cheap: cpuid runs once at start-up.
func HostCPU() CPU {
	c := cpuid.CPU
	var feats []string
	if lvl := c.X64Level(); lvl > 0 {
		feats = append(feats, fmt.Sprintf("x86-64-v%d", lvl))
	}
	for _, f := range []cpuid.FeatureID{cpuid.AVX2, cpuid.FMA3, cpuid.AVX512F, cpuid.ASIMD, cpuid.SVE} {
		if c.Supports(f) {
			feats = append(feats, f.String())
		}
	}
	return CPU{
		Brand: c.BrandName, PhysicalCores: c.PhysicalCores, ThreadsPerCore: c.ThreadsPerCore,
		LogicalCores: c.LogicalCores, CacheLine: c.CacheLine,
		L1D: c.Cache.L1D, L2: c.Cache.L2, L3: c.Cache.L3, Features: feats,
	}
}

// LastLevelCache returns the largest cache size cpuid reports (L3, else L2), or fallback when
// none is known.
func (c CPU) LastLevelCache(fallback int64) int64 {
	switch {
	case c.L3 > 0:
		return int64(c.L3)
	case c.L2 > 0:
		return int64(c.L2)
	}
	return fallback
}

func sizeString(b int) string {
	switch {
	case b < 0:
		return "unknown"
	case b >= 1<<20 && b%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", b>>20)
	case b >= 1<<10:
		return fmt.Sprintf("%d KiB", b>>10)
	}
	return fmt.Sprintf("%d B", b)
}

// PrintConfiguration writes a description of the machine and of the registered backends to w,
// in the spirit of Kokkos::print_configuration: the Go runtime, the CPU (brand, cores, threads
// per core, caches), and for each space in spaces its own Config text.
func PrintConfiguration(w io.Writer, spaces ...Space) {
	c := HostCPU()
	fmt.Fprintf(w, "gokkos configuration\n")
	fmt.Fprintf(w, "  Go:        %s %s/%s, GOMAXPROCS=%d\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "  CPU:       %s\n", orUnknown(c.Brand))
	fmt.Fprintf(w, "  cores:     %d physical, %d threads per core, %d logical\n", c.PhysicalCores, c.ThreadsPerCore, c.LogicalCores)
	fmt.Fprintf(w, "  caches:    L1d %s, L2 %s, L3 %s, line %d B\n", sizeString(c.L1D), sizeString(c.L2), sizeString(c.L3), c.CacheLine)
	if len(c.Features) > 0 {
		fmt.Fprintf(w, "  features:  %s\n", strings.Join(c.Features, " "))
	}
	fmt.Fprintf(w, "  backends:  %s\n", strings.Join(Backends(), ", "))
	for _, s := range spaces {
		fmt.Fprintf(w, "space %s:\n", s.Name())
		for _, line := range strings.Split(strings.TrimRight(s.Config(), "\n"), "\n") {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	defMu.Lock()
	notes := defNotes
	defMu.Unlock()
	for _, n := range notes {
		fmt.Fprintf(w, "  not opened: %s\n", n)
	}
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

package execspace

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// CPU describes the host processor as cpuid reports it, and the CPUs the operating system gives
// the process. Cache sizes are in bytes, -1 when unknown; counts are 0 when unknown.
//
// The cpuid counts describe the processor package's topology, which on a virtual machine or in
// a container is the host's (a 2-vCPU VM may report 254 logical cores): size work by Usable, or
// by GOMAXPROCS, not by them.
type CPU struct {
	Brand          string
	PhysicalCores  int // per cpuid: the package's cores
	ThreadsPerCore int // per cpuid
	LogicalCores   int // per cpuid: the package's hardware threads
	CacheLine      int
	L1D, L2, L3    int
	Features       []string // x86-64 level and vector extensions relevant to kernels

	// Online is the number of CPUs online on the machine, as the operating system counts them.
	Online int
	// Affinity is the number of CPUs in the process's scheduler affinity mask.
	Affinity int
	// Quota is the process's cgroup CPU bandwidth quota in CPUs (1.5 for 150 ms per 100 ms
	// period), the smallest at any level of its cgroup; 0 when there is none.
	Quota float64
	// Usable is the number of CPUs the process may use: Affinity (else Online) capped by Quota
	// rounded up. See UsableCPUs.
	Usable int
}

// HostCPU returns the host processor's description. It is cheap: cpuid runs once at start-up,
// and the operating system's CPU limits are read once, at the first call.
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
	l := hostLimits()
	return CPU{
		Brand: c.BrandName, PhysicalCores: c.PhysicalCores, ThreadsPerCore: c.ThreadsPerCore,
		LogicalCores: c.LogicalCores, CacheLine: c.CacheLine,
		L1D: c.Cache.L1D, L2: c.Cache.L2, L3: c.Cache.L3, Features: feats,
		Online: l.online, Affinity: l.affinity, Quota: l.quota, Usable: l.usable(),
	}
}

// MachineCPUs returns the machine's CPU count for messages: Online, else LogicalCores.
func (c CPU) MachineCPUs() int {
	if c.Online > 0 {
		return c.Online
	}
	return c.LogicalCores
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
// in the spirit of Kokkos::print_configuration: the Go runtime, the CPU (brand, the machine's
// CPUs, the CPUs this process may use, caches), and for each space in spaces its own Config
// text.
func PrintConfiguration(w io.Writer, spaces ...Space) {
	c := HostCPU()
	fmt.Fprintf(w, "gokkos configuration\n")
	fmt.Fprintf(w, "  Go:        %s %s/%s, GOMAXPROCS=%d\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "  CPU:       %s\n", orUnknown(c.Brand))
	fmt.Fprintf(w, "  machine:   %s online; cpuid topology: %d physical cores, %d threads per core, %d logical\n",
		cpusString(c.Online), c.PhysicalCores, c.ThreadsPerCore, c.LogicalCores)
	fmt.Fprintf(w, "  usable:    %s for this process (affinity mask: %s, cgroup quota: %s)\n",
		cpusString(c.Usable), cpusString(c.Affinity), quotaString(c.Quota))
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

func cpusString(n int) string {
	switch {
	case n <= 0:
		return "unknown CPUs"
	case n == 1:
		return "1 CPU"
	}
	return strconv.Itoa(n) + " CPUs"
}

func quotaString(q float64) string {
	if q <= 0 {
		return "none"
	}
	if q == 1 {
		return "1 CPU"
	}
	return strconv.FormatFloat(q, 'f', -1, 64) + " CPUs"
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

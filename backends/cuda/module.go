//go:build cuda

package cuda

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"

	"gorgonia.org/cu"

	"github.com/gokkos/gokkos/execspace/abi"
)

// JITError is the error of a kernel whose PTX the driver could not compile or link. Log holds
// the JIT compiler's error log (ptxas messages with line numbers into the PTX text).
type JITError struct {
	// Kernel is the kernel's Go type name (KernelSpec.Name).
	Kernel string
	// Pos is the kernel's declaration, file:line.
	Pos string
	// Log is the JIT compiler's error log, possibly empty.
	Log string
	// Err is the driver's error.
	Err error
}

// Error names the kernel and includes the log.
func (e *JITError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "cuda: JIT compilation of kernel %s", e.Kernel)
	if e.Pos != "" {
		fmt.Fprintf(&b, " (%s)", e.Pos)
	}
	fmt.Fprintf(&b, " failed: %v", e.Err)
	if log := strings.TrimSpace(e.Log); log != "" {
		fmt.Fprintf(&b, "\nJIT log:\n%s", log)
	}
	return b.String()
}

// Unwrap returns the driver's error.
func (e *JITError) Unwrap() error { return e.Err }

// module is a kernel's PTX loaded into the device's context, loaded at most once.
type module struct {
	once   sync.Once
	mod    cu.Module
	info   string
	wallMs float32
	err    error
	ready  atomic.Bool // once has run

	mu  sync.Mutex
	fns map[string]*function
}

// function is one entry of a loaded module with its attributes and cached launch choices.
type function struct {
	name         string
	f            cu.Function
	maxThreads   int
	staticShared int
	regs         int
	local        int

	mu       sync.Mutex
	dynLimit int                 // the function's current MAX_DYNAMIC_SHARED_SIZE_BYTES
	blocks   map[int]blockChoice // range block size per SharedPerThread
}

// blockChoice is a block size and how many such blocks fit on a multiprocessor.
type blockChoice struct{ threads, perSM int }

var printJITLog = os.Getenv("GOKKOS_CUDA_JIT_LOG") == "1"

// module returns k's module, JIT-compiling it on first use. The caller has entered.
func (d *device) module(k *abi.KernelSpec) (*module, error) {
	d.modMu.Lock()
	m := d.modules[k]
	if m == nil {
		m = &module{fns: map[string]*function{}}
		d.modules[k] = m
	}
	d.modMu.Unlock()
	m.once.Do(func() {
		defer m.ready.Store(true)
		if strings.TrimSpace(k.PTX) == "" {
			m.err = &JITError{Kernel: k.Name, Pos: k.Pos, Err: fmt.Errorf("the kernel has no PTX")}
			return
		}
		mod, info, errLog, wall, err := loadModule(k.PTX)
		m.info, m.wallMs = info, wall
		if err != nil {
			m.err = &JITError{Kernel: k.Name, Pos: k.Pos, Log: errLog, Err: d.check("cuModuleLoadDataEx", err)}
			return
		}
		m.mod = mod
		if printJITLog {
			fmt.Fprintf(os.Stderr, "gokkos cuda: JIT %s (%s): %.1f ms\n%s\n", k.Name, k.Pos, wall, strings.TrimSpace(info))
		}
	})
	return m, m.err
}

// function returns the entry called name. The caller has entered.
func (m *module) function(k *abi.KernelSpec, name string) (*function, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if f := m.fns[name]; f != nil {
		return f, nil
	}
	if name == "" {
		return nil, fmt.Errorf("cuda: kernel %s (%s form) names no entry for this launch", k.Name, k.Form)
	}
	cf, err := m.mod.Function(name)
	if err != nil {
		return nil, fmt.Errorf("cuda: kernel %s: entry %q not found in its PTX: %w", k.Name, name, fromCu("cuModuleGetFunction", err))
	}
	f := &function{name: name, f: cf, blocks: map[int]blockChoice{}, dynLimit: 48 << 10}
	for _, a := range []struct {
		attr int
		dst  *int
	}{{fnMaxThreads, &f.maxThreads}, {fnStaticShared, &f.staticShared}, {fnNumRegs, &f.regs}, {fnLocalBytes, &f.local}} {
		if *a.dst, err = funcAttr(cf, a.attr); err != nil {
			return nil, fmt.Errorf("cuda: kernel %s entry %s: %w", k.Name, name, err)
		}
	}
	m.fns[name] = f
	return f, nil
}

// JITLog returns the JIT compiler's info log of k (register and shared-memory use per entry)
// and whether k has been loaded on the space's device. Loading happens at k's first launch.
func (s *Space) JITLog(k *abi.KernelSpec) (string, bool) {
	d := s.d
	d.modMu.Lock()
	m := d.modules[k]
	d.modMu.Unlock()
	if m == nil || !m.ready.Load() {
		return "", false
	}
	return m.info, m.err == nil
}

// ensureShared raises the function's dynamic shared memory limit to at least bytes. The caller
// has entered.
func (f *function) ensureShared(bytes int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if bytes <= f.dynLimit {
		return nil
	}
	if err := setMaxDynamicShared(f.f, bytes); err != nil {
		return err
	}
	f.dynLimit = bytes
	return nil
}

// rangeBlock returns the block size for a range-like launch of f: among multiples of the warp
// size up to 256 (and f's limit), the one with the most resident threads per multiprocessor,
// the largest on ties, with sharedPerThread bytes of dynamic shared memory per thread. The
// choice is cached. The caller has entered.
func (d *device) rangeBlock(f *function, sharedPerThread int) (blockChoice, error) {
	f.mu.Lock()
	c, ok := f.blocks[sharedPerThread]
	f.mu.Unlock()
	if ok {
		return c, nil
	}
	limit := min(f.maxThreads, 256)
	best := blockChoice{}
	for t := limit - limit%d.warp; t >= d.warp; t -= d.warp {
		smem := align16(sharedPerThread * t)
		if smem+f.staticShared > d.sharedOptin {
			continue
		}
		if err := f.ensureShared(smem); err != nil {
			return c, err
		}
		n, err := occupancy(f.f, t, smem)
		if err != nil {
			return c, err
		}
		if n*t > best.threads*best.perSM {
			best = blockChoice{t, n}
		}
	}
	if best.threads == 0 {
		return best, fmt.Errorf("cuda: entry %s fits no block of %d to %d threads (%d registers, %d B static shared, %d B shared per thread)", f.name, d.warp, limit, f.regs, f.staticShared, sharedPerThread)
	}
	f.mu.Lock()
	f.blocks[sharedPerThread] = best
	f.mu.Unlock()
	return best, nil
}

func align16(n int) int { return (n + 15) &^ 15 }

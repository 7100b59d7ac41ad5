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
	"github.com/gokkos/gokkos/internal/devlaunch"
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

// rangeBlock returns the block size for a range-like launch of f with sharedPerThread bytes of
// dynamic shared memory per thread (devlaunch.RangeBlock). The choice is cached. The caller has
// entered.
func (d *device) rangeBlock(f *function, sharedPerThread int) (blockChoice, error) {
	f.mu.Lock()
	c, ok := f.blocks[sharedPerThread]
	f.mu.Unlock()
	if ok {
		return c, nil
	}
	b, err := devlaunch.RangeBlock(d.shape(), f.shape(), sharedPerThread)
	if err != nil {
		return c, fmt.Errorf("cuda: %w", err)
	}
	c = blockChoice{b.Threads, b.PerSM}
	f.mu.Lock()
	f.blocks[sharedPerThread] = c
	f.mu.Unlock()
	return c, nil
}

// shape returns what devlaunch needs to know of the device.
func (d *device) shape() devlaunch.Device {
	return devlaunch.Device{Warp: d.warp, SMs: d.sms, SharedOptin: d.sharedOptin, Level1Budget: d.level1Budget}
}

// shape returns what devlaunch needs to know of the entry: its limits, and its occupancy from
// the driver after raising its dynamic shared memory limit as needed. The caller has entered.
func (f *function) shape() devlaunch.Entry {
	return devlaunch.Entry{Name: f.name, MaxThreads: f.maxThreads, StaticShared: f.staticShared, Regs: f.regs,
		Occupancy: func(threads, shared int) (int, error) {
			if err := f.ensureShared(shared); err != nil {
				return 0, err
			}
			return occupancy(f.f, threads, shared)
		}}
}

func align16(n int) int { return devlaunch.Align16(n) }

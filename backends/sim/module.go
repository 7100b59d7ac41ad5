package sim

import (
	"fmt"
	"strings"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/devlaunch"
	ptxsim "github.com/gokkos/gokkos/kernelc/ptxsim"
)

// module is a kernel's PTX parsed and loaded on the simulated device (its global variables
// placed in device memory), once per kernel spec; a failure is remembered too.
type module struct {
	prog *ptxsim.Program
	err  error
}

// module returns k's loaded module, parsing and loading its PTX on first use. The caller holds
// d.mu.
func (d *device) module(k *abi.KernelSpec) (*module, error) {
	if m := d.modules[k]; m != nil {
		return m, m.err
	}
	m := &module{}
	d.modules[k] = m
	if strings.TrimSpace(k.PTX) == "" {
		m.err = fmt.Errorf("kernel %s (%s) has no PTX; run go generate in its package", k.Name, k.Pos)
		return m, m.err
	}
	pm, err := ptxsim.Parse(k.PTX)
	if err != nil {
		m.err = fmt.Errorf("kernel %s (%s): the simulator cannot parse its PTX: %w", k.Name, k.Pos, err)
		return m, m.err
	}
	m.prog = ptxsim.Load(d.dev, pm)
	return m, nil
}

// entry returns what devlaunch needs to know of m's entry called name, or an error naming
// kernel k when the module has no such entry.
func (m *module) entry(k *abi.KernelSpec, name string) (devlaunch.Entry, error) {
	if name == "" {
		return devlaunch.Entry{}, fmt.Errorf("kernel %s (%s form) names no entry for this launch", k.Name, k.Form)
	}
	if !m.prog.HasEntry(name) {
		return devlaunch.Entry{}, fmt.Errorf("kernel %s: entry %q not found in its PTX", k.Name, name)
	}
	static := m.prog.StaticShared()
	return devlaunch.Entry{Name: name, MaxThreads: MaxThreadsPerBlock, StaticShared: static,
		Occupancy: func(threads, shared int) (int, error) { return occupancy(threads, shared+static), nil }}, nil
}

package sim_test

import (
	"slices"
	"strings"
	"testing"

	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
)

// newSpace opens a sim space that the test closes.
func newSpace(t testing.TB) *sim.Space {
	t.Helper()
	s, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestRegistration(t *testing.T) {
	names := execspace.Backends()
	host, simAt := slices.Index(names, "host"), slices.Index(names, "sim")
	if host < 0 || simAt < host {
		t.Fatalf("backends %v: want sim registered after host", names)
	}
	cases := []struct {
		name, env, want string
	}{
		{"default is not the simulator", "", "host"},
		{"GOKKOS_SPACE selects it", "sim", "sim"},
		{"in any case", "SIM", "sim"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GOKKOS_SPACE", c.env)
			s, err := execspace.Default()
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.Name() != c.want {
				t.Fatalf("Default() opened %s, want %s", s.Name(), c.want)
			}
		})
	}
	t.Run("Open", func(t *testing.T) {
		s, err := execspace.Open("sim", execspace.Config{DeviceID: 1})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if s.(*sim.Space).Device() != 1 || s.Memory() == newSpace(t).Memory() {
			t.Fatal("device 1 shares device 0's memory")
		}
		if _, err := execspace.Open("sim", execspace.Config{DeviceID: -1}); err == nil {
			t.Fatal("a negative device ID opened")
		}
	})
}

func TestInfoAndConfig(t *testing.T) {
	s := newSpace(t)
	info := s.Info()
	want := execspace.Info{Device: true, Units: sim.Multiprocessors, WarpSize: 32, MaxTeamSize: sim.MaxThreadsPerBlock,
		MaxBlockSize: sim.MaxThreadsPerBlock, CacheBytes: sim.CacheBytes, MemoryBytes: sim.MemoryBytes,
		ScratchLimit: [2]int{sim.SharedPerBlock, sim.MemoryBytes / 8}}
	if info != want {
		t.Fatalf("Info() = %+v, want %+v", info, want)
	}
	if s.Concurrency() != sim.Multiprocessors*sim.MaxThreadsPerSM || s.ScratchLimit(1) != want.ScratchLimit[1] {
		t.Fatalf("Concurrency %d, ScratchLimit(1) %d", s.Concurrency(), s.ScratchLimit(1))
	}
	if s.Memory().HostAccessible() || s.Memory().Name() != "Sim" || s.Memory() != s.DeviceMemory() {
		t.Fatalf("memory space %s, host-accessible %v", s.Memory().Name(), s.Memory().HostAccessible())
	}
	for _, w := range []string{"simulated device 0", "warp 32", "scratch limit"} {
		if !strings.Contains(s.Config(), w) {
			t.Errorf("Config() does not mention %q:\n%s", w, s.Config())
		}
	}
	if err := s.Fence("test"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil || s.Fence("closed") != nil {
		t.Fatal("Close or Fence after Close failed")
	}
}

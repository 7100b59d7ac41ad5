//go:build cuda

package cuda

import (
	"errors"
	"os"
	"strings"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/views"
)

func TestLaunchErrors(t *testing.T) {
	s := space(t)
	badPTX := &abi.KernelSpec{Name: "cuda_test.bad", Pos: "bad.go:7", Form: abi.FormRange, Entry: "bad",
		PTX: ".version 7.0\n.target sm_70\n.address_size 64\n.visible .entry bad(.param .u64 b, .param .u64 e)\n{\n\tbogus.instruction %r1;\n\tret;\n}\n"}
	missing := &abi.KernelSpec{Name: "cuda_test.missing", Form: abi.FormRange, PTX: rangePTX, Entry: "nope"}
	x, err := views.Alloc1D[int64](s.Memory(), "x", 10)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Free()
	optin := s.Info().ScratchLimit[0]
	var result int64
	for _, tc := range []struct {
		name string
		l    execspace.Launch
		want []string
	}{
		{"bad PTX", execspace.Launch{Kernel: badPTX, End: 10}, []string{"cuda_test.bad", "bad.go:7", "JIT log", "bogus", "CUDA_ERROR_INVALID_PTX", "range [0, 10)"}},
		{"missing entry", execspace.Launch{Kernel: missing, End: 10}, []string{`entry "nope" not found`}},
		{"slot count", execspace.Launch{Kernel: axpySpec, End: 10, Args: []uint64{1, 2}}, []string{"takes 7 argument slots", "passes 2"}},
		{"host view", execspace.Launch{Kernel: sumSpec, End: 10, Op: abi.OpSum, Args: []uint64{0, 10, 1}}, []string{"field X", "no device address"}},
		{"reduction op", execspace.Launch{Kernel: sumSpec, End: 10, Op: abi.OpMax, Args: args(x)}, []string{"does not support the max reduction", "it supports: sum"}},
		{"team too large", execspace.Launch{Kernel: teamSpec, League: 4, TeamSize: 2048, VectorLength: 1, Args: args(x)}, []string{"2048", "threads per block", "league 4, team 2048, vector 1"}},
		{"vector length", execspace.Launch{Kernel: teamSpec, League: 4, TeamSize: 4, VectorLength: 3, Args: args(x)}, []string{"vector length 3"}},
		{"shared memory", execspace.Launch{Kernel: teamSpec, League: 4, TeamSize: 32, VectorLength: 1, Args: args(x),
			Scratch: [2]execspace.ScratchSize{{Team: optin, Thread: 8}}}, []string{"dynamic shared memory", "exceeds"}},
		{"auto shared memory", execspace.Launch{Kernel: teamSpec, League: 4, TeamSize: execspace.Auto, VectorLength: 1, Args: args(x),
			Scratch: [2]execspace.ScratchSize{{Team: optin, Thread: 8}}}, []string{"no team size fits"}},
		{"level 1", execspace.Launch{Kernel: teamSpec, League: 4, TeamSize: 32, VectorLength: 1, Args: args(x),
			Scratch: [2]execspace.ScratchSize{{}, {Team: 1 << 50}}}, []string{"level-1 scratch"}},
		{"reduce bad PTX", execspace.Launch{Kernel: &abi.KernelSpec{Name: "cuda_test.badReduce", Form: abi.FormReduce, PTX: badPTX.PTX,
			Reduce: abi.ReduceEntries{Main: "bad"}, ReduceOps: []abi.ReduceOp{abi.OpSum}}, End: 10, Op: abi.OpSum, Result: unsafe.Pointer(&result)},
			[]string{"cuda_test.badReduce", "JIT log"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.l
			l.Label = "err-" + strings.ReplaceAll(tc.name, " ", "-")
			err := s.Launch(&l)
			wantContains(t, err, append(tc.want, `"`+l.Label+`"`)...)
			var le *LaunchError
			if !errors.As(err, &le) || le.Label != l.Label {
				t.Errorf("not a *LaunchError for %q: %T", l.Label, err)
			}
			t.Log(err)
		})
	}
	// A JIT failure is remembered: the second launch fails the same way without recompiling.
	err = s.Launch(&execspace.Launch{Label: "again", Kernel: badPTX, End: 1})
	var je *JITError
	if !errors.As(err, &je) || !strings.Contains(je.Log, "bogus") {
		t.Errorf("second launch of bad PTX: %v", err)
	}
	// The space is still usable.
	if err := s.Fence("after errors"); err != nil {
		t.Fatal(err)
	}
	var got int64
	if err := s.Launch(&execspace.Launch{Label: "ok", Kernel: sumSpec, Args: args(x), End: 10, Op: abi.OpSum, Result: unsafe.Pointer(&got)}); err != nil || got != 0 {
		t.Fatalf("launch after errors: %v, sum %d", err, got)
	}
}

// TestIllegalAddress runs kernels that store to an unmapped address in child processes (a fault
// breaks the context for the rest of the process): asynchronously, where the next Fence reports
// the fault and names the launch, and timed, where Launch itself reports it. Afterwards every
// operation reports that the device is unusable.
func TestIllegalAddress(t *testing.T) {
	switch mode := os.Getenv(childEnv); mode {
	case "illegal-async", "illegal-timed":
		s := space(t)
		l := &execspace.Launch{Label: "poke-bad", Kernel: pokeSpec, Args: []uint64{0x10}, End: 1024, Timed: mode == "illegal-timed"}
		err := s.Launch(l)
		if mode == "illegal-async" {
			if err != nil {
				t.Fatalf("asynchronous launch: %v", err)
			}
			err = s.Fence("after poke")
			wantContains(t, err, "after poke", "poke-bad", "CUDA_ERROR_ILLEGAL_ADDRESS", "grid")
		} else {
			wantContains(t, err, "poke-bad", "CUDA_ERROR_ILLEGAL_ADDRESS", "grid 4×1×1", "block 256×1×1")
		}
		t.Logf("fault: %v", err)
		err = s.Launch(&execspace.Launch{Label: "next", Kernel: emptySpec, End: 1})
		if !errors.Is(err, ErrDeviceUnusable) {
			t.Errorf("launch after the fault: %v", err)
		}
		wantContains(t, err, "next", "poke-bad")
		if err := s.Fence("later"); !errors.Is(err, ErrDeviceUnusable) {
			t.Errorf("fence after the fault: %v", err)
		}
		if _, err := views.Alloc1D[int64](s.Memory(), "late", 10); !errors.Is(err, ErrDeviceUnusable) {
			t.Errorf("alloc after the fault: %v", err)
		}
		t.Logf("after: %v", err)
		return
	case "":
	default:
		t.Skip("another child scenario")
	}
	space(t)
	for _, mode := range []string{"illegal-async", "illegal-timed"} {
		t.Run(mode, func(t *testing.T) {
			out, err := child(t, "TestIllegalAddress", mode)
			t.Logf("child output:\n%s", out)
			if err != nil || !strings.Contains(out, "PASS") {
				t.Fatalf("child: %v", err)
			}
		})
	}
}

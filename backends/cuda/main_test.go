//go:build cuda

package cuda

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/views"
)

// The test kernels are hand-written PTX following the execspace ABI; TestPTXAssembles checks
// them with ptxas where PTXAS is set.
var (
	//go:embed testdata/range.ptx
	rangePTX string
	//go:embed testdata/team.ptx
	teamPTX string
	//go:embed testdata/reduce.ptx
	reducePTX string
	//go:embed testdata/scan.ptx
	scanPTX string
)

func view1D(name string, elem abi.Kind) abi.Param {
	return abi.Param{Name: name, Kind: abi.KindView1D, Elem: elem, Written: true}
}

var (
	axpySpec = &abi.KernelSpec{Name: "cuda_test.axpy", Pos: "testdata/range.ptx", Form: abi.FormRange, PTX: rangePTX, Entry: "axpy", Lanes: 1,
		Params: []abi.Param{{Name: "A", Kind: abi.KindFloat64}, view1D("X", abi.KindFloat64), view1D("Y", abi.KindFloat64)}}
	emptySpec = &abi.KernelSpec{Name: "cuda_test.empty", Pos: "testdata/range.ptx", Form: abi.FormRange, PTX: rangePTX, Entry: "empty", Lanes: 1}
	pokeSpec  = &abi.KernelSpec{Name: "cuda_test.poke", Pos: "testdata/range.ptx", Form: abi.FormRange, PTX: rangePTX, Entry: "poke", Lanes: 1,
		Params: []abi.Param{{Name: "Addr", Kind: abi.KindUint64}}}
	teamSpec = &abi.KernelSpec{Name: "cuda_test.teamScratch", Pos: "testdata/team.ptx", Form: abi.FormTeam, PTX: teamPTX, Entry: "team_scratch",
		Params: []abi.Param{view1D("Out", abi.KindInt64)}, SharedPerThread: 8}
	sumSpec = &abi.KernelSpec{Name: "cuda_test.sum", Pos: "testdata/reduce.ptx", Form: abi.FormReduce, PTX: reducePTX,
		Reduce: abi.ReduceEntries{Main: "sum_main"}, ReduceOps: []abi.ReduceOp{abi.OpSum},
		Value: abi.Value{Kind: abi.KindInt64}, Params: []abi.Param{view1D("X", abi.KindInt64)}, SharedPerThread: 8, Lanes: 1}
	teamSumSpec = &abi.KernelSpec{Name: "cuda_test.teamSum", Pos: "testdata/reduce.ptx", Form: abi.FormTeamReduce, PTX: reducePTX,
		Reduce: abi.ReduceEntries{Main: "team_sum_main"}, ReduceOps: []abi.ReduceOp{abi.OpSum},
		Value: abi.Value{Kind: abi.KindInt64}, SharedPerThread: 8}
	scanSpec = &abi.KernelSpec{Name: "cuda_test.scan", Pos: "testdata/scan.ptx", Form: abi.FormScan, PTX: scanPTX,
		Scan:  abi.ScanEntries{Up: "scan_up", Mid: "scan_mid", Down: "scan_down"},
		Value: abi.Value{Kind: abi.KindInt64}, Params: []abi.Param{view1D("X", abi.KindInt64), view1D("Y", abi.KindInt64)}, SharedPerThread: 8, Lanes: 1}
)

// childEnv makes the test binary, re-executed by a test, run one child scenario.
const childEnv = "GOKKOS_CUDA_TEST_CHILD"

var (
	testSpace *Space
	openErr   error
)

func TestMain(m *testing.M) {
	cfg, err := execspace.ConfigFromEnv()
	if err == nil {
		testSpace, openErr = New(cfg)
	} else {
		openErr = err
	}
	if openErr != nil && os.Getenv(childEnv) == "" {
		fmt.Fprintf(os.Stderr, "cuda tests: no usable CUDA device, GPU tests skip: %v\n", openErr)
	}
	os.Exit(m.Run())
}

// space returns the test space, skipping the test when there is no usable device.
func space(t testing.TB) *Space {
	t.Helper()
	if openErr != nil {
		t.Skipf("no usable CUDA device: %v", openErr)
	}
	return testSpace
}

// child re-runs the test binary with only test name and childEnv=mode and returns its output.
func child(t *testing.T, name, mode string, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.v")
	cmd.Env = append(append(os.Environ(), childEnv+"="+mode), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// args returns the argument slots of views and scalars in order.
func args(vs ...any) []uint64 {
	var s []uint64
	for _, v := range vs {
		switch v := v.(type) {
		case views.View1D[float64]:
			s = append(s, slots1(v.Header())...)
		case views.View1D[int64]:
			s = append(s, slots1(v.Header())...)
		case uint64:
			s = append(s, v)
		default:
			panic(fmt.Sprintf("args: %T", v))
		}
	}
	return s
}

func slots1(h views.Header) []uint64 {
	return []uint64{uint64(h.Device), uint64(h.Extent[0]), uint64(h.Stride[0])}
}

// toDevice returns a device view holding data.
func toDevice[T views.Scalar](t testing.TB, s *Space, label string, data []T) views.View1D[T] {
	t.Helper()
	v, err := views.Alloc1D[T](s.Memory(), label, len(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := views.DeepCopy(v, views.Wrap1D(label+"_host", data)); err != nil {
		t.Fatal(err)
	}
	return v
}

// toHost returns v's elements.
func toHost[T views.Scalar](t testing.TB, v views.View1D[T]) []T {
	t.Helper()
	h := views.New1D[T](v.Label()+"_host", v.Len())
	if err := views.DeepCopy(h, v); err != nil {
		t.Fatal(err)
	}
	return h.Data()
}

func wantContains(t *testing.T, err error, subs ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("got no error, want one containing %q", subs)
	}
	for _, s := range subs {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not contain %q", err, s)
		}
	}
}

// TestPTXAssembles checks the hand-written and built-in PTX with ptxas (from PTXAS, as
// scripts/cuda-sdk.sh env sets it) for Volta and Hopper. It needs no GPU.
func TestPTXAssembles(t *testing.T) {
	ptxas := os.Getenv("PTXAS")
	if ptxas == "" {
		t.Skip("PTXAS is not set")
	}
	for name, src := range map[string]string{"range": rangePTX, "team": teamPTX, "reduce": reducePTX, "scan": scanPTX, "fill": fillPTX} {
		for _, arch := range []string{"sm_70", "sm_90"} {
			t.Run(name+"/"+arch, func(t *testing.T) {
				f := t.TempDir() + "/k.ptx"
				if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				if out, err := exec.Command(ptxas, "-arch="+arch, "-o", os.DevNull, f).CombinedOutput(); err != nil {
					t.Fatalf("ptxas: %v\n%s", err, out)
				}
			})
		}
	}
}

func TestOpen(t *testing.T) {
	s := space(t)
	info := s.Info()
	t.Logf("config:\n%s", s.Config())
	t.Logf("info: %+v, concurrency %d", info, s.Concurrency())
	if s.Name() != "cuda" || s.Memory().Name() != "CUDA" || s.Memory().HostAccessible() {
		t.Errorf("names: space %q, memory %q", s.Name(), s.Memory().Name())
	}
	if !info.Device || info.Units <= 0 || info.WarpSize != 32 || info.MaxBlockSize < 1024 || info.CacheBytes <= 0 || info.MemoryBytes <= 0 || info.ScratchLimit[0] < 48<<10 || info.ScratchLimit[1] <= 0 {
		t.Errorf("implausible info %+v", info)
	}
	for _, want := range []string{"compute capability", "multiprocessors", "L2", "driver: CUDA"} {
		if !strings.Contains(s.Config(), want) {
			t.Errorf("Config lacks %q", want)
		}
	}
	s2, err := New(execspace.Config{DeviceID: s.Device()})
	if err != nil {
		t.Fatal(err)
	}
	if s2.Memory() != s.Memory() {
		t.Error("two spaces on one device have different memory spaces")
	}
	if _, err := New(execspace.Config{DeviceID: 99}); err == nil || !strings.Contains(err.Error(), "device 99") {
		t.Errorf("New on device 99: %v", err)
	}
	found := false
	for _, b := range execspace.Backends() {
		found = found || b == "cuda"
	}
	if !found {
		t.Error("cuda backend not registered")
	}
	s3, err := execspace.Open("cuda", execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s3.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s3.Close(); err != nil {
		t.Fatal("second Close:", err)
	}
	err = s3.(*Space).Launch(&execspace.Launch{Label: "after-close", Kernel: emptySpec, End: 1})
	if !errors.Is(err, ErrClosed) {
		t.Errorf("launch after Close: %v", err)
	}
}

// TestNoDevice runs the binary with no visible GPU: New must return an error, not exit.
func TestNoDevice(t *testing.T) {
	if os.Getenv(childEnv) == "nodevice" {
		if openErr == nil {
			t.Fatal("New succeeded with CUDA_VISIBLE_DEVICES=-1")
		}
		t.Logf("New: %v", openErr)
		if _, err := execspace.Open("cuda", execspace.Config{}); err == nil {
			t.Fatal("execspace.Open succeeded")
		}
		return
	}
	space(t)
	out, err := child(t, "TestNoDevice", "nodevice", "CUDA_VISIBLE_DEVICES=-1")
	t.Logf("child output:\n%s", out)
	if err != nil {
		t.Fatalf("child: %v", err)
	}
	if !strings.Contains(out, "no CUDA device") {
		t.Error("child's error does not say no CUDA device is visible")
	}
}

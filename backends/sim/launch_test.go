package sim_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/benchkernels"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/portable/gokkosimpl"
	"github.com/gokkos/gokkos/views"
)

// spec returns a copy of kernel type K's registered translation.
func spec[K any](t *testing.T) *abi.KernelSpec {
	t.Helper()
	r := gokkosimpl.Lookup(reflect.TypeFor[K]())
	if r == nil {
		t.Fatalf("%v has no translation", reflect.TypeFor[K]())
	}
	cp := *r.Spec
	return &cp
}

// upload returns a sim view holding data.
func upload[T views.Scalar](t *testing.T, s *sim.Space, data []T) views.View1D[T] {
	t.Helper()
	v, err := views.Alloc1D[T](s.Memory(), "data", len(data))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(v.Free)
	must(t, views.DeepCopy(v, views.Wrap1D("host", data)))
	return v
}

// untranslated is a kernel that go generate never saw.
type untranslated struct{ X views.View1D[float64] }

func (k untranslated) Run(i int) { k.X.Set(i, 1) }

func TestLaunchErrors(t *testing.T) {
	s := newSpace(t)
	x := upload(t, s, make([]int64, 100))
	sumArgs := []uint64{uint64(x.Header().Device), 100, 1}
	noPTX, badForm, noEntry, sum := spec[benchkernels.Triad](t), spec[benchkernels.Triad](t), spec[benchkernels.Triad](t), spec[benchkernels.Sum](t)
	noPTX.PTX, badForm.Form, noEntry.Entry = "", abi.Form(99), "missing"
	closed, err := sim.New(execspace.Config{})
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	cases := []struct {
		name  string
		space *sim.Space
		l     execspace.Launch
		want  []string
	}{
		{"no kernel", s, execspace.Launch{}, []string{"without a kernel"}},
		{"no PTX", s, execspace.Launch{Label: "l", Kernel: noPTX, End: 1, Args: make([]uint64, 10)}, []string{"benchkernels.Triad", "has no PTX", `launch "l"`}},
		{"unsupported form", s, execspace.Launch{Kernel: badForm, End: 1, Args: make([]uint64, 10)}, []string{"benchkernels.Triad", "form invalid"}},
		{"missing entry", s, execspace.Launch{Kernel: noEntry, End: 1, Args: make([]uint64, 10)}, []string{"benchkernels.Triad", `entry "missing" not found`}},
		{"missing reduction", s, execspace.Launch{Kernel: sum, End: 100, Op: abi.OpMaxLoc, Args: sumArgs}, []string{"does not support the maxloc reduction", "it supports: sum"}},
		{"argument count", s, execspace.Launch{Kernel: sum, End: 100, Op: abi.OpSum, Args: sumArgs[:2]}, []string{"takes 3 argument slots"}},
		{"address outside memory", s, execspace.Launch{Kernel: sum, End: 100, Op: abi.OpSum, Args: []uint64{8, 100, 1}}, []string{"field X", "not memory of simulated device 0"}},
		{"fault", s, execspace.Launch{Kernel: sum, Begin: 1 << 40, End: 1<<40 + 1, Op: abi.OpSum, Args: sumArgs},
			[]string{"outside device memory", "entry ", "grid 1×1×1, block 256×1×1"}},
		{"closed", closed, execspace.Launch{Kernel: sum, End: 100, Op: abi.OpSum, Args: sumArgs}, []string{"closed"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.space.Launch(&c.l)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			var le *sim.LaunchError
			if c.l.Kernel != nil && !errors.As(err, &le) {
				t.Errorf("error %T is not a *LaunchError", err)
			}
		})
	}
	t.Run("no translation", func(t *testing.T) {
		v, err := views.Alloc1D[float64](s.Memory(), "v", 4)
		if err != nil {
			t.Fatal(err)
		}
		defer v.Free()
		err = portable.ParallelFor(s, "untranslated", portable.Range(0, 4), untranslated{v})
		if err == nil || !strings.Contains(err.Error(), "sim_test.untranslated has no device translation") {
			t.Fatalf("got %v", err)
		}
	})
}

func TestLaunches(t *testing.T) {
	s := newSpace(t)
	const n = 3000
	in := make([]int64, n)
	var want int64
	for i := range in {
		in[i] = int64(i%7 - 3)
		want += in[i]
	}
	x := upload(t, s, in)
	t.Run("timed", func(t *testing.T) {
		l := execspace.Launch{Label: "timed", Kernel: spec[benchkernels.Sum](t), End: n, Op: abi.OpSum, Timed: true,
			Args: []uint64{uint64(x.Header().Device), n, 1}}
		var got int64
		l.Result = unsafe.Pointer(&got)
		e0, i0 := s.Stats()
		must(t, s.Launch(&l))
		if got != want || l.Elapsed <= 0 {
			t.Fatalf("sum %d, want %d; elapsed %v", got, want, l.Elapsed)
		}
		if e, i := s.Stats(); e != e0+1 || i <= i0+n {
			t.Fatalf("Stats went from %d entries, %d instructions to %d, %d; want one launch of Main, more than an instruction per element", e0, i0, e, i)
		}
	})
	t.Run("concurrent", func(t *testing.T) {
		// Launches, allocations, copies and frees from several goroutines at once.
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for g := range errs {
			wg.Go(func() {
				for r := range 3 {
					var sum int64
					if err := portable.ParallelReduce(s, "sum", portable.Range(0, n), benchkernels.Sum{X: x}, portable.Sum(&sum)); err != nil {
						errs[g] = err
						return
					}
					y, err := views.Alloc1D[int64](s.Memory(), "out", n)
					if err != nil {
						errs[g] = err
						return
					}
					var total int64
					err = portable.ParallelScan(s, "scan", portable.Range(0, n), benchkernels.Scan{In: x, Out: y}, &total)
					y.Free()
					if err == nil && (sum != want || total != want) {
						err = fmt.Errorf("round %d: sum %d, total %d, want %d", r, sum, total, want)
					}
					if err != nil {
						errs[g] = err
						return
					}
				}
			})
		}
		wg.Wait()
		must(t, errors.Join(errs...))
	})
}

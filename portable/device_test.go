package portable_test

import (
	"math"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/internal/fakedev"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/portable/gokkosimpl"
	"github.com/gokkos/gokkos/views"
)

// fakeDevice records launches instead of running them.
type fakeDevice struct {
	mem      *fakedev.Memory
	launches []execspace.Launch
	result   uint64
}

func (d *fakeDevice) Name() string              { return "fake" }
func (d *fakeDevice) Concurrency() int          { return 1 }
func (d *fakeDevice) Memory() views.MemorySpace { return d.mem }
func (d *fakeDevice) Info() execspace.Info      { return execspace.Info{Device: true} }
func (d *fakeDevice) Fence(string) error        { return nil }
func (d *fakeDevice) Close() error              { return nil }
func (d *fakeDevice) Config() string            { return "fake" }
func (d *fakeDevice) Launch(l *execspace.Launch) error {
	d.launches = append(d.launches, *l)
	if l.Result != nil {
		*(*uint64)(l.Result) = d.result
	}
	return nil
}

type inner struct {
	Scale float32
	M     views.View2D[int16]
}

type marshalled struct {
	N    int
	Neg  int8
	Flag bool
	X    views.View1D[float64]
	In   inner
	U    uint16
}

func (marshalled) Run(i int) {}

type reduced struct{ X views.View1D[float64] }

func (reduced) Run(i int, acc *float64) {}

func init() {
	gokkosimpl.Register[marshalled](&abi.KernelSpec{
		Name: "portable_test.marshalled", Form: abi.FormRange, PTX: "fake", Entry: "marshalled",
		Params: []abi.Param{
			{Name: "N", Field: []int{0}, Kind: abi.KindInt64},
			{Name: "Neg", Field: []int{1}, Kind: abi.KindInt8},
			{Name: "Flag", Field: []int{2}, Kind: abi.KindBool},
			{Name: "X", Field: []int{3}, Kind: abi.KindView1D, Elem: abi.KindFloat64},
			{Name: "In.Scale", Field: []int{4, 0}, Kind: abi.KindFloat32},
			{Name: "In.M", Field: []int{4, 1}, Kind: abi.KindView2D, Elem: abi.KindInt16},
			{Name: "U", Field: []int{5}, Kind: abi.KindUint16},
		},
	})
	gokkosimpl.Register[reduced](&abi.KernelSpec{
		Name: "portable_test.reduced", Form: abi.FormReduce, PTX: "fake",
		Reduce: abi.ReduceEntries{Main: "m"}, ReduceOps: []abi.ReduceOp{abi.OpSum},
		Value:  abi.Value{Kind: abi.KindFloat64},
		Params: []abi.Param{{Name: "X", Field: []int{0}, Kind: abi.KindView1D, Elem: abi.KindFloat64}},
	})
}

func TestDeviceMarshalling(t *testing.T) {
	d := &fakeDevice{mem: fakedev.New("Fake", 1<<20)}
	x, err := views.Alloc1D[float64](d.mem, "x", 10)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := views.Alloc2D[int16](d.mem, "m", 3, 4, views.LayoutLeft)
	k := marshalled{N: 1 << 40, Neg: -2, Flag: true, X: x.Sub(2, 7), In: inner{1.5, m}, U: 65535}
	if err := portable.ParallelFor(d, "marshal", portable.Range(3, 9), k); err != nil {
		t.Fatal(err)
	}
	l := d.launches[0]
	want := []uint64{1 << 40, uint64(math.MaxUint64 - 1), 1,
		uint64(x.Header().Device + 16), 5, 1,
		uint64(math.Float32bits(1.5)),
		uint64(m.Header().Device), 3, 4, 1, 3,
		65535}
	if len(l.Args) != len(want) {
		t.Fatalf("args %v, want %v", l.Args, want)
	}
	for i := range want {
		if l.Args[i] != want[i] {
			t.Errorf("slot %d = %#x, want %#x", i, l.Args[i], want[i])
		}
	}
	if l.Begin != 3 || l.End != 9 || l.Label != "marshal" || l.Kernel.Entry != "marshalled" {
		t.Errorf("launch %+v", l)
	}

	// A reduction reads its result from the space.
	var sum float64
	d.result = math.Float64bits(42.5)
	if err := portable.ParallelReduce(d, "sum", portable.Range(0, 10), reduced{x}, portable.Sum(&sum)); err != nil {
		t.Fatal(err)
	}
	if sum != 42.5 || d.launches[1].Op != abi.OpSum {
		t.Fatalf("sum %v op %v", sum, d.launches[1].Op)
	}

	errs := []struct {
		name string
		err  error
		want []string
	}{
		{"host view", portable.ParallelFor(d, "hostview", portable.Range(0, 1), marshalled{X: views.New1D[float64]("hostx", 3)}), []string{"X", "hostx", "Host memory"}},
		{"no translation", portable.ParallelFor(d, "untranslated", portable.Range(0, 1), untranslated{}), []string{"untranslated", "go generate"}},
		{"unsupported op", portable.ParallelReduce(d, "max", portable.Range(0, 1), reduced{x}, portable.Max(&sum)), []string{"does not support the max reduction", "supports: sum"}},
		{"closure join", portable.ParallelReduce(d, "closure", portable.Range(0, 1), reduced{x}, portable.Join(&sum, 0, func(a *float64, b float64) {})), []string{"host spaces only"}},
	}
	for _, e := range errs {
		t.Run(e.name, func(t *testing.T) {
			if e.err == nil {
				t.Fatal("no error")
			}
			for _, w := range e.want {
				if !strings.Contains(e.err.Error(), w) {
					t.Fatalf("error %q does not mention %q", e.err, w)
				}
			}
		})
	}
	x.Free()
	if err := portable.ParallelFor(d, "freed", portable.Range(0, 1), marshalled{X: x}); err == nil || !strings.Contains(err.Error(), "freed") {
		t.Fatalf("freed view: %v", err)
	}
}

type untranslated struct{}

func (untranslated) Run(i int) {}

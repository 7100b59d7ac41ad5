package corpus

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/frontend"
	"github.com/gokkos/gokkos/kernelc/interp"
	"github.com/gokkos/gokkos/kernelc/ir"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

var (
	loadOnce sync.Once
	loaded   *frontend.Result
	loadErr  error
)

// translated returns the corpus package's kernels translated by the front end.
func translated(t *testing.T) map[string]*ir.Kernel {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = frontend.Load(frontend.Config{Dir: "."}) })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	if len(loaded.Errors) > 0 {
		t.Fatalf("front end errors:\n%v", loaded.Errors)
	}
	m := map[string]*ir.Kernel{}
	for _, k := range loaded.Kernels {
		m[k.IR.Name] = k.IR
	}
	return m
}

// tcase is one kernel run natively and through the interpreter.
type tcase struct {
	name string // the kernel's IR name, such as "corpus.Axpy"
	// make builds a kernel value with inputs drawn from r; it is called twice with equal
	// generators, once for each run.
	make func(r *rand.Rand) any
	// native runs the kernel's Go method and returns the reduction or scan result (nil for
	// for-kernels).
	native func(k any) any
	cfg    interp.Config
	// tol is the relative tolerance for floating-point outputs; 0 compares bits.
	tol float64
}

func runCase(t *testing.T, ks map[string]*ir.Kernel, c tcase) {
	k := ks[c.name]
	if k == nil {
		t.Fatalf("kernel %s was not translated", c.name)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		kn := c.make(rand.New(rand.NewPCG(seed, 7)))
		ki := c.make(rand.New(rand.NewPCG(seed, 7)))
		want := c.native(kn)
		mem := &interp.Memory{}
		slots, err := interp.Bind(k, ki, mem)
		if err != nil {
			t.Fatal(err)
		}
		res, err := interp.Run(k, slots, mem, c.cfg)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		compareViews(t, k, kn, ki, c.tol)
		if want != nil {
			got := canonical(want)
			if !sameBits(k.Value.Kind, got.Val, res.Val, c.tol) || got.Loc != res.Loc {
				t.Errorf("seed %d: result %s, want %s", seed, show(k.Value.Kind, res), show(k.Value.Kind, got))
			}
		}
		if t.Failed() {
			t.Logf("IR:\n%s", k)
			return
		}
	}
}

func show(kind abi.Kind, r interp.Result) string {
	switch kind {
	case abi.KindFloat32, abi.KindFloat64:
		return fmt.Sprintf("{%v, %d}", r.Float(kind), int64(r.Loc))
	}
	return fmt.Sprintf("{%d, %d}", int64(r.Val), int64(r.Loc))
}

// canonical converts a Go scalar or ValLoc to the interpreter's canonical bits.
func canonical(v any) interp.Result {
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Struct {
		return interp.Result{Val: canonical(rv.Field(0).Interface()).Val, Loc: uint64(rv.Field(1).Int())}
	}
	switch rv.Kind() {
	case reflect.Bool:
		if rv.Bool() {
			return interp.Result{Val: 1}
		}
		return interp.Result{}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return interp.Result{Val: uint64(rv.Int())}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return interp.Result{Val: rv.Uint()}
	case reflect.Float32:
		return interp.Result{Val: uint64(math.Float32bits(float32(rv.Float())))}
	case reflect.Float64:
		return interp.Result{Val: math.Float64bits(rv.Float())}
	}
	panic(fmt.Sprintf("canonical of %T", v))
}

func sameBits(kind abi.Kind, a, b uint64, tol float64) bool {
	if a == b {
		return true
	}
	var x, y float64
	switch kind {
	case abi.KindFloat32:
		x, y = float64(math.Float32frombits(uint32(a))), float64(math.Float32frombits(uint32(b)))
	case abi.KindFloat64:
		x, y = math.Float64frombits(a), math.Float64frombits(b)
	default:
		return false
	}
	if math.IsNaN(x) && math.IsNaN(y) {
		return true
	}
	return tol > 0 && math.Abs(x-y) <= tol*max(1, math.Abs(x), math.Abs(y))
}

// compareViews compares every view parameter of the two kernel values element by element.
func compareViews(t *testing.T, k *ir.Kernel, kn, ki any, tol float64) {
	t.Helper()
	vn, vi := addressable(kn), addressable(ki)
	for _, p := range k.Params {
		if p.Kind != abi.KindView1D && p.Kind != abi.KindView2D {
			continue
		}
		rank := 1
		if p.Kind == abi.KindView2D {
			rank = 2
		}
		hn := views.HeaderAt(field(vn, p.Field), rank)
		hi := views.HeaderAt(field(vi, p.Field), rank)
		size := ir.TypeOf(p.Elem).Size()
		bad := 0
		for i := 0; i < hn.Extent[0]; i++ {
			for j := 0; j < hn.Extent[1]; j++ {
				off := uintptr((i*hn.Stride[0] + j*hn.Stride[1]) * size)
				a := readBits(unsafe.Add(hn.Host, off), size)
				b := readBits(unsafe.Add(hi.Host, off), size)
				if !sameBits(p.Elem, a, b, tol) {
					if bad < 5 {
						t.Errorf("view %s element (%d, %d): interpreter %#x, native %#x", p.Name, i, j, b, a)
					}
					bad++
				}
			}
		}
		if bad > 5 {
			t.Errorf("view %s: %d elements differ", p.Name, bad)
		}
	}
}

func addressable(v any) reflect.Value {
	rv := reflect.ValueOf(v)
	cp := reflect.New(rv.Type()).Elem()
	cp.Set(rv)
	return cp
}

func field(v reflect.Value, path []int) unsafe.Pointer {
	for _, i := range path {
		v = v.Field(i)
	}
	return unsafe.Pointer(v.UnsafeAddr())
}

func readBits(p unsafe.Pointer, size int) uint64 {
	switch size {
	case 1:
		return uint64(*(*uint8)(p))
	case 2:
		return uint64(*(*uint16)(p))
	case 4:
		return uint64(*(*uint32)(p))
	}
	return *(*uint64)(p)
}

// Native runners.

func forRange(n int) func(k any) any {
	return func(k any) any {
		kk := k.(interface{ Run(int) })
		for i := range n {
			kk.Run(i)
		}
		return nil
	}
}

func reduceRange[T any](n int, mk func(*T) portable.Reducer[T]) func(k any) any {
	return func(k any) any {
		var out T
		r := mk(&out)
		var acc T
		r.Init(&acc)
		kk := k.(interface{ Run(int, *T) })
		for i := range n {
			kk.Run(i, &acc)
		}
		return acc
	}
}

func scanRange[T any](n int) func(k any) any {
	return func(k any) any {
		var acc T
		kk := k.(interface{ Run(int, *T, bool) })
		for i := range n {
			kk.Run(i, &acc, true)
		}
		return acc
	}
}

func hostScratch(sz [2]execspace.ScratchSize) *teams.Scratch {
	var buf [2][]byte
	var team, thread [2]int
	for l := range 2 {
		buf[l] = make([]byte, sz[l].Team+sz[l].Thread)
		team[l], thread[l] = sz[l].Team, sz[l].Thread
	}
	return teams.NewScratch(buf, team, thread, 1)
}

func forTeams(league int, sz [2]execspace.ScratchSize) func(k any) any {
	return func(k any) any {
		kk := k.(interface{ RunTeam(teams.Member) })
		s := hostScratch(sz)
		for lg := range league {
			kk.RunTeam(teams.NewHostMember(lg, league, s))
		}
		return nil
	}
}

func reduceTeams[T any](league int, sz [2]execspace.ScratchSize, mk func(*T) portable.Reducer[T]) func(k any) any {
	return func(k any) any {
		var out T
		r := mk(&out)
		var acc T
		r.Init(&acc)
		kk := k.(interface {
			RunTeam(teams.Member, *T)
		})
		s := hostScratch(sz)
		for lg := range league {
			kk.RunTeam(teams.NewHostMember(lg, league, s), &acc)
		}
		return acc
	}
}

// Random inputs.

func f64s(r *rand.Rand, n int, lo, hi float64) views.View1D[float64] {
	v := views.New1D[float64]("f64", n)
	for i := range n {
		v.Set(i, lo+(hi-lo)*r.Float64())
	}
	return v
}

func f32s(r *rand.Rand, n int, lo, hi float32) views.View1D[float32] {
	v := views.New1D[float32]("f32", n)
	for i := range n {
		v.Set(i, lo+(hi-lo)*r.Float32())
	}
	return v
}

func ints[T views.Scalar](r *rand.Rand, n int, lo, hi int64) views.View1D[T] {
	v := views.New1D[T]("int", n)
	for i := range n {
		span := uint64(hi-lo) + 1
		x := r.Uint64()
		if span != 0 {
			x %= span
		}
		v.Set(i, T(lo+int64(x)))
	}
	return v
}

func bitsView(r *rand.Rand, n int) views.View1D[uint64] {
	v := views.New1D[uint64]("bits", n)
	for i := range n {
		v.Set(i, r.Uint64())
	}
	return v
}

func range1(n int) interp.Config { return interp.Config{End: int64(n), Blocks: 3, Threads: 5} }

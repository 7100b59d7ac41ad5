package views

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
)

// expectPanic runs f and checks that it panics with a message containing every want.
func expectPanic(t *testing.T, f func(), want ...string) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		msg := fmt.Sprint(r)
		if r == nil {
			t.Fatalf("no panic, want one mentioning %q", want)
		}
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Fatalf("panic %q does not mention %q", msg, w)
			}
		}
	}()
	f()
}

func TestView1D(t *testing.T) {
	v := New1D[int32]("v", 5)
	for i := 0; i < 5; i++ {
		v.Set(i, int32(i*i))
	}
	if v.Len() != 5 || v.Label() != "v" || v.Space() != HostSpace || !v.Contiguous() {
		t.Fatalf("view %v", v)
	}
	if got := v.Data(); fmt.Sprint(got) != "[0 1 4 9 16]" {
		t.Fatalf("Data %v", got)
	}
	s := v.Sub(1, 4)
	s.Set(0, -1)
	if v.At(1) != -1 || s.Len() != 3 || s.At(2) != 9 {
		t.Fatalf("subview does not share memory: %v %v", v.Data(), s.Data())
	}
	w := Wrap1D("w", []float64{1, 2, 3})
	w.Set(2, 7)
	if w.Data()[2] != 7 {
		t.Fatal("Wrap1D copied its slice")
	}
	tests := []struct {
		name string
		f    func()
		want []string
	}{
		{"at past end", func() { v.At(5) }, []string{"views:", "index 5", `"v"`, "extent 5"}},
		{"set negative", func() { v.Set(-1, 0) }, []string{"index -1", "extent 5"}},
		{"sub out of range", func() { v.Sub(2, 6) }, []string{"subview [2, 6)", `"v"`}},
		{"zero view", func() { View1D[int8]{}.At(0) }, []string{"index 0", "extent 0"}},
		{"negative New1D", func() { New1D[int8]("neg", -2) }, []string{"negative extent -2", `"neg"`}},
		{"extent 1", func() { v.Extent(1) }, []string{"Extent(1)"}},
		{"float and", func() { New1D[float32]("f", 1).AtomicAnd(0, 1) }, []string{"AtomicAnd", `"f"`, "float32"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { expectPanic(t, tc.f, tc.want...) })
	}
}

func TestView2D(t *testing.T) {
	for _, layout := range []Layout{LayoutRight, LayoutLeft} {
		t.Run(layout.String(), func(t *testing.T) {
			m := New2D[int64]("m", 3, 4, layout)
			for i := 0; i < 3; i++ {
				for j := 0; j < 4; j++ {
					m.Set(i, j, int64(10*i+j))
				}
			}
			row, col := m.Row(1), m.Col(2)
			if row.Len() != 4 || col.Len() != 3 || row.At(3) != 13 || col.At(2) != 22 {
				t.Fatalf("row %v col %v", row, col)
			}
			if (layout == LayoutRight) != row.Contiguous() || (layout == LayoutLeft) != col.Contiguous() {
				t.Fatalf("contiguity of row %d col %d", row.Stride(), col.Stride())
			}
			col.Set(0, -5)
			if m.At(0, 2) != -5 {
				t.Fatal("column does not share memory")
			}
			flat := m.Flat()
			if flat.Len() != 12 {
				t.Fatal("flat length")
			}
			expectPanic(t, func() { m.At(3, 0) }, "index (3, 0)", `"m"`, "(3, 4)")
			expectPanic(t, func() { m.At(0, -1) }, "index (0, -1)")
			expectPanic(t, func() { m.Row(3) }, "row 3")
		})
	}
	expectPanic(t, func() { Wrap2D("bad", make([]int8, 5), 2, 3, LayoutRight) }, "5 elements", "2×3")
}

func TestDeepCopyHost(t *testing.T) {
	a := Wrap1D("a", []int16{1, 2, 3, 4})
	m := New2D[int16]("m", 4, 2, LayoutRight)
	if err := DeepCopy(m.Col(1), a); err != nil { // strided destination
		t.Fatal(err)
	}
	if m.At(3, 1) != 4 || m.At(3, 0) != 0 {
		t.Fatalf("strided copy: %v", m.Flat().Data())
	}
	b := New1D[int16]("b", 4)
	if err := DeepCopy(b, m.Col(1)); err != nil { // strided source
		t.Fatal(err)
	}
	if fmt.Sprint(b.Data()) != "[1 2 3 4]" {
		t.Fatalf("got %v", b.Data())
	}
	if err := DeepCopy(b, a.Sub(0, 3)); err == nil || !strings.Contains(err.Error(), `dst "b" has 4 elements, src "a" has 3`) {
		t.Fatalf("mismatch error: %v", err)
	}
	if mv := MirrorView(a); mv.Label() != "a" {
		t.Fatal("MirrorView of a host view is not the view itself")
	}
	if cm := CreateMirror(a); cm.Label() != "a_mirror" || cm.Len() != 4 || cm.At(0) != 0 {
		t.Fatalf("CreateMirror: %v", cm)
	}
}

func TestLimits(t *testing.T) {
	if MaxOf[int8]() != math.MaxInt8 || LowestOf[int8]() != math.MinInt8 || MaxOf[uint16]() != math.MaxUint16 ||
		MaxOf[int64]() != math.MaxInt64 || LowestOf[uint32]() != 0 || MaxOf[float32]() != math.MaxFloat32 ||
		LowestOf[float64]() != -math.MaxFloat64 {
		t.Fatal("MaxOf/LowestOf")
	}
	if TypeName[int]() != "int64" || TypeName[uint8]() != "uint8" || TypeName[float32]() != "float32" {
		t.Fatal("TypeName")
	}
	if _, err := Alloc1D[float64](HostSpace, "too big", math.MaxInt/16); err == nil || !strings.Contains(err.Error(), "too big") {
		t.Fatalf("oversized host allocation: %v", err)
	}
}

// hammer runs f(i) from g goroutines × n iterations.
func hammer(g, n int, f func(i int)) {
	var wg sync.WaitGroup
	for w := 0; w < g; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < n; i++ {
				f(w*n + i)
			}
		}()
	}
	wg.Wait()
}

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// atomicCase hammers one view of T with every atomic from several goroutines; g*n is 100 so
// that the sums fit every type.
func atomicCase[T Scalar](t *testing.T) *View1D[T] {
	const g, n = 4, 25
	v := New1D[T]("atomics", 9)
	v.Set(2, MaxOf[T]())
	v.Set(3, LowestOf[T]())
	v.Set(1, 100)
	var wins [g * n]bool
	hammer(g, n, func(i int) {
		v.AtomicAdd(0, 1)
		v.AtomicSub(1, 1)
		v.AtomicMin(2, T(i%50+1))
		v.AtomicMax(3, T(i%50+1))
		v.AtomicExchange(4, 3)
		wins[i] = v.AtomicCompareAndSwap(8, 0, 1)
		v.AtomicStore(5, v.AtomicLoad(4))
	})
	winners := 0
	for _, w := range wins {
		if w {
			winners++
		}
	}
	if winners != 1 || v.At(8) != 1 {
		t.Errorf("%d compare-and-swap winners, element %v", winners, v.At(8))
	}
	// Element 5 holds what each goroutine read from element 4 after its own exchange (3), and
	// elements 6 and 7, in the same 32-bit word as 4 and 5 for 8-bit types, stay untouched.
	want := []T{100, 0, 1, 50, 3, 3, 0, 0}
	for i, w := range want {
		if v.At(i) != w {
			t.Errorf("element %d = %v, want %v", i, v.At(i), w)
		}
	}
	// Fetch semantics: the previous value comes back.
	v.Set(0, 10)
	if old := v.AtomicAdd(0, 5); old != 10 || v.At(0) != 15 {
		t.Errorf("AtomicAdd returned %v, element %v", old, v.At(0))
	}
	if old := v.AtomicMin(0, 20); old != 15 || v.At(0) != 15 {
		t.Errorf("AtomicMin returned %v, element %v", old, v.At(0))
	}
	if old := v.AtomicMax(0, 20); old != 15 || v.At(0) != 20 {
		t.Errorf("AtomicMax returned %v, element %v", old, v.At(0))
	}
	return &v
}

// bitwiseCase checks And, Or and Xor on an integer view.
func bitwiseCase[T integer](t *testing.T) {
	v := New1D[T]("bits", 3)
	v.Set(1, ^T(0))
	hammer(4, 25, func(i int) {
		v.AtomicOr(0, T(1)<<(i%5))
		v.AtomicAnd(1, ^(T(1) << (i % 5)))
		v.AtomicXor(2, 1)
	})
	if v.At(0) != 31 || v.At(1) != ^T(31) || v.At(2) != 0 {
		t.Errorf("or %v and %v xor %v", v.At(0), v.At(1), v.At(2))
	}
}

func TestAtomics(t *testing.T) {
	cases := []struct {
		name string
		f    func(t *testing.T)
	}{
		{"int8", func(t *testing.T) { atomicCase[int8](t); bitwiseCase[int8](t) }},
		{"uint8", func(t *testing.T) { atomicCase[uint8](t); bitwiseCase[uint8](t) }},
		{"int16", func(t *testing.T) { atomicCase[int16](t); bitwiseCase[int16](t) }},
		{"uint16", func(t *testing.T) { atomicCase[uint16](t); bitwiseCase[uint16](t) }},
		{"int32", func(t *testing.T) { atomicCase[int32](t); bitwiseCase[int32](t) }},
		{"uint32", func(t *testing.T) { atomicCase[uint32](t); bitwiseCase[uint32](t) }},
		{"int64", func(t *testing.T) { atomicCase[int64](t); bitwiseCase[int64](t) }},
		{"int", func(t *testing.T) { atomicCase[int](t); bitwiseCase[int](t) }},
		{"uint64", func(t *testing.T) { atomicCase[uint64](t); bitwiseCase[uint64](t) }},
		{"float32", func(t *testing.T) { atomicCase[float32](t) }},
		{"float64", func(t *testing.T) { atomicCase[float64](t) }},
	}
	for _, c := range cases {
		t.Run(c.name, c.f)
	}
	t.Run("neighbours", func(t *testing.T) {
		// Adjacent bytes updated by different goroutines must not disturb each other.
		v := New1D[uint8]("bytes", 8)
		hammer(8, 1000, func(i int) { v.AtomicAdd(i/1000, 1) })
		for i := 0; i < 8; i++ {
			if v.At(i) != uint8(1000%256) {
				t.Fatalf("byte %d = %d", i, v.At(i))
			}
		}
	})
}

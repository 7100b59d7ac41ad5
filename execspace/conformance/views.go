package conformance

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

func testViewAPI(t *testing.T, s execspace.Space) {
	v := alloc[float32](t, s, "api", 10)
	if v.Label() != "api" || v.Len() != 10 || v.Extent(0) != 10 || v.Stride() != 1 || v.Space() != s.Memory() {
		t.Fatalf("view %v: label %q len %d stride %d space %v", v, v.Label(), v.Len(), v.Stride(), v.Space())
	}
	for i, x := range download(t, s, v) {
		if x != 0 {
			t.Fatalf("new view element %d = %v, want 0", i, x)
		}
	}
	must(t, v.Fill(2.5))
	for i, x := range download(t, s, v) {
		if x != 2.5 {
			t.Fatalf("filled element %d = %v", i, x)
		}
	}
	for _, layout := range []views.Layout{views.LayoutRight, views.LayoutLeft} {
		m, err := views.Alloc2D[int16](s.Memory(), "mat", 3, 5, layout)
		must(t, err)
		defer m.Free()
		if m.Extent(0) != 3 || m.Extent(1) != 5 || m.Len() != 15 || m.Layout() != layout {
			t.Fatalf("2D view %v", m)
		}
		wantS0, wantS1 := 5, 1
		if layout == views.LayoutLeft {
			wantS0, wantS1 = 1, 3
		}
		if m.Stride(0) != wantS0 || m.Stride(1) != wantS1 {
			t.Fatalf("%v strides (%d, %d), want (%d, %d)", layout, m.Stride(0), m.Stride(1), wantS0, wantS1)
		}
		must(t, m.Fill(-3))
		h := views.CreateMirror2D(m)
		must(t, views.DeepCopy2D(h, m))
		for i := 0; i < 3; i++ {
			for j := 0; j < 5; j++ {
				if h.At(i, j) != -3 {
					t.Fatalf("%v (%d, %d) = %d", layout, i, j, h.At(i, j))
				}
			}
		}
	}
	if _, err := views.Alloc1D[int32](s.Memory(), "negative", -1); err == nil || !strings.Contains(err.Error(), "negative") {
		t.Fatalf("negative extent: %v", err)
	}
	if _, err := views.Alloc1D[int64](s.Memory(), "huge", 1<<60); err == nil {
		t.Fatal("allocating 8 EiB succeeded")
	} else if !strings.Contains(err.Error(), "huge") {
		t.Fatalf("out-of-memory error does not name the view: %v", err)
	}
}

func testDeepCopy(t *testing.T, s execspace.Space) {
	n := 1 << 16
	src := make([]int32, n)
	for i := range src {
		src[i] = int32(i*7 - 3)
	}
	host := views.Wrap1D("host", src)
	a, b := alloc[int32](t, s, "a", n), alloc[int32](t, s, "b", n)
	must(t, views.DeepCopy(a, host))      // host → space
	must(t, views.DeepCopy(b, a))         // space → space
	back := views.New1D[int32]("back", n) // space → host
	must(t, s.Fence("deep copy"))
	must(t, views.DeepCopy(back, b))
	for i := 0; i < n; i++ {
		if back.At(i) != src[i] {
			t.Fatalf("round trip element %d = %d, want %d", i, back.At(i), src[i])
		}
	}
	m, err := views.MirrorViewAndCopy(views.HostSpace, b)
	must(t, err)
	if m.At(n-1) != src[n-1] {
		t.Fatal("MirrorViewAndCopy lost data")
	}
	if mv := views.MirrorView(a); s.Memory().HostAccessible() != (mv.Label() == a.Label()) {
		t.Fatalf("MirrorView of a %s view made %q", s.Memory().Name(), mv.Label())
	}
	if err := views.DeepCopy(a, views.New1D[int32]("short", n-1)); err == nil || !strings.Contains(err.Error(), "short") {
		t.Fatalf("shape mismatch: %v", err)
	}
	// Layout conversion through DeepCopy2D.
	r, err := views.Alloc2D[float64](s.Memory(), "right", 4, 6, views.LayoutRight)
	must(t, err)
	defer r.Free()
	l, err := views.Alloc2D[float64](s.Memory(), "left", 4, 6, views.LayoutLeft)
	must(t, err)
	defer l.Free()
	h := views.New2D[float64]("h", 4, 6, views.LayoutRight)
	for i := 0; i < 4; i++ {
		for j := 0; j < 6; j++ {
			h.Set(i, j, float64(i*10+j))
		}
	}
	must(t, views.DeepCopy2D(r, h))
	must(t, views.DeepCopy2D(l, r))
	hl := views.New2D[float64]("hl", 4, 6, views.LayoutLeft)
	must(t, s.Fence("layout"))
	must(t, views.DeepCopy2D(hl, l))
	for i := 0; i < 4; i++ {
		for j := 0; j < 6; j++ {
			if hl.At(i, j) != float64(i*10+j) {
				t.Fatalf("layout copy (%d, %d) = %v", i, j, hl.At(i, j))
			}
		}
	}
	if err := views.DeepCopy2D(l, views.New2D[float64]("wrong", 6, 4, views.LayoutLeft)); err == nil {
		t.Fatal("2D shape mismatch: no error")
	}
}

// scale multiplies X by A in place.
//
//gokkos:kernel
type scale struct {
	A float64
	X views.View1D[float64]
}

func (k scale) Run(i int) { k.X.Set(i, k.A*k.X.At(i)) }

func testSubView(t *testing.T, s execspace.Space) {
	n := 1000
	data := make([]float64, n)
	for i := range data {
		data[i] = float64(i)
	}
	v := upload(t, s, "whole", data)
	sub := v.Sub(100, 200)
	if sub.Len() != 100 || sub.Label() != "whole" {
		t.Fatalf("subview len %d label %q", sub.Len(), sub.Label())
	}
	must(t, portable.ParallelFor(s, "conformance scale sub", portable.Range(0, sub.Len()), scale{-1, sub}))
	for i, x := range download(t, s, v) {
		want := float64(i)
		if i >= 100 && i < 200 {
			want = -want
		}
		if x != want {
			t.Fatalf("element %d = %v, want %v", i, x, want)
		}
	}
	m, err := views.Alloc2D[float64](s.Memory(), "m", 8, 9, views.LayoutLeft)
	must(t, err)
	defer m.Free()
	must(t, m.Fill(1))
	col := m.Col(3) // contiguous in LayoutLeft
	must(t, portable.ParallelFor(s, "conformance scale col", portable.Range(0, col.Len()), scale{5, col}))
	// A strided view as a kernel argument: devices run the copy of the entry for any strides
	// rather than the one for contiguous views.
	strided := m.Row(6)
	if strided.Stride() != 8 {
		t.Fatalf("row of a LayoutLeft 8×9 view has stride %d, want 8", strided.Stride())
	}
	must(t, portable.ParallelFor(s, "conformance scale row", portable.Range(0, strided.Len()), scale{3, strided}))
	h := views.CreateMirror2D(m)
	must(t, s.Fence("subview"))
	must(t, views.DeepCopy2D(h, m))
	for i := 0; i < 8; i++ {
		for j := 0; j < 9; j++ {
			want := 1.0
			if j == 3 {
				want = 5
			}
			if i == 6 {
				want *= 3
			}
			if h.At(i, j) != want {
				t.Fatalf("m(%d, %d) = %v, want %v", i, j, h.At(i, j), want)
			}
		}
	}
	row := h.Row(2) // strided in LayoutLeft, on the host
	if row.Len() != 9 || row.Stride() != 8 || row.At(3) != 5 || h.Row(6).At(3) != 15 {
		t.Fatalf("row: len %d stride %d [3]=%v", row.Len(), row.Stride(), row.At(3))
	}
}

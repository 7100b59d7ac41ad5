//go:build cuda

package cuda

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gokkos/gokkos/views"
)

// copySizes cover empty, direct and staged copies, with chunk remainders.
var copySizes = []int{0, 1, 1000, StagingThreshold/8 - 1, StagingThreshold / 8, 3*stageChunk/8 + 12345}

func testDeepCopy[T views.Scalar](t *testing.T, s *Space, n int, gen func(i int) T) {
	src := make([]T, n)
	for i := range src {
		src[i] = gen(i)
	}
	a := toDevice(t, s, "a", src)
	defer a.Free()
	b, err := views.Alloc1D[T](s.Memory(), "b", n)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Free()
	if err := views.DeepCopy(b, a); err != nil { // device to device
		t.Fatal(err)
	}
	got := toHost(t, b)
	for i := range src {
		if got[i] != src[i] {
			t.Fatalf("element %d: got %v, want %v", i, got[i], src[i])
		}
	}
}

func TestDeepCopy(t *testing.T) {
	s := space(t)
	for _, n := range copySizes {
		t.Run("int64/"+itoa(n), func(t *testing.T) { testDeepCopy(t, s, n, func(i int) int64 { return int64(i)*7919 - 3 }) })
		t.Run("float32/"+itoa(n), func(t *testing.T) { testDeepCopy(t, s, n, func(i int) float32 { return float32(i) / 3 }) })
		t.Run("uint8/"+itoa(n*8+3), func(t *testing.T) { testDeepCopy(t, s, n*8+3, func(i int) uint8 { return uint8(i * 31) }) })
	}
}

// TestDeepCopyStrided copies between strided host views, strided device views (columns of a
// 2-D view) and 2-D views of both layouts.
func TestDeepCopyStrided(t *testing.T) {
	s := space(t)
	const n0, n1 = 300, 17
	h := views.New2D[float64]("h", n0, n1, views.LayoutRight)
	for i := 0; i < n0; i++ {
		for j := 0; j < n1; j++ {
			h.Set(i, j, float64(i*1000+j))
		}
	}
	for _, layout := range []views.Layout{views.LayoutRight, views.LayoutLeft} {
		d, err := views.Alloc2D[float64](s.Memory(), "d", n0, n1, layout)
		if err != nil {
			t.Fatal(err)
		}
		if err := views.DeepCopy2D(d, h); err != nil {
			t.Fatal(layout, err)
		}
		back := views.New2D[float64]("back", n0, n1, views.LayoutLeft)
		if err := views.DeepCopy2D(back, d); err != nil {
			t.Fatal(layout, err)
		}
		for i := 0; i < n0; i++ {
			for j := 0; j < n1; j++ {
				if back.At(i, j) != h.At(i, j) {
					t.Fatalf("%v (%d,%d): got %v want %v", layout, i, j, back.At(i, j), h.At(i, j))
				}
			}
		}
		// A strided host column into a contiguous device view and back into a strided one.
		col, err := views.Alloc1D[float64](s.Memory(), "col", n0)
		if err != nil {
			t.Fatal(err)
		}
		if err := views.DeepCopy(col, h.Col(5)); err != nil {
			t.Fatal(err)
		}
		hb := views.New2D[float64]("hb", n0, n1, views.LayoutRight)
		if err := views.DeepCopy(hb.Col(3), col); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n0; i++ {
			if hb.At(i, 3) != h.At(i, 5) {
				t.Fatalf("column copy row %d: got %v want %v", i, hb.At(i, 3), h.At(i, 5))
			}
		}
		d.Free()
	}
}

func TestFill(t *testing.T) {
	s := space(t)
	for _, n := range []int{1, 1000, 1<<20 + 3} {
		t.Run(itoa(n), func(t *testing.T) {
			testFill(t, s, n, int8(-3))
			testFill(t, s, n, uint16(0xbeef))
			testFill(t, s, n, int32(-7))
			testFill(t, s, n, float32(1.5))
			testFill(t, s, n, float64(0))
			testFill(t, s, n, float64(2.5))               // halves differ: built-in kernel
			testFill(t, s, n, int64(-1))                  // halves equal: cuMemsetD32
			testFill(t, s, n, uint64(0x1234567812345678)) // halves equal
			testFill(t, s, n, int64(1<<40+3))             // halves differ
		})
	}
}

// testFill fills the middle of a view and checks it and the untouched ends.
func testFill[T views.Scalar](t *testing.T, s *Space, n int, x T) {
	t.Helper()
	v, err := views.Alloc1D[T](s.Memory(), "fill", n+2)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Free()
	if err := v.Sub(1, n+1).Fill(x); err != nil {
		t.Fatalf("Fill %T(%v): %v", x, x, err)
	}
	got := toHost(t, v)
	var zero T
	if got[0] != zero || got[n+1] != zero {
		t.Fatalf("Fill %T(%v) wrote outside the subview: %v, %v", x, x, got[0], got[n+1])
	}
	for i := 1; i <= n; i++ {
		if got[i] != x {
			t.Fatalf("Fill %T(%v): element %d is %v", x, x, i, got[i])
		}
	}
}

func TestAllocZeroed(t *testing.T) {
	s := space(t)
	a, err := views.Alloc1D[int64](s.Memory(), "dirty", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	a.Fill(-1)
	a.Free()
	b, err := views.Alloc1D[int64](s.Memory(), "clean", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Free()
	for i, x := range toHost(t, b) {
		if x != 0 {
			t.Fatalf("element %d of a new view is %d", i, x)
		}
	}
}

func TestOutOfMemory(t *testing.T) {
	s := space(t)
	_, err := views.Alloc1D[float64](s.Memory(), "absurd", 1<<47)
	wantContains(t, err, "absurd", "1125899906842624 bytes", "CUDA_ERROR_OUT_OF_MEMORY")
	t.Log(err)
	// The device is still usable.
	v, err := views.Alloc1D[float64](s.Memory(), "after", 10)
	if err != nil {
		t.Fatal(err)
	}
	v.Free()
}

func TestFree(t *testing.T) {
	s := space(t)
	const size = 1 << 30
	free0, _, err := s.MemInfo()
	if err != nil {
		t.Fatal(err)
	}
	v, err := views.Alloc1D[byte](s.Memory(), "big", size)
	if err != nil {
		t.Fatal(err)
	}
	free1, _, _ := s.MemInfo()
	if free0-free1 < size {
		t.Errorf("free memory dropped by %d bytes after allocating %d", free0-free1, size)
	}
	frees := s.d.frees.Load()
	v.Free()
	v.Free() // idempotent
	free2, _, _ := s.MemInfo()
	if free2-free1 < size || s.d.frees.Load() != frees+1 {
		t.Errorf("Free: free memory grew by %d bytes; %d frees", free2-free1, s.d.frees.Load()-frees)
	}
	if err := views.DeepCopy(views.New1D[byte]("h", size), v); err == nil || !strings.Contains(err.Error(), "freed") {
		t.Errorf("copy from a freed view: %v", err)
	}
}

// TestCleanup drops device views without Free: the runtime's cleanup goroutine frees them.
func TestCleanup(t *testing.T) {
	s := space(t)
	frees := s.d.frees.Load()
	func() {
		for range 10 {
			if _, err := views.Alloc1D[float64](s.Memory(), "dropped", 1<<20); err != nil {
				t.Fatal(err)
			}
		}
	}()
	deadline := time.Now().Add(10 * time.Second)
	for s.d.frees.Load() < frees+10 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := s.d.frees.Load() - frees; got < 10 {
		t.Fatalf("%d of 10 dropped views were freed", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

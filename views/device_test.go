package views_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gokkos/gokkos/internal/fakedev"
	"github.com/gokkos/gokkos/views"
)

func TestDeviceViews(t *testing.T) {
	mem := fakedev.New("Fake", 1<<20)
	d, err := views.Alloc1D[int32](mem, "dev", 100)
	if err != nil {
		t.Fatal(err)
	}
	if d.Space() != mem || d.Len() != 100 {
		t.Fatalf("view %v", d)
	}
	host := make([]int32, 100)
	for i := range host {
		host[i] = int32(i)
	}
	if err := views.DeepCopy(d, views.Wrap1D("src", host)); err != nil {
		t.Fatal(err)
	}
	d2, _ := views.Alloc1D[int32](mem, "dev2", 100)
	if err := views.DeepCopy(d2, d); err != nil {
		t.Fatal(err)
	}
	back, err := views.MirrorViewAndCopy(views.HostSpace, d2.Sub(10, 20))
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != 10 || back.At(0) != 10 || back.At(9) != 19 {
		t.Fatalf("device subview round trip: %v", back.Data())
	}
	if err := d.Fill(-7); err != nil {
		t.Fatal(err)
	}
	h := views.CreateMirror(d)
	views.DeepCopy(h, d)
	if h.At(99) != -7 {
		t.Fatal("device Fill")
	}
	// Element access from the host is a clear panic.
	func() {
		defer func() {
			msg := fmt.Sprint(recover())
			if !strings.Contains(msg, `"dev"`) || !strings.Contains(msg, "Fake memory") {
				t.Fatalf("panic %q", msg)
			}
		}()
		d.At(3)
	}()
	// Out of memory names the label and the size.
	if _, err := views.Alloc1D[float64](mem, "big", 1<<20); err == nil || !strings.Contains(err.Error(), "big") || !strings.Contains(err.Error(), "8388608") {
		t.Fatalf("out of memory: %v", err)
	}
	// Strided device copies are refused with a clear error.
	m, _ := views.Alloc2D[int32](mem, "m", 4, 4, views.LayoutRight)
	if err := views.DeepCopy(m.Col(1), views.New1D[int32]("c", 4)); err == nil || !strings.Contains(err.Error(), "not contiguous") {
		t.Fatalf("strided device copy: %v", err)
	}
	// Free is explicit and idempotent; a freed view cannot be copied.
	live := mem.Live()
	d.Free()
	d.Free()
	if mem.Live() != live-1 {
		t.Fatalf("live allocations %d → %d", live, mem.Live())
	}
	if err := views.DeepCopy(h, d); err == nil || !strings.Contains(err.Error(), "freed") {
		t.Fatalf("copy from freed view: %v", err)
	}
}

func TestDeviceCleanup(t *testing.T) {
	mem := fakedev.New("Fake", 1<<20)
	func() {
		for i := 0; i < 10; i++ {
			if _, err := views.Alloc1D[int64](mem, "garbage", 100); err != nil {
				t.Fatal(err)
			}
		}
	}()
	for try := 0; try < 50 && mem.Live() > 0; try++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if mem.Live() != 0 {
		t.Fatalf("%d unreachable device views were not freed", mem.Live())
	}
}

package portable_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/fakedev"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

type fill struct{ X views.View1D[float64] }

func (k fill) Run(i int) { k.X.Set(i, float64(i)) }

// recorder is a Hooks implementation that records events.
type recorder struct {
	mu     sync.Mutex
	events []string
}

func (r *recorder) add(s string) { r.mu.Lock(); r.events = append(r.events, s); r.mu.Unlock() }
func (r *recorder) BeginParallel(k portable.PatternKind, label, space string) uint64 {
	r.add("begin " + k.String() + " " + label + " " + space)
	return 7
}
func (r *recorder) EndParallel(id uint64, d time.Duration) {
	if id == 7 && d > 0 {
		r.add("end")
	}
}
func (r *recorder) Fence(label, space string)          { r.add("fence " + label) }
func (r *recorder) Alloc(label, space string, n int64) { r.add("alloc " + label) }
func (r *recorder) Free(label, space string, n int64)  { r.add("free " + label) }
func (r *recorder) DeepCopy(dl, ds, sl, ss string, n int64) {
	r.add("copy " + dl + "<-" + sl)
}

func TestHooks(t *testing.T) {
	s, err := host.New(execspace.Config{NumThreads: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rec := &recorder{}
	portable.AddHooks(rec)
	timer := portable.NewTimer()
	portable.AddHooks(timer)
	x := views.New1D[float64]("hooked", 100)
	for i := 0; i < 3; i++ {
		if err := portable.ParallelFor(s, "fill", portable.Range(0, 100), fill{x}); err != nil {
			t.Fatal(err)
		}
	}
	s.Fence("after fill")
	y := views.New1D[float64]("copy", 100)
	views.DeepCopy(y, x)
	portable.RemoveHooks(rec)
	portable.RemoveHooks(timer)
	portable.ParallelFor(s, "unseen", portable.Range(0, 1), fill{x})
	got := strings.Join(rec.events, "\n")
	for _, want := range []string{"alloc hooked", "begin parallel_for fill host\nend", "fence after fill", "copy copy<-hooked"} {
		if !strings.Contains(got, want) {
			t.Errorf("events do not contain %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "unseen") {
		t.Error("a removed hook saw an event")
	}
	rows := timer.Rows("host")
	if len(rows) != 1 || rows[0].Label != "fill" || rows[0].Calls != 3 || rows[0].Total <= 0 {
		t.Fatalf("timer rows %+v", rows)
	}
	var out bytes.Buffer
	timer.Print(&out, "host")
	if !strings.Contains(out.String(), "fill") || !strings.Contains(out.String(), "calls") {
		t.Fatalf("timer table:\n%s", out.String())
	}
}

func TestHostRejectsDeviceViews(t *testing.T) {
	s, _ := host.New(execspace.Config{NumThreads: 2})
	defer s.Close()
	d, err := views.Alloc1D[float64](fakedev.New("Fake", 1<<20), "devx", 4)
	if err != nil {
		t.Fatal(err)
	}
	err = portable.ParallelFor(s, "wrong", portable.Range(0, 4), fill{d})
	if err == nil || !strings.Contains(err.Error(), "devx") || !strings.Contains(err.Error(), "field X") || !strings.Contains(err.Error(), `"wrong"`) {
		t.Fatalf("device view on the host: %v", err)
	}
}

func TestClosedSpace(t *testing.T) {
	s, _ := host.New(execspace.Config{NumThreads: 2})
	s.Close()
	err := portable.ParallelFor(s, "late", portable.Range(0, 4), fill{views.New1D[float64]("x", 4)})
	if err == nil || !strings.Contains(err.Error(), "closed") {
		t.Fatalf("launch on a closed space: %v", err)
	}
}

func TestNilSpaceIsDefault(t *testing.T) {
	x := views.New1D[float64]("x", 10)
	if err := portable.ParallelFor(nil, "default", portable.Range(0, 10), fill{x}); err != nil {
		t.Fatal(err)
	}
	if x.At(9) != 9 {
		t.Fatal("kernel did not run on the default space")
	}
}

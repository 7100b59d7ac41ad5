package conformance

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// readPast copies X shifted by one, reading one element past the end of X.
//
//gokkos:kernel
type readPast struct{ X, Y views.View1D[float64] }

func (k readPast) Run(i int) { k.Y.Set(i, k.X.At(i+1)) }

func testBounds(t *testing.T, s execspace.Space) {
	if s.Info().Device {
		t.Skip("device kernels do not check bounds; the host space checks them")
	}
	x := views.New1D[float64]("bounded", 10)
	defer func() {
		r := recover()
		msg := fmt.Sprint(r)
		for _, want := range []string{"views:", "bounded", "10"} {
			if !strings.Contains(msg, want) {
				t.Fatalf("out-of-range panic %q does not mention %q", msg, want)
			}
		}
	}()
	_ = portable.ParallelFor(s, "conformance readPast", portable.Range(0, 10), readPast{x, views.New1D[float64]("shifted", 10)})
	t.Fatal("reading past the end did not panic")
}

func testErrors(t *testing.T, s execspace.Space) {
	x := alloc[float64](t, s, "x", 10)
	cases := []struct {
		name string
		err  error
		want string
	}{
		{"reversed range", portable.ParallelFor(s, "rev", portable.Range(5, 2), scale{1, x}), "ends before it begins"},
		{"negative chunk", portable.ParallelFor(s, "chunk", portable.Range(0, 2).WithChunk(-1), scale{1, x}), "chunk"},
		{"negative league", portable.ParallelForTeam(s, "league", portable.Teams(-1, 1), memberReduce{views.View1D[int64]{}}), "league"},
		{"zero team size", portable.ParallelForTeam(s, "size", portable.Teams(1, 0), memberReduce{views.View1D[int64]{}}), "team size"},
		{"vector length", portable.ParallelForTeam(s, "vector", portable.Teams(1, 1).WithVectorLength(3), memberReduce{views.View1D[int64]{}}), "vector length"},
		{"negative scratch", portable.ParallelForTeam(s, "scratch", portable.Teams(1, 1).WithScratch(1, -8, 0), memberReduce{views.View1D[int64]{}}), "scratch"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil || !strings.Contains(c.err.Error(), c.want) || !strings.Contains(c.err.Error(), "portable:") {
				t.Fatalf("got %v, want an error mentioning %q", c.err, c.want)
			}
		})
	}
	t.Run("wrong space", func(t *testing.T) {
		if s.Memory().HostAccessible() {
			t.Skip("needs a device memory space; device backends run this case")
		}
		host := views.New1D[float64]("host-only", 10)
		err := portable.ParallelFor(s, "wrong space", portable.Range(0, 10), scale{1, host})
		if err == nil || !strings.Contains(err.Error(), "host-only") || !strings.Contains(err.Error(), "X") {
			t.Fatalf("host view on a device space: %v", err)
		}
	})
}

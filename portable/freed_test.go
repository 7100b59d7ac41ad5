package portable_test

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

type sumX struct{ X views.View1D[float64] }

func (k sumX) Run(i int, acc *float64) { *acc += k.X.At(i) }

// TestHostRejectsFreedViews checks that a launch whose kernel holds a freed host view (a copy
// made before Free) fails, naming the field and the view, instead of reading stale elements.
func TestHostRejectsFreedViews(t *testing.T) {
	s, _ := host.New(execspace.Config{NumThreads: 2})
	defer s.Close()
	x := views.New1D[float64]("gone", 4)
	k := fill{x}
	x.Free()
	var sum float64
	cases := []struct {
		name string
		err  error
	}{
		{"ParallelFor", portable.ParallelFor(s, "fill", portable.Range(0, 4), k)},
		{"ParallelReduce", portable.ParallelReduce(s, "sum", portable.Range(0, 4), sumX{k.X}, portable.Sum(&sum))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.err == nil || !strings.Contains(c.err.Error(), `view "gone" was freed`) || !strings.Contains(c.err.Error(), "field X") {
				t.Fatalf("launch with a freed view: %v", c.err)
			}
		})
	}
}

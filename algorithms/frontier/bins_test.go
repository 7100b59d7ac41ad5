package frontier_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/internal/ref"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// hops is a BinOp whose key is the number of hops from the source: binned steps with it
// compute BFS levels.
type hops struct {
	Level views.View1D[uint32]
}

func (o hops) Visit(u, v int32, e int64) bool {
	nd := o.Level.AtomicLoad(int(u)) + 1
	return nd < o.Level.AtomicLoad(int(v)) && o.Level.AtomicMin(int(v), nd) > nd
}

func (o hops) Key(v int32) uint32 { return o.Level.AtomicLoad(int(v)) }

// TestRunBins checks binned steps against BFS levels on the test graphs with several bucket
// widths and limits of a member's fusion of its own small bin (Bins.SetFuse; the default 16,
// 1, and off), twice per Bins (the second run starts from the first's leftovers).
func TestRunBins(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	for _, tc := range frontiertest.Graphs(false, false) {
		if len(tc.Roots) == 0 {
			continue
		}
		g, err := dgraph.New(s, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		level, err := views.Alloc1D[uint32](s.Memory(), "level", g.N())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ shift, fuse int }{{0, 16}, {1, 1}, {3, -1}, {0, -1}} {
			shift := c.shift
			t.Run(fmt.Sprintf("%s/shift=%d/fuse=%d", tc.Name, shift, c.fuse), func(t *testing.T) {
				b, err := frontier.NewBins(g, 4, 2*g.N())
				if err != nil {
					t.Fatal(err)
				}
				defer b.Free()
				b.SetFuse(c.fuse)
				for _, root := range tc.Roots[:min(2, len(tc.Roots))] {
					if err := portable.Fill(s, "level", level, math.MaxUint32); err != nil {
						t.Fatal(err)
					}
					level.Set(int(root), 0)
					steps, finished, err := frontier.RunBins(b, g, hops{Level: level}, root, shift)
					if err != nil || !finished || steps < 1 {
						t.Fatalf("RunBins: %d steps, finished %v, %v", steps, finished, err)
					}
					want, _ := ref.BFS(tc.Graph, root)
					for v, l := range want {
						got := level.At(v)
						if (l < 0 && got != math.MaxUint32) || (l >= 0 && got != uint32(l)) {
							t.Fatalf("root %d: level[%d] = %d, want %d", root, v, got, l)
						}
					}
				}
			})
		}
		level.Free()
		g.Free()
	}
}

// TestRunBinsErrors checks NewBins' and RunBins' refusals and a pool that runs out.
func TestRunBinsErrors(t *testing.T) {
	s := space(t)
	hostOnly(t, s)
	var tc frontiertest.Case
	for _, c := range frontiertest.Graphs(false, false) {
		if c.Name == "rmat" {
			tc = c
		}
	}
	g, err := dgraph.New(s, tc.Graph)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	level, err := views.Alloc1D[uint32](s.Memory(), "level", g.N())
	if err != nil {
		t.Fatal(err)
	}
	defer level.Free()
	for _, slots := range []int{0, 3, frontier.MaxBinSlots * 2} {
		if _, err := frontier.NewBins(g, slots, 0); err == nil || !strings.Contains(err.Error(), "power of two") {
			t.Errorf("NewBins(%d slots): %v", slots, err)
		}
	}
	if _, err := frontier.NewBins(g, 2, -1); err == nil {
		t.Error("NewBins with -1 entries: no error")
	}
	// A pool of no more than the rings' own chunks (5 per member, 320 entries) cannot hold
	// R-MAT's second level.
	b, err := frontier.NewBins(g, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := portable.Fill(s, "level", level, math.MaxUint32); err != nil {
		t.Fatal(err)
	}
	level.Set(0, 0)
	if _, finished, err := frontier.RunBins(b, g, hops{Level: level}, 0, 0); err != nil || finished {
		t.Errorf("RunBins with a tiny pool: finished %v, %v; want unfinished", finished, err)
	}
	for _, c := range []struct {
		src   int32
		shift int
		want  string
	}{{-1, 0, "not a vertex"}, {int32(g.N()), 0, "not a vertex"}, {0, 32, "shift"}} {
		if _, _, err := frontier.RunBins(b, g, hops{Level: level}, c.src, c.shift); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("RunBins(%d, %d): %v, want %q", c.src, c.shift, err, c.want)
		}
	}
	b.Free()
	if _, _, err := frontier.RunBins(b, g, hops{Level: level}, 0, 0); err == nil || !strings.Contains(err.Error(), "freed") {
		t.Errorf("RunBins after Free: %v", err)
	}
}

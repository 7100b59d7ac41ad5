package dgraph_test

import (
	"sync"
	"testing"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/portable"
)

// freeCounter is a profiling hook that records the labels of freed views.
type freeCounter struct {
	mu    sync.Mutex
	freed []string
}

func (f *freeCounter) BeginParallel(portable.PatternKind, string, string) uint64 { return 0 }
func (f *freeCounter) EndParallel(uint64, time.Duration)                         {}
func (f *freeCounter) Fence(string, string)                                      {}
func (f *freeCounter) Alloc(string, string, int64)                               {}
func (f *freeCounter) DeepCopy(string, string, string, string, int64)            {}
func (f *freeCounter) Free(label, space string, bytes int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.freed = append(f.freed, label)
}

func (f *freeCounter) labels() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.freed...)
}

// TestTransposeShares checks that a transpose borrows the graph's arrays: freeing it releases
// no view, and freeing the graph afterwards releases the graph's own.
func TestTransposeShares(t *testing.T) {
	h, err := graph.Build(graph.RMAT(8, 8, 2), graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sp := space(t)
	// A graph made by FromEdgeList owns its arrays, so its Free releases views.
	g, err := dgraph.FromEdgeList(sp, graph.RMAT(8, 8, 2), graph.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if back, err := g.Host(); err != nil || !back.Equal(h) {
		t.Fatalf("FromEdgeList: %v (%v)", back, err)
	}
	tr, err := g.Transpose()
	if err != nil {
		t.Fatal(err)
	}
	fc := &freeCounter{}
	portable.AddHooks(fc)
	defer portable.RemoveHooks(fc)
	tr.Free()
	if got := fc.labels(); len(got) != 0 {
		t.Fatalf("freeing the transpose released %v; it owns nothing", got)
	}
	if back, err := g.Host(); err != nil || !back.Equal(h) {
		t.Fatalf("graph after freeing its transpose: %v (%v)", back, err)
	}
	g.Free()
	if got := fc.labels(); len(got) < 4 {
		t.Fatalf("freeing the graph released %v; want its out- and in-edge arrays", got)
	}
}

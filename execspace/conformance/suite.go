package conformance

import (
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/views"
)

// Run runs every conformance test against s as subtests of t. s stays open.
func Run(t *testing.T, s execspace.Space) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s execspace.Space)
	}{
		{"TestViewAPI", testViewAPI},
		{"TestDeepCopy", testDeepCopy},
		{"TestSubView", testSubView},
		{"TestRange", testRange},
		{"TestReduce", testReduce},
		{"TestReducers", testReducers},
		{"TestScan", testScan},
		{"TestTeam", testTeam},
		{"TestTeamReduce", testTeamReduce},
		{"TestTeamScan", testTeamScan},
		{"TestTeamScratch", testTeamScratch},
		{"TestLeagueBarrier", testLeagueBarrier},
		{"TestAtomics", testAtomics},
		{"TestBounds", testBounds},
		{"TestErrors", testErrors},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, s) })
	}
}

// alloc allocates a zeroed view in s's memory.
func alloc[T views.Scalar](t *testing.T, s execspace.Space, label string, n int) views.View1D[T] {
	t.Helper()
	v, err := views.Alloc1D[T](s.Memory(), label, n)
	if err != nil {
		t.Fatalf("Alloc1D %q: %v", label, err)
	}
	t.Cleanup(v.Free)
	return v
}

// upload returns a view in s's memory holding data.
func upload[T views.Scalar](t *testing.T, s execspace.Space, label string, data []T) views.View1D[T] {
	t.Helper()
	v := alloc[T](t, s, label, len(data))
	if err := views.DeepCopy(v, views.Wrap1D(label+"_host", data)); err != nil {
		t.Fatalf("upload %q: %v", label, err)
	}
	return v
}

// download returns v's elements as a Go slice, fencing s first.
func download[T views.Scalar](t *testing.T, s execspace.Space, v views.View1D[T]) []T {
	t.Helper()
	if err := s.Fence("conformance download"); err != nil {
		t.Fatalf("fence: %v", err)
	}
	out := make([]T, v.Len())
	if err := views.DeepCopy(views.Wrap1D("download", out), v); err != nil {
		t.Fatalf("download %q: %v", v.Label(), err)
	}
	return out
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// sizes are the range lengths the suite tries: empty, tiny, not a multiple of anything, and
// larger than any chunk or block.
var sizes = []int{0, 1, 7, 1000, 100003}

// lcg is a small deterministic generator for test data.
type lcg uint64

func (r *lcg) next() uint64 {
	*r = *r*6364136223846793005 + 1442695040888963407
	return uint64(*r >> 17)
}

package gokkosimpl

import (
	"errors"
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/views"
)

// indexPanic returns what indexing s at i panics with.
func indexPanic(s []int32, i int) (r any) {
	defer func() { r = recover() }()
	_ = s[i]
	return nil
}

func TestRepanicIndex(t *testing.T) {
	x, y, z := views.New1D[int32]("x", 8), views.New1D[float64]("y", 8), views.New1D[uint32]("z", 5)
	other := errors.New("not an index error")
	cases := []struct {
		name  string
		r     any
		views []Extent
		want  string
	}{
		{"one view of that extent", indexPanic(make([]int32, 5), 11), []Extent{x, z}, `views: index 11 out of range for view "z" of extent 5`},
		{"two views of that extent", indexPanic(make([]int32, 8), 9), []Extent{x, y, z}, `views: index 9 out of range for view "x" or "y" of extent 8`},
		{"no view of that extent", indexPanic(make([]int32, 3), 4), []Extent{x, z}, "runtime error: index out of range [4] with length 3"},
		{"a negative index", indexPanic(make([]int32, 5), -1), []Extent{x, z}, `views: index -1 out of range for view "x" or "z"`},
		{"not a runtime error", other, []Extent{x}, "not an index error"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := func() (r any) {
				defer func() { r = recover() }()
				RepanicIndex(c.r, c.views...)
				return nil
			}()
			if msg := fmt.Sprint(got); msg != c.want {
				t.Errorf("panicked with %q, want %q", msg, c.want)
			}
			if c.r == other && got != other {
				t.Errorf("panicked with %v, want the recovered value itself", got)
			}
		})
	}
}

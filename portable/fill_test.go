package portable_test

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/fakedev"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

func TestFill(t *testing.T) {
	cases := []struct {
		name    string
		threads int
		n       int
		stride  int // > 1: a strided subview of every stride-th element
	}{
		{"empty", 2, 0, 1},
		{"small", 2, 100, 1},
		{"at serial limit", 2, 1 << 16, 1},
		{"parallel", 2, 1<<16 + 1, 1},
		{"parallel, uneven", 3, 300_001, 1},
		{"one worker", 1, 200_000, 1},
		{"strided", 2, 200_000, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := host.New(execspace.Config{NumThreads: c.threads})
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			// The view is column 0 of an n × stride row-major array (every stride-th
			// element), followed by one element that must stay 0.
			all := views.New1D[int32]("x", c.n*c.stride+1)
			base := views.New2D[int32]("x", c.n, c.stride, views.LayoutRight)
			v := base.Col(0)
			if c.stride == 1 {
				v = all.Sub(0, c.n)
			}
			if err := portable.Fill(s, "fill x", v, 7); err != nil {
				t.Fatal(err)
			}
			got := all.Data()
			if c.stride > 1 {
				got = append(base.Flat().Data(), 0)
			}
			for i, x := range got {
				want := int32(0)
				if i < c.n*c.stride && i%c.stride == 0 {
					want = 7
				}
				if x != want {
					t.Fatalf("element %d = %d, want %d", i, x, want)
				}
			}
		})
	}
}

func TestFillErrors(t *testing.T) {
	s, err := host.New(execspace.Config{NumThreads: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	d, err := views.Alloc1D[float64](fakedev.New("Fake", 1<<30), "devx", 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	freed := views.New1D[int64]("gone", 1<<20)
	freed.Free()
	closed, _ := host.New(execspace.Config{NumThreads: 2})
	closed.Close()
	cases := []struct {
		name string
		run  func() error
		want []string
	}{
		{"device view on the host", func() error { return portable.Fill(s, "fill devx", d, 1) }, []string{`"fill devx"`, "devx", "Fake"}},
		{"freed view", func() error { return portable.Fill(s, "fill gone", freed, 1) }, []string{`"fill gone"`, "gone", "freed"}},
		{"closed space", func() error { return portable.Fill(closed, "late", views.New1D[int32]("x", 1<<20), 1) }, []string{`"late"`, "closed"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.run()
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Fatalf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}

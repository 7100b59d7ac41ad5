package sim_test

import (
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/backends/sim"
	"github.com/gokkos/gokkos/views"
)

func TestMemory(t *testing.T) {
	s := newSpace(t)
	m := s.DeviceMemory()
	cases := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"copies and fills", func(t *testing.T) {
			a, err := m.Alloc("a", 64)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Free(a, 64)
			b, err := m.Alloc("b", 64)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Free(b, 64)
			in := []uint16{1, 2, 3, 4, 5, 6, 7, 8}
			must(t, m.CopyToDevice(a, unsafe.Pointer(&in[0]), 16))
			must(t, m.Fill(a+16, 2, 0xbeef, 5))
			must(t, m.CopyWithin(b, a, 26))
			must(t, m.CopyWithin(b+2, b, 8)) // overlapping
			out := make([]uint16, 13)
			must(t, m.CopyToHost(unsafe.Pointer(&out[0]), b, 26))
			want := []uint16{1, 1, 2, 3, 4, 6, 7, 8, 0xbeef, 0xbeef, 0xbeef, 0xbeef, 0xbeef}
			if !slices.Equal(out, want) {
				t.Fatalf("got %x, want %x", out, want)
			}
		}},
		{"views", func(t *testing.T) {
			v, err := views.Alloc1D[float64](m, "v", 1000)
			if err != nil {
				t.Fatal(err)
			}
			defer v.Free()
			if v.Header().Device == 0 || v.Header().Host != nil {
				t.Fatalf("header %+v: want a device address and no host pointer", v.Header())
			}
			must(t, v.Fill(2.5))
			h, err := views.MirrorViewAndCopy(views.HostSpace, v)
			if err != nil {
				t.Fatal(err)
			}
			if h.At(0) != 2.5 || h.At(999) != 2.5 {
				t.Fatalf("got %v, %v", h.At(0), h.At(999))
			}
		}},
		{"out of memory", func(t *testing.T) {
			_, err := views.Alloc1D[float64](m, "huge", sim.MemoryBytes/8+1)
			if err == nil || !strings.Contains(err.Error(), "huge") || !strings.Contains(err.Error(), "cannot allocate") {
				t.Fatalf("got %v", err)
			}
		}},
		{"bad requests", func(t *testing.T) {
			if _, err := m.Alloc("zero", 0); err == nil {
				t.Error("Alloc of 0 bytes succeeded")
			}
			if err := m.Fill(0, 3, 0, 1); err == nil {
				t.Error("Fill with 3-byte elements succeeded")
			}
			var x [8]byte
			if err := m.CopyToHost(unsafe.Pointer(&x[0]), 8, 8); err == nil || !strings.Contains(err.Error(), "outside device memory") {
				t.Errorf("copy from a bad address: %v", err)
			}
			m.Free(12345, 8) // ignored
		}},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

package sim

import (
	"strings"
	"testing"
)

func TestDeviceAllocFree(t *testing.T) {
	t.Run("reuse", func(t *testing.T) {
		d := NewDevice()
		a := d.Alloc(100)
		b := d.Alloc(1000)
		if a != GlobalBase || b != GlobalBase+256 || d.Used() != 256+1024 {
			t.Fatalf("addresses %#x, %#x, used %d", a, b, d.Used())
		}
		d.Write(a, []byte{1, 2, 3})
		if err := d.Free(a); err != nil {
			t.Fatal(err)
		}
		if c := d.Alloc(200); c != a {
			t.Fatalf("a freed block of the same size was not reused: %#x, want %#x", c, a)
		}
		if got := d.Read(a, 3); got[0] != 0 || got[1] != 0 || got[2] != 0 {
			t.Fatalf("a reused block is not zeroed: %v", got)
		}
	})
	t.Run("coalesce", func(t *testing.T) {
		d := NewDevice()
		var addrs []uint64
		for range 4 {
			addrs = append(addrs, d.Alloc(248))
		}
		for _, i := range []int{1, 3, 2} { // the last one joins both neighbours
			if err := d.Free(addrs[i]); err != nil {
				t.Fatal(err)
			}
		}
		if len(d.free) != 1 || d.free[0] != (span{256, 768}) {
			t.Fatalf("free list %v, want one block of 768 bytes at 256", d.free)
		}
		if c := d.Alloc(700); c != addrs[1] {
			t.Fatalf("the coalesced block was not reused: %#x, want %#x", c, addrs[1])
		}
		if d.Used() != 256+768 {
			t.Fatalf("used %d", d.Used())
		}
	})
	t.Run("grow from the last free block", func(t *testing.T) {
		d := NewDevice()
		a := d.Alloc(10)
		b := d.Alloc(10)
		if err := d.Free(b); err != nil {
			t.Fatal(err)
		}
		if c := d.Alloc(5000); c != b {
			t.Fatalf("a large block did not extend the free tail: %#x, want %#x", c, b)
		}
		if _, err := d.Span(b+4990, 10); err != nil {
			t.Fatal(err)
		}
		_ = a
	})
	t.Run("errors", func(t *testing.T) {
		d := NewDevice()
		a := d.Alloc(10)
		for _, addr := range []uint64{a + 8, 0, GlobalBase + 1<<20} {
			if err := d.Free(addr); err == nil || !strings.Contains(err.Error(), "not an allocated block") {
				t.Errorf("Free(%#x): %v", addr, err)
			}
		}
		if err := d.Free(a); err != nil {
			t.Fatal(err)
		}
		if err := d.Free(a); err == nil {
			t.Error("a double Free succeeded")
		}
		if _, err := d.Span(GlobalBase-8, 8); err == nil {
			t.Error("Span below the heap succeeded")
		}
	})
}

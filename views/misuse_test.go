package views

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/internal/fakedev"
)

// panicMessage runs fn and returns the string it panics with, or "" when it returns.
func panicMessage(fn func()) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	fn()
	return ""
}

func wantAll(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: %q lacks %q", what, got, w)
		}
	}
}

// TestInvalidLayout checks that a Layout that is neither LayoutRight nor LayoutLeft is an error
// from Alloc2D and a panic from New2D and Wrap2D, naming the function, the label and the value.
func TestInvalidLayout(t *testing.T) {
	bad := Layout(7)
	if bad.String() != "Layout(7)" {
		t.Errorf("Layout(7).String() = %q", bad.String())
	}
	cases := []struct {
		name string
		err  func() string
	}{
		{"Alloc2D host", func() string {
			_, err := Alloc2D[float64](HostSpace, "grid", 2, 3, bad)
			return fmt.Sprint(err)
		}},
		{"Alloc2D device", func() string {
			_, err := Alloc2D[float64](fakedev.New("Fake", 1<<20), "grid", 2, 3, bad)
			return fmt.Sprint(err)
		}},
		{"New2D", func() string { return panicMessage(func() { New2D[float64]("grid", 2, 3, bad) }) }},
		{"Wrap2D", func() string {
			return panicMessage(func() { Wrap2D("grid", make([]float64, 6), 2, 3, bad) })
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantAll(t, c.name, c.err(), "views: ", strings.Fields(c.name)[0], `"grid"`, "invalid layout Layout(7)")
		})
	}
	for _, l := range []Layout{LayoutRight, LayoutLeft} {
		if _, err := Alloc2D[float64](HostSpace, "ok", 2, 3, l); err != nil {
			t.Errorf("%v: %v", l, err)
		}
	}
}

// TestAllocSizeOverflow checks that sizes whose byte count overflows are refused with the
// element count and size, not a wrapped-around byte count.
func TestAllocSizeOverflow(t *testing.T) {
	dev := fakedev.New("Fake", 1<<20)
	cases := []struct {
		name  string
		err   func() string
		wants []string
	}{
		{"Alloc1D host 1<<62 float64", func() string {
			_, err := Alloc1D[float64](HostSpace, "huge", 1<<62)
			return fmt.Sprint(err)
		}, []string{"Alloc1D", `"huge"`, "4611686018427387904 elements of 8 bytes", "overflow"}},
		{"Alloc1D host max int", func() string {
			_, err := Alloc1D[int32](HostSpace, "huge", int(^uint(0)>>1))
			return fmt.Sprint(err)
		}, []string{"9223372036854775807 elements of 4 bytes", "overflow"}},
		{"Alloc1D device 1<<62 float64", func() string {
			_, err := Alloc1D[float64](dev, "huge", 1<<62)
			return fmt.Sprint(err)
		}, []string{`"huge"`, "4611686018427387904 elements of 8 bytes", "overflow"}},
		{"Alloc1D host beyond memory", func() string {
			_, err := Alloc1D[int8](HostSpace, "big", 1<<61)
			return fmt.Sprint(err)
		}, []string{`"big"`, "2305843009213693952 elements of 1 bytes needs 2.0 EiB but", "are available ("}},
		{"Alloc2D host", func() string {
			_, err := Alloc2D[float64](HostSpace, "huge", 1<<31, 1<<31, LayoutRight)
			return fmt.Sprint(err)
		}, []string{`"huge"`, "4611686018427387904 elements of 8 bytes", "overflow"}},
		{"New1D", func() string { return panicMessage(func() { New1D[float64]("huge", 1<<62) }) },
			[]string{"New1D", "4611686018427387904 elements of 8 bytes"}},
		{"New2D", func() string { return panicMessage(func() { New2D[float64]("huge", 1<<31, 1<<31, LayoutLeft) }) },
			[]string{"New2D", "4611686018427387904 elements of 8 bytes"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := c.err()
			wantAll(t, c.name, got, append([]string{"views: "}, c.wants...)...)
			if strings.Contains(got, "(0 bytes)") || strings.Contains(got, "(-") {
				t.Errorf("%s: wrapped-around byte count in %q", c.name, got)
			}
		})
	}
}

// TestAccessAfterFree checks what a freed host view does: element access panics naming the
// label (View1D's At and Set only in race-detector builds: see At), and Data, Span, Fill and
// DeepCopy refuse it, for the freed view and for copies and subviews made before Free.
func TestAccessAfterFree(t *testing.T) {
	x := New1D[float64]("freed1d", 8)
	copyOfX, sub, row := x, x.Sub(2, 6), New2D[float64]("freed2d", 3, 4, LayoutRight)
	rowView := row.Row(1)
	x.Free()
	row.Free()
	freed := []string{"views: ", "was freed"}
	panics := []struct {
		name string
		race bool // checked only in race-detector builds
		fn   func()
	}{
		{"At", true, func() { x.At(0) }},
		{"Set", true, func() { x.Set(0, 1) }},
		{"At of a copy", true, func() { copyOfX.At(7) }},
		{"At of a subview", true, func() { sub.At(0) }},
		{"AtomicAdd", true, func() { x.AtomicAdd(1, 1) }},
		{"At of a row", true, func() { rowView.At(0) }},
		{"Data", false, func() { x.Data() }},
		{"Data of a subview", false, func() { sub.Data() }},
		{"View2D At", false, func() { row.At(1, 1) }},
		{"View2D Set", false, func() { row.Set(1, 1, 2) }},
		{"View2D AtomicAdd", false, func() { row.AtomicAdd(0, 0, 2) }},
	}
	for _, c := range panics {
		t.Run(c.name, func(t *testing.T) {
			if c.race && !raceEnabled {
				t.Skip("View1D element access checks for freed views in race-detector builds only")
			}
			msg := panicMessage(c.fn)
			wantAll(t, c.name, msg, freed...)
			if !strings.Contains(msg, `"freed1d"`) && !strings.Contains(msg, `"freed2d"`) {
				t.Errorf("%s: %q does not name the view", c.name, msg)
			}
		})
	}
	if s := x.Span(0, 4); s != nil {
		t.Errorf("Span of a freed view: %v", s)
	}
	errs := []struct {
		name string
		err  error
	}{
		{"Fill", x.Fill(1)},
		{"Fill of a copy", copyOfX.Fill(1)},
		{"View2D Fill", row.Fill(1)},
		{"DeepCopy from", DeepCopy(New1D[float64]("dst", 8), copyOfX)},
		{"DeepCopy to", DeepCopy(x, New1D[float64]("src", 8))},
	}
	for _, c := range errs {
		t.Run(c.name, func(t *testing.T) {
			wantAll(t, c.name, fmt.Sprint(c.err), "views: ", "freed")
		})
	}
	// A view that was not freed is unaffected by another view's Free.
	y := New1D[float64]("alive", 2)
	y.Set(1, 5)
	if y.At(1) != 5 {
		t.Fatal("a live view changed")
	}
}

func TestEmptyHostSubviewLen(t *testing.T) {
	x := New1D[float64]("x", 10)
	cases := []struct {
		begin, end int
	}{{3, 3}, {0, 0}, {10, 10}, {2, 5}}
	for _, c := range cases {
		t.Run(fmt.Sprintf("[%d,%d)", c.begin, c.end), func(t *testing.T) {
			s := x.Sub(c.begin, c.end)
			if s.Len() != c.end-c.begin || s.Label() != "x" {
				t.Fatalf("Sub(%d, %d): Len %d, label %q", c.begin, c.end, s.Len(), s.Label())
			}
		})
	}
}

package loops

// These tests run only with the generated file and a file declaring hostLoops, which
// TestHostLoopsRun in cmd/gokkos-gen writes and lays over this package (go test -overlay).

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

const n = 37

// chunks are the [lo, hi) ranges a loop is called with; the method is called per index.
var chunks = [][2]int{{0, 1}, {1, 1}, {1, 16}, {16, n}}

func runRange[K interface{ Run(int) }](k K, loop any) {
	if loop == nil {
		for i := range n {
			k.Run(i)
		}
		return
	}
	f := loop.(func(*K, int, int))
	for _, c := range chunks {
		f(&k, c[0], c[1])
	}
}

func runReduce[T any, K interface{ Run(int, *T) }](k K, loop any, acc T) T {
	if loop == nil {
		for i := range n {
			k.Run(i, &acc)
		}
		return acc
	}
	f := loop.(func(*K, int, int, *T))
	for _, c := range chunks {
		f(&k, c[0], c[1], &acc)
	}
	return acc
}

// runScan runs both passes of a scan: the totals without final, then the prefixes with it.
func runScan[T any, K interface{ Run(int, *T, bool) }](k K, loop any) [2]T {
	var out [2]T
	for pass, final := range []bool{false, true} {
		var acc T
		if loop == nil {
			for i := range n {
				k.Run(i, &acc, final)
			}
		} else {
			f := loop.(func(*K, int, int, *T, bool))
			for _, c := range chunks {
				f(&k, c[0], c[1], &acc, final)
			}
		}
		out[pass] = acc
	}
	return out
}

func ints(f func(i int) int64) views.View1D[int64] {
	v := views.New1D[int64]("ints", n)
	for i := range n {
		v.Set(i, f(i))
	}
	return v
}

func floats[T float32 | float64](f func(i int) T) views.View1D[T] {
	v := views.New1D[T]("floats", n)
	for i := range n {
		v.Set(i, f(i))
	}
	return v
}

// gatherMixOf returns a gatherMix whose Next, written here, sends i to (5i+3) mod n.
func gatherMixOf(next views.View1D[int32]) gatherMix {
	for i := range n {
		next.Set(i, int32((5*i+3)%n))
	}
	p := views.New1D[int32]("p", n)
	for i := range n {
		p.Set(i, int32(i))
	}
	k := gatherMix{L: links{F: forest{P: p}, Next: next, Count: zeros(), Min: ints(func(int) int64 { return n })}, Out: views.New1D[int32]("out", n)}
	return k
}

func zeros() views.View1D[int64] { return ints(func(int) int64 { return 0 }) }

func signed(i int) int64 { return int64((i*7)%11 - 3) }

// TestHostLoops checks that every generated loop does exactly what calling Run per index does.
func TestHostLoops(t *testing.T) {
	loops := hostLoops()
	cases := []struct {
		name string
		run  func(loop any) string
	}{
		{"clashA", func(loop any) string {
			k := clashA{X: views.New1D[uint32]("x", n)}
			for i := range n {
				k.X.Set(i, uint32(i*2654435761))
			}
			runRange(k, loop)
			return fmt.Sprint(k.X.Data())
		}},
		{"early", func(loop any) string {
			k := early{Out: zeros(), Stop: 30}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data())
		}},
		{"search", func(loop any) string {
			k := search{Out: zeros()}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data())
		}},
		{"labels", func(loop any) string {
			k := labels{Out: zeros()}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data())
		}},
		{"mutRecv", func(loop any) string {
			k := mutRecv{A: 100, Out: zeros()}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data(), k.A)
		}},
		{"mutIndex", func(loop any) string {
			k := mutIndex{Out: zeros()}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data())
		}},
		{"ptrMethod", func(loop any) string {
			k := ptrMethod{C: counter{N: 5}, Out: zeros()}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data(), k.C.N)
		}},
		{"gscale[float32]", func(loop any) string {
			k := gscale[float32]{A: 1.5, X: floats(func(i int) float32 { return float32(i) / 3 })}
			runRange(k, loop)
			return fmt.Sprint(k.X.Data())
		}},
		{"gscale[float64]", func(loop any) string {
			k := gscale[float64]{A: -2, X: floats(func(i int) float64 { return float64(i) / 7 })}
			runRange(k, loop)
			return fmt.Sprint(k.X.Data())
		}},
		{"gpair[float64, int32]", func(loop any) string {
			k := gpair[float64, int32]{X: floats(func(i int) float64 { return float64(i) * 1.25 }), Y: views.New1D[int32]("y", n)}
			runRange(k, loop)
			return fmt.Sprint(k.Y.Data())
		}},
		{"gsum[float64]", func(loop any) string {
			k := gsum[float64]{X: floats(func(i int) float64 { return float64(i * i) })}
			return fmt.Sprint(runReduce(k, loop, 0.5))
		}},
		{"gblank[float32]", func(loop any) string {
			k := gblank[float32]{Out: zeros()}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data())
		}},
		{"minAt", func(loop any) string {
			k := minAt{X: floats(func(i int) float64 { return float64((i*5)%13) - 6 })}
			return fmt.Sprint(runReduce(k, loop, portable.ValLoc[float64]{Val: 1e9, Loc: -1}))
		}},
		{"count", func(loop any) string {
			return fmt.Sprint(runReduce(count{}, loop, int64(3)))
		}},
		{"scanSkip", func(loop any) string {
			k := scanSkip{In: ints(signed), Out: zeros()}
			return fmt.Sprint(runScan(k, loop), k.Out.Data())
		}},
		{"spanMix", func(loop any) string {
			k := spanMix{X: floats(func(i int) float64 { return float64(i) / 4 }), Y: floats(func(i int) float64 { return float64(i * i) }), Out: floats(func(int) float64 { return 0 }), A: 3}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data())
		}},
		{"spanMix/in place", func(loop any) string {
			// Out is X: each index reads the next element before it is overwritten.
			x := floats(func(i int) float64 { return float64(i) - 5 })
			k := spanMix{X: x, Y: floats(func(i int) float64 { return float64(i % 3) }), Out: x, A: -1}
			runRange(k, loop)
			return fmt.Sprint(x.Data())
		}},
		{"spanMix/strided", func(loop any) string {
			// Y is a column of a row-major matrix: not contiguous, so every chunk takes the
			// view path.
			m := views.New2D[float64]("m", n, 2, views.LayoutRight)
			for i := range n {
				m.Set(i, 1, float64(3*i+1))
			}
			k := spanMix{X: floats(func(i int) float64 { return float64(i) }), Y: m.Col(1), Out: floats(func(int) float64 { return 0 }), A: 0.5}
			runRange(k, loop)
			return fmt.Sprint(k.Out.Data())
		}},
		{"spanDot", func(loop any) string {
			k := spanDot{X: floats(func(i int) float64 { return float64(i) + 0.5 }), Y: floats(func(i int) float64 { return float64(n - i) })}
			return fmt.Sprint(runReduce(k, loop, 1.0))
		}},
		{"gatherMix", func(loop any) string {
			k := gatherMixOf(views.New1D[int32]("next", n))
			runRange(k, loop)
			return fmt.Sprint(k.L.F.P.Data(), k.L.Count.Data(), k.L.Min.Data(), k.Out.Data())
		}},
		{"gatherMix/strided", func(loop any) string {
			// Next is a column of a row-major matrix: not contiguous, so every chunk takes the
			// view path.
			m := views.New2D[int32]("m", n, 2, views.LayoutRight)
			k := gatherMixOf(m.Col(0))
			runRange(k, loop)
			return fmt.Sprint(k.L.F.P.Data(), k.L.Count.Data(), k.L.Min.Data(), k.Out.Data())
		}},
		{"swapMark", func(loop any) string {
			next := views.New1D[int32]("next", n)
			for i := range n {
				next.Set(i, int32((i*i)%n))
			}
			k := swapMark{Next: next, Mark: views.New1D[int32]("mark", n), Hits: views.New1D[int64]("hits", 1)}
			runRange(k, loop)
			return fmt.Sprint(k.Mark.Data(), k.Hits.Data())
		}},
		{"shadowMax", func(loop any) string {
			k := shadowMax{X: ints(signed)}
			runRange(k, loop)
			return fmt.Sprint(k.X.Data())
		}},
		{"scanMut", func(loop any) string {
			k := scanMut{In: ints(signed), Out: zeros()}
			return fmt.Sprint(runScan(k, loop), k.Out.Data())
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			loop, ok := loops[kernelOf(c.name)]
			if !ok {
				t.Fatalf("no host loop for %s", c.name)
			}
			want, got := c.run(nil), c.run(loop)
			if got != want {
				t.Errorf("loop:   %s\nmethod: %s", got, want)
			}
		})
	}
	for name := range loops {
		found := false
		for _, c := range cases {
			found = found || kernelOf(c.name) == name
		}
		if !found && name != "boom" {
			t.Errorf("host loop for %s is not tested", name)
		}
	}
}

// TestPanicPosition checks that a panic in a loop is reported at the original line of the
// kernel's file, in the frame of the loop function, with the views' message.
func TestPanicPosition(t *testing.T) {
	src, err := os.ReadFile("loops.go")
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.HasSuffix(l, "// boom") {
			want = i + 1
		}
	}
	loop := hostLoops()["boom"].(func(*boom, int, int))
	k := boom{X: views.New1D[float64]("x", 8), Bad: 3}
	var frame runtime.Frame
	func() {
		defer func() {
			r := recover()
			if r == nil {
				t.Fatal("no panic")
			}
			// The views' message, also where a gather path indexed a slice.
			if msg := fmt.Sprint(r); !strings.Contains(msg, `views: index 11 out of range for view "x" of extent 8`) {
				t.Errorf("panic %q is not the views' message", msg)
			}
			pc := make([]uintptr, 64)
			frames := runtime.CallersFrames(pc[:runtime.Callers(1, pc)])
			for {
				f, more := frames.Next()
				// The loop's own frame, below the gather path's deferred call that panics again.
				if strings.Contains(f.Function, "gokkosHostLoop") && !strings.Contains(f.Function, ".func") {
					frame = f
					break
				}
				if !more {
					break
				}
			}
		}()
		loop(&k, 0, 8)
	}()
	if frame.Function == "" {
		t.Fatal("no frame of a host loop function in the stack")
	}
	// cmd/compile records the relative name of a //line directive as it is.
	if frame.File != "loops.go" || frame.Line != want {
		t.Errorf("panic reported at %s:%d in %s, want loops.go:%d", frame.File, frame.Line, frame.Function, want)
	}
}

// kernelOf is the kernel type a case of TestHostLoops runs: its name up to a slash.
func kernelOf(name string) string { return strings.SplitN(name, "/", 2)[0] }

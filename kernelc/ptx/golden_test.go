package ptx

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

var update = flag.Bool("update", false, "rewrite the golden PTX files in testdata/golden")

// goldenKernels are small kernels whose PTX is compared with testdata/golden/<name>.ptx.
func goldenKernels() []testKernel {
	sum := func() *ir.Kernel {
		b := newKB("main.sum", abi.FormReduce)
		x := b.view("X", 1, ir.F64, false)
		acc := b.acc(ir.F64, false)[0]
		xi := b.local("x", ir.F64)
		b.k.ReduceOps = []abi.ReduceOp{abi.OpSum}
		b.k.Body = ir.Block{loadRO(xi, x, b.k.Index), assign(acc, bin(ir.Add, acc, xi))}
		return b.k
	}
	// ops is a reduce kernel with several reductions: its one pair of entries dispatches on
	// the op argument.
	ops := func() *ir.Kernel {
		b := newKB("main.count", abi.FormReduce)
		x := b.view("X", 1, ir.I32, false)
		acc := b.acc(ir.I32, false)[0]
		xi := b.local("x", ir.I32)
		b.k.ReduceOps = []abi.ReduceOp{abi.OpSum, abi.OpMin, abi.OpMax}
		b.k.Body = ir.Block{loadRO(xi, x, b.k.Index), assign(acc, bin(ir.Add, acc, xi))}
		return b.k
	}
	team := func() *ir.Kernel {
		b := newKB("main.rowsum", abi.FormTeam)
		m := b.view("M", 2, ir.F32, false)
		out := b.view("Out", 1, ir.F32, true)
		k := b.k
		row, j, acc, v, s := b.local("row", ir.I64), b.local("j", ir.I64), b.local("acc", ir.F32), b.local("v", ir.F32), b.local("s", ir.F32)
		tile := k.NewView("tile", 1, ir.F32, ir.Shared)
		k.Body = ir.Block{
			assign(row, spec(ir.LeagueRank)),
			&ir.ScratchAlloc{Dst: tile, Level: 0, Count: spec(ir.TeamSize)},
			&ir.RangeReduce{Kind: ir.ThreadRange, Var: j, Begin: ci(ir.I64, 0), End: m.Extent[1], Op: ir.OpSum, Acc: acc, Dst: s, Body: ir.Block{
				loadRO(v, m, row, j), assign(acc, bin(ir.Add, acc, v)),
			}},
			store(tile, s, spec(ir.TeamRank)),
			&ir.Single{Body: ir.Block{store(out, s, row)}},
		}
		return k
	}
	atomics := func() *ir.Kernel {
		b := newKB("main.histogram", abi.FormRange)
		x := b.view("X", 1, ir.U8, false)
		h := b.view("H", 1, ir.I32, true)
		lo := b.view("Lo", 1, ir.F64, true)
		xi := b.local("x", ir.U8)
		i := b.k.Index
		b.k.Body = ir.Block{
			loadRO(xi, x, i),
			&ir.Atomic{Op: ir.AtomicAdd, View: h, Index: []ir.Expr{conv(ir.I64, xi)}, Val: ci(ir.I32, 1)},
			&ir.Atomic{Op: ir.AtomicMin, View: lo, Index: []ir.Expr{ci(ir.I64, 0)}, Val: conv(ir.F64, i)},
		}
		return b.k
	}
	expk := func() *ir.Kernel {
		b := newKB("main.expk", abi.FormRange)
		x := b.view("X", 1, ir.F64, true)
		xi := b.local("x", ir.F64)
		i := b.k.Index
		b.k.Body = ir.Block{load(xi, x, i), store(x, call(ir.Exp, xi), i)}
		return b.k
	}
	return []testKernel{
		{"axpy", axpyKernel()},
		{"sum", sum()},
		{"ops", ops()},
		{"scan", scanKernel(ir.I32)},
		{"rowsum", team()},
		{"histogram", atomics()},
		{"exp", expk()},
	}
}

func TestGolden(t *testing.T) {
	for _, g := range goldenKernels() {
		t.Run(g.name, func(t *testing.T) {
			if err := ir.Verify(g.k); err != nil {
				t.Fatal(err)
			}
			m, err := Compile(g.k)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", g.name+".ptx")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(m.PTX), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./kernelc/ptx -update to create it)", err)
			}
			if string(want) != m.PTX {
				gl, wl := strings.Split(m.PTX, "\n"), strings.Split(string(want), "\n")
				for i := 0; i < len(gl) || i < len(wl); i++ {
					var a, b string
					if i < len(gl) {
						a = gl[i]
					}
					if i < len(wl) {
						b = wl[i]
					}
					if a != b {
						t.Fatalf("%s differs from the generated PTX at line %d:\n got: %s\nwant: %s\n(run go test ./kernelc/ptx -update if the change is intended)", path, i+1, a, b)
					}
				}
			}
		})
	}
}

// TestGoldenAssemble assembles the golden kernels and checks them in the simulator where they
// have a simple closed form.
func TestGoldenAssemble(t *testing.T) {
	ptxas := ptxasPath(t)
	for _, g := range goldenKernels() {
		t.Run(g.name, func(t *testing.T) {
			m, err := Compile(g.k)
			if err != nil {
				t.Fatal(err)
			}
			assemble(t, ptxas, g.name, m.PTX)
		})
	}
}

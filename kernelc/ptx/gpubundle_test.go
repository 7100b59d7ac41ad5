package ptx

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
	sim "github.com/gokkos/gokkos/kernelc/ptxsim"
)

// A GPU bundle lets a machine with a GPU and no Go check the generated PTX against the
// simulator: each case is a module, the simulated device memory before its first launch, the
// launches, and the memory after the last one. testdata/gpurun.py runs a bundle with the CUDA
// driver and compares the final memory (float regions compare NaN-aware). Set
// GOKKOS_PTX_BUNDLE to a directory to write one.

type bundleLaunch struct {
	Entry  string   `json:"entry"`
	Grid   int      `json:"grid"`
	Block  [2]int   `json:"block"`
	Shared int      `json:"shared"`
	Params []uint64 `json:"params"`
}

type bundleRegion struct {
	Off  uint64 `json:"off"` // from GlobalBase
	N    int    `json:"n"`
	Elem string `json:"elem"` // "f32" or "f64"
}

type bundleCase struct {
	Name     string         `json:"name"`
	PTX      string         `json:"ptx"`
	Before   string         `json:"before"`
	After    string         `json:"after"`
	Base     uint64         `json:"base"`
	Launches []bundleLaunch `json:"launches"`
	Floats   []bundleRegion `json:"floats"`

	s      *simKernel
	before []byte
}

type bundle struct {
	dir   string
	Cases []*bundleCase `json:"cases"`
}

func (b *bundle) add(t *testing.T, name string, k *ir.Kernel) *bundleCase {
	c := &bundleCase{Name: name, Base: sim.GlobalBase, s: loadSim(t, k)}
	b.Cases = append(b.Cases, c)
	return c
}

// launch runs a launch in the simulator and records it. All memory must be set up before the
// first launch.
func (c *bundleCase) launch(entry string, grid, bx, by, shared int, params []uint64) {
	if c.before == nil {
		c.before = c.s.d.Image()
	}
	c.s.run(entry, grid, bx, by, shared, params)
	c.Launches = append(c.Launches, bundleLaunch{entry, grid, [2]int{bx, by}, shared, params})
}

func (c *bundleCase) floats(addr uint64, n int, elem string) {
	c.Floats = append(c.Floats, bundleRegion{addr - sim.GlobalBase, n, elem})
}

func writeGz(path string, data []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := gzip.NewWriter(f)
	if _, err := w.Write(data); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return f.Close()
}

func (b *bundle) write(t *testing.T) {
	for i, c := range b.Cases {
		base := fmt.Sprintf("case%02d", i)
		c.PTX, c.Before, c.After = base+".ptx", base+".before.gz", base+".after.gz"
		if err := os.WriteFile(filepath.Join(b.dir, c.PTX), []byte(c.s.mod.PTX), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := writeGz(filepath.Join(b.dir, c.Before), c.before); err != nil {
			t.Fatal(err)
		}
		if err := writeGz(filepath.Join(b.dir, c.After), c.s.d.Image()); err != nil {
			t.Fatal(err)
		}
	}
	js, err := json.MarshalIndent(b, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(b.dir, "bundle.json"), js, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestGPUBundle(t *testing.T) {
	dir := os.Getenv("GOKKOS_PTX_BUNDLE")
	if dir == "" {
		t.Skip("set GOKKOS_PTX_BUNDLE to write a GPU bundle")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b := &bundle{dir: dir}

	// Integer operators of every type.
	for _, typ := range allInts {
		c := b.add(t, "intops_"+typ.String(), intOpsKernel(typ))
		xs := intSamples(typ)
		ncol := len(intOpsExpect(typ, 0, 0, 0))
		xa := uploadBits(c.s.d, typ, xs)
		var outs []uint64
		svals := []uint64{xs[0], xs[2], xs[5], xs[10], xs[len(xs)-1]}
		for range svals {
			outs = append(outs, c.s.d.Alloc(len(xs)*ncol*typ.Size()))
		}
		for i, sv := range svals {
			c.launch(c.s.mod.Entry, 2, 8, 1, 0, cat([]uint64{0, uint64(len(xs)), sv, uint64([]int64{0, 7, 33, 64, -1}[i])}, view1(xa, len(xs)), view2(outs[i], len(xs), ncol)))
		}
	}
	// Float operators and the math library.
	for _, typ := range allFloats {
		for _, trans := range []bool{false, true} {
			k := floatOpsKernel(typ, trans)
			c := b.add(t, k.Name, k)
			xs := floatSamples()
			for i := 0; i < 40; i++ {
				xs = append(xs, math.Ldexp(float64(i*37%19)-9.3, i%60-30), float64(i)*0.37-7)
			}
			bits := make([]uint64, len(xs))
			for i, x := range xs {
				bits[i] = refConvertF(typ, x)
			}
			xa := uploadBits(c.s.d, typ, bits)
			nv, nf := floatOpsExpect(typ, 0, 0)
			ncol, nflag := len(nv), len(nf)
			if trans {
				ncol, nflag = 26, 1
			}
			svals := []float64{1.5, -0.25, 3, math.Inf(1), math.NaN()}
			var outs, flags []uint64
			for range svals {
				outs = append(outs, c.s.d.Alloc(len(xs)*ncol*typ.Size()))
				flags = append(flags, c.s.d.Alloc(len(xs)*nflag))
			}
			for i, sv := range svals {
				c.launch(c.s.mod.Entry, 3, 32, 1, 0, cat([]uint64{0, uint64(len(xs)), refConvertF(typ, sv)}, view1(xa, len(xs)), view2(outs[i], len(xs), ncol), view2(flags[i], len(xs), nflag)))
				c.floats(outs[i], len(xs)*ncol, typ.String())
			}
		}
	}
	// Math functions on many arguments each.
	for _, mc := range mathCases() {
		for _, typ := range allFloats {
			c := b.add(t, "math_"+mc.fn.String()+"_"+typ.String(), mathKernel(mc.fn, typ))
			var xs, ys []uint64
			for i := 0; i < 512; i++ {
				r := newRand(int64(i) + int64(mc.fn)*1000)
				x, y := mc.gen(r)
				xs, ys = append(xs, refConvertF(typ, x)), append(ys, refConvertF(typ, y))
			}
			xa, ya := uploadBits(c.s.d, typ, xs), uploadBits(c.s.d, typ, ys)
			out := c.s.d.Alloc(len(xs) * typ.Size())
			c.launch(c.s.mod.Entry, 4, 64, 1, 0, cat([]uint64{0, uint64(len(xs))}, view1(xa, len(xs)), view1(ya, len(xs)), view1(out, len(xs))))
			c.floats(out, len(xs), typ.String())
		}
	}
	// Atomics, one thread so that the order matches the simulator's.
	for _, typ := range append(append([]ir.Type(nil), allInts...), allFloats...) {
		c := b.add(t, "atomics_"+typ.String(), atomicKernel(typ))
		sz := typ.Size()
		init := exactSamples(typ, 8, 3)
		a := uploadBits(c.s.d, typ, init)
		n, ops := 12, 9
		old := c.s.d.Alloc(n * ops * sz)
		ok := c.s.d.Alloc(n)
		c.launch(c.s.mod.Entry, 1, 1, 1, 0, cat([]uint64{0, uint64(n)}, view1(a, 8), view2(old, n, ops), view1(ok, n), []uint64{init[5]}))
	}
	// Reductions: every op of a few types on several shapes.
	for _, typ := range []ir.Type{ir.I8, ir.U16, ir.I32, ir.U64, ir.F32, ir.F64} {
		k := reduceKernel(typ)
		c := b.add(t, "reduce_"+typ.String(), k)
		n := 3000
		xa := uploadBits(c.s.d, typ, exactSamples(typ, n, 1))
		type job struct {
			op        abi.ReduceOp
			grid, blk int
			part, res uint64
		}
		var jobs []job
		for _, op := range k.ReduceOps {
			for _, sh := range simShapes {
				jobs = append(jobs, job{op, sh.grid, sh.block, c.s.d.Alloc(16 * (sh.grid + 1)), c.s.d.Alloc(16)})
			}
		}
		if typ.IsFloat() {
			for _, j := range jobs {
				c.floats(j.part, 16/typ.Size()*(j.grid+1), typ.String())
				c.floats(j.res, 16/typ.Size(), typ.String())
			}
		}
		for _, j := range jobs {
			e := c.s.mod.Reduce
			args := cat(view1(xa, n), []uint64{uint64(j.op)})
			c.launch(e.Main, j.grid, j.blk, 1, 0, cat([]uint64{3, uint64(n - 5), j.part, j.res, uint64(j.op)}, args))
		}
	}
	for _, typ := range []ir.Type{ir.I64, ir.F64, ir.U8} {
		k := minLocKernel(typ)
		c := b.add(t, "minloc_"+typ.String(), k)
		n := 2000
		xa := uploadBits(c.s.d, typ, exactSamples(typ, n, 2))
		for _, op := range k.ReduceOps {
			part, res := c.s.d.Alloc(16*9), c.s.d.Alloc(16)
			e := c.s.mod.Reduce
			args := cat(view1(xa, n), []uint64{b2u(op == abi.OpMaxLoc)})
			c.launch(e.Main, 8, 128, 1, 0, cat([]uint64{0, uint64(n), part, res, uint64(op)}, args))
		}
	}
	// Scans.
	for _, typ := range []ir.Type{ir.I64, ir.I32, ir.F32, ir.F64} {
		c := b.add(t, "scan_"+typ.String(), scanKernel(typ))
		n := 5000
		xa := uploadBits(c.s.d, typ, exactSamples(typ, n, 4))
		type job struct {
			grid, blk, mid   int
			out, sums, total uint64
		}
		var jobs []job
		for _, sh := range simShapes {
			jobs = append(jobs, job{sh.grid, sh.block, sh.one, uploadBits(c.s.d, typ, make([]uint64, n)), c.s.d.Alloc(8 * (sh.grid + 1)), c.s.d.Alloc(8)})
		}
		for _, j := range jobs {
			e := c.s.mod.Scan
			args := cat(view1(xa, n), view1(j.out, n))
			c.launch(e.Up, j.grid, j.blk, 1, 0, cat([]uint64{7, uint64(n - 3), j.sums}, args))
			c.launch(e.Mid, 1, j.mid, 1, 0, cat([]uint64{j.sums, uint64(j.grid), j.total}, args))
			c.launch(e.Down, j.grid, j.blk, 1, 0, cat([]uint64{7, uint64(n - 3), j.sums}, args))
		}
	}
	// Team forms on shapes with vector lengths 1 to 32.
	in := []int64{3, -1, 4, 1, -5, 9, 2, -6, 5, 3, 5}
	for _, form := range []abi.Form{abi.FormTeam, abi.FormTeamReduce} {
		c := b.add(t, "team_"+form.String(), teamKernel(form))
		ia := sim.Upload(c.s.d, in)
		type job struct {
			ts             teamShape
			out, part, res uint64
			prefix         []uint64
		}
		var jobs []job
		for _, ts := range teamShapes {
			ts.s0Team, ts.s0Thread, ts.s1Team = ts.size*ts.vector*8, 32, 64
			jobs = append(jobs, job{ts, c.s.d.Alloc(ts.league * 40 * 8), c.s.d.Alloc(16 * (ts.grid + 1)), c.s.d.Alloc(16), c.s.teamPrefix(ts)})
		}
		for _, j := range jobs {
			args := cat(view1(ia, len(in)), view2(j.out, j.ts.league, 40))
			if form == abi.FormTeam {
				c.launch(c.s.mod.Entry, j.ts.grid, j.ts.vector, j.ts.size, j.ts.shared(), cat(j.prefix, args))
				continue
			}
			e, op := c.s.mod.Reduce, uint64(abi.OpSum)
			c.launch(e.Main, j.ts.grid, j.ts.vector, j.ts.size, j.ts.shared(), cat(j.prefix, []uint64{j.part, j.res, op}, args))
		}
	}
	b.write(t)
	t.Logf("wrote %d cases to %s", len(b.Cases), dir)
}

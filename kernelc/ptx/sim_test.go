package ptx

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
	sim "github.com/gokkos/gokkos/kernelc/ptxsim"
)

// simKernel is a compiled kernel loaded in the simulator.
type simKernel struct {
	t   *testing.T
	k   *ir.Kernel
	mod *Module
	d   *sim.Device
	p   *sim.Program
}

func loadSim(t *testing.T, k *ir.Kernel) *simKernel {
	t.Helper()
	if err := ir.Verify(k); err != nil {
		t.Fatalf("IR does not verify: %v", err)
	}
	mod, err := Compile(k)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := sim.Parse(mod.PTX)
	if err != nil {
		t.Fatalf("sim: %v", err)
	}
	d := sim.NewDevice()
	return &simKernel{t: t, k: k, mod: mod, d: d, p: sim.Load(d, pm)}
}

// view1 returns the slots of a contiguous rank-1 view at addr with n elements.
func view1(addr uint64, n int) []uint64 { return []uint64{addr, uint64(n), 1} }

// view2 returns the slots of a row-major rank-2 view.
func view2(addr uint64, n0, n1 int) []uint64 {
	return []uint64{addr, uint64(n0), uint64(n1), uint64(n1), 1}
}

func cat(parts ...[]uint64) []uint64 {
	var out []uint64
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func (s *simKernel) run(entry string, grid, bx, by, shared int, params []uint64) {
	s.t.Helper()
	if err := s.p.Run(sim.Launch{Entry: entry, Grid: grid, Block: [2]int{bx, by}, Shared: shared, Params: params}); err != nil {
		s.t.Fatal(err)
	}
}

// rangeFor launches a FormRange kernel.
func (s *simKernel) rangeFor(begin, end int64, grid, block int, args []uint64) {
	s.t.Helper()
	s.run(s.mod.Entry, grid, block, 1, 0, cat([]uint64{uint64(begin), uint64(end)}, args))
}

// reduce launches Main with op and returns the result slot.
func (s *simKernel) reduce(op abi.ReduceOp, begin, end int64, grid, block int, args []uint64) [2]uint64 {
	s.t.Helper()
	if !slices.Contains(s.mod.ReduceOps, op) {
		s.t.Fatalf("no reduction %s (the kernel has %v)", op, s.mod.ReduceOps)
	}
	e := s.mod.Reduce
	part := s.d.Alloc(16 * (grid + 1))
	res := s.d.Alloc(16)
	s.run(e.Main, grid, block, 1, 0, cat([]uint64{uint64(begin), uint64(end), part, res, uint64(op)}, args))
	r := sim.Download[uint64](s.d, res, 2)
	return [2]uint64{r[0], r[1]}
}

// scan launches Up, Mid and Down and returns the total's slot.
func (s *simKernel) scan(begin, end int64, grid, block, midBlock int, args []uint64) uint64 {
	s.t.Helper()
	sums := s.d.Alloc(8 * (grid + 1))
	total := s.d.Alloc(8)
	e := s.mod.Scan
	s.run(e.Up, grid, block, 1, 0, cat([]uint64{uint64(begin), uint64(end), sums}, args))
	s.run(e.Mid, 1, midBlock, 1, 0, cat([]uint64{sums, uint64(grid), total}, args))
	s.run(e.Down, grid, block, 1, 0, cat([]uint64{uint64(begin), uint64(end), sums}, args))
	return sim.Download[uint64](s.d, total, 1)[0]
}

// teamShape is a team launch's shape and scratch.
type teamShape struct {
	league, size, vector, grid int
	s0Team, s0Thread           int
	s1Team, s1Thread           int
}

func (s *simKernel) teamPrefix(ts teamShape) []uint64 {
	s1 := s.d.Alloc(ts.grid*(ts.s1Team+ts.size*ts.s1Thread) + 16)
	return []uint64{uint64(ts.league), uint64(ts.size), uint64(ts.vector), uint64(ts.s0Team), uint64(ts.s0Thread), s1, uint64(ts.s1Team), uint64(ts.s1Thread)}
}

func (ts teamShape) shared() int { return ts.s0Team + ts.s0Thread*ts.size }

// teamFor launches a FormTeam kernel.
func (s *simKernel) teamFor(ts teamShape, args []uint64) {
	s.t.Helper()
	s.run(s.mod.Entry, ts.grid, ts.vector, ts.size, ts.shared(), cat(s.teamPrefix(ts), args))
}

// teamReduce launches a FormTeamReduce kernel's Main with op.
func (s *simKernel) teamReduce(op abi.ReduceOp, ts teamShape, args []uint64) [2]uint64 {
	s.t.Helper()
	if !slices.Contains(s.mod.ReduceOps, op) {
		s.t.Fatalf("no reduction %s (the kernel has %v)", op, s.mod.ReduceOps)
	}
	e := s.mod.Reduce
	part := s.d.Alloc(16 * (ts.grid + 1))
	res := s.d.Alloc(16)
	s.run(e.Main, ts.grid, ts.vector, ts.size, ts.shared(), cat(s.teamPrefix(ts), []uint64{part, res, uint64(op)}, args))
	r := sim.Download[uint64](s.d, res, 2)
	return [2]uint64{r[0], r[1]}
}

func TestSimAxpy(t *testing.T) {
	for _, shape := range []struct{ grid, block int }{{1, 32}, {3, 64}, {7, 5}} {
		s := loadSim(t, axpyKernel())
		n := 300
		x, y := make([]float64, n), make([]float64, n)
		for i := range x {
			x[i], y[i] = float64(i), float64(2*i+1)
		}
		xa, ya := sim.Upload(s.d, x), sim.Upload(s.d, y)
		a := 1.5
		s.rangeFor(10, 290, shape.grid, shape.block, cat([]uint64{f64bits(a)}, view1(xa, n), view1(ya, n)))
		got := sim.Download[float64](s.d, ya, n)
		for i := range got {
			want := y[i]
			if i >= 10 && i < 290 {
				want = a*x[i] + y[i]
			}
			if got[i] != want {
				t.Fatalf("grid %d block %d: y[%d] = %v, want %v", shape.grid, shape.block, i, got[i], want)
			}
		}
	}
}

// intOpsExpect computes the row intOpsKernel stores for x, s and sh.
func intOpsExpect(t ir.Type, x, s uint64, sh int64) []uint64 {
	var out []uint64
	for _, op := range []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.And, ir.Or, ir.Xor, ir.AndNot} {
		out = append(out, refBinary(op, t, x, s, t))
	}
	c := func(v int64) uint64 { return nrm(t, uint64(v)) }
	out = append(out,
		refBinary(ir.Div, t, x, c(7), t),
		refBinary(ir.Rem, t, x, c(-3), t),
		refBinary(ir.Div, t, x, c(-1), t),
		refBinary(ir.Shl, t, x, uint64(sh), ir.I64),
		refBinary(ir.Shr, t, x, uint64(sh), ir.I64),
		refBinary(ir.Shl, t, x, nrm(ir.U8, uint64(sh)), ir.U8),
		refBinary(ir.Shr, t, x, nrm(ir.I32, uint64(sh)), ir.I32),
		refBinary(ir.Shl, t, x, 3, ir.U32),
		refBinary(ir.Shr, t, x, 70, ir.U64),
		nrm(t, -x),
		nrm(t, ^x),
	)
	pick := func(p bool, a, b uint64) uint64 {
		if p {
			return a
		}
		return b
	}
	out = append(out,
		pick(refLess(t, x, s), x, s),
		pick(!refLess(t, x, s), x, s),
		pick(x != s, x, s),
		pick(refLess(t, s, x), s, x),
		pick(refLess(t, x, s), s, x),
	)
	for _, u := range allInts {
		out = append(out, refConvert(u, t, refConvert(t, u, x)))
	}
	out = append(out, refConvert(ir.F32, t, refConvert(t, ir.F32, x)))
	out = append(out, refConvert(ir.F64, t, refConvert(t, ir.F64, x)))
	if t.IsUnsigned() {
		for _, fn := range []ir.Builtin{ir.OnesCount, ir.LeadingZeros, ir.TrailingZeros, ir.Len} {
			out = append(out, nrm(t, refBits(fn, t, x, 0)))
		}
		out = append(out, refBits(ir.RotateLeft, t, x, uint64(sh)))
		out = append(out, refBits(ir.Reverse, t, x, 0))
		if t != ir.U8 {
			out = append(out, refBits(ir.ReverseBytes, t, x, 0))
		}
	}
	return out
}

// intSamples returns interesting values of type t, normalized.
func intSamples(t ir.Type) []uint64 {
	w := t.Bits()
	var vs []uint64
	for _, v := range []int64{0, 1, -1, 2, -2, 3, 7, -7, 100, -100, 127, -128, 255, 32767, -32768, 65535, 1 << 31, -1 << 31, 1<<31 - 1, 1<<63 - 1, -1 << 63, 0x5a5a5a5a5a5a5a5a, -0x123456789} {
		vs = append(vs, nrm(t, uint64(v)))
	}
	vs = append(vs, nrm(t, uint64(1)<<(w-1)), nrm(t, uint64(1)<<(w-1)-1))
	return vs
}

func TestSimIntOps(t *testing.T) {
	shifts := []int64{0, 1, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, -1, 1 << 40}
	for _, typ := range allInts {
		t.Run(typ.String(), func(t *testing.T) {
			s := loadSim(t, intOpsKernel(typ))
			xs := intSamples(typ)
			ncol := len(intOpsExpect(typ, 0, 0, 0))
			sz := typ.Size()
			xa := s.d.Alloc(len(xs) * sz)
			buf := make([]byte, len(xs)*sz)
			for i, x := range xs {
				for b := 0; b < sz; b++ {
					buf[i*sz+b] = byte(x >> (8 * b))
				}
			}
			s.d.Write(xa, buf)
			out := s.d.Alloc(len(xs) * ncol * sz)
			for _, sv := range xs {
				for _, sh := range shifts {
					s.rangeFor(0, int64(len(xs)), 2, 8, cat([]uint64{sv, uint64(sh)}, view1(xa, len(xs)), view2(out, len(xs), ncol)))
					raw := s.d.Read(out, len(xs)*ncol*sz)
					for i, x := range xs {
						want := intOpsExpect(typ, x, sv, sh)
						for c := 0; c < ncol; c++ {
							var got uint64
							for b := 0; b < sz; b++ {
								got |= uint64(raw[(i*ncol+c)*sz+b]) << (8 * b)
							}
							if got != ir.Normalize(typ, want[c], false) {
								t.Fatalf("x=%#x s=%#x sh=%d column %d: got %#x, want %#x", x, sv, sh, c, got, ir.Normalize(typ, want[c], false))
							}
						}
					}
				}
			}
		})
	}
}

// floatOpsExpect computes the values and flags floatOpsKernel stores, as float64.
func floatOpsExpect(t ir.Type, x, s float64) (vals []float64, flags []bool) {
	r := func(v float64) float64 {
		if t == ir.F32 {
			return float64(float32(v))
		}
		return v
	}
	if t == ir.F32 {
		x32, s32 := float32(x), float32(s)
		vals = append(vals, float64(x32+s32), float64(x32-s32), float64(x32*s32), float64(x32/s32), float64(-x32))
	} else {
		vals = append(vals, x+s, x-s, x*s, x/s, -x)
	}
	vals = append(vals, r(math.Sqrt(x)), math.Abs(x), math.Floor(x), math.Ceil(x), math.Trunc(x), math.Round(x), math.RoundToEven(x))
	vals = append(vals, math.Copysign(x, s), r(math.FMA(x, s, x)), min(x, s), max(x, s), x, r(float64(float32(x))), x)
	flags = []bool{x == s, x != s, x < s, x <= s, x > s, x >= s, math.IsNaN(x), math.Signbit(x), math.IsInf(x, 1), math.IsInf(x, -1), math.IsInf(x, 0)}
	return vals, flags
}

func sameFloat(a, b float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Float64bits(a) == math.Float64bits(b)
}

func floatSamples() []float64 {
	return []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, 3.7, -3.7,
		1e-310, -1e-310, 1e300, -1e300, 3e38, 1e-40, math.Inf(1), math.Inf(-1), math.NaN(), 4503599627370497, 12345.678, math.Pi}
}

func TestSimFloatOps(t *testing.T) {
	for _, typ := range allFloats {
		t.Run(typ.String(), func(t *testing.T) {
			s := loadSim(t, floatOpsKernel(typ, false))
			xs := floatSamples()
			if typ == ir.F32 {
				for i, x := range xs {
					xs[i] = float64(float32(x))
				}
			}
			nv, nf := floatOpsExpect(typ, 0, 0)
			ncol, nflag := len(nv), len(nf)
			var xa uint64
			if typ == ir.F32 {
				x32 := make([]float32, len(xs))
				for i, x := range xs {
					x32[i] = float32(x)
				}
				xa = sim.Upload(s.d, x32)
			} else {
				xa = sim.Upload(s.d, xs)
			}
			out := s.d.Alloc(len(xs) * ncol * typ.Size())
			flags := s.d.Alloc(len(xs) * nflag)
			for _, sv := range xs {
				sbits := math.Float64bits(sv)
				if typ == ir.F32 {
					sbits = uint64(math.Float32bits(float32(sv)))
				}
				s.rangeFor(0, int64(len(xs)), 1, 32, cat([]uint64{sbits}, view1(xa, len(xs)), view2(out, len(xs), ncol), view2(flags, len(xs), nflag)))
				var got []float64
				if typ == ir.F32 {
					for _, v := range sim.Download[float32](s.d, out, len(xs)*ncol) {
						got = append(got, float64(v))
					}
				} else {
					got = sim.Download[float64](s.d, out, len(xs)*ncol)
				}
				gotF := sim.Download[uint8](s.d, flags, len(xs)*nflag)
				for i, x := range xs {
					wv, wf := floatOpsExpect(typ, x, sv)
					for c := range wv {
						if !sameFloat(got[i*ncol+c], wv[c]) {
							t.Errorf("x=%v s=%v column %d: got %v, want %v", x, sv, c, got[i*ncol+c], wv[c])
						}
					}
					for c := range wf {
						if (gotF[i*nflag+c] == 1) != wf[c] {
							t.Errorf("x=%v s=%v flag %d: got %v, want %v", x, sv, c, gotF[i*nflag+c], wf[c])
						}
					}
				}
			}
		})
	}
}

// Canonical-bits arithmetic for the atomics reference.
func refAdd(t ir.Type, a, b uint64, sub bool) uint64 {
	switch t {
	case ir.F32:
		x, y := math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b))
		if sub {
			return uint64(math.Float32bits(x - y))
		}
		return uint64(math.Float32bits(x + y))
	case ir.F64:
		x, y := math.Float64frombits(a), math.Float64frombits(b)
		if sub {
			return math.Float64bits(x - y)
		}
		return math.Float64bits(x + y)
	}
	if sub {
		return nrm(t, a-b)
	}
	return nrm(t, a+b)
}

func refMinMax(t ir.Type, a, b uint64, isMax bool) uint64 {
	switch t {
	case ir.F32:
		x, y := math.Float32frombits(uint32(a)), math.Float32frombits(uint32(b))
		if isMax {
			return uint64(math.Float32bits(max(x, y)))
		}
		return uint64(math.Float32bits(min(x, y)))
	case ir.F64:
		x, y := math.Float64frombits(a), math.Float64frombits(b)
		if isMax {
			return math.Float64bits(max(x, y))
		}
		return math.Float64bits(min(x, y))
	}
	if refLess(t, a, b) != isMax {
		return a
	}
	return b
}

func canon(t ir.Type, raw uint64) uint64 {
	if t.IsFloat() {
		return raw
	}
	return nrm(t, raw)
}

func TestSimAtomics(t *testing.T) {
	types := append(append([]ir.Type(nil), allInts...), allFloats...)
	for _, typ := range types {
		t.Run(typ.String(), func(t *testing.T) {
			s := loadSim(t, atomicKernel(typ))
			n := 12
			sz := typ.Size()
			var init, svals []uint64
			if typ.IsFloat() {
				for _, f := range []float64{1.5, -2, 0, math.Copysign(0, -1), 7, 1e10, -3.25, 100} {
					b := math.Float64bits(f)
					if typ == ir.F32 {
						b = uint64(math.Float32bits(float32(f)))
					}
					init = append(init, b)
				}
				svals = []uint64{init[0], init[1], init[3], init[5]}
			} else {
				for _, v := range []int64{5, -3, 0, 127, 1000, -1, 42, 9} {
					init = append(init, nrm(typ, uint64(v)))
				}
				svals = intSamples(typ)[:8]
			}
			for _, sv := range svals {
				a := s.d.Alloc(8 * sz)
				buf := make([]byte, 8*sz)
				for i, v := range init {
					for b := 0; b < sz; b++ {
						buf[i*sz+b] = byte(v >> (8 * b))
					}
				}
				s.d.Write(a, buf)
				ops := 6
				if typ.IsInt() {
					ops = 9
				}
				old := s.d.Alloc(n * ops * sz)
				ok := s.d.Alloc(n)
				s.rangeFor(0, int64(n), 1, n, cat(view1(a, 8), view2(old, n, ops), view1(ok, n), []uint64{sv}))
				// Reference, thread by thread.
				mem := append([]uint64(nil), init...)
				wantOld := make([]uint64, n*ops)
				wantOK := make([]bool, n)
				for i := 0; i < n; i++ {
					j := i % 4
					col := 0
					rec := func(v uint64) { wantOld[i*ops+col] = v; col++ }
					var r uint64
					step := func(nv uint64) { r = mem[j]; rec(r); mem[j] = nv }
					step(refAdd(typ, mem[j], sv, false))
					step(refAdd(typ, mem[j], sv, true))
					step(refMinMax(typ, mem[j], sv, false))
					step(refMinMax(typ, mem[j], sv, true))
					step(sv)
					step(mem[j])
					if typ.IsInt() {
						step(mem[j] & sv)
						step(mem[j] | sv)
						step(mem[j] ^ sv)
					}
					if mem[j] == r {
						mem[j] = sv
						wantOK[i] = true
					}
					mem[j+4] = sv
					mem[j] = refAdd(typ, mem[j], sv, false)
				}
				rawOld := s.d.Read(old, n*ops*sz)
				for c := range wantOld {
					var got uint64
					for b := 0; b < sz; b++ {
						got |= uint64(rawOld[c*sz+b]) << (8 * b)
					}
					if canon(typ, got) != wantOld[c] {
						t.Fatalf("s=%#x: old value %d (index %d, op %d): got %#x, want %#x", sv, c, c/ops, c%ops, got, wantOld[c])
					}
				}
				gotOK := sim.Download[uint8](s.d, ok, n)
				for i := range wantOK {
					if (gotOK[i] == 1) != wantOK[i] {
						t.Fatalf("s=%#x: cas %d: got %v, want %v", sv, i, gotOK[i], wantOK[i])
					}
				}
				rawA := s.d.Read(a, 8*sz)
				for i := range mem {
					var got uint64
					for b := 0; b < sz; b++ {
						got |= uint64(rawA[i*sz+b]) << (8 * b)
					}
					if canon(typ, got) != mem[i] {
						t.Fatalf("s=%#x: final a[%d] = %#x, want %#x", sv, i, got, mem[i])
					}
				}
			}
		})
	}
}

var simShapes = []struct{ grid, block, one int }{{1, 32, 32}, {3, 64, 32}, {5, 40, 64}, {4, 1, 1}, {2, 96, 96}, {7, 33, 20}}

// uploadBits stores values given as canonical bits with element type t.
func uploadBits(d *sim.Device, t ir.Type, vals []uint64) uint64 {
	sz := t.Size()
	a := d.Alloc(len(vals) * sz)
	buf := make([]byte, len(vals)*sz)
	for i, v := range vals {
		for b := 0; b < sz; b++ {
			buf[i*sz+b] = byte(v >> (8 * b))
		}
	}
	d.Write(a, buf)
	return a
}

// exactSamples returns n values of type t whose sums and products are exact.
func exactSamples(t ir.Type, n int, seed int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		v := int64((i*7+seed*13)%11) - 5
		switch t {
		case ir.F32:
			out[i] = uint64(math.Float32bits(float32(v)))
		case ir.F64:
			out[i] = math.Float64bits(float64(v))
		default:
			out[i] = nrm(t, uint64(v*int64(i+seed)))
		}
	}
	return out
}

func refJoin(op abi.ReduceOp, t ir.Type, a, b uint64) uint64 {
	switch op {
	case abi.OpSum:
		return refAdd(t, a, b, false)
	case abi.OpProd:
		switch t {
		case ir.F32:
			return uint64(math.Float32bits(math.Float32frombits(uint32(a)) * math.Float32frombits(uint32(b))))
		case ir.F64:
			return math.Float64bits(math.Float64frombits(a) * math.Float64frombits(b))
		}
		return nrm(t, a*b)
	case abi.OpMin:
		return refMinMax(t, a, b, false)
	case abi.OpMax:
		return refMinMax(t, a, b, true)
	case abi.OpBAnd:
		return a & b
	case abi.OpBOr:
		return a | b
	}
	panic("refJoin")
}

func refIdentity(op abi.ReduceOp, t ir.Type) uint64 {
	switch op {
	case abi.OpSum, abi.OpBOr:
		return 0
	case abi.OpProd:
		return refConvert(ir.I64, t, 1)
	case abi.OpBAnd:
		return nrm(t, math.MaxUint64)
	case abi.OpMin:
		if t.IsFloat() {
			return refConvertF(t, math.Inf(1))
		}
		if t.IsSigned() {
			return nrm(t, math.MaxUint64>>(65-uint(t.Bits())))
		}
		return nrm(t, math.MaxUint64)
	case abi.OpMax:
		if t.IsFloat() {
			return refConvertF(t, math.Inf(-1))
		}
		if t.IsSigned() {
			return nrm(t, uint64(1)<<(t.Bits()-1))
		}
		return 0
	}
	panic("refIdentity")
}

func refConvertF(t ir.Type, f float64) uint64 {
	if t == ir.F32 {
		return uint64(math.Float32bits(float32(f)))
	}
	return math.Float64bits(f)
}

func TestSimReduce(t *testing.T) {
	types := append(append([]ir.Type(nil), allInts...), allFloats...)
	for _, typ := range types {
		t.Run(typ.String(), func(t *testing.T) {
			k := reduceKernel(typ)
			s := loadSim(t, k)
			n := 150
			for si, sh := range simShapes {
				xs := exactSamples(typ, n, si)
				if typ.IsFloat() {
					// Keep products exact: mostly ones, a few twos and halves.
					for i := range xs {
						if i%9 != 0 {
							xs[i] = refConvertF(typ, []float64{1, -1, 1, 1}[i%4])
						} else {
							xs[i] = refConvertF(typ, []float64{2, 0.5, -2, 3}[i/9%4])
						}
					}
				}
				xa := uploadBits(s.d, typ, xs)
				for _, op := range k.ReduceOps {
					for _, rng := range [][2]int64{{0, int64(n)}, {17, 99}, {5, 5}} {
						got := s.reduce(op, rng[0], rng[1], sh.grid, sh.block, cat(view1(xa, n), []uint64{uint64(op)}))
						want := refIdentity(op, typ)
						for i := rng[0]; i < rng[1]; i++ {
							want = refJoin(op, typ, want, xs[i])
						}
						if g := canon(typ, ir.Normalize(typ, got[0], false)); g != want {
							t.Errorf("%s over %v shape %+v: got %#x, want %#x", op, rng, sh, g, want)
						}
					}
				}
			}
		})
	}
}

func TestSimMinLoc(t *testing.T) {
	for _, typ := range []ir.Type{ir.I32, ir.U8, ir.F64, ir.F32, ir.I64} {
		t.Run(typ.String(), func(t *testing.T) {
			s := loadSim(t, minLocKernel(typ))
			n := 200
			xs := make([]uint64, n)
			for i := range xs {
				v := int64((i*37)%23) - 11
				if typ.IsUnsigned() {
					v += 11
				}
				if typ.IsFloat() {
					xs[i] = refConvertF(typ, float64(v))
				} else {
					xs[i] = nrm(typ, uint64(v))
				}
			}
			xa := uploadBits(s.d, typ, xs)
			for si, sh := range simShapes {
				for _, isMax := range []bool{false, true} {
					op := abi.OpMinLoc
					if isMax {
						op = abi.OpMaxLoc
					}
					begin, end := int64(si*3), int64(n-si)
					got := s.reduce(op, begin, end, sh.grid, sh.block, cat(view1(xa, n), []uint64{b2u(isMax)}))
					best, loc := xs[begin], begin
					for i := begin + 1; i < end; i++ {
						better := refLessT(typ, xs[i], best)
						if isMax {
							better = refLessT(typ, best, xs[i])
						}
						if better {
							best, loc = xs[i], i
						}
					}
					if g := canon(typ, ir.Normalize(typ, got[0], false)); g != best || int64(got[1]) != loc {
						t.Errorf("%s shape %+v: got (%#x, %d), want (%#x, %d)", op, sh, g, int64(got[1]), best, loc)
					}
				}
			}
		})
	}
}

func refLessT(t ir.Type, a, b uint64) bool {
	switch t {
	case ir.F32:
		return math.Float32frombits(uint32(a)) < math.Float32frombits(uint32(b))
	case ir.F64:
		return math.Float64frombits(a) < math.Float64frombits(b)
	}
	return refLess(t, a, b)
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func TestSimLogicalAndCustom(t *testing.T) {
	s := loadSim(t, logicalKernel())
	n := 100
	for _, zeroAt := range []int{-1, 0, 57, 99} {
		xs := make([]int32, n)
		for i := range xs {
			if i != zeroAt {
				xs[i] = int32(i + 1)
			}
		}
		xa := sim.Upload(s.d, xs)
		for _, sh := range simShapes {
			gotAnd := s.reduce(abi.OpLAnd, 0, int64(n), sh.grid, sh.block, cat(view1(xa, n), []uint64{1}))
			if want := zeroAt < 0; (gotAnd[0]&0xff == 1) != want {
				t.Errorf("land with zero at %d, shape %+v: got %d", zeroAt, sh, gotAnd[0])
			}
		}
		zs := make([]int32, n)
		if zeroAt >= 0 {
			zs[zeroAt] = 3
		}
		za := sim.Upload(s.d, zs)
		for _, sh := range simShapes {
			gotOr := s.reduce(abi.OpLOr, 0, int64(n), sh.grid, sh.block, cat(view1(za, n), []uint64{0}))
			if want := zeroAt >= 0; (gotOr[0]&0xff == 1) != want {
				t.Errorf("lor with one at %d, shape %+v: got %d", zeroAt, sh, gotOr[0])
			}
		}
	}
	xs := make([]int64, n)
	var sq int64
	for i := range xs {
		xs[i] = int64(i%13 - 6)
		sq += xs[i] * xs[i]
	}
	for _, tc := range []struct {
		name string
		ops  []abi.ReduceOp
	}{
		{"custom", []abi.ReduceOp{abi.OpCustom}},
		// As the front end lists them for an int64 accumulator with Init and Join: the
		// entries dispatch on the op.
		{"custom and builtin", []abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax, abi.OpBAnd, abi.OpBOr, abi.OpCustom}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k := customKernel()
			k.ReduceOps = tc.ops
			c := loadSim(t, k)
			xa := sim.Upload(c.d, xs)
			for _, off := range []int64{0, 5, -7} {
				for _, sh := range simShapes {
					args := cat(view1(xa, n), []uint64{uint64(off)})
					got := c.reduce(abi.OpCustom, 0, int64(n), sh.grid, sh.block, args)
					if int64(got[0]) != off+sq {
						t.Errorf("custom off %d shape %+v: got %d, want %d", off, sh, int64(got[0]), off+sq)
					}
					if !slices.Contains(tc.ops, abi.OpSum) {
						continue
					}
					if got := c.reduce(abi.OpSum, 0, int64(n), sh.grid, sh.block, args); int64(got[0]) != sq {
						t.Errorf("sum off %d shape %+v: got %d, want %d", off, sh, int64(got[0]), sq)
					}
				}
			}
		})
	}
}

func TestSimScan(t *testing.T) {
	types := append(append([]ir.Type(nil), allInts...), allFloats...)
	for _, typ := range types {
		t.Run(typ.String(), func(t *testing.T) {
			s := loadSim(t, scanKernel(typ))
			n := 300
			for si, sh := range simShapes {
				xs := exactSamples(typ, n, si)
				xa := uploadBits(s.d, typ, xs)
				for _, rng := range [][2]int64{{0, int64(n)}, {13, 201}, {7, 7}} {
					out := uploadBits(s.d, typ, make([]uint64, n))
					total := s.scan(rng[0], rng[1], sh.grid, sh.block, sh.one, cat(view1(xa, n), view1(out, n)))
					raw := s.d.Read(out, n*typ.Size())
					var run uint64
					for i := rng[0]; i < rng[1]; i++ {
						var got uint64
						for b := 0; b < typ.Size(); b++ {
							got |= uint64(raw[int(i)*typ.Size()+b]) << (8 * b)
						}
						if canon(typ, got) != run {
							t.Fatalf("range %v shape %+v: out[%d] = %#x, want %#x", rng, sh, i, got, run)
						}
						run = refAdd(typ, run, xs[i], false)
					}
					if g := canon(typ, ir.Normalize(typ, total, false)); g != run {
						t.Errorf("range %v shape %+v: total %#x, want %#x", rng, sh, g, run)
					}
				}
			}
		})
	}
}

var teamShapes = []teamShape{
	{league: 5, size: 4, vector: 1, grid: 2},
	{league: 3, size: 3, vector: 4, grid: 3},
	{league: 4, size: 8, vector: 8, grid: 2},
	{league: 2, size: 32, vector: 2, grid: 1},
	{league: 3, size: 1, vector: 32, grid: 2},
	{league: 6, size: 40, vector: 1, grid: 4},
	{league: 2, size: 16, vector: 16, grid: 2},
}

// teamExpect returns the row teamKernel writes for league rank lr.
func teamExpect(in []int64, lr int64, ts teamShape) []int64 {
	row := make([]int64, 40)
	TS, VL := int64(ts.size), int64(ts.vector)
	n := TS * VL
	tile := make([]int64, n)
	var sum, mx int64 = 0, math.MinInt64
	for j := range tile {
		tile[j] = in[j%len(in)] + lr
		sum += tile[j]
		mx = max(mx, tile[j])
	}
	row[0], row[1], row[2], row[3] = sum, mx, 45*TS, sum
	var p int64
	for j := int64(0); j < n; j++ {
		if j < 8 {
			row[16+j] = p
		}
		p += tile[j]
	}
	p = 0
	for j := int64(0); j < 7; j++ {
		row[8+j] = p
		p += j + 1
	}
	row[4] = 28
	row[5] = 100 - (TS - 1 + lr)
	row[6], row[7] = (TS-1)*TS/2, TS*(TS+1)/2
	row[15] = (TS-1)*10 + lr
	for r := int64(0); r < min(TS, 8); r++ {
		row[24+r] = 3 * r
	}
	row[32] = 10
	row[33] = TS * VL
	row[34] = TS * (2*VL - 1)
	row[35] = int64(ts.league)
	return row
}

func TestSimTeam(t *testing.T) {
	in := []int64{3, -1, 4, 1, -5, 9, 2, -6, 5, 3, 5}
	for _, form := range []abi.Form{abi.FormTeam, abi.FormTeamReduce} {
		k := teamKernel(form)
		for _, ts := range teamShapes {
			t.Run(fmt.Sprintf("%s/%dx%dx%d", form, ts.league, ts.size, ts.vector), func(t *testing.T) {
				s := loadSim(t, k)
				ts.s0Team = ts.size * ts.vector * 8
				ts.s0Thread = 32
				ts.s1Team = 64
				ia := sim.Upload(s.d, in)
				// Each launch writes (and adds atomically to) a fresh output.
				var out uint64
				args := func() []uint64 {
					out = s.d.Alloc(ts.league * 40 * 8)
					return cat(view1(ia, len(in)), view2(out, ts.league, 40))
				}
				check := func(what string) {
					t.Helper()
					rows := sim.Download[int64](s.d, out, ts.league*40)
					for lr := 0; lr < ts.league; lr++ {
						want := teamExpect(in, int64(lr), ts)
						for c := range want {
							if rows[lr*40+c] != want[c] {
								t.Errorf("%s: league rank %d column %d: got %d, want %d", what, lr, c, rows[lr*40+c], want[c])
							}
						}
					}
				}
				if form == abi.FormTeam {
					s.teamFor(ts, args())
					check("team")
					return
				}
				// One pair of entries serves every op.
				for _, op := range k.ReduceOps {
					got := s.teamReduce(op, ts, args())
					check(op.String())
					if want := teamReduceExpect(op, ts); got[0] != want {
						t.Errorf("team reduce %s: got %d, want %d", op, int64(got[0]), int64(want))
					}
				}
			})
		}
	}
}

// teamReduceExpect returns teamKernel's FormTeamReduce result for op: vector lane 0 of member
// r of block b starts at op's identity and adds lr+r for every league rank lr that b runs (wrapping
// around); the members' and blocks' values are joined with op.
func teamReduceExpect(op abi.ReduceOp, ts teamShape) uint64 {
	res := refIdentity(op, ir.I64)
	for b := 0; b < ts.grid; b++ {
		for r := 0; r < ts.size; r++ {
			acc := refIdentity(op, ir.I64)
			for lr := b; lr < ts.league; lr += ts.grid {
				acc += uint64(lr + r)
			}
			res = refJoin(op, ir.I64, res, acc)
		}
	}
	return res
}

func TestSimSharedAtomics(t *testing.T) {
	s := loadSim(t, sharedAtomicKernel())
	for _, ts := range teamShapes {
		ts.s0Team = 64
		out := s.d.Alloc(ts.league * 3 * 4)
		cnt := s.d.Alloc(ts.league * 2 * 8)
		s.teamFor(ts, cat(view2(out, ts.league, 3), view2(cnt, ts.league, 2)))
		o := sim.Download[int32](s.d, out, ts.league*3)
		c := sim.Download[int64](s.d, cnt, ts.league*2)
		n := int32(ts.size * ts.vector)
		for lr := 0; lr < ts.league; lr++ {
			if o[3*lr] != n || o[3*lr+1] != 2*n || o[3*lr+2] != n || c[2*lr+lr%2] != int64(n) {
				t.Errorf("shape %+v team %d: out %v count %v, want %d, %d, %d and %d", ts, lr, o[3*lr:3*lr+3], c[2*lr:2*lr+2], n, 2*n, n, n)
			}
		}
	}
}

// TestSimWideRange checks 64-bit index arithmetic: a range for, a reduction and a scan over
// indices beyond 2^32.
func TestSimWideRange(t *testing.T) {
	for _, begin := range []int64{1 << 32, 1<<40 + 5, 1<<62 - 5000, -1 << 40} {
		n := int64(1000)
		// Sum of indices.
		rb := newKB("main.isum", abi.FormReduce)
		acc := rb.acc(ir.I64, false)[0]
		rb.k.ReduceOps = []abi.ReduceOp{abi.OpSum}
		rb.k.Body = ir.Block{assign(acc, bin(ir.Add, acc, rb.k.Index))}
		s := loadSim(t, rb.k)
		var want int64
		for i := begin; i < begin+n; i++ {
			want += i
		}
		for _, sh := range simShapes {
			if got := int64(s.reduce(abi.OpSum, begin, begin+n, sh.grid, sh.block, nil)[0]); got != want {
				t.Errorf("sum over [%d, +%d) shape %+v: got %d, want %d", begin, n, sh, got, want)
			}
		}
		// Out[i - begin] = i.
		fb := newKB("main.iota", abi.FormRange)
		off := fb.scalar("Off", ir.I64)
		out := fb.view("Out", 1, ir.I64, true)
		fb.k.Body = ir.Block{store(out, fb.k.Index, bin(ir.Sub, fb.k.Index, off))}
		f := loadSim(t, fb.k)
		oa := f.d.Alloc(int(n) * 8)
		f.rangeFor(begin, begin+n, 3, 32, cat([]uint64{uint64(begin)}, view1(oa, int(n))))
		for i, v := range sim.Download[int64](f.d, oa, int(n)) {
			if v != begin+int64(i) {
				t.Fatalf("iota from %d: out[%d] = %d", begin, i, v)
			}
		}
		// Exclusive scan of the indices.
		sb := newKB("main.iscan", abi.FormScan)
		sacc := sb.acc(ir.I64, false)[0]
		sout := sb.view("Out", 1, ir.I64, true)
		soff := sb.scalar("Off", ir.I64)
		sb.k.Body = ir.Block{
			&ir.If{Cond: sb.k.Final, Then: ir.Block{store(sout, sacc, bin(ir.Sub, sb.k.Index, soff))}},
			assign(sacc, bin(ir.Add, sacc, sb.k.Index)),
		}
		sc := loadSim(t, sb.k)
		so := sc.d.Alloc(int(n) * 8)
		total := sc.scan(begin, begin+n, 4, 64, 32, cat(view1(so, int(n)), []uint64{uint64(begin)}))
		var run int64
		for i, v := range sim.Download[int64](sc.d, so, int(n)) {
			if v != run {
				t.Fatalf("scan from %d: out[%d] = %d, want %d", begin, i, v, run)
			}
			run += begin + int64(i)
		}
		if int64(total) != run {
			t.Errorf("scan from %d: total %d, want %d", begin, int64(total), run)
		}
	}
}

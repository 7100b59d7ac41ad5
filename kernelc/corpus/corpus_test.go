package corpus

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/interp"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

const n = 203

func cases() []tcase {
	return []tcase{
		{name: "corpus.Axpy", make: func(r *rand.Rand) any {
			return Axpy{A: 1.5, X: f64s(r, n, -1, 1), Y: f64s(r, n, -1, 1)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.IntArith", make: func(r *rand.Rand) any {
			a := ints[int32](r, n, math.MinInt32, math.MaxInt32)
			b := ints[int32](r, n, -1000, 1000)
			a.Set(0, math.MinInt32)
			b.Set(0, -1)
			b.Set(1, 0)
			return IntArith{A: a, B: b, Out: views.New2D[int32]("out", 8, n, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Wrap", make: func(r *rand.Rand) any {
			return Wrap{X: bitsView(r, n), U8: views.New1D[uint8]("", n), I8: views.New1D[int8]("", n),
				U16: views.New1D[uint16]("", n), I16: views.New1D[int16]("", n), U32: views.New1D[uint32]("", n), I64: views.New1D[int64]("", n)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Shifts", make: func(r *rand.Rand) any {
			return Shifts{X: ints[int64](r, n, math.MinInt64, math.MaxInt64), Count: ints[uint8](r, n, 0, 255),
				Out: views.New2D[int64]("out", n, 9, views.LayoutLeft)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Compare", make: func(r *rand.Rand) any {
			f, g := f64s(r, n, -3, 3), f64s(r, n, -3, 3)
			f.Set(0, math.NaN())
			g.Set(1, math.NaN())
			for i := 2; i < n; i += 5 {
				g.Set(i, math.Round(f.At(i)))
				f.Set(i, math.Round(f.At(i)))
			}
			return Compare{A: ints[int64](r, n, -3, 3), B: ints[int64](r, n, -3, 3), F: f, G: g,
				Out: views.New2D[uint8]("out", n, 4, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Convert", make: func(r *rand.Rand) any {
			return Convert{X: ints[int64](r, n, math.MinInt64, math.MaxInt64), F: f64s(r, n, -100000, 100000),
				I: views.New2D[int64]("i", n, 10, views.LayoutRight), Out: views.New2D[float64]("out", n, 7, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Float32Ops", make: func(r *rand.Rand) any {
			return Float32Ops{A: f32s(r, n, -10, 10), B: f32s(r, n, -10, 10), S: 0.75,
				Out: views.New2D[float32]("out", n, 7, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Loops", make: func(r *rand.Rand) any {
			return Loops{N: ints[int32](r, n, 0, 40), Out: views.New2D[int64]("out", n, 6, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Switches", make: func(r *rand.Rand) any {
			return Switches{X: ints[int32](r, n, -100, 100), Out: views.New2D[int32]("out", n, 3, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.EarlyReturn", make: func(r *rand.Rand) any {
			return EarlyReturn{X: f64s(r, n, -1, 2), Out: views.New1D[float64]("out", n)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.ShortCircuit", make: func(r *rand.Rand) any {
			return ShortCircuit{X: ints[int32](r, n, -20, 20), Calls: views.New1D[int32]("calls", 3), Out: views.New1D[uint8]("out", n), Thresh: 5}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.OpAssign", make: func(r *rand.Rand) any {
			return OpAssign{X: ints[uint32](r, n, 0, math.MaxUint32), Out: views.New2D[uint32]("out", n, 3, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Graph", make: func(r *rand.Rand) any {
			off := views.New1D[int64]("off", n+1)
			for v := 1; v <= n; v++ {
				off.Set(v, off.At(v-1)+r.Int64N(6))
			}
			m := int(off.At(n))
			sorted := views.New1D[int32]("sorted", 150)
			for j := 1; j < sorted.Len(); j++ {
				sorted.Set(j, sorted.At(j-1)+int32(r.IntN(8)))
			}
			k := Graph{G: CSR{Offsets: off, Adj: ints[int32](r, m, 0, n-1), N: n}, Sorted: sorted,
				Out: views.New2D[int64]("out", n, 7, views.LayoutRight)}
			k.Params.Lo, k.Params.Hi = 10, 400
			return k
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Map[corpus.Square]", make: func(r *rand.Rand) any {
			return Map[Square]{X: f64s(r, n, -2, 2), Out: views.New1D[float64]("out", n)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Map[corpus.Affine]", make: func(r *rand.Rand) any {
			return Map[Affine]{Op: Affine{A: 3, B: -0.5}, X: f64s(r, n, -2, 2), Out: views.New1D[float64]("out", n)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.GenericSum[int32]", make: func(r *rand.Rand) any {
			return GenericSum[int32]{X: ints[int32](r, n, math.MinInt32, math.MaxInt32)}
		}, native: reduceRange(n, portable.Sum[int32]), cfg: reduceCfg(n, abi.OpSum)},
		{name: "corpus.GenericSum[float32]", make: func(r *rand.Rand) any {
			return GenericSum[float32]{X: f32s(r, n, -1, 1)}
		}, native: reduceRange(n, portable.Sum[float32]), cfg: reduceCfg(n, abi.OpSum), tol: 1e-5},
		{name: "corpus.Atomics", make: func(r *rand.Rand) any {
			sh := views.New1D[int32]("shared", 6)
			sh.Set(0, math.MaxInt32)
			sh.Set(1, math.MinInt32)
			sh.Set(4, 12345)
			bits := views.New1D[uint32]("bits", 5)
			bits.Set(0, math.MaxUint32)
			f := views.New1D[float64]("f", 3)
			f.Set(1, math.Inf(1))
			f.Set(2, math.Inf(-1))
			return Atomics{X: ints[int64](r, n, math.MinInt64, math.MaxInt64), Hist: views.New1D[int64]("hist", 17),
				Small: views.New1D[uint8]("small", 7), Half: views.New1D[int16]("half", 5), Shared: sh, Bits: bits, F: f,
				F32: views.New1D[float32]("f32", 3), Old: views.New1D[int64]("old", n), Cell: ints[int64](r, n, -5, 5),
				Grid: views.New2D[int32]("grid", 4, 3, views.LayoutLeft)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Views2D", make: func(r *rand.Rand) any {
			a := views.New2D[float64]("a", n, 5, views.LayoutRight)
			for i := range n {
				for j := range 5 {
					a.Set(i, j, r.Float64())
				}
			}
			return Views2D{A: a, T: views.New2D[float64]("t", 5, n, views.LayoutLeft), V: f64s(r, n+2, 0, 1),
				Out: views.New2D[float64]("out", n, 7, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.SumF64", make: func(r *rand.Rand) any { return SumF64{X: f64s(r, n, -1, 1)} },
			native: reduceRange(n, portable.Sum[float64]), cfg: reduceCfg(n, abi.OpSum), tol: 1e-12},
		{name: "corpus.ProdI64", make: func(r *rand.Rand) any { return ProdI64{X: ints[int64](r, n, -100, 100)} },
			native: reduceRange(n, portable.Prod[int64]), cfg: reduceCfg(n, abi.OpProd)},
		{name: "corpus.MinI32", make: func(r *rand.Rand) any { return MinI32{X: ints[int32](r, n, math.MinInt32, math.MaxInt32)} },
			native: reduceRange(n, portable.Min[int32]), cfg: reduceCfg(n, abi.OpMin)},
		{name: "corpus.MaxF32", make: func(r *rand.Rand) any { return MaxF32{X: f32s(r, n, -1e6, 1e6)} },
			native: reduceRange(n, portable.Max[float32]), cfg: reduceCfg(n, abi.OpMax)},
		{name: "corpus.BitsU64/and", make: func(r *rand.Rand) any { return BitsU64{X: bitsView(r, n), And: true} },
			native: reduceRange(n, portable.BAnd[uint64]), cfg: reduceCfg(n, abi.OpBAnd)},
		{name: "corpus.BitsU64/or", make: func(r *rand.Rand) any { return BitsU64{X: bitsView(r, n)} },
			native: reduceRange(n, portable.BOr[uint64]), cfg: reduceCfg(n, abi.OpBOr)},
		{name: "corpus.AllPositive/and", make: func(r *rand.Rand) any { return AllPositive{X: f64s(r, n, -1, 1)} },
			native: reduceRange(n, portable.LAnd), cfg: reduceCfg(n, abi.OpLAnd)},
		{name: "corpus.AllPositive/or", make: func(r *rand.Rand) any { return AllPositive{X: f64s(r, n, -1, 1), Any: true} },
			native: reduceRange(n, portable.LOr), cfg: reduceCfg(n, abi.OpLOr)},
		{name: "corpus.ArgMin/min", make: func(r *rand.Rand) any { return ArgMin{X: f64s(r, n, -1, 1)} },
			native: reduceRange(n, portable.MinLoc[float64]), cfg: reduceCfg(n, abi.OpMinLoc)},
		{name: "corpus.ArgMin/max", make: func(r *rand.Rand) any {
			x := f64s(r, n, -1, 1)
			x.Set(50, 2)
			x.Set(7, 2)
			return ArgMin{X: x, Max: true}
		}, native: reduceRange(n, portable.MaxLoc[float64]), cfg: reduceCfg(n, abi.OpMaxLoc)},
		{name: "corpus.MaxAbs", make: func(r *rand.Rand) any { return MaxAbs{X: ints[int64](r, n, -1000, 1000), Floor: 3} },
			native: func(k any) any {
				kk := k.(MaxAbs)
				return reduceRange(n, func(out *int64) portable.Reducer[int64] { return portable.KernelJoin[int64](kk, out) })(k)
			}, cfg: reduceCfg(n, abi.OpCustom)},
		{name: "corpus.PrefixI64", make: func(r *rand.Rand) any {
			return PrefixI64{X: ints[int64](r, n, -50, 50), Out: views.New1D[int64]("out", n)}
		}, native: scanRange[int64](n), cfg: range1(n)},
		{name: "corpus.PrefixF64", make: func(r *rand.Rand) any {
			return PrefixF64{X: f64s(r, n, 0, 1), Out: views.New1D[float64]("out", n)}
		}, native: scanRange[float64](n), cfg: range1(n), tol: 1e-12},
		{name: "corpus.MathF64", make: func(r *rand.Rand) any {
			x, y := f64s(r, n, -4, 4), f64s(r, n, -4, 4)
			x.Set(3, 0)
			y.Set(4, math.Copysign(0, -1))
			return MathF64{X: x, Y: y, Out: views.New2D[float64]("out", n, 14, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.MathF32", make: func(r *rand.Rand) any {
			return MathF32{X: f32s(r, n, -4, 4), Out: views.New2D[float32]("out", n, 5, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
		{name: "corpus.Bits", make: func(r *rand.Rand) any {
			return Bits{X: bitsView(r, n), Out: views.New2D[int64]("out", n, 12, views.LayoutRight)}
		}, native: forRange(n), cfg: range1(n)},
	}
}

// Team kernels run natively with teams of one member and in the interpreter with teams of
// several members and vector lanes.
func teamCases() []tcase {
	const league = 9
	shapes := []struct{ size, vlen int }{{1, 1}, {4, 1}, {3, 2}, {4, 4}}
	var out []tcase
	for _, sh := range shapes {
		cfg := func(sz [2]execspace.ScratchSize) interp.Config {
			return interp.Config{League: league, TeamSize: sh.size, VectorLength: sh.vlen, Scratch: sz}
		}
		tile := 13
		tileScratch := [2]execspace.ScratchSize{{Team: tile * 4}, {Thread: 32}}
		out = append(out,
			tcase{name: "corpus.MatVec", make: func(r *rand.Rand) any {
				a := views.New2D[float64]("a", 40, 7, views.LayoutRight)
				for i := range 40 {
					for j := range 7 {
						a.Set(i, j, r.Float64())
					}
				}
				return MatVec{A: a, X: f64s(r, 7, -1, 1), Y: views.New1D[float64]("y", 40), RowsPerTeam: 5}
			}, native: forTeams(league, [2]execspace.ScratchSize{}), cfg: cfg([2]execspace.ScratchSize{}), tol: 1e-12},
			tcase{name: "corpus.Tiles", make: func(r *rand.Rand) any {
				return Tiles{X: ints[int32](r, league*tile, -1000, 1000), Out: views.New1D[int32]("out", league*tile),
					Check: views.New1D[int32]("check", league), Tile: tile}
			}, native: forTeams(league, tileScratch), cfg: cfg(tileScratch)},
			tcase{name: "corpus.Collectives", make: func(r *rand.Rand) any {
				return Collectives{X: ints[int64](r, league*11, -100, 100), Red: views.New2D[int64]("red", league, 6, views.LayoutRight),
					Keep: views.New1D[int64]("keep", league*11), Count: views.New1D[int64]("count", league), Chunk: 11}
			}, native: forTeams(league, [2]execspace.ScratchSize{}), cfg: cfg([2]execspace.ScratchSize{})},
			tcase{name: "corpus.Scans", make: func(r *rand.Rand) any {
				return Scans{X: ints[int32](r, league*10, -100, 100), Prefix: views.New1D[int32]("prefix", league*10),
					Rows: views.New2D[int32]("rows", league, 3, views.LayoutRight), Out: views.New2D[int64]("out", league, 6, views.LayoutRight), Chunk: 10}
			}, native: forTeams(league, [2]execspace.ScratchSize{}), cfg: cfg([2]execspace.ScratchSize{})},
			tcase{name: "corpus.TeamSum", make: func(r *rand.Rand) any { return TeamSum{X: f64s(r, league*12, -1, 1), Chunk: 12} },
				native: reduceTeams(league, [2]execspace.ScratchSize{}, portable.Sum[float64]),
				cfg:    func() interp.Config { c := cfg([2]execspace.ScratchSize{}); c.Op = abi.OpSum; return c }(), tol: 1e-12},
		)
	}
	return out
}

func reduceCfg(n int, op abi.ReduceOp) interp.Config {
	return interp.Config{End: int64(n), Blocks: 3, Threads: 6, Op: op}
}

func TestTeams(t *testing.T) {
	ks := translated(t)
	for _, c := range teamCases() {
		t.Run(c.name+"/"+shape(c.cfg), func(t *testing.T) { runCase(t, ks, c) })
	}
}

func shape(c interp.Config) string {
	return fmt.Sprintf("%dx%d", c.TeamSize, c.VectorLength)
}

func TestCorpus(t *testing.T) {
	ks := translated(t)
	for _, c := range cases() {
		t.Run(c.name, func(t *testing.T) {
			c.name, _, _ = strings.Cut(c.name, "/")
			runCase(t, ks, c)
		})
	}
}

package interp

import (
	"math"
	"testing"

	"github.com/gokkos/gokkos/kernelc/ir"
)

func TestBinary(t *testing.T) {
	i64 := func(v int64) uint64 { return uint64(v) }
	tests := []struct {
		name string
		op   ir.BinOp
		t    ir.Type
		yt   ir.Type
		x, y uint64
		want uint64
	}{
		{"int8 add wraps", ir.Add, ir.I8, ir.I8, i64(127), 1, i64(-128)},
		{"uint8 sub wraps", ir.Sub, ir.U8, ir.U8, 0, 1, 255},
		{"int32 mul wraps", ir.Mul, ir.I32, ir.I32, i64(1 << 30), 4, 0},
		{"div truncates", ir.Div, ir.I64, ir.I64, i64(-7), 2, i64(-3)},
		{"rem sign of dividend", ir.Rem, ir.I64, ir.I64, i64(-7), 2, i64(-1)},
		{"minint / -1", ir.Div, ir.I32, ir.I32, i64(math.MinInt32), i64(-1), i64(math.MinInt32)},
		{"minint % -1", ir.Rem, ir.I64, ir.I64, i64(math.MinInt64), i64(-1), 0},
		{"div by zero", ir.Div, ir.I64, ir.I64, 5, 0, 0},
		{"rem by zero", ir.Rem, ir.U32, ir.U32, 5, 0, 5},
		{"shl past width", ir.Shl, ir.U16, ir.U8, 1, 16, 0},
		{"shl 64", ir.Shl, ir.I64, ir.U64, 1, 64, 0},
		{"signed shr fills", ir.Shr, ir.I8, ir.U8, i64(-128), 200, i64(-1)},
		{"unsigned shr past width", ir.Shr, ir.U32, ir.I64, 0xffffffff, 32, 0},
		{"negative count is huge", ir.Shl, ir.I32, ir.I64, 1, i64(-1), 0},
		{"negative count sign fill", ir.Shr, ir.I64, ir.I32, i64(-5), i64(-1), i64(-1)},
		{"unsigned compare", ir.Lt, ir.U64, ir.U64, 1, math.MaxUint64, 1},
		{"signed compare", ir.Lt, ir.I64, ir.I64, 1, i64(-1), 0},
		{"and not", ir.AndNot, ir.U8, ir.U8, 0xff, 0x0f, 0xf0},
		{"nan compare", ir.Eq, ir.F64, ir.F64, math.Float64bits(math.NaN()), math.Float64bits(math.NaN()), 0},
		{"nan ne", ir.Ne, ir.F32, ir.F32, uint64(math.Float32bits(float32(math.NaN()))), 0, 1},
		{"float32 add rounds", ir.Add, ir.F32, ir.F32, uint64(math.Float32bits(1)), uint64(math.Float32bits(1e-8)), uint64(math.Float32bits(1))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Binary(tc.op, tc.t, tc.yt, canon(tc.t, tc.x), canon(tc.yt, tc.y)); got != canon(tc.t, tc.want) && !(tc.op.IsCompare() && got == tc.want) {
				t.Errorf("%#x %s %#x = %#x, want %#x", tc.x, tc.op, tc.y, got, tc.want)
			}
		})
	}
}

func TestConvert(t *testing.T) {
	f := func(v float64) uint64 { return math.Float64bits(v) }
	tests := []struct {
		name     string
		from, to ir.Type
		x, want  uint64
	}{
		{"truncate", ir.I64, ir.I8, 0x1ff, 0xffffffffffffffff},
		{"zero extend", ir.U8, ir.I64, 0xff, 0xff},
		{"sign extend", ir.I8, ir.U16, uint64(0xffffffffffffff80), 0xff80},
		{"float to int truncates", ir.F64, ir.I32, f(-3.9), uint64(0xfffffffffffffffd)},
		{"float to int saturates high", ir.F64, ir.I32, f(1e20), math.MaxInt32},
		{"float to int saturates low", ir.F64, ir.I8, f(-1e20), uint64(0xffffffffffffff80)},
		{"float to uint saturates", ir.F64, ir.U16, f(-5), 0},
		{"nan to int", ir.F64, ir.I64, f(math.NaN()), 0},
		{"uint64 to float", ir.U64, ir.F64, math.MaxUint64, f(18446744073709551615)},
		{"f64 to f32 rounds", ir.F64, ir.F32, f(0.1), uint64(math.Float32bits(0.1))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Convert(tc.from, tc.to, canon(tc.from, tc.x)); got != tc.want {
				t.Errorf("Convert(%s→%s, %#x) = %#x, want %#x", tc.from, tc.to, tc.x, got, tc.want)
			}
		})
	}
}

func TestCall(t *testing.T) {
	f := func(v float64) uint64 { return math.Float64bits(v) }
	tests := []struct {
		name string
		fn   ir.Builtin
		t    ir.Type
		ts   []ir.Type
		args []uint64
		want uint64
	}{
		{"clz8", ir.LeadingZeros, ir.I64, []ir.Type{ir.U8}, []uint64{1}, 7},
		{"ctz of zero", ir.TrailingZeros, ir.I64, []ir.Type{ir.U16}, []uint64{0}, 16},
		{"rotl negative", ir.RotateLeft, ir.U8, []ir.Type{ir.U8, ir.I64}, []uint64{1, canon(ir.I64, ^uint64(0))}, 0x80},
		{"reverse16", ir.Reverse, ir.U16, []ir.Type{ir.U16}, []uint64{1}, 0x8000},
		{"bswap32", ir.ReverseBytes, ir.U32, []ir.Type{ir.U32}, []uint64{0x11223344}, 0x44332211},
		{"min nan", ir.Min, ir.F64, []ir.Type{ir.F64, ir.F64}, []uint64{f(1), f(math.NaN())}, f(math.NaN())},
		{"min signed", ir.Min, ir.I32, []ir.Type{ir.I32, ir.I32}, []uint64{canon(ir.I32, uint64(0xffffffff)), 3}, canon(ir.I32, 0xffffffff)},
		{"max zeros", ir.Max, ir.F64, []ir.Type{ir.F64, ir.F64}, []uint64{f(math.Copysign(0, -1)), f(0)}, f(0)},
		{"isinf sign", ir.IsInf, ir.Bool, []ir.Type{ir.F64, ir.I64}, []uint64{f(math.Inf(-1)), 1}, 0},
		{"sqrt32", ir.Sqrt, ir.F32, []ir.Type{ir.F32}, []uint64{uint64(math.Float32bits(2))}, uint64(math.Float32bits(float32(math.Sqrt(2))))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Call(tc.fn, tc.t, tc.ts, tc.args)
			if got != tc.want && !(tc.t.IsFloat() && math.IsNaN(math.Float64frombits(got)) && math.IsNaN(math.Float64frombits(tc.want))) {
				t.Errorf("%s = %#x, want %#x", tc.fn, got, tc.want)
			}
		})
	}
}

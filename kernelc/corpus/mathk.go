package corpus

import (
	"math"
	"math/bits"

	"github.com/gokkos/gokkos/views"
)

// MathF64 applies the math functions kernels may call.
//
//gokkos:kernel
type MathF64 struct {
	X, Y views.View1D[float64]
	Out  views.View2D[float64]
}

// Run evaluates row i.
func (k MathF64) Run(i int) {
	x, y := k.X.At(i), k.Y.At(i)
	ax := math.Abs(x)
	o := k.Out
	o.Set(i, 0, math.Sqrt(ax))
	o.Set(i, 1, math.Floor(x)+math.Ceil(y)*10)
	o.Set(i, 2, math.Trunc(x*3)+math.Round(y*3)*100+math.RoundToEven(x*2.5)*10000)
	o.Set(i, 3, math.Exp(x)+math.Exp2(y)+math.Expm1(x/10))
	o.Set(i, 4, math.Log(ax+1)+math.Log2(ax+2)+math.Log10(ax+3)+math.Log1p(ax))
	o.Set(i, 5, math.Sin(x)+math.Cos(y)*2+math.Tan(x/4)*3)
	o.Set(i, 6, math.Asin(x/10)+math.Acos(y/10)+math.Atan(x)+math.Atan2(y, x))
	o.Set(i, 7, math.Sinh(x/5)+math.Cosh(y/5)+math.Tanh(x)+math.Asinh(y)+math.Acosh(ax+1)+math.Atanh(y/11))
	o.Set(i, 8, math.Cbrt(x)+math.Erf(y)+math.Erfc(x/3))
	o.Set(i, 9, math.Pow(ax, y/3)+math.Hypot(x, y)+math.Mod(x*7, y+11)+math.Copysign(3, y))
	o.Set(i, 10, math.FMA(x, y, 0.5)+math.Min(x, y)*2+math.Max(x, y)*3+min(x, y, 0.25)+max(x, 1))
	var flags float64
	if math.IsNaN(math.Sqrt(x)) {
		flags++
	}
	if math.IsInf(1/(x-x), 1) || math.IsInf(-1/(x-x), -1) {
		flags += 10
	}
	if math.Signbit(y) {
		flags += 100
	}
	if math.IsInf(math.Inf(i%2*2-1), 0) && math.IsNaN(math.NaN()) {
		flags += 1000
	}
	o.Set(i, 11, flags)
	o.Set(i, 12, math.Float64frombits(math.Float64bits(x)^1<<63)+float64(math.Float32bits(float32(y))>>20))
	o.Set(i, 13, float64(math.Float32frombits(math.Float32bits(float32(x))+1))+math.Pi*x+math.MaxInt32)
}

// MathF32 computes in float32 with conversions around the float64 math functions.
//
//gokkos:kernel
type MathF32 struct {
	X   views.View1D[float32]
	Out views.View2D[float32]
}

// Run evaluates row i.
func (k MathF32) Run(i int) {
	x := k.X.At(i)
	k.Out.Set(i, 0, float32(math.Sqrt(float64(x*x+1))))
	k.Out.Set(i, 1, float32(math.Abs(float64(x)))*x)
	k.Out.Set(i, 2, float32(math.Exp(float64(x/4))))
	k.Out.Set(i, 3, min(x, 0.5)+max(x, -0.5)*2)
	k.Out.Set(i, 4, float32(math.Floor(float64(x)))+float32(int32(x*100))/100)
}

// Bits applies the math/bits functions.
//
//gokkos:kernel
type Bits struct {
	X   views.View1D[uint64]
	Out views.View2D[int64]
}

// Run evaluates row i.
func (k Bits) Run(i int) {
	x := k.X.At(i)
	if i%7 == 0 {
		x = 0
	}
	o := k.Out
	o.Set(i, 0, int64(bits.OnesCount64(x)+bits.OnesCount32(uint32(x))*100+bits.OnesCount16(uint16(x))*10000+bits.OnesCount8(uint8(x))*1000000+bits.OnesCount(uint(x>>7))*100000000))
	o.Set(i, 1, int64(bits.LeadingZeros64(x>>(i%64))+bits.LeadingZeros32(uint32(x>>(i%37)))*100+bits.LeadingZeros16(uint16(x>>(i%17)))*10000+bits.LeadingZeros8(uint8(x>>(i%9)))*1000000+bits.LeadingZeros(uint(x>>(i%3)))*100000000))
	o.Set(i, 2, int64(bits.TrailingZeros64(x<<(i%64))+bits.TrailingZeros32(uint32(x<<(i%37)))*100+bits.TrailingZeros16(uint16(x<<(i%17)))*10000+bits.TrailingZeros8(uint8(x<<(i%9)))*1000000+bits.TrailingZeros(uint(x))*100000000))
	o.Set(i, 3, int64(bits.Len64(x>>(i%64))+bits.Len32(uint32(x>>(i%40)))*100+bits.Len16(uint16(x))*10000+bits.Len8(uint8(x))*1000000+bits.Len(uint(x>>(i%5)))*100000000))
	o.Set(i, 4, int64(bits.RotateLeft64(x, i-30)))
	o.Set(i, 5, int64(bits.RotateLeft32(uint32(x), i%70-35))<<32|int64(bits.RotateLeft16(uint16(x), -i)))
	o.Set(i, 6, int64(bits.RotateLeft8(uint8(x), i)))
	o.Set(i, 7, int64(bits.Reverse64(x)))
	o.Set(i, 8, int64(bits.Reverse32(uint32(x)))<<32|int64(bits.Reverse16(uint16(x)))<<8|int64(bits.Reverse8(uint8(x))))
	o.Set(i, 9, int64(bits.ReverseBytes64(x)))
	o.Set(i, 10, int64(bits.ReverseBytes32(uint32(x)))<<16|int64(bits.ReverseBytes16(uint16(x))))
	o.Set(i, 11, int64(bits.Reverse(uint(x))^bits.ReverseBytes(uint(x))))
}

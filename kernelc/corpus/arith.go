package corpus

import "github.com/gokkos/gokkos/views"

// IntArith applies every signed arithmetic operator to int32 pairs, with wrap-around and
// Go's truncated division and remainder (by variables, constants and powers of two, which
// compile to shifts); Out has one row per operator.
//
//gokkos:kernel
type IntArith struct {
	A, B views.View1D[int32]
	Out  views.View2D[int32]
}

// Run computes row r of Out at column i.
func (k IntArith) Run(i int) {
	a, b := k.A.At(i), k.B.At(i)
	k.Out.Set(0, i, a+b)
	k.Out.Set(1, i, a-b)
	k.Out.Set(2, i, a*b)
	if b != 0 {
		k.Out.Set(3, i, a/b)
		k.Out.Set(4, i, a%b)
	} else {
		k.Out.Set(3, i, -1)
		k.Out.Set(4, i, -1)
	}
	k.Out.Set(5, i, -a)
	k.Out.Set(6, i, +a^b)
	k.Out.Set(7, i, a/7+a%-5+a/16-a%8+a/1-a%1)
}

// Wrap exercises wrap-around and bit operators on 8-, 16-, 32- and 64-bit integers.
//
//gokkos:kernel
type Wrap struct {
	X   views.View1D[uint64]
	U8  views.View1D[uint8]
	I8  views.View1D[int8]
	U16 views.View1D[uint16]
	I16 views.View1D[int16]
	U32 views.View1D[uint32]
	I64 views.View1D[int64]
}

// Run computes element i of each output.
func (k Wrap) Run(i int) {
	x := k.X.At(i)
	u8 := uint8(x)
	u8 += 200
	u8 *= 3
	k.U8.Set(i, u8&^0x0f|uint8(x>>8)^^u8)
	i8 := int8(x >> 3)
	i8 -= 100
	i8 = -i8 * 7
	k.I8.Set(i, i8/3+i8%5)
	u16 := uint16(x>>16) * 40000
	u16 |= uint16(i)
	k.U16.Set(i, u16-uint16(x)&0xff)
	i16 := int16(x) + int16(x>>20)
	i16 ^= 0x5a5a
	k.I16.Set(i, i16*i16)
	u32 := uint32(x) - 5
	u32 = u32*2654435761 + 12345
	u32 &^= uint32(x >> 40)
	k.U32.Set(i, -u32+u32/4+u32%32)
	i64 := int64(x)
	i64 = i64*6364136223846793005 + 1442695040888963407
	k.I64.Set(i, i64/int64(i+1)-i64%1000003+^i64+i64/8-i64%16+int64(x/64+x%128))
}

// Shifts exercises << and >> on signed and unsigned types with counts beyond the width.
//
//gokkos:kernel
type Shifts struct {
	X     views.View1D[int64]
	Count views.View1D[uint8]
	Out   views.View2D[int64]
}

// Run shifts X[i] by Count[i] in several types.
func (k Shifts) Run(i int) {
	x, c := k.X.At(i), k.Count.At(i)
	k.Out.Set(i, 0, x<<c)
	k.Out.Set(i, 1, x>>c)
	k.Out.Set(i, 2, int64(uint64(x)>>c))
	k.Out.Set(i, 3, int64(int8(x)>>c))
	k.Out.Set(i, 4, int64(uint16(x)<<c))
	k.Out.Set(i, 5, int64(int32(x)<<(c%40)))
	k.Out.Set(i, 6, int64(uint32(x)>>uint32(c)))
	s := int(c)
	k.Out.Set(i, 7, 1<<s-1)
	var y int16 = -12345
	y >>= c
	y <<= 2
	k.Out.Set(i, 8, int64(y))
}

// Compare stores the results of every comparison operator on ints, uints and floats.
//
//gokkos:kernel
type Compare struct {
	A, B views.View1D[int64]
	F, G views.View1D[float64]
	Out  views.View2D[uint8]
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// Run compares element i.
func (k Compare) Run(i int) {
	a, b := k.A.At(i), k.B.At(i)
	ua, ub := uint32(a), uint32(b)
	f, g := k.F.At(i), k.G.At(i)
	k.Out.Set(i, 0, b2u(a == b)|b2u(a != b)<<1|b2u(a < b)<<2|b2u(a <= b)<<3|b2u(a > b)<<4|b2u(a >= b)<<5)
	k.Out.Set(i, 1, b2u(ua == ub)|b2u(ua != ub)<<1|b2u(ua < ub)<<2|b2u(ua <= ub)<<3|b2u(ua > ub)<<4|b2u(ua >= ub)<<5)
	k.Out.Set(i, 2, b2u(f == g)|b2u(f != g)<<1|b2u(f < g)<<2|b2u(f <= g)<<3|b2u(f > g)<<4|b2u(f >= g)<<5)
	t := a < b
	k.Out.Set(i, 3, b2u(t == (f < g))|b2u(!t)<<1|b2u(t != (ua < ub))<<2)
}

// Convert exercises numeric conversions.
//
//gokkos:kernel
type Convert struct {
	X   views.View1D[int64]
	F   views.View1D[float64]
	I   views.View2D[int64]
	Out views.View2D[float64]
}

// Run converts element i through many types.
func (k Convert) Run(i int) {
	x, f := k.X.At(i), k.F.At(i)
	k.I.Set(i, 0, int64(int8(x)))
	k.I.Set(i, 1, int64(uint8(x)))
	k.I.Set(i, 2, int64(int16(x)))
	k.I.Set(i, 3, int64(uint16(x)))
	k.I.Set(i, 4, int64(int32(x)))
	k.I.Set(i, 5, int64(uint32(x)))
	k.I.Set(i, 6, int64(int32(f)))
	k.I.Set(i, 7, int64(uint16(f*0.01+1500)))
	k.I.Set(i, 8, int64(int8(float32(f)/1000)))
	k.I.Set(i, 9, int64(uint64(x)>>1))
	k.Out.Set(i, 0, float64(x))
	k.Out.Set(i, 1, float64(uint64(x)))
	k.Out.Set(i, 2, float64(float32(x)))
	k.Out.Set(i, 3, float64(float32(f)))
	k.Out.Set(i, 4, float64(int32(x)))
	k.Out.Set(i, 5, float64(uint8(x)))
	k.Out.Set(i, 6, float64(float32(uint32(x))))
}

// Float32Ops computes in float32 arithmetic.
//
//gokkos:kernel
type Float32Ops struct {
	A, B views.View1D[float32]
	Out  views.View2D[float32]
	S    float32
}

// Run computes element i.
func (k Float32Ops) Run(i int) {
	a, b := k.A.At(i), k.B.At(i)
	k.Out.Set(i, 0, a+b*k.S)
	k.Out.Set(i, 1, a*b-k.S)
	k.Out.Set(i, 2, a/(b+100))
	k.Out.Set(i, 3, -a)
	x := a
	x += 1.5
	x *= b
	x /= 3
	x -= a
	k.Out.Set(i, 4, x)
	k.Out.Set(i, 5, min(a, b, k.S))
	k.Out.Set(i, 6, max(a, b))
}

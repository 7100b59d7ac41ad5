package corpus

import "github.com/gokkos/gokkos/views"

// Loops uses every loop form: three-clause, condition-only, infinite with break, range over an
// int with and without a variable, labelled break and continue.
//
//gokkos:kernel
type Loops struct {
	N   views.View1D[int32]
	Out views.View2D[int64]
}

// Run computes row i of Out.
func (k Loops) Run(i int) {
	n := int(k.N.At(i))
	var s int64
	for j := 0; j < n; j++ {
		if j%3 == 0 {
			continue
		}
		s += int64(j)
	}
	k.Out.Set(i, 0, s)
	x := n
	steps := int64(0)
	for x != 1 && x > 0 {
		if x%2 == 0 {
			x /= 2
		} else {
			x = 3*x + 1
		}
		steps++
	}
	k.Out.Set(i, 1, steps)
	y := 0
	for {
		y += 7
		if y > n {
			break
		}
	}
	k.Out.Set(i, 2, int64(y))
	var r int64
	for j := range n {
		r = r*3 + int64(j)
	}
	for range 3 {
		r++
	}
	k.Out.Set(i, 3, r)
	count := int64(0)
outer:
	for a := 0; a < n; a++ {
	inner:
		for b := 0; b < n; b++ {
			switch {
			case b > a:
				continue outer
			case (a+b)%5 == 4:
				break inner
			case a*b > 3*n:
				break outer
			}
			count++
		}
		count += 100
	}
	k.Out.Set(i, 4, count)
	var p, q int64 = 1, 0
	for j, m := 0, n; j < m; j, m = j+1, m-1 {
		p, q = q, p+q
	}
	k.Out.Set(i, 5, p*1000+q)
}

// Switches uses expression switches with several values per case, a default in the middle,
// a tagless switch, break inside a switch, and an init statement.
//
//gokkos:kernel
type Switches struct {
	X   views.View1D[int32]
	Out views.View2D[int32]
}

// Run classifies X[i].
func (k Switches) Run(i int) {
	x := k.X.At(i)
	var a int32
	switch x % 7 {
	case 0, 1:
		a = 10
	default:
		a = -1
	case 2:
		a = 20
		if x > 50 {
			break
		}
		a = 21
	case 3, 4, 5:
		a = 30 + x%7
	}
	k.Out.Set(i, 0, a)
	switch y := x / 10; {
	case y < -5:
		k.Out.Set(i, 1, 1)
	case y < 0:
		k.Out.Set(i, 1, 2)
	case y == 0:
	default:
		k.Out.Set(i, 1, 4)
	}
	var c int32
	for j := int32(0); j < 10; j++ {
		switch {
		case j == x%10:
			continue
		case j > 7:
			break
		default:
			c += j
		}
		c++
	}
	k.Out.Set(i, 2, c)
}

// EarlyReturn returns from the body early on several paths.
//
//gokkos:kernel
type EarlyReturn struct {
	X   views.View1D[float64]
	Out views.View1D[float64]
}

// Run writes a result for X[i] unless it returns first.
func (k EarlyReturn) Run(i int) {
	x := k.X.At(i)
	if x < -0.5 {
		return
	}
	if i%4 == 0 {
		k.Out.Set(i, -1)
		return
	}
	for j := 0; j < 5; j++ {
		x = x*x - 0.25
		if x > 10 {
			k.Out.Set(i, 10)
			return
		}
	}
	k.Out.Set(i, x)
}

// ShortCircuit checks that && and || evaluate their right operand only when needed, with
// side effects (atomics) on the right.
//
//gokkos:kernel
type ShortCircuit struct {
	X      views.View1D[int32]
	Calls  views.View1D[int32]
	Out    views.View1D[uint8]
	Thresh int32
}

func (k ShortCircuit) count(slot int, v bool) bool {
	k.Calls.AtomicAdd(slot, 1)
	return v
}

// Run evaluates conditions for X[i].
func (k ShortCircuit) Run(i int) {
	x := k.X.At(i)
	var r uint8
	if x > k.Thresh && k.count(0, x%2 == 0) {
		r |= 1
	}
	if x < 0 || k.count(1, x > 2*k.Thresh) {
		r |= 2
	}
	b := x == 3 || x == 5 && k.count(2, true)
	if b {
		r |= 4
	}
	if !(x > 0 && x < 10) {
		r |= 8
	}
	k.Out.Set(i, r)
}

// OpAssign uses every assignment operator, increments, swaps and blank assignments.
//
//gokkos:kernel
type OpAssign struct {
	X   views.View1D[uint32]
	Out views.View2D[uint32]
}

// Run combines X[i] with each operator.
func (k OpAssign) Run(i int) {
	x := k.X.At(i)
	y := x
	y += 3
	y -= x >> 3
	y *= 7
	y /= 3
	y %= 1000003
	y &= 0xfff0ff
	y |= 0x100
	y ^= x
	y <<= 3
	y >>= 1
	y &^= 0xf
	y++
	y--
	y++
	k.Out.Set(i, 0, y)
	a, b := x, y
	a, b = b, a
	_, c := a, b+1
	_ = c
	k.Out.Set(i, 1, a-b+c)
	var z uint32
	z, _ = k.pair(x)
	k.Out.Set(i, 2, z)
}

func (k OpAssign) pair(x uint32) (uint32, uint32) { return x * 2, x * 3 }

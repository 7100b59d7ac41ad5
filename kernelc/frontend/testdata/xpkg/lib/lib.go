// Package lib is a library whose functions kernels of other packages call; some use
// constructs outside the kernel subset.
package lib

// Scale doubles x, through a map.
func Scale(x float64) float64 {
	m := map[int]float64{0: 2}
	return x * m[0]
}

// Outer calls a function that allocates.
func Outer(x float64) float64 { return inner(x) }

func inner(x float64) float64 {
	s := make([]float64, 1)
	_ = s
	return x
}

// Twice is translatable.
func Twice(x float64) float64 { return 2 * x }

package graph

import "fmt"

// Grid returns the rows x cols grid graph: vertex r*cols+c is joined to its
// right and lower neighbors by an edge in each direction, giving a
// high-diameter, road-like graph whose diameter is rows+cols-2. It is
// [GridWithDrops] with no edges dropped, so the result does not depend on
// seed. Grid costs O(rows*cols) time and memory and panics if rows or cols is
// negative or rows*cols exceeds MaxVertices.
func Grid(rows, cols int, seed uint64) *EdgeList {
	return GridWithDrops(rows, cols, 0, seed)
}

// GridWithDrops returns the grid of [Grid] with each undirected edge (both
// of its directions together) removed with probability drop, which makes
// degrees irregular like a road network's; a large drop fraction may
// disconnect the graph. Edges are listed in row-major order of their lower
// endpoint. The choice of edges is drawn from PCG streams derived from seed,
// one per block of rows, so the result depends only on the arguments.
// GridWithDrops panics if rows or cols is negative, rows*cols exceeds
// MaxVertices, or drop is not in [0, 1], and, before allocating anything,
// with an error wrapping [ErrTooLarge] if the process cannot have the memory
// it needs ([GridBytes]).
func GridWithDrops(rows, cols int, drop float64, seed uint64) *EdgeList {
	if rows < 0 || cols < 0 || (rows > 0 && cols > MaxVertices/rows) || !(drop >= 0 && drop <= 1) {
		panic(fmt.Sprintf("graph: GridWithDrops(%d, %d, %g): want non-negative sides, rows*cols <= %d and drop in [0, 1]",
			rows, cols, drop, MaxVertices))
	}
	mustFit(GridBytes(rows, cols), func() string { return fmt.Sprintf("GridWithDrops(%d, %d, %g)", rows, cols, drop) })
	n := rows * cols
	el := &EdgeList{N: n}
	undirected := int64(rows)*int64(max(cols-1, 0)) + int64(max(rows-1, 0))*int64(cols)
	c := undirected
	if drop > 0 {
		c = int64(float64(undirected) * (1 - drop) * 1.01)
	}
	el.Src, el.Dst = make([]int32, 0, 2*c), make([]int32, 0, 2*c)
	add := func(u, v int) {
		el.Src = append(el.Src, int32(u), int32(v))
		el.Dst = append(el.Dst, int32(v), int32(u))
	}
	const rowBlock = 64
	var rng interface{ Float64() float64 }
	for r := 0; r < rows; r++ {
		if drop > 0 && r%rowBlock == 0 {
			rng = streamRand(seed, tagGrid, int64(r/rowBlock))
		}
		for c := 0; c < cols; c++ {
			v := r*cols + c
			if c+1 < cols && (drop == 0 || rng.Float64() >= drop) {
				add(v, v+1)
			}
			if r+1 < rows && (drop == 0 || rng.Float64() >= drop) {
				add(v, v+cols)
			}
		}
	}
	return el
}

package graph

import (
	"fmt"
	"math"
)

// Road returns a weighted directed graph shaped like a road network: the
// rows x cols grid of [GridWithDrops] (vertex r*cols+c, streets to the right
// and lower neighbors) in which each street is removed with probability
// drop, and each remaining street is two-way with probability 7/8 and
// one-way otherwise, in a random direction. One-way streets split the network
// into strongly connected districts joined by one-way links, as in real road
// graphs, and the diameter stays near rows+cols.
//
// Every edge has a positive integer length, as road graphs carry: mostly
// short blocks with a long tail (10 plus an exponentially distributed part
// of mean 40, rounded down, at most 1000), the same in both directions of a
// two-way street. Edges are listed in row-major order of their lower
// endpoint. The choices are drawn from PCG streams derived from seed, one
// per block of rows, so the result depends only on the arguments. Road costs
// O(rows*cols) time and memory ([RoadBytes]); it panics if rows or cols is
// negative, rows*cols exceeds MaxVertices, or drop is not in [0, 1], and,
// before allocating anything, with an error wrapping [ErrTooLarge] if the
// process cannot have the memory it needs.
func Road(rows, cols int, drop float64, seed uint64) *EdgeList {
	if rows < 0 || cols < 0 || (rows > 0 && cols > MaxVertices/rows) || !(drop >= 0 && drop <= 1) {
		panic(fmt.Sprintf("graph: Road(%d, %d, %g): want non-negative sides, rows*cols <= %d and drop in [0, 1]",
			rows, cols, drop, MaxVertices))
	}
	mustFit(RoadBytes(rows, cols), func() string { return fmt.Sprintf("Road(%d, %d, %g)", rows, cols, drop) })
	el := &EdgeList{N: rows * cols}
	undirected := int64(rows)*int64(max(cols-1, 0)) + int64(max(rows-1, 0))*int64(cols)
	c := int64(float64(undirected)*(1-drop)*1.01) + 16
	c = min(c, undirected)
	el.Src, el.Dst, el.W = make([]int32, 0, 2*c), make([]int32, 0, 2*c), make([]float64, 0, 2*c)
	const rowBlock = 64
	var rng interface {
		Float64() float64
		IntN(int) int
	}
	street := func(u, v int) {
		if rng.Float64() < drop {
			return
		}
		w := min(10+math.Floor(-40*math.Log(1-rng.Float64())), 1000)
		switch rng.IntN(16) {
		case 0:
			el.Src, el.Dst, el.W = append(el.Src, int32(u)), append(el.Dst, int32(v)), append(el.W, w)
		case 1:
			el.Src, el.Dst, el.W = append(el.Src, int32(v)), append(el.Dst, int32(u)), append(el.W, w)
		default:
			el.Src, el.Dst, el.W = append(el.Src, int32(u), int32(v)), append(el.Dst, int32(v), int32(u)), append(el.W, w, w)
		}
	}
	for r := 0; r < rows; r++ {
		if r%rowBlock == 0 {
			rng = streamRand(seed, tagRoad, int64(r/rowBlock))
		}
		for c := 0; c < cols; c++ {
			v := r*cols + c
			if c+1 < cols {
				street(v, v+1)
			}
			if r+1 < rows {
				street(v, v+cols)
			}
		}
	}
	return el
}

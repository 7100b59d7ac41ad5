package graph

import "fmt"

// EdgeList is a directed graph given as parallel slices of edge endpoints:
// edge i goes from Src[i] to Dst[i] and, when W is not nil, has weight W[i].
// Edges may appear in any order and may repeat; N is the vertex count and
// every id must lie in [0, N).
//
// The zero value is the empty graph. An EdgeList is a plain value: concurrent
// reads are safe, and writes need outside synchronization.
type EdgeList struct {
	// N is the number of vertices.
	N int
	// Src and Dst hold the endpoints of each edge; they have equal lengths.
	Src, Dst []int32
	// W holds one weight per edge, or is nil for an unweighted list.
	W []float64
}

// Len returns the number of edges in el. It costs O(1).
func (el *EdgeList) Len() int { return len(el.Src) }

// Validate checks that el is well formed in O(M): N in [0, MaxVertices],
// equal slice lengths, W nil or as long as Src, and every id in [0, N). It
// returns an error describing the first problem found, or nil.
func (el *EdgeList) Validate() error {
	if err := el.checkShape(); err != nil {
		return err
	}
	n := uint32(el.N)
	for i := range el.Src {
		if uint32(el.Src[i]) >= n || uint32(el.Dst[i]) >= n {
			return el.rangeError(i)
		}
	}
	return nil
}

func (el *EdgeList) checkShape() error {
	if el.N < 0 || el.N > MaxVertices {
		return fmt.Errorf("graph: vertex count %d out of range [0, %d]", el.N, MaxVertices)
	}
	if len(el.Src) != len(el.Dst) {
		return fmt.Errorf("graph: edge list has %d sources but %d destinations", len(el.Src), len(el.Dst))
	}
	if el.W != nil && len(el.W) != len(el.Src) {
		return fmt.Errorf("graph: edge list has %d weights for %d edges", len(el.W), len(el.Src))
	}
	return nil
}

func (el *EdgeList) rangeError(i int) error {
	return fmt.Errorf("graph: edge %d (%d -> %d) has an endpoint out of range [0, %d)", i, el.Src[i], el.Dst[i], el.N)
}

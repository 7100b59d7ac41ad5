package graph

import (
	"bufio"
	"io"
)

// readEdgeList reads a plain (".el") or weighted (".wel") edge list: one
// edge "u v" or "u v w" per line, 0-based ids separated by spaces or tabs,
// with blank lines and lines starting with '#' or '%' skipped, as SNAP and
// GAP publish them. The vertex count is the largest id plus one.
func readEdgeList(r io.Reader, name string, weighted bool, prog *progress, sizeHint, limit int64) (*EdgeList, error) {
	spec := &lineSpec{file: name, style: styleEdgeList, limit: limit}
	if weighted {
		spec.value = valFloat
	}
	el := &EdgeList{}
	if c := sizeHint / 16; c > 0 {
		c = min(c, 1<<26)
		el.Src, el.Dst = make([]int32, 0, c), make([]int32, 0, c)
		if weighted {
			el.W = make([]float64, 0, c)
		}
	}
	maxID := int32(-1)
	err := parseText(r, 1, spec, prog, func(c *edgeChunk, _ []byte, _ int) *ParseError {
		el.Src = append(el.Src, c.src...)
		el.Dst = append(el.Dst, c.dst...)
		if weighted {
			el.W = append(el.W, c.w...)
		}
		maxID = max(maxID, c.maxID)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if weighted && el.W == nil {
		el.W = []float64{}
	}
	el.N = int(maxID) + 1
	prog.done(int64(len(el.Src)))
	return el, nil
}

// readSniffedText reads a text file of unknown format whose first data line
// holds two integers: it is an ".ms" file when the line is a header "n m"
// followed by exactly m edges with ids below n, and a plain edge list
// otherwise.
func readSniffedText(br *bufio.Reader, name string, prog *progress, sizeHint int64, hdr []int64, limit int64) (*EdgeList, error) {
	if hdr[0] >= limit || hdr[1] >= limit {
		return readMS(br, name, prog, sizeHint, limit)
	}
	el, err := readEdgeList(br, name, false, prog, sizeHint, limit)
	if err != nil {
		return nil, err
	}
	n, m := hdr[0], hdr[1]
	if int64(el.Len()-1) != m || int64(el.Src[0]) != n || int64(el.Dst[0]) != m {
		return el, nil
	}
	for i := 1; i < el.Len(); i++ {
		if int64(el.Src[i]) >= n || int64(el.Dst[i]) >= n {
			return el, nil
		}
	}
	return &EdgeList{N: int(n), Src: el.Src[1:], Dst: el.Dst[1:]}, nil
}

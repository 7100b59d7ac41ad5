package graph

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// readEdgeList reads a plain (".el") or weighted (".wel") edge list: one
// edge "u v" or "u v w" per line, 0-based ids separated by spaces or tabs,
// with blank lines and lines starting with '#' or '%' skipped, as SNAP and
// GAP publish them. The vertex count is the largest id plus one. Before the
// edges of each block are kept, the memory for reading and building the
// graph they make is checked, so that an id near MaxVertices or more edges
// than fit are refused at their line.
func readEdgeList(r io.Reader, in *input, weighted bool) (*EdgeList, error) {
	spec := &lineSpec{file: in.name, style: styleEdgeList, limit: in.limit}
	if weighted {
		spec.value = valFloat
	}
	el := &EdgeList{}
	if c := in.size / 16; c > 0 {
		c = min(c, 1<<26)
		if in.mem.check("", edgeListBytes(c, weighted)) == nil {
			el.Src, el.Dst = make([]int32, 0, c), make([]int32, 0, c)
			if weighted {
				el.W = make([]float64, 0, c)
			}
		}
	}
	maxID := int32(-1)
	err := parseText(r, 1, spec, in.prog, func(c *edgeChunk, data []byte, line int) *ParseError {
		if err := in.checkEdges(el, maxID, c, data, line, weighted); err != nil {
			return err
		}
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
	in.prog.done(int64(len(el.Src)))
	return el, nil
}

// checkEdges checks, before the edges parsed from one block are added to el,
// whose largest id so far is maxID, that reading and building the graph
// they make fits in memory. The error names the line of the id that makes
// the graph too large or, when the edge count does, the block's last line.
func (in *input) checkEdges(el *EdgeList, maxID int32, c *edgeChunk, data []byte, line int, weighted bool) *ParseError {
	m := int64(len(el.Src) + len(c.src))
	n := int64(max(maxID, c.maxID)) + 1
	const what = "reading and building the graph"
	err := in.mem.check(what, readBytes(n, m, weighted, in.build, in.size, false))
	if err == nil {
		return nil
	}
	if c.maxID > maxID && in.mem.check(what, readBytes(int64(maxID)+1, m, weighted, in.build, in.size, false)) == nil {
		return &ParseError{File: in.name, Line: lineOfID(data, line, c.maxID), Offset: -1,
			Msg: fmt.Sprintf("vertex id %d makes a graph of %s", c.maxID, graphSize(n, m)), Err: err}
	}
	return &ParseError{File: in.name, Line: lineOfEntry(data, line, c.entries-1), Offset: -1,
		Msg: fmt.Sprintf("%d edges read so far", m), Err: err}
}

// lineOfID returns the number of the first line of data, whose first line
// is line, that holds vertex id as one of its two ids, or line when none
// does.
func lineOfID(data []byte, line int, id int32) int {
	for ln := range bytes.Lines(data) {
		i := skipBlanks(ln, 0)
		for k := 0; k < 2 && i < len(ln); k++ {
			v, j, ok := scanInt(ln, i)
			if !ok {
				break
			}
			if v == int64(id) {
				return line
			}
			i = skipBlanks(ln, j)
		}
		line++
	}
	return line
}

// readSniffedText reads a text file of unknown format whose first data line
// holds two integers: it is an ".ms" file when the line is a header "n m"
// followed by exactly m edges with ids below n, and a plain edge list
// otherwise.
func readSniffedText(br *bufio.Reader, in *input, hdr []int64) (*EdgeList, error) {
	if hdr[0] >= in.limit || hdr[1] >= in.limit {
		return readMS(br, in)
	}
	el, err := readEdgeList(br, in, false)
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

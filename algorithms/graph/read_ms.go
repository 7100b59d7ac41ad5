package graph

import (
	"bufio"
	"io"
)

// readMS reads the ".ms" format: a first line "n m" giving the vertex and
// edge counts, then exactly m lines "u v" of 0-based directed edges with ids
// in [0, n). Blank lines and lines starting with '#' or '%' are skipped.
func readMS(br *bufio.Reader, name string, prog *progress, sizeHint, limit int64) (*EdgeList, error) {
	lr := &lineReader{br: br, name: name}
	hdr, hline, err := lr.nextData()
	if err == io.EOF {
		return nil, lineErr(name, hline, "missing header line \"n m\"")
	}
	if err != nil {
		return nil, err
	}
	v, ok := headerInts(hdr, 2)
	if !ok {
		return nil, lineErr(name, hline, "malformed header %q: want two non-negative integers \"n m\"", clip(hdr))
	}
	n, m := v[0], v[1]
	if err := checkVertexCount(name, hline, n, limit); err != nil {
		return nil, err
	}
	spec := &lineSpec{file: name, style: styleDeclared, limit: n}
	el := &EdgeList{N: int(n)}
	c := prealloc(m, sizeHint, 4)
	el.Src, el.Dst = make([]int32, 0, c), make([]int32, 0, c)
	var got int64
	err = parseText(br, lr.line+1, spec, prog, func(ch *edgeChunk, data []byte, line int) *ParseError {
		if got+ch.entries > m {
			return lineErr(name, lineOfEntry(data, line, m-got), "more edges than the %d declared on line %d", m, hline)
		}
		got += ch.entries
		el.Src = append(el.Src, ch.src...)
		el.Dst = append(el.Dst, ch.dst...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if got != m {
		return nil, lineErr(name, hline, "header declares %d edges but the file has %d", m, got)
	}
	prog.done(got)
	return el, nil
}

// clip shortens b for use in a message.
func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}

// checkVertexCount rejects a declared vertex count above limit.
func checkVertexCount(name string, line int, n, limit int64) error {
	if n > MaxVertices {
		return lineErr(name, line, "vertex count %d exceeds the maximum %d", n, MaxVertices)
	}
	if n > limit {
		return lineErr(name, line, "vertex count %d exceeds the limit %d", n, limit)
	}
	return nil
}

// prealloc returns the capacity to reserve for want edges of an input of
// sizeHint bytes (negative if unknown) in which each edge takes at least
// minBytes bytes, so that a lying header cannot force a huge allocation.
func prealloc(want, sizeHint, minBytes int64) int64 {
	if sizeHint < 0 {
		return min(want, 1<<16)
	}
	return min(want, sizeHint/minBytes, 1<<26)
}

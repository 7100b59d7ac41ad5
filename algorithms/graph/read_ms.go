package graph

import (
	"bufio"
	"io"
)

// readMS reads the ".ms" format: a first line "n m" giving the vertex and
// edge counts, then exactly m lines "u v" of 0-based directed edges with ids
// in [0, n). Blank lines and lines starting with '#' or '%' are skipped.
func readMS(br *bufio.Reader, name string, prog *progress, sizeHint int64) (*EdgeList, error) {
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
	if n > MaxVertices {
		return nil, lineErr(name, hline, "vertex count %d exceeds the maximum %d", n, MaxVertices)
	}
	spec := &lineSpec{file: name, style: styleDeclared, limit: n}
	el := &EdgeList{N: int(n)}
	c := m
	if sizeHint >= 0 {
		c = min(c, sizeHint/4)
	}
	c = min(c, 1<<24)
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

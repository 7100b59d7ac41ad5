package graph

import (
	"bufio"
	"fmt"
	"io"

	"github.com/gokkos/gokkos/internal/memlimit"
)

// input describes one graph input while it is read.
type input struct {
	// name names the input in messages.
	name string
	// prog receives progress; it may be nil.
	prog *progress
	// size is the number of bytes from the start of the (decompressed)
	// input, or -1 when unknown (compressed input, or a reader of unknown
	// length).
	size int64
	// limit is the vertex limit.
	limit int64
	// build is what Build will do with the edges read, for memory
	// estimates.
	build BuildOptions
	// mem is the read's memory budget.
	mem memBudget
}

// readMS reads the ".ms" format: a first line "n m" giving the vertex and
// edge counts, then exactly m lines "u v" of 0-based directed edges with ids
// in [0, n). Blank lines and lines starting with '#' or '%' are skipped.
func readMS(br *bufio.Reader, in *input) (*EdgeList, error) {
	name := in.name
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
	if err := checkVertexCount(name, hline, n, in.limit); err != nil {
		return nil, err
	}
	c, err := in.checkDeclared(lr, hline, "header", "edges", n, m, 4, false, false)
	if err != nil {
		return nil, err
	}
	spec := &lineSpec{file: name, style: styleDeclared, limit: n}
	el := &EdgeList{N: int(n)}
	el.Src, el.Dst = make([]int32, 0, c), make([]int32, 0, c)
	var got int64
	err = parseText(br, lr.line+1, spec, in.prog, func(ch *edgeChunk, data []byte, line int) *ParseError {
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
	in.prog.done(got)
	return el, nil
}

// checkDeclared checks the vertex count n and the entry count m that the
// header on line line (what names it, such as "header", and unit its
// entries, such as "edges") declares, before anything is allocated for
// them: reading and building the graph, with two edges per entry when sym is
// set, must fit in memory. Where the input's size is known, a count of
// entries that the rest of the input, at minLine bytes per data line (the
// last one without its newline), cannot hold is not trusted: only what the
// input can hold is checked and reserved, and the parse reports the shortfall
// at its end, after any earlier problem. It returns the capacity to reserve
// for the edges: all of them when the size vouches for them, a little
// otherwise.
func (in *input) checkDeclared(lr *lineReader, line int, what, unit string, n, m, minLine int64, weighted, sym bool) (int64, error) {
	exact := in.size >= 0
	declared := m
	if exact {
		m = min(m, (max(in.size-lr.consumed, 0)+1)/minLine)
	}
	emit := m
	if sym {
		emit = memlimit.Mul(m, 2)
	}
	if err := in.mem.check("reading and building the graph", readBytes(n, emit, weighted, in.build, in.size, exact)); err != nil {
		return 0, &ParseError{File: in.name, Line: line, Offset: -1, Msg: fmt.Sprintf("%s declares %d vertices and %d %s", what, n, declared, unit), Err: err}
	}
	if exact {
		return emit, nil
	}
	return min(emit, 1<<16), nil
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

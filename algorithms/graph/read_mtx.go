package graph

import (
	"bufio"
	"bytes"
	"io"
	"strings"
)

// mtxHeader is the parsed banner and size line of a Matrix Market file.
type mtxHeader struct {
	value     valueKind
	symmetric bool
	n, nnz    int64
	sizeLine  int
}

// readMTX reads a Matrix Market coordinate file. The banner must be
// "%%MatrixMarket matrix coordinate F S" with field F one of real, double,
// integer or pattern and symmetry S one of general or symmetric. Entry
// "i j [v]" (1-based) becomes the edge i-1 -> j-1 with weight v; a symmetric
// file also gets j-1 -> i-1 for every off-diagonal entry. The matrix must be
// square and the number of entries must match the size line.
func readMTX(br *bufio.Reader, in *input) (*EdgeList, error) {
	name := in.name
	lr := &lineReader{br: br, name: name}
	h, err := readMTXHeader(lr, in.limit)
	if err != nil {
		return nil, err
	}
	minLine := int64(6) // "1 1 1\n"
	if h.value == valNone {
		minLine = 4
	}
	c, err := in.checkDeclared(lr, h.sizeLine, "size line", "entries", h.n, h.nnz, minLine, h.value != valNone, h.symmetric)
	if err != nil {
		return nil, err
	}
	spec := &lineSpec{file: name, style: styleMatrixMarket, base: 1, limit: h.n, value: h.value, sym: h.symmetric}
	el := &EdgeList{N: int(h.n)}
	el.Src, el.Dst = make([]int32, 0, c), make([]int32, 0, c)
	if h.value != valNone {
		el.W = make([]float64, 0, c)
	}
	var got int64
	err = parseText(br, lr.line+1, spec, in.prog, func(ch *edgeChunk, data []byte, line int) *ParseError {
		if got+ch.entries > h.nnz {
			return lineErr(name, lineOfEntry(data, line, h.nnz-got), "more entries than the %d declared on line %d", h.nnz, h.sizeLine)
		}
		got += ch.entries
		el.Src = append(el.Src, ch.src...)
		el.Dst = append(el.Dst, ch.dst...)
		if h.value != valNone {
			el.W = append(el.W, ch.w...)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if got != h.nnz {
		return nil, lineErr(name, h.sizeLine, "size line declares %d entries but the file has %d", h.nnz, got)
	}
	in.prog.done(int64(el.Len()))
	return el, nil
}

func readMTXHeader(lr *lineReader, limit int64) (*mtxHeader, error) {
	name := lr.name
	banner, ln, err := lr.next()
	if err == io.EOF {
		return nil, lineErr(name, 1, "empty file: missing %%%%MatrixMarket banner")
	}
	if err != nil {
		return nil, err
	}
	const want = "want \"%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric>\""
	if len(banner) < 14 || !strings.EqualFold(string(banner[:14]), "%%MatrixMarket") {
		return nil, lineErr(name, ln, "missing %%%%MatrixMarket banner, found %q", clip(banner))
	}
	f := strings.Fields(strings.ToLower(string(banner)))
	if len(f) != 5 || f[0] != "%%matrixmarket" {
		return nil, lineErr(name, ln, "malformed banner %q: %s", clip(banner), want)
	}
	if f[1] != "matrix" {
		return nil, lineErr(name, ln, "unsupported object %q: only \"matrix\" is supported", f[1])
	}
	switch f[2] {
	case "coordinate":
	case "array":
		return nil, lineErr(name, ln, "dense \"array\" matrices are not supported: a graph needs the \"coordinate\" format")
	default:
		return nil, lineErr(name, ln, "unknown format %q: %s", f[2], want)
	}
	h := &mtxHeader{}
	switch f[3] {
	case "real", "double":
		h.value = valFloat
	case "integer":
		h.value = valInt
	case "pattern":
		h.value = valNone
	case "complex":
		return nil, lineErr(name, ln, "complex matrices are not supported")
	default:
		return nil, lineErr(name, ln, "unknown field %q: %s", f[3], want)
	}
	switch f[4] {
	case "general":
	case "symmetric":
		h.symmetric = true
	case "skew-symmetric", "hermitian":
		return nil, lineErr(name, ln, "%s matrices are not supported", f[4])
	default:
		return nil, lineErr(name, ln, "unknown symmetry %q: %s", f[4], want)
	}
	var size []byte
	for {
		size, ln, err = lr.next()
		if err == io.EOF {
			return nil, lineErr(name, ln, "missing size line \"rows cols entries\"")
		}
		if err != nil {
			return nil, err
		}
		t := bytes.TrimLeft(size, " \t")
		if len(t) > 0 && t[0] != '%' {
			break
		}
	}
	v, ok := headerInts(size, 3)
	if !ok {
		return nil, lineErr(name, ln, "malformed size line %q: want three non-negative integers \"rows cols entries\"", clip(size))
	}
	if v[0] != v[1] {
		return nil, lineErr(name, ln, "matrix is %d x %d: a graph needs a square matrix", v[0], v[1])
	}
	if err := checkVertexCount(name, ln, v[0], limit); err != nil {
		return nil, err
	}
	h.n, h.nnz, h.sizeLine = v[0], v[2], ln
	return h, nil
}

package graph

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/gokkos/gokkos/internal/hugepage"
)

// The ".egr" format is the binary CSR format of the ECL graph codes. All
// integers are little-endian int32:
//
//	offset       size     field
//	0            4        n, the vertex count (at least 1)
//	4            4        m, the edge count (at least 0)
//	8            4*(n+1)  row offsets: 0, non-decreasing, the last equal to m
//	8+4*(n+1)    4*m      neighbor ids, each in [0, n)
//	8+4*(n+1+m)  4*m      edge weights, only in a weighted file
//
// A file is weighted if and only if it continues after the neighbor ids, and
// then it holds exactly m weights and nothing after them. The format has no
// magic number, version or checksum.
const egrHeaderSize = 8

// egrChunk is how many int32 values are read at a time; arrays grow as data
// arrives, so a header that claims a huge size costs no memory unless the
// data is really there.
const egrChunk = 16 << 10

// egrCheckSize reports whether a graph of n vertices and m edges fits the
// egr format.
func egrCheckSize(n int, m int64) error {
	switch {
	case n < 1:
		return errors.New("graph: the egr format cannot store a graph with no vertices")
	case n > math.MaxInt32:
		return fmt.Errorf("graph: the egr format stores at most %d vertices, the graph has %d", math.MaxInt32, n)
	case m > math.MaxInt32:
		return fmt.Errorf("graph: the egr format stores at most %d edges, the graph has %d", math.MaxInt32, m)
	}
	return nil
}

// egrCheckWeights returns an error naming the first weight of g that is not
// an integer in the int32 range, or nil if there is none.
func egrCheckWeights(g *CSR) error {
	if g.Weights == nil {
		return nil
	}
	for v := 0; v < g.N; v++ {
		for e := g.Offsets[v]; e < g.Offsets[v+1]; e++ {
			x := g.Weights[e]
			if x != math.Trunc(x) || x < math.MinInt32 || x > math.MaxInt32 {
				return fmt.Errorf("graph: the egr format stores edge weights as int32 integers, but edge %d (%d -> %d) has weight %v, which is not an integer in [%d, %d]",
					e, v, g.Adj[e], x, math.MinInt32, math.MaxInt32)
			}
		}
	}
	return nil
}

// writeEGR writes g, which must be well formed, in the egr format. It checks
// that g fits the format before writing anything.
func writeEGR(w io.Writer, g *CSR) error {
	m := g.NumEdges()
	if err := egrCheckSize(g.N, m); err != nil {
		return err
	}
	if err := egrCheckWeights(g); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	buf := make([]byte, 0, 64<<10)
	var werr error
	put := func(x int32) {
		if len(buf)+4 > cap(buf) {
			if werr == nil {
				_, werr = bw.Write(buf)
			}
			buf = buf[:0]
		}
		buf = binary.LittleEndian.AppendUint32(buf, uint32(x))
	}
	put(int32(g.N))
	put(int32(m))
	for _, o := range g.Offsets {
		put(int32(o))
	}
	for _, d := range g.Adj {
		put(d)
	}
	for _, x := range g.Weights {
		put(int32(x))
	}
	if werr == nil {
		_, werr = bw.Write(buf)
	}
	if werr != nil {
		return werr
	}
	return bw.Flush()
}

// egrReader reads the egr format, tracking the byte offset.
type egrReader struct {
	r    *bufio.Reader
	name string
	off  int64
	buf  []byte
}

// int32s reads count values in chunks and passes each chunk to use, with the
// index of its first value and its byte offset in the input. When the input
// ends early, or fails, the whole values read are passed to use before the
// truncation is reported, so that the first problem in file order wins. what
// names the array for a truncation error.
func (e *egrReader) int32s(count int64, what string, use func(first, off int64, p []byte) error) error {
	for done := int64(0); done < count; {
		k := min(count-done, egrChunk)
		p := e.buf[:4*k]
		got, err := io.ReadFull(e.r, p)
		if uerr := use(done, e.off, p[:got&^3]); uerr != nil {
			return uerr
		}
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return offsetErr(e.name, e.off+int64(got), "truncated file: input ends inside the %s", what)
			}
			return &ParseError{File: e.name, Offset: e.off + int64(got), Msg: "read failed", Err: err}
		}
		e.off += int64(got)
		done += k
	}
	return nil
}

// more reports whether the input continues.
func (e *egrReader) more() (bool, error) {
	_, err := e.r.Peek(1)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, io.EOF):
		return false, nil
	}
	return false, &ParseError{File: e.name, Offset: e.off, Msg: "read failed", Err: err}
}

// readEGR reads a graph in the egr format, checking every field in file order
// and reporting the first problem as a *ParseError at its byte offset.
func readEGR(r *bufio.Reader, in *input) (*CSR, error) {
	name, prog, limit := in.name, in.prog, in.limit
	le := binary.LittleEndian
	e := &egrReader{r: r, name: name, buf: make([]byte, 4*egrChunk)}
	var hdr [egrHeaderSize]byte
	if got, err := io.ReadFull(r, hdr[:]); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, offsetErr(name, int64(got), "truncated file: input ends inside the header")
		}
		return nil, &ParseError{File: name, Offset: int64(got), Msg: "read failed", Err: err}
	}
	e.off = egrHeaderSize
	n := int32(le.Uint32(hdr[:]))
	m := int32(le.Uint32(hdr[4:]))
	if n < 1 {
		return nil, offsetErr(name, 0, "vertex count %d is not positive: an egr file has at least one vertex", n)
	}
	if int64(n) > limit {
		return nil, offsetErr(name, 0, "vertex count %d exceeds the limit %d", n, limit)
	}
	if m < 0 {
		return nil, offsetErr(name, 4, "edge count %d is negative", m)
	}
	// Weights are known only at the end of the adjacency array: reckon
	// with them if the size says they are there or is unknown.
	unweighted := egrHeaderSize + 4*(int64(n)+1+int64(m))
	weighted := in.size < 0 || in.size > unweighted
	fileBytes := unweighted
	if weighted {
		fileBytes += 4 * int64(m)
	}
	exact, err := in.checkBinary(0, int64(n), int64(m), weighted, fileBytes, 2)
	if err != nil {
		return nil, err
	}

	offsets := hugepage.Make[int64](0, int(capacity(int64(n)+1, egrChunk, exact)))
	err = e.int32s(int64(n)+1, "offsets", func(first, off int64, p []byte) error {
		for i := 0; i < len(p); i += 4 {
			o := int64(int32(le.Uint32(p[i:])))
			v := first + int64(i/4)
			switch {
			case v == 0 && o != 0:
				return offsetErr(name, off+int64(i), "first offset is %d, want 0", o)
			case v > 0 && o < offsets[v-1]:
				return offsetErr(name, off+int64(i), "offset of vertex %d is %d, below the previous offset %d", v, o, offsets[v-1])
			}
			offsets = append(offsets, o)
		}
		prog.tick(0)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if offsets[n] != int64(m) {
		return nil, offsetErr(name, egrHeaderSize+4*int64(n), "last offset is %d but the header declares %d edges", offsets[n], m)
	}

	adj := hugepage.Make[int32](0, int(capacity(int64(m), egrChunk, exact)))
	err = e.int32s(int64(m), "adjacency array", func(first, off int64, p []byte) error {
		for i := 0; i < len(p); i += 4 {
			d := int32(le.Uint32(p[i:]))
			if uint32(d) >= uint32(n) {
				return offsetErr(name, off+int64(i), "edge %d has destination %d out of range [0, %d)", first+int64(i/4), d, n)
			}
			adj = append(adj, d)
		}
		prog.tick(int64(len(adj)))
		return nil
	})
	if err != nil {
		return nil, err
	}

	var wts []float64
	more, err := e.more()
	if err != nil {
		return nil, err
	}
	if more && m == 0 {
		return nil, offsetErr(name, e.off, "unexpected data after the adjacency array: a graph with no edges has no weights")
	}
	if more {
		wts = hugepage.Make[float64](0, int(capacity(int64(m), egrChunk, exact)))
		err = e.int32s(int64(m), "weights", func(_, _ int64, p []byte) error {
			for i := 0; i < len(p); i += 4 {
				wts = append(wts, float64(int32(le.Uint32(p[i:]))))
			}
			prog.tick(int64(m))
			return nil
		})
		if err != nil {
			return nil, err
		}
		if more, err = e.more(); err != nil {
			return nil, err
		} else if more {
			return nil, offsetErr(name, e.off, "unexpected data after the weights")
		}
	}
	prog.done(int64(m))
	return &CSR{N: int(n), Offsets: offsets, Adj: adj, Weights: wts}, nil
}

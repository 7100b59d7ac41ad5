package graph

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/gokkos/gokkos/internal/hugepage"
	"github.com/gokkos/gokkos/internal/memlimit"
)

// The binary ".gkg" format, all integers little-endian:
//
//	offset  size        field
//	0       8           magic "GKKGRAPH"
//	8       4           version (uint32, currently 1)
//	12      4           flags (uint32; bit 0 set when weighted, other bits 0)
//	16      8           N, the vertex count (uint64)
//	24      8           M, the edge count (uint64)
//	32      8*(N+1)     offsets (int64)
//	...     4*M         adjacency (int32)
//	...     8*M         weights (IEEE 754 float64 bits), only when weighted
//	...     4           CRC-32C (Castagnoli) of every preceding byte
//
// Nothing may follow the checksum.
const (
	binaryMagic      = "GKKGRAPH"
	binaryVersion    = 1
	binaryWeighted   = 1
	binaryHeaderSize = 32
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// writeBinary writes g, which must be well formed, in the binary format.
func writeBinary(w io.Writer, g *CSR) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	var crc uint32
	buf := make([]byte, 0, 64<<10)
	var werr error
	flush := func() {
		crc = crc32.Update(crc, castagnoli, buf)
		if werr == nil {
			_, werr = bw.Write(buf)
		}
		buf = buf[:0]
	}
	buf = append(buf, binaryMagic...)
	buf = binary.LittleEndian.AppendUint32(buf, binaryVersion)
	var flags uint32
	if g.Weights != nil {
		flags |= binaryWeighted
	}
	buf = binary.LittleEndian.AppendUint32(buf, flags)
	buf = binary.LittleEndian.AppendUint64(buf, uint64(g.N))
	buf = binary.LittleEndian.AppendUint64(buf, uint64(g.NumEdges()))
	offsets := g.Offsets
	if len(offsets) == 0 {
		offsets = []int64{0}
	}
	for _, o := range offsets {
		if len(buf)+8 > cap(buf) {
			flush()
		}
		buf = binary.LittleEndian.AppendUint64(buf, uint64(o))
	}
	for _, d := range g.Adj {
		if len(buf)+4 > cap(buf) {
			flush()
		}
		buf = binary.LittleEndian.AppendUint32(buf, uint32(d))
	}
	for _, x := range g.Weights {
		if len(buf)+8 > cap(buf) {
			flush()
		}
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
	}
	flush()
	if werr != nil {
		return werr
	}
	if _, err := bw.Write(binary.LittleEndian.AppendUint32(nil, crc)); err != nil {
		return err
	}
	return bw.Flush()
}

// binReader reads the binary format, tracking the byte offset and checksum.
type binReader struct {
	r    io.Reader
	name string
	off  int64
	crc  uint32
	buf  []byte
}

// read returns the next k bytes (k <= len(b.buf)), adding them to the
// checksum. what names the field for a truncation error.
func (b *binReader) read(k int, what string) ([]byte, error) {
	p := b.buf[:k]
	n, err := io.ReadFull(b.r, p)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, offsetErr(b.name, b.off+int64(n), "truncated file: input ends inside the %s", what)
		}
		return nil, &ParseError{File: b.name, Offset: b.off + int64(n), Msg: "read failed", Err: err}
	}
	b.crc = crc32.Update(b.crc, castagnoli, p)
	b.off += int64(k)
	return p, nil
}

// checkBinary checks, at the byte offset off of a binary header that
// declares n vertices and m edges in fileBytes bytes, that the graph fits in
// memory, with the rebuild that the read options may ask for. It returns
// whether the arrays may be allocated at their full size at once: when the
// input's size is known and large enough for them. Otherwise they grow as
// data arrives, hence the allowance for growth; and when the input is known
// to be too short, the read will stop at the truncation, so only what the
// input can hold, its arrays ratio times as large in memory as in the file
// (as egr's int32 offsets become int64), is checked.
func (in *input) checkBinary(off int64, n, m int64, weighted bool, fileBytes int64, ratio int64) (exact bool, err error) {
	exact = in.size >= 0 && fileBytes <= in.size
	need := csrBytes(n, m, weighted)
	switch {
	case in.size >= 0 && !exact:
		need = grown(min(need, memlimit.Mul(in.size, ratio)))
	case !exact:
		need = grown(need)
	}
	if in.build != (BuildOptions{}) {
		need = memlimit.Sum(need, edgeListBytes(m, weighted), buildBytes(n, m, weighted, in.build))
	}
	if err := in.mem.check("reading the graph", need); err != nil {
		return false, &ParseError{File: in.name, Offset: off, Msg: fmt.Sprintf("header declares %s", graphSize(n, m)), Err: err}
	}
	return exact, nil
}

// capacity returns the capacity to reserve for an array of want elements
// read chunk at a time: all of them when exact, a chunk otherwise.
func capacity(want, chunk int64, exact bool) int64 {
	if exact {
		return want
	}
	return min(want, chunk)
}

// binaryChunk is how many array elements are read at a time; arrays grow as
// data arrives, so a header that claims a huge size costs no memory unless
// the data is really there.
const binaryChunk = 8 << 10

func readBinary(r io.Reader, in *input) (*CSR, error) {
	name, prog, limit := in.name, in.prog, in.limit
	b := &binReader{r: r, name: name, buf: make([]byte, 8*binaryChunk)}
	h, err := b.read(binaryHeaderSize, "header")
	if err != nil {
		return nil, err
	}
	if string(h[:8]) != binaryMagic {
		return nil, offsetErr(name, 0, "bad magic %q: not a %s file", h[:8], binaryMagic)
	}
	if v := binary.LittleEndian.Uint32(h[8:]); v != binaryVersion {
		return nil, offsetErr(name, 8, "unsupported version %d (this reader knows version %d)", v, binaryVersion)
	}
	flags := binary.LittleEndian.Uint32(h[12:])
	if flags&^binaryWeighted != 0 {
		return nil, offsetErr(name, 12, "unknown flags %#x", flags)
	}
	un := binary.LittleEndian.Uint64(h[16:])
	um := binary.LittleEndian.Uint64(h[24:])
	if un > MaxVertices {
		return nil, offsetErr(name, 16, "vertex count %d exceeds the maximum %d", un, MaxVertices)
	}
	if int64(un) > limit {
		return nil, offsetErr(name, 16, "vertex count %d exceeds the limit %d", un, limit)
	}
	if um > math.MaxInt64/16 {
		return nil, offsetErr(name, 24, "edge count %d is too large", um)
	}
	n, m := int(un), int64(um)
	weighted := flags&binaryWeighted != 0
	fileBytes := memlimit.Sum(binaryHeaderSize+4, memlimit.Mul(int64(n)+1, 8), memlimit.Mul(m, edgeBytes(false, weighted)))
	exact, err := in.checkBinary(16, int64(n), m, weighted, fileBytes, 1)
	if err != nil {
		return nil, err
	}

	offsets := hugepage.Make[int64](0, int(capacity(int64(n)+1, binaryChunk, exact)))
	for left := int64(n) + 1; left > 0; {
		k := min(left, binaryChunk)
		p, err := b.read(int(8*k), "offsets")
		if err != nil {
			return nil, err
		}
		for i := 0; i < len(p); i += 8 {
			offsets = append(offsets, int64(binary.LittleEndian.Uint64(p[i:])))
		}
		left -= k
		prog.tick(0)
	}
	adjStart := b.off
	adj := hugepage.Make[int32](0, int(capacity(m, binaryChunk, exact)))
	for left := m; left > 0; {
		k := min(left, 2*binaryChunk)
		p, err := b.read(int(4*k), "adjacency array")
		if err != nil {
			return nil, err
		}
		for i := 0; i < len(p); i += 4 {
			adj = append(adj, int32(binary.LittleEndian.Uint32(p[i:])))
		}
		left -= k
		prog.tick(int64(len(adj)))
	}
	var wts []float64
	wtsStart := b.off
	if weighted {
		wts = hugepage.Make[float64](0, int(capacity(m, binaryChunk, exact)))
		for left := m; left > 0; {
			k := min(left, binaryChunk)
			p, err := b.read(int(8*k), "weights")
			if err != nil {
				return nil, err
			}
			for i := 0; i < len(p); i += 8 {
				wts = append(wts, math.Float64frombits(binary.LittleEndian.Uint64(p[i:])))
			}
			left -= k
			prog.tick(m)
		}
	}
	sumAt := b.off
	want := b.crc
	p, err := b.read(4, "checksum")
	if err != nil {
		return nil, err
	}
	if got := binary.LittleEndian.Uint32(p); got != want {
		return nil, offsetErr(name, sumAt, "checksum mismatch: file says %#08x, data gives %#08x", got, want)
	}
	if k, _ := io.ReadFull(r, b.buf[:1]); k > 0 {
		return nil, offsetErr(name, b.off, "unexpected data after the checksum")
	}

	// The checksum matched, so any inconsistency left was written that way.
	if offsets[0] != 0 {
		return nil, offsetErr(name, binaryHeaderSize, "first offset is %d, want 0", offsets[0])
	}
	for v := 0; v < n; v++ {
		if offsets[v+1] < offsets[v] {
			return nil, offsetErr(name, binaryHeaderSize+8*int64(v+1), "offset of vertex %d is %d, below the previous offset %d", v+1, offsets[v+1], offsets[v])
		}
	}
	if offsets[n] != m {
		return nil, offsetErr(name, binaryHeaderSize+8*int64(n), "last offset is %d but the header declares %d edges", offsets[n], m)
	}
	for i, d := range adj {
		if uint32(d) >= uint32(n) {
			return nil, offsetErr(name, adjStart+4*int64(i), "edge %d has destination %d out of range [0, %d)", i, d, n)
		}
	}
	for i, x := range wts {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, offsetErr(name, wtsStart+8*int64(i), "edge %d has weight %v: weights must be finite", i, x)
		}
	}
	prog.done(m)
	return &CSR{N: n, Offsets: offsets, Adj: adj, Weights: wts}, nil
}

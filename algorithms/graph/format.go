package graph

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Format identifies a graph file format. The zero value, FormatAuto, asks
// the reader to choose from the file name and, failing that, the content.
type Format int

const (
	// FormatAuto picks the format from the file extension, or sniffs the
	// content when the extension is unknown. Sniffing never picks
	// FormatEGR, whose files carry no magic number.
	FormatAuto Format = iota
	// FormatMS is ".ms": a line "n m", then m lines "u v" of 0-based
	// directed edges.
	FormatMS
	// FormatEL is ".el": lines "u v" of 0-based directed edges, with '#'
	// comment lines, as SNAP publishes them. The vertex count is the largest
	// id plus one.
	FormatEL
	// FormatWEL is ".wel": like FormatEL with a third column, the weight: a
	// finite decimal number (optional sign, digits with an optional fraction,
	// optional exponent, such as 3, -0.25, .5 or 1.5e-3). NaN, infinities,
	// values beyond the float64 range, hexadecimal floats and "_" digit
	// separators are errors.
	FormatWEL
	// FormatMTX is ".mtx": a Matrix Market coordinate file (real, integer or
	// pattern; general or symmetric; 1-based indices). Real values follow
	// the rules of FormatWEL's weights.
	FormatMTX
	// FormatBinary is ".gkg": the package's own little-endian binary
	// format with a CRC-32C checksum. Its weights are float64 values and must
	// be finite.
	FormatBinary
	// FormatEGR is ".egr": the little-endian binary CSR format of the ECL
	// graph codes. It holds an int32 vertex count n (at least 1), an int32
	// edge count m, n+1 int32 row offsets, m int32 neighbor ids and, in a
	// weighted file, m int32 edge weights; a file is weighted exactly when
	// it continues after the neighbor ids. Weights are read as float64
	// values, and only graphs whose weights are all integers in the int32
	// range can be written. The stored neighbor order is kept as is unless
	// ReadOptions.Build asks for a rebuild. An egr file has no magic
	// number, so FormatAuto never recognizes one from its content: only the
	// ".egr" extension or an explicit FormatEGR selects this format, and a
	// gzip-compressed egr file is recognized as such only when its name
	// ends in ".gz".
	FormatEGR
)

var formatNames = [...]string{"auto", "ms", "el", "wel", "mtx", "gkg", "egr"}

// String returns the format's short name: "auto", "ms", "el", "wel", "mtx",
// "gkg" or "egr".
func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Ext returns the file extension of f, with the dot, or "" for FormatAuto.
func (f Format) Ext() string {
	if f <= FormatAuto || int(f) >= len(formatNames) {
		return ""
	}
	return "." + formatNames[f]
}

// ParseFormat returns the format named by s: a short name as returned by
// [Format.String], with or without a leading dot, case-insensitive; "binary"
// and "bin" also name FormatBinary and "" names FormatAuto. It returns an
// error for any other string.
func ParseFormat(s string) (Format, error) {
	t := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), "."))
	switch t {
	case "", "auto":
		return FormatAuto, nil
	case "binary", "bin":
		return FormatBinary, nil
	}
	for i, n := range formatNames {
		if t == n {
			return Format(i), nil
		}
	}
	return FormatAuto, fmt.Errorf("graph: unknown format %q (want one of auto, ms, el, wel, mtx, gkg, egr)", s)
}

// FormatOf returns the format that the extension of name stands for,
// ignoring a trailing ".gz", or FormatAuto when the extension is not one of
// the known ones.
func FormatOf(name string) Format {
	base := strings.ToLower(filepath.Base(name))
	base = strings.TrimSuffix(base, ".gz")
	ext := filepath.Ext(base)
	if ext == "" {
		return FormatAuto
	}
	f, err := ParseFormat(ext)
	if err != nil || f == FormatBinary && ext != ".gkg" {
		return FormatAuto
	}
	return f
}

// ReadOptions controls [Read] and [ReadFile]. The zero value picks the
// format automatically, keeps every edge, and prints nothing.
type ReadOptions struct {
	// Format forces a format; FormatAuto chooses one from the name and
	// content.
	Format Format
	// Build is applied to the edges read, as [Build] does. For the binary
	// formats, FormatBinary and FormatEGR, the stored graph is used as is
	// unless an option is set, in which case it is rebuilt.
	Build BuildOptions
	// Progress, when not nil, receives progress lines while a large input
	// (64 MiB or more) is read and built.
	Progress io.Writer
	// VertexLimit, when positive, rejects input that declares or uses more
	// vertices than this with a *ParseError at the offending line or byte
	// offset. Use it to bound memory when reading untrusted files more
	// tightly than the memory check does, since a single edge
	// "0 2000000000" asks for a graph of two billion vertices.
	VertexLimit int
}

// vertexLimit returns the effective vertex limit of opt.
func (opt *ReadOptions) vertexLimit() int64 {
	if opt.VertexLimit > 0 && opt.VertexLimit < MaxVertices {
		return int64(opt.VertexLimit)
	}
	return MaxVertices
}

// ReadFile reads the graph stored in the file at path; see [Read] for how
// the format is chosen and what is returned. Errors opening the file are
// returned as they come from the os package; everything else is as for Read.
func ReadFile(path string, opt ReadOptions) (*CSR, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	return read(f, path, FormatAuto, opt, size)
}

// Read reads a graph from r. name is used in error messages and, with f and
// opt.Format both FormatAuto, to choose the format by extension; f, when not
// FormatAuto, overrides opt.Format. Input that starts with the gzip magic
// bytes is decompressed first, except for FormatEGR, which is decompressed
// only when name ends in ".gz" since an egr file may start with those bytes.
// When the format is still unknown the content decides: the binary magic
// means FormatBinary, a "%%MatrixMarket" banner FormatMTX, three columns
// FormatWEL, and otherwise a first line "n m" followed by exactly m edges
// with ids below n means FormatMS and anything else FormatEL. The content
// never selects FormatEGR, which has no magic number.
//
// Text formats are parsed in parallel on up to GOMAXPROCS goroutines and the
// edges are then turned into a CSR by [Build] with opt.Build. Read returns
// either a complete, valid graph or a nil graph and an error: malformed or
// inconsistent input yields a [*ParseError] naming the file and line (or byte
// offset for the binary formats). Read never panics on bad input. It may read
// r past the end of the graph data and is safe for concurrent use with
// distinct readers.
//
// Nor does the input decide how much memory Read takes. Before it allocates
// for a header's vertex and edge counts, and as the edges and ids of a text
// file arrive, Read compares the memory that reading and building the graph
// needs with what the process can have, and refuses a graph that does not fit
// with a *ParseError at the header's or the id's line (or byte offset) that
// wraps [ErrTooLarge] and says how much is needed and available. Where the
// input's size is known, a header that declares more edges than the rest of
// the input can hold reserves only what it can hold, and the shortfall is
// reported once the input ends.
func Read(r io.Reader, name string, f Format, opt ReadOptions) (*CSR, error) {
	return read(r, name, f, opt, -1)
}

func read(r io.Reader, name string, f Format, opt ReadOptions, size int64) (*CSR, error) {
	start := time.Now()
	counter := &countingReader{r: r}
	prog := newProgress(opt.Progress, name, size, counter)
	br := bufio.NewReaderSize(counter, 64<<10)
	sizeHint := size
	if l, ok := r.(interface{ Len() int }); ok && sizeHint < 0 {
		sizeHint = int64(l.Len())
	}
	limit := opt.vertexLimit()
	if f == FormatAuto {
		f = opt.Format
	}
	if f == FormatAuto {
		f = FormatOf(name)
	}
	// An egr file may start with the gzip magic bytes (any vertex count
	// whose low 16 bits are 0x8b1f does), so for that format only the name
	// says whether the input is compressed.
	gz := f != FormatEGR || strings.HasSuffix(strings.ToLower(name), ".gz")
	if magic, _ := br.Peek(2); gz && len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, &ParseError{File: name, Offset: 0, Msg: "bad gzip stream", Err: err}
		}
		br = bufio.NewReaderSize(zr, 64<<10)
		sizeHint = -1
	}
	var hdr []int64
	if f == FormatAuto {
		var err error
		if f, hdr, err = sniff(br, name); err != nil {
			return nil, err
		}
	}

	in := &input{name: name, prog: prog, size: sizeHint, limit: limit, build: opt.Build}
	var el *EdgeList
	var err error
	switch f {
	case FormatBinary, FormatEGR:
		var g *CSR
		if f == FormatBinary {
			g, err = readBinary(br, in)
		} else {
			g, err = readEGR(br, in)
		}
		if err != nil {
			return nil, err
		}
		buildStart := time.Now()
		if opt.Build != (BuildOptions{}) {
			if g, err = Build(g.EdgeList(), opt.Build); err != nil {
				return nil, fileErr(name, err, "rebuilding the graph")
			}
		}
		prog.built(g, time.Since(buildStart), time.Since(start))
		return g, nil
	case FormatMS:
		el, err = readMS(br, in)
	case FormatEL:
		if hdr != nil {
			el, err = readSniffedText(br, in, hdr)
		} else {
			el, err = readEdgeList(br, in, false)
		}
	case FormatWEL:
		el, err = readEdgeList(br, in, true)
	case FormatMTX:
		el, err = readMTX(br, in)
	default:
		return nil, fmt.Errorf("graph: %s: unknown format %v", name, f)
	}
	if err != nil {
		return nil, err
	}
	buildStart := time.Now()
	g, err := Build(el, opt.Build)
	if err != nil {
		return nil, fileErr(name, err, "building the graph")
	}
	prog.built(g, time.Since(buildStart), time.Since(start))
	return g, nil
}

// sniff decides the format of an input from its first bytes. For a text file
// whose first data line holds two integers it also returns them, since such
// a file may be either FormatMS or FormatEL.
func sniff(br *bufio.Reader, name string) (Format, []int64, error) {
	head, err := br.Peek(br.Size())
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return FormatAuto, nil, &ParseError{File: name, Offset: 0, Msg: "read failed", Err: err}
	}
	if bytes.HasPrefix(head, []byte(binaryMagic)) {
		return FormatBinary, nil, nil
	}
	var data [][]byte
	complete := !errors.Is(err, bufio.ErrBufferFull)
	for first := true; len(head) > 0 && len(data) < 2; first = false {
		var ln []byte
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			ln, head = head[:i], head[i+1:]
		} else if complete {
			ln, head = head, nil
		} else {
			break // a partial line: stop looking
		}
		ln = bytes.TrimRight(ln, "\r")
		if first && len(ln) >= 14 && strings.EqualFold(string(ln[:14]), "%%MatrixMarket") {
			return FormatMTX, nil, nil
		}
		t := bytes.TrimLeft(ln, " \t")
		if len(t) == 0 || t[0] == '#' || t[0] == '%' {
			continue
		}
		data = append(data, ln)
	}
	if len(data) == 0 {
		return FormatEL, nil, nil
	}
	if countFields(data[0]) == 3 || len(data) > 1 && countFields(data[1]) == 3 {
		return FormatWEL, nil, nil
	}
	if v, ok := headerInts(data[0], 2); ok {
		return FormatEL, v, nil
	}
	return FormatEL, nil, nil
}

// Write writes g to w in format f, which must not be FormatAuto. Edges are
// written in CSR order. FormatEL and FormatMS drop weights, FormatWEL
// requires them, and FormatMTX writes a "real" matrix for a weighted graph
// and a "pattern" one otherwise. Every format that stores weights stores
// finite ones only, as the readers accept nothing else: a NaN or infinite
// weight is an error. FormatEGR needs at least one vertex and at
// most 2^31-1 edges, and writes weights only when every one is an integer in
// the int32 range: other weights are an error, never rounded. Note that an
// edge list records no vertex count, so isolated vertices with the largest
// ids do not survive a round trip through FormatEL or FormatWEL, and that an
// egr file with no edges has no weights, so a weighted graph without edges
// reads back unweighted. Write returns an error, before writing anything, if
// g is not well formed, does not fit format f, or f is not a concrete
// format, and an error if w fails; it is safe to call concurrently on the
// same g.
func Write(w io.Writer, g *CSR, f Format) error {
	if err := g.Validate(); err != nil {
		return err
	}
	if f == FormatBinary || f == FormatWEL || f == FormatMTX {
		if err := checkFiniteWeights(g); err != nil {
			return err
		}
	}
	switch f {
	case FormatBinary:
		return writeBinary(w, g)
	case FormatEGR:
		return writeEGR(w, g)
	case FormatMS, FormatEL, FormatWEL, FormatMTX:
		return writeText(w, g, f)
	}
	return fmt.Errorf("graph: cannot write format %v", f)
}

// checkFiniteWeights returns an error naming the first edge of g whose weight
// is NaN or infinite, or nil if there is none.
func checkFiniteWeights(g *CSR) error {
	for i, x := range g.Weights {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			v, _ := slices.BinarySearchFunc(g.Offsets[1:], int64(i), func(o, i int64) int { return cmp.Compare(o, i+1) })
			return fmt.Errorf("graph: edge %d (%d -> %d) has weight %v: the graph formats store finite weights only", i, v, g.Adj[i], x)
		}
	}
	return nil
}

// WriteFile writes g to the file at path in format f; FormatAuto picks the
// format from the extension and fails if it is unknown. A path ending in
// ".gz" is gzip-compressed. The file is written under a temporary name in the
// same directory and renamed into place only when complete, so a failed
// write leaves no partial file behind. Errors are as for [Write], plus any
// from the file system.
func WriteFile(path string, g *CSR, f Format) error {
	if f == FormatAuto {
		if f = FormatOf(path); f == FormatAuto {
			return fmt.Errorf("graph: cannot tell the format of %q from its extension", path)
		}
	}
	if err := g.Validate(); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	var w io.Writer = tmp
	var zw *gzip.Writer
	if strings.HasSuffix(strings.ToLower(path), ".gz") {
		zw = gzip.NewWriter(tmp)
		w = zw
	}
	if err := Write(w, g, f); err != nil {
		return err
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return err
		}
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	ok = true
	return nil
}

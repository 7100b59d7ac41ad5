package graph_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// egrImage assembles an egr file by hand from its int32 fields, independently
// of the writer.
func egrImage(fields ...[]int32) []byte {
	var b []byte
	for _, f := range fields {
		for _, x := range f {
			b = binary.LittleEndian.AppendUint32(b, uint32(x))
		}
	}
	return b
}

// egrBytes writes g in the egr format or fails the test.
func egrBytes(t testing.TB, g *graph.CSR) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := graph.Write(&buf, g, graph.FormatEGR); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// egrSample is a 3-vertex graph with an empty neighbor list and weights at
// both ends of the int32 range. Its image is 48 bytes: the header at 0, the
// offsets at 8, the neighbor ids at 24 and the weights at 36.
func egrSample(weighted bool) *graph.CSR {
	var w [][]float64
	if weighted {
		w = [][]float64{{5, math.MinInt32}, {}, {math.MaxInt32}}
	}
	return csrOf([][]int32{{1, 2}, {}, {0}}, w)
}

var egrSampleImage = egrImage([]int32{3, 3}, []int32{0, 2, 2, 3}, []int32{1, 2, 0}, []int32{5, math.MinInt32, math.MaxInt32})

// egrPatch returns a copy of egrSampleImage with the int32 at byte offset off
// replaced by x.
func egrPatch(off int, x int32) []byte {
	b := bytes.Clone(egrSampleImage)
	binary.LittleEndian.PutUint32(b[off:], uint32(x))
	return b
}

// egrErrorCases lists malformed egr inputs and the exact error each must
// produce.
var egrErrorCases = []struct {
	name string
	in   []byte
	want string
}{
	{"empty", nil, "g.egr: byte offset 0: truncated file: input ends inside the header"},
	{"short header", egrSampleImage[:5], "g.egr: byte offset 5: truncated file: input ends inside the header"},
	{"no vertices", egrImage([]int32{0, 0}, []int32{0}), "g.egr: byte offset 0: vertex count 0 is not positive: an egr file has at least one vertex"},
	{"negative vertex count", egrPatch(0, -3), "g.egr: byte offset 0: vertex count -3 is not positive"},
	{"negative edge count", egrPatch(4, -5), "g.egr: byte offset 4: edge count -5 is negative"},
	{"no offsets", egrSampleImage[:8], "g.egr: byte offset 8: truncated file: input ends inside the offsets"},
	{"short offsets", egrSampleImage[:14], "g.egr: byte offset 14: truncated file: input ends inside the offsets"},
	{"first offset", egrPatch(8, 1), "g.egr: byte offset 8: first offset is 1, want 0"},
	{"negative first offset", egrPatch(8, -1), "g.egr: byte offset 8: first offset is -1, want 0"},
	{"decreasing", egrPatch(16, 1), "g.egr: byte offset 16: offset of vertex 2 is 1, below the previous offset 2"},
	{"negative offset", egrPatch(12, -2), "g.egr: byte offset 12: offset of vertex 1 is -2, below the previous offset 0"},
	{"last offset", egrPatch(20, 2), "g.egr: byte offset 20: last offset is 2 but the header declares 3 edges"},
	{"edge count", egrPatch(4, 2), "g.egr: byte offset 20: last offset is 3 but the header declares 2 edges"},
	// A header claiming two billion vertices over a short file: the bad
	// offset at byte 24 is found before the truncation, and no memory is
	// set aside for the claimed size.
	{"huge vertex count", egrPatch(0, math.MaxInt32), "g.egr: byte offset 24: offset of vertex 4 is 1, below the previous offset 3"},
	{"huge vertex count, truncated", egrPatch(0, math.MaxInt32)[:24], "g.egr: byte offset 24: truncated file: input ends inside the offsets"},
	{"bad offset before truncation", egrPatch(16, 1)[:22], "g.egr: byte offset 16: offset of vertex 2 is 1"},
	{"no adjacency", egrSampleImage[:24], "g.egr: byte offset 24: truncated file: input ends inside the adjacency array"},
	{"short adjacency", egrSampleImage[:30], "g.egr: byte offset 30: truncated file: input ends inside the adjacency array"},
	{"id range", egrPatch(28, 3), "g.egr: byte offset 28: edge 1 has destination 3 out of range [0, 3)"},
	{"negative id", egrPatch(24, -1), "g.egr: byte offset 24: edge 0 has destination -1 out of range [0, 3)"},
	{"bad id before truncation", egrPatch(28, 7)[:33], "g.egr: byte offset 28: edge 1 has destination 7"},
	{"one weight byte", egrSampleImage[:37], "g.egr: byte offset 37: truncated file: input ends inside the weights"},
	{"short weights", egrSampleImage[:44], "g.egr: byte offset 44: truncated file: input ends inside the weights"},
	{"trailing", append(bytes.Clone(egrSampleImage), 0), "g.egr: byte offset 48: unexpected data after the weights"},
	{"trailing weight", append(bytes.Clone(egrSampleImage), 1, 0, 0, 0), "g.egr: byte offset 48: unexpected data after the weights"},
	{"data after no edges", egrImage([]int32{2, 0}, []int32{0, 0, 0}, []int32{9}), "g.egr: byte offset 20: unexpected data after the adjacency array: a graph with no edges has no weights"},
}

func TestEGRErrors(t *testing.T) {
	for _, tc := range egrErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := graph.Read(bytes.NewReader(tc.in), "g.egr", graph.FormatAuto, graph.ReadOptions{})
			checkParseError(t, g, err, "g.egr", tc.want)
			// The same through an explicit format and a name with no
			// extension.
			g, err = graph.Read(bytes.NewReader(tc.in), "g.egr", graph.FormatEGR, graph.ReadOptions{})
			checkParseError(t, g, err, "g.egr", tc.want)
		})
	}
	// Every proper prefix of the weighted sample is rejected, except the one
	// that ends with the neighbor ids: that is the unweighted file.
	for k := range len(egrSampleImage) {
		g, err := graph.Read(bytes.NewReader(egrSampleImage[:k]), "g.egr", graph.FormatEGR, graph.ReadOptions{})
		if k == 36 {
			if err != nil || !g.Equal(egrSample(false)) {
				t.Fatalf("prefix of %d bytes: Read = %s, %v; want the unweighted sample", k, describe(g), err)
			}
			continue
		}
		if g != nil || err == nil || !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("prefix of %d bytes: Read = %s, %v", k, describe(g), err)
		}
	}
	// Any value of any byte gives a valid graph or a *ParseError, and a graph
	// read survives a round trip.
	for i := range len(egrSampleImage) {
		for v := range 256 {
			b := bytes.Clone(egrSampleImage)
			b[i] = byte(v)
			checkRead(t, b, "g.egr", graph.FormatEGR)
		}
	}
}

func TestEGRReadFailure(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, k := range []int{0, 5, 12, 30, 36, 40, 48} {
		r := io.MultiReader(bytes.NewReader(egrSampleImage[:k]), iotest.ErrReader(boom))
		g, err := graph.Read(r, "g.egr", graph.FormatAuto, graph.ReadOptions{})
		checkParseError(t, g, err, "g.egr", fmt.Sprintf("g.egr: byte offset %d: read failed: disk on fire", k))
		if !errors.Is(err, boom) {
			t.Errorf("after %d bytes: error %v does not wrap the reader's error", k, err)
		}
	}
}

func TestEGRLayout(t *testing.T) {
	want := egrSampleImage
	if got := egrBytes(t, egrSample(true)); !bytes.Equal(got, want) {
		t.Fatalf("weighted image\n got % x\nwant % x", got, want)
	}
	if got := egrBytes(t, egrSample(false)); !bytes.Equal(got, want[:36]) {
		t.Fatalf("unweighted image\n got % x\nwant % x", got, want[:36])
	}
	// One isolated vertex and nothing else.
	if got, want := egrBytes(t, csrOf(make([][]int32, 1), nil)), []byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}; !bytes.Equal(got, want) {
		t.Fatalf("single vertex: got % x, want % x", got, want)
	}
	g, err := graph.Read(bytes.NewReader(want), "g.egr", graph.FormatAuto, graph.ReadOptions{})
	if err != nil || !g.Equal(egrSample(true)) {
		t.Fatalf("Read = %s, %v", describe(g), err)
	}
}

func TestEGRRoundTrip(t *testing.T) {
	isolated := csrOf([][]int32{{}, {3, 0, 3}, {}, {1}, {}, {}}, nil) // unsorted, duplicates, trailing isolated vertices
	isolatedW := csrOf([][]int32{{}, {3, 0, 3}, {}, {1}, {}, {}}, [][]float64{{}, {-1, 0, 1e9}, {}, {-7}, {}, {}})
	tests := []struct {
		name string
		g    *graph.CSR
		want *graph.CSR // nil means g itself
	}{
		{"weighted", egrSample(true), nil},
		{"unweighted", egrSample(false), nil},
		{"isolated vertices", isolated, nil},
		{"isolated vertices weighted", isolatedW, nil},
		{"self loops", sampleGraph(false), nil},
		{"one vertex", csrOf(make([][]int32, 1), nil), nil},
		{"one self loop", csrOf([][]int32{{0}}, [][]float64{{-3}}), nil},
		{"no edges", csrOf(make([][]int32, 5), nil), nil},
		{"no edges weighted", csrOf(make([][]int32, 5), make([][]float64, 5)), csrOf(make([][]int32, 5), nil)},
		{"negative zero", csrOf([][]int32{{0}}, [][]float64{{math.Copysign(0, -1)}}), csrOf([][]int32{{0}}, [][]float64{{0}})},
		{"large", mustBuild(t, randomEdgeList(5000, 100000, true, 7), graph.BuildOptions{}), nil},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		want := tc.want
		if want == nil {
			want = tc.g
		}
		for _, ext := range []string{".egr", ".EGR", ".egr.gz"} {
			t.Run(tc.name+ext, func(t *testing.T) {
				path := filepath.Join(dir, "g"+ext)
				if err := graph.WriteFile(path, tc.g, graph.FormatAuto); err != nil {
					t.Fatal(err)
				}
				raw, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if gz := len(raw) > 2 && raw[0] == 0x1f && raw[1] == 0x8b; gz != strings.HasSuffix(ext, ".gz") {
					t.Fatalf("file %s: gzip-compressed is %v", ext, gz)
				}
				got, err := graph.ReadFile(path, graph.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(want) {
					t.Fatalf("read back %s\nwant %s", describe(got), describe(want))
				}
				// The format named explicitly, on a stream with no name.
				var buf bytes.Buffer
				if err := graph.Write(&buf, tc.g, graph.FormatEGR); err != nil {
					t.Fatal(err)
				}
				got, err = graph.Read(&buf, "stream", graph.FormatEGR, graph.ReadOptions{})
				if err != nil || !got.Equal(want) {
					t.Fatalf("Read(Write) = %s, %v\nwant %s", describe(got), err, describe(want))
				}
			})
		}
	}
}

// TestEGRGzipMagic reads an uncompressed egr file whose first bytes are a
// valid gzip header: 559903 is 0x88b1f, so the file starts 1f 8b 08 00.
func TestEGRGzipMagic(t *testing.T) {
	const n = 0x88b1f
	g := csrOf(make([][]int32, n), nil)
	g.Offsets[n-1], g.Offsets[n] = 0, 1
	g.Adj = []int32{7}
	b := egrBytes(t, g)
	if !bytes.HasPrefix(b, []byte{0x1f, 0x8b, 8, 0}) {
		t.Fatalf("image starts % x", b[:4])
	}
	for _, name := range []string{"g.egr", "stream"} {
		got, err := graph.Read(bytes.NewReader(b), name, graph.FormatEGR, graph.ReadOptions{})
		if err != nil || !got.Equal(g) {
			t.Fatalf("%s: Read = %v, %v", name, got, err)
		}
	}
	// Compressed, the same file reads back through a ".gz" name.
	dir := t.TempDir()
	path := filepath.Join(dir, "g.egr.gz")
	if err := graph.WriteFile(path, g, graph.FormatAuto); err != nil {
		t.Fatal(err)
	}
	if got, err := graph.ReadFile(path, graph.ReadOptions{}); err != nil || !got.Equal(g) {
		t.Fatalf("gzip: ReadFile = %v, %v", got, err)
	}
	// An uncompressed file with a ".gz" name is read as it is.
	if err := os.WriteFile(path, egrSampleImage, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := graph.ReadFile(path, graph.ReadOptions{}); err != nil || !got.Equal(egrSample(true)) {
		t.Fatalf("uncompressed .gz: ReadFile = %v, %v", got, err)
	}
}

// TestEGRNotSniffed checks that only the extension or an explicit format
// selects the egr format.
func TestEGRNotSniffed(t *testing.T) {
	want := egrSample(true)
	for _, tc := range []struct {
		name string
		f    graph.Format
		opt  graph.Format
		ok   bool
	}{
		{"g.egr", graph.FormatAuto, graph.FormatAuto, true},
		{"dir/G.Egr", graph.FormatAuto, graph.FormatAuto, true},
		{"g.dat", graph.FormatEGR, graph.FormatAuto, true},
		{"g.dat", graph.FormatAuto, graph.FormatEGR, true},
		{"g.el", graph.FormatAuto, graph.FormatEGR, true},
		{"g.dat", graph.FormatAuto, graph.FormatAuto, false},
		{"g", graph.FormatAuto, graph.FormatAuto, false},
		{"g.egr", graph.FormatBinary, graph.FormatAuto, false},
	} {
		g, err := graph.Read(bytes.NewReader(egrSampleImage), tc.name, tc.f, graph.ReadOptions{Format: tc.opt})
		if tc.ok {
			if err != nil || !g.Equal(want) {
				t.Errorf("%s, %v, ReadOptions.Format %v: Read = %s, %v", tc.name, tc.f, tc.opt, describe(g), err)
			}
			continue
		}
		var pe *graph.ParseError
		if g != nil || !errors.As(err, &pe) {
			t.Errorf("%s, %v, ReadOptions.Format %v: Read = %s, %v; want a *ParseError", tc.name, tc.f, tc.opt, describe(g), err)
		}
	}
	if graph.FormatOf("x.egr.gz") != graph.FormatEGR || graph.FormatOf("x.egrx") != graph.FormatAuto {
		t.Error("FormatOf does not map the .egr extension")
	}
}

func TestEGRReadOptions(t *testing.T) {
	in := egrImage([]int32{3, 5}, []int32{0, 3, 4, 5}, []int32{2, 0, 0, 1, 2}, []int32{4, 9, 3, 1, 8})
	// Without options the stored order, duplicates and self loops are kept.
	g, err := graph.Read(bytes.NewReader(in), "g.egr", graph.FormatAuto, graph.ReadOptions{})
	if want := csrOf([][]int32{{2, 0, 0}, {1}, {2}}, [][]float64{{4, 9, 3}, {1}, {8}}); err != nil || !g.Equal(want) {
		t.Fatalf("no options: %s, %v", describe(g), err)
	}
	g, err = graph.Read(bytes.NewReader(in), "g.egr", graph.FormatAuto,
		graph.ReadOptions{Build: graph.BuildOptions{Dedup: true, DropSelfLoops: true}})
	if want := csrOf([][]int32{{2}, {}, {}}, [][]float64{{4}, {}, {}}); err != nil || !g.Equal(want) {
		t.Fatalf("with options: %s, %v", describe(g), err)
	}
	g, err = graph.Read(bytes.NewReader(in), "g.egr", graph.FormatAuto,
		graph.ReadOptions{Build: graph.BuildOptions{Symmetrize: true, Dedup: true}})
	if want := csrOf([][]int32{{0, 2}, {1}, {0, 2}}, [][]float64{{3, 4}, {1}, {4, 8}}); err != nil || !g.Equal(want) {
		t.Fatalf("symmetrized: %s, %v", describe(g), err)
	}
	// The vertex limit is checked against the header.
	g, err = graph.Read(bytes.NewReader(in), "g.egr", graph.FormatAuto, graph.ReadOptions{VertexLimit: 2})
	checkParseError(t, g, err, "g.egr", "g.egr: byte offset 0: vertex count 3 exceeds the limit 2")
	if g, err = graph.Read(bytes.NewReader(in), "g.egr", graph.FormatAuto, graph.ReadOptions{VertexLimit: 3}); err != nil {
		t.Fatalf("a graph at the limit: %v", err)
	}
}

func TestEGRWriteErrors(t *testing.T) {
	one := func(w float64) *graph.CSR { return csrOf([][]int32{{0}, {0, 1}}, [][]float64{{1}, {2, w}}) }
	tests := []struct {
		name string
		g    *graph.CSR
		want string
	}{
		{"no vertices", &graph.CSR{}, "graph: the egr format cannot store a graph with no vertices"},
		{"fraction", one(0.5), "graph: the egr format stores edge weights as int32 integers, but edge 2 (1 -> 1) has weight 0.5, which is not an integer in [-2147483648, 2147483647]"},
		{"too large", one(math.MaxInt32 + 1), "edge 2 (1 -> 1) has weight 2.147483648e+09, which is not an integer"},
		{"too small", one(math.MinInt32 - 1), "edge 2 (1 -> 1) has weight -2.147483649e+09, which is not an integer"},
		{"tiny", one(5e-324), "has weight 5e-324, which is not an integer"},
		{"nan", one(math.NaN()), "has weight NaN, which is not an integer"},
		{"inf", one(math.Inf(-1)), "has weight -Inf, which is not an integer"},
		{"invalid graph", &graph.CSR{N: 1, Offsets: []int64{0, 1}, Adj: []int32{5}}, "graph: edge 0 has destination 5 out of range"},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := graph.Write(&buf, tc.g, graph.FormatEGR)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Write = %v, want an error containing %q", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("%d bytes written before the error", buf.Len())
			}
			path := filepath.Join(dir, "g.egr")
			if err := graph.WriteFile(path, tc.g, graph.FormatAuto); err == nil {
				t.Fatal("WriteFile succeeded")
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("failed WriteFile left a file: %v", err)
			}
		})
	}
	// Weights at the ends of the range are fine.
	var buf bytes.Buffer
	if err := graph.Write(&buf, one(math.MinInt32), graph.FormatEGR); err != nil {
		t.Errorf("weight -2^31: %v", err)
	}
	// Sizes beyond int32 cannot be built in a test, so the check is called
	// directly.
	for _, tc := range []struct {
		n    int
		m    int64
		want string
	}{
		{1, math.MaxInt32, ""},
		{math.MaxInt32, 0, ""},
		{0, 0, "no vertices"},
		{1, math.MaxInt32 + 1, "graph: the egr format stores at most 2147483647 edges, the graph has 2147483648"},
		{math.MaxInt32 + 1, 0, "graph: the egr format stores at most 2147483647 vertices, the graph has 2147483648"},
	} {
		err := graph.EGRCheckSize(tc.n, tc.m)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("size check (%d, %d) = %v, want %q", tc.n, tc.m, err, tc.want)
		}
	}
}

func FuzzReadEGR(f *testing.F) {
	f.Add(egrSampleImage)
	f.Add(egrSampleImage[:36])
	f.Add(egrBytes(f, sampleGraph(false)))
	f.Add(egrBytes(f, csrOf(make([][]int32, 1), nil)))
	f.Add(egrBytes(f, csrOf([][]int32{{0, 0}, {}}, [][]float64{{-1, 1}, {}})))
	for _, tc := range egrErrorCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, "f.egr", graph.FormatEGR) })
}

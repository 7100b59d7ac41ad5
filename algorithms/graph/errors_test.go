package graph_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gokkos/gokkos/algorithms/graph"
)

const (
	mmPattern = "%%MatrixMarket matrix coordinate pattern general\n"
	mmReal    = "%%MatrixMarket matrix coordinate real general\n"
	mmInt     = "%%MatrixMarket matrix coordinate integer general\n"
)

// textErrorCases lists malformed text inputs and the exact error each must
// produce; the file name carries the format.
var textErrorCases = []struct {
	name, file, in, want string
}{
	// Edge lists.
	{"el bad id", "g.el", "0 1\n1 x\n", `g.el:2: invalid vertex id "x"`},
	{"el bad suffix", "g.el", "0 1x\n", `g.el:1: invalid vertex id "1x"`},
	{"el negative", "g.el", "0 1\n-1 2\n", `g.el:2: negative vertex id -1`},
	{"el too large", "g.el", "0 2147483647\n", `g.el:1: vertex id 2147483647 too large (largest allowed is 2147483646)`},
	{"el overflow", "g.el", "99999999999999999999 1\n", `g.el:1: invalid vertex id "99999999999999999999"`},
	{"el missing dst", "g.el", "# c\n\n0 1\n1\t\n", `g.el:4: missing destination vertex id`},
	{"el missing dst at eof", "g.el", "0 1\n1", `g.el:2: missing destination vertex id`},
	{"el extra field", "g.el", "0 1 2\n", `g.el:1: unexpected extra field "2" (weighted edge lists use the .wel format)`},
	{"el crlf", "g.el", "0 1\r\n1 2\r\n3 a\r\n", `g.el:3: invalid vertex id "a"`},
	{"el stray cr", "g.el", "0 1\n2\r3\n", `g.el:2: missing destination vertex id`},
	{"el cr inside", "g.el", "0 1\r 2\n", `g.el:1: unexpected character '\r'`},
	{"el comment after data", "g.el", "0 1 # x\n", `g.el:1: unexpected extra field "#" (weighted edge lists use the .wel format)`},
	{"wel missing weight", "g.wel", "0 1 1\n0 1\n", `g.wel:2: missing weight`},
	{"wel bad weight", "g.wel", "0 1 abc\n", `g.wel:1: invalid weight "abc": want a finite decimal number`},
	{"wel nan", "g.wel", "0 1 1\n1 0 NaN\n", `g.wel:2: invalid weight "NaN": want a finite decimal number`},
	{"wel inf", "g.wel", "0 1 inf\n", `g.wel:1: invalid weight "inf": want a finite decimal number`},
	{"wel minus inf", "g.wel", "0 1 -Inf\n", `g.wel:1: invalid weight "-Inf": want a finite decimal number`},
	{"wel infinity", "g.wel", "0 1 +Infinity\n", `g.wel:1: invalid weight "+Infinity": want a finite decimal number`},
	{"wel overflow", "g.wel", "0 1 1e400\n", `g.wel:1: weight "1e400" is out of range: weights must be finite, at most 1.7976931348623157e+308 in magnitude`},
	{"wel negative overflow", "g.wel", "0 1 -2e308\n", `g.wel:1: weight "-2e308" is out of range`},
	{"wel underscore", "g.wel", "0 1 1_000\n", `g.wel:1: invalid weight "1_000": want a finite decimal number`},
	{"wel hex float", "g.wel", "0 1 0x1p3\n", `g.wel:1: invalid weight "0x1p3": want a finite decimal number`},
	{"wel bare exponent", "g.wel", "0 1 1e\n", `g.wel:1: invalid weight "1e": want a finite decimal number`},
	{"wel exponent sign only", "g.wel", "0 1 2.5E+\n", `g.wel:1: invalid weight "2.5E+": want a finite decimal number`},
	{"wel lone dot", "g.wel", "0 1 .\n", `g.wel:1: invalid weight ".": want a finite decimal number`},
	{"wel lone sign", "g.wel", "0 1 -\n", `g.wel:1: invalid weight "-": want a finite decimal number`},
	{"wel two signs", "g.wel", "0 1 +-1\n", `g.wel:1: invalid weight "+-1": want a finite decimal number`},
	{"wel long mantissa overflow", "g.wel", "0 1 " + strings.Repeat("9", 400) + "\n", `g.wel:1: weight "` + strings.Repeat("9", 37) + `..." is out of range`},
	{"wel extra", "g.wel", "0 1 1.5 7\n", `g.wel:1: unexpected extra field "7"`},
	{"wel long token", "g.wel", "0 1 " + strings.Repeat("z", 100) + "\n", `g.wel:1: invalid weight "` + strings.Repeat("z", 37) + `..."`},
	// .ms
	{"ms empty", "g.ms", "", `g.ms:1: missing header line "n m"`},
	{"ms only comments", "g.ms", "# a\n# b\n", `g.ms:3: missing header line "n m"`},
	{"ms short header", "g.ms", "3\n", `g.ms:1: malformed header "3": want two non-negative integers "n m"`},
	{"ms negative count", "g.ms", "3 -1\n", `g.ms:1: malformed header "3 -1": want two non-negative integers "n m"`},
	{"ms huge n", "g.ms", "3000000000 0\n", `g.ms:1: vertex count 3000000000 exceeds the maximum 2147483647`},
	{"ms too few", "g.ms", "3 2\n0 1\n", `g.ms:1: header declares 2 edges but the file has 1`},
	{"ms too many", "g.ms", "3 1\n0 1\n\n# c\n1 2\n", `g.ms:5: more edges than the 1 declared on line 1`},
	{"ms too many before a bad line", "g.ms", "3 0\n0 1\n1\n", `g.ms:2: more edges than the 0 declared on line 1`},
	{"ms id range", "g.ms", "3 2\n0 1\n1 3\n", `g.ms:3: vertex id 3 out of range [0, 3)`},
	{"ms negative id", "g.ms", "# c\n3 1\n0 -2\n", `g.ms:3: vertex id -2 out of range [0, 3)`},
	{"ms weight", "g.ms", "3 1\n0 1 5\n", `g.ms:2: unexpected extra field "5" (weighted edge lists use the .wel format)`},
	// .mtx
	{"mtx empty", "g.mtx", "", `g.mtx:1: empty file: missing %%MatrixMarket banner`},
	{"mtx no banner", "g.mtx", "3 3 1\n", `g.mtx:1: missing %%MatrixMarket banner, found "3 3 1"`},
	{"mtx array", "g.mtx", "%%MatrixMarket matrix array real general\n", `g.mtx:1: dense "array" matrices are not supported: a graph needs the "coordinate" format`},
	{"mtx complex", "g.mtx", "%%MatrixMarket matrix coordinate complex general\n", `g.mtx:1: complex matrices are not supported`},
	{"mtx hermitian", "g.mtx", "%%MatrixMarket matrix coordinate real hermitian\n", `g.mtx:1: hermitian matrices are not supported`},
	{"mtx skew", "g.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n", `g.mtx:1: skew-symmetric matrices are not supported`},
	{"mtx vector", "g.mtx", "%%MatrixMarket vector coordinate real general\n", `g.mtx:1: unsupported object "vector": only "matrix" is supported`},
	{"mtx short banner", "g.mtx", "%%MatrixMarket matrix coordinate real\n", `g.mtx:1: malformed banner "%%MatrixMarket matrix coordinate real": want`},
	{"mtx unknown field", "g.mtx", "%%MatrixMarket matrix coordinate quaternion general\n", `g.mtx:1: unknown field "quaternion"`},
	{"mtx unknown symmetry", "g.mtx", "%%MatrixMarket matrix coordinate real lopsided\n", `g.mtx:1: unknown symmetry "lopsided"`},
	{"mtx unknown format", "g.mtx", "%%MatrixMarket matrix sparse real general\n", `g.mtx:1: unknown format "sparse"`},
	{"mtx no size", "g.mtx", mmReal + "% only a comment\n", `g.mtx:3: missing size line "rows cols entries"`},
	{"mtx bad size", "g.mtx", mmReal + "3 3\n", `g.mtx:2: malformed size line "3 3": want three non-negative integers "rows cols entries"`},
	{"mtx not square", "g.mtx", mmReal + "% c\n3 4 1\n", `g.mtx:3: matrix is 3 x 4: a graph needs a square matrix`},
	{"mtx too few", "g.mtx", mmPattern + "3 3 2\n1 2\n", `g.mtx:2: size line declares 2 entries but the file has 1`},
	{"mtx too many", "g.mtx", mmPattern + "3 3 1\n1 2\n2 3\n", `g.mtx:4: more entries than the 1 declared on line 2`},
	{"mtx too many before a bad line", "g.mtx", mmPattern + "3 3 0\n1 2\n0 1\n", `g.mtx:3: more entries than the 0 declared on line 2`},
	{"mtx zero index", "g.mtx", mmPattern + "3 3 1\n0 2\n", `g.mtx:3: index 0 out of range [1, 3]`},
	{"mtx index too big", "g.mtx", mmPattern + "3 3 1\n1 4\n", `g.mtx:3: index 4 out of range [1, 3]`},
	{"mtx missing column", "g.mtx", mmPattern + "3 3 1\n1\n", `g.mtx:3: missing column index`},
	{"mtx missing value", "g.mtx", mmReal + "3 3 1\n1 2\n", `g.mtx:3: missing value`},
	{"mtx pattern value", "g.mtx", mmPattern + "3 3 1\n1 2 5\n", `g.mtx:3: unexpected extra field "5" (pattern matrices have no values)`},
	{"mtx real extra", "g.mtx", mmReal + "3 3 1\n1 2 5 6\n", `g.mtx:3: unexpected extra field "6"`},
	{"mtx integer value", "g.mtx", mmInt + "3 3 1\n1 2 2.5\n", `g.mtx:3: invalid integer value "2.5"`},
	{"mtx bad value", "g.mtx", mmReal + "3 3 1\n1 2 zz\n", `g.mtx:3: invalid value "zz": want a finite decimal number`},
	{"mtx nan", "g.mtx", mmReal + "3 3 1\n1 2 nan\n", `g.mtx:3: invalid value "nan": want a finite decimal number`},
	{"mtx inf", "g.mtx", mmReal + "3 3 2\n1 2 1\n2 3 -inf\n", `g.mtx:4: invalid value "-inf": want a finite decimal number`},
	{"mtx overflow", "g.mtx", mmReal + "3 3 1\n1 2 1.5e309\n", `g.mtx:3: value "1.5e309" is out of range`},
	{"mtx hex float", "g.mtx", mmReal + "3 3 1\n1 2 0X1.8P1\n", `g.mtx:3: invalid value "0X1.8P1": want a finite decimal number`},
	{"mtx symmetric overflow", "g.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 1\n2 1 1e999\n", `g.mtx:3: value "1e999" is out of range`},
	{"mtx bad index", "g.mtx", mmReal + "3 3 1\n1 b 1\n", `g.mtx:3: invalid index "b"`},
}

func TestTextErrors(t *testing.T) {
	for _, tc := range textErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := graph.Read(strings.NewReader(tc.in), tc.file, graph.FormatAuto, graph.ReadOptions{})
			checkParseError(t, g, err, tc.file, tc.want)
		})
	}
}

// TestTextErrorsAcrossBlocks repeats the error cases with tiny parse blocks,
// so that errors are found by parallel workers in later blocks, and with a
// long valid prefix in front of the bad line.
func TestTextErrorsAcrossBlocks(t *testing.T) {
	defer graph.SetTextBlockSize(16)()
	for _, tc := range textErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			g, err := graph.Read(strings.NewReader(tc.in), tc.file, graph.FormatAuto, graph.ReadOptions{})
			checkParseError(t, g, err, tc.file, tc.want)
		})
	}
	// A bad line deep in a large input reports its own line number, and the
	// earliest of several bad lines wins.
	var sb strings.Builder
	for range 5000 {
		sb.WriteString("12 34\n")
	}
	sb.WriteString("12 oops\n")
	for range 3000 {
		sb.WriteString("1 2\n")
	}
	sb.WriteString("bad\n")
	g, err := graph.Read(strings.NewReader(sb.String()), "big.el", graph.FormatAuto, graph.ReadOptions{})
	checkParseError(t, g, err, "big.el", `big.el:5001: invalid vertex id "oops"`)
}

func checkParseError(t *testing.T, g *graph.CSR, err error, file, want string) {
	t.Helper()
	if g != nil {
		t.Errorf("got a graph %v along with error %v", g, err)
	}
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	if !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %q\nwant   %q", err.Error(), want)
	}
	var pe *graph.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %T is not a *graph.ParseError", err)
	}
	if pe.File != file {
		t.Errorf("ParseError.File = %q, want %q", pe.File, file)
	}
}

func TestVertexLimit(t *testing.T) {
	tests := []struct{ file, in, want string }{
		{"g.el", "0 1\n1 10\n", "g.el:2: vertex id 10 too large (largest allowed is 9)"},
		{"g.wel", "0 1 1\n1 10 1\n", "g.wel:2: vertex id 10 too large (largest allowed is 9)"},
		{"g.ms", "11 0\n", "g.ms:1: vertex count 11 exceeds the limit 10"},
		{"g.mtx", mmPattern + "11 11 0\n", "g.mtx:2: vertex count 11 exceeds the limit 10"},
		{"g.txt", "20 1\n0 1\n", "g.txt:1: vertex count 20 exceeds the limit 10"},
		{"g.gkg", string(binaryBytes(t, csrOf(make([][]int32, 11), nil))), "g.gkg: byte offset 16: vertex count 11 exceeds the limit 10"},
		{"g.egr", string(egrBytes(t, csrOf(make([][]int32, 11), nil))), "g.egr: byte offset 0: vertex count 11 exceeds the limit 10"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			g, err := graph.Read(strings.NewReader(tc.in), tc.file, graph.FormatAuto, graph.ReadOptions{VertexLimit: 10})
			checkParseError(t, g, err, tc.file, tc.want)
		})
	}
	g, err := graph.Read(strings.NewReader("0 9\n"), "ok.el", graph.FormatAuto, graph.ReadOptions{VertexLimit: 10})
	if err != nil || g.N != 10 {
		t.Fatalf("a graph at the limit: %v, %v", g, err)
	}
}

func TestReadIOError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("0 1\n1 2\n"), iotest.ErrReader(boom))
	g, err := graph.Read(r, "x.el", graph.FormatAuto, graph.ReadOptions{})
	if g != nil || !errors.Is(err, boom) {
		t.Fatalf("Read = %v, %v; want the reader's error", g, err)
	}
	var pe *graph.ParseError
	if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), "x.el:") {
		t.Fatalf("error %v does not name the file", err)
	}
	// Truncated gzip data is an error too, not a shorter graph.
	var buf strings.Builder
	for i := range 1000 {
		buf.WriteString("0 ")
		buf.WriteString(strings.Repeat("1", 1+i%5))
		buf.WriteString("\n")
	}
	gz := gzipBytes(t, buf.String())
	g, err = graph.Read(strings.NewReader(string(gz[:len(gz)/2])), "x.el.gz", graph.FormatAuto, graph.ReadOptions{})
	if g != nil || err == nil {
		t.Fatalf("truncated gzip: Read = %v, %v", g, err)
	}
	g, err = graph.Read(strings.NewReader("\x1f\x8b garbage"), "x.el", graph.FormatAuto, graph.ReadOptions{})
	if g != nil || err == nil || !strings.HasPrefix(err.Error(), "x.el: byte offset 0: bad gzip stream") {
		t.Fatalf("bad gzip: Read = %v, %v", g, err)
	}
}

func TestParseErrorFormat(t *testing.T) {
	tests := []struct {
		e    graph.ParseError
		want string
	}{
		{graph.ParseError{File: "a", Line: 3, Msg: "m"}, "a:3: m"},
		{graph.ParseError{File: "a", Offset: 17, Msg: "m"}, "a: byte offset 17: m"},
		{graph.ParseError{File: "a", Offset: -1, Msg: "m"}, "a: m"},
		{graph.ParseError{File: "a", Offset: -1, Msg: "m", Err: io.ErrUnexpectedEOF}, "a: m: unexpected EOF"},
		{graph.ParseError{File: "a", Line: 1, Offset: -1, Err: io.EOF}, "a:1: EOF"},
	}
	for _, tc := range tests {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

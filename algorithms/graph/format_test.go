package graph_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
)

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in   string
		want graph.Format
		err  bool
	}{
		{"", graph.FormatAuto, false},
		{"auto", graph.FormatAuto, false},
		{"ms", graph.FormatMS, false},
		{".EL", graph.FormatEL, false},
		{"wel", graph.FormatWEL, false},
		{"MTX", graph.FormatMTX, false},
		{"gkg", graph.FormatBinary, false},
		{"binary", graph.FormatBinary, false},
		{"bin", graph.FormatBinary, false},
		{"egr", graph.FormatEGR, false},
		{".EGR", graph.FormatEGR, false},
		{"csv", graph.FormatAuto, true},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := graph.ParseFormat(tc.in)
			if got != tc.want || (err != nil) != tc.err {
				t.Fatalf("ParseFormat(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.err)
			}
		})
	}
	for f := graph.FormatAuto; f <= graph.FormatEGR; f++ {
		if back, err := graph.ParseFormat(f.String()); err != nil || back != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), back, err)
		}
		if f != graph.FormatAuto && graph.FormatOf("x"+f.Ext()) != f {
			t.Errorf("FormatOf(x%s) = %v, want %v", f.Ext(), graph.FormatOf("x"+f.Ext()), f)
		}
	}
	if s := graph.Format(42).String(); s != "Format(42)" {
		t.Errorf("String of a bad format = %q", s)
	}
	for name, want := range map[string]graph.Format{
		"a/b/web.el.gz": graph.FormatEL, "G.MTX": graph.FormatMTX, "x.txt": graph.FormatAuto,
		"noext": graph.FormatAuto, "x.bin": graph.FormatAuto, "dir.el/x": graph.FormatAuto,
		"g.egr": graph.FormatEGR, "a/G.EGR.GZ": graph.FormatEGR,
	} {
		if got := graph.FormatOf(name); got != want {
			t.Errorf("FormatOf(%q) = %v, want %v", name, got, want)
		}
	}
}

// sampleGraph has isolated vertices (2 and 5), a self loop, duplicate edges
// and awkward weights, and its last vertex has an edge so that edge lists
// keep the vertex count.
func sampleGraph(weighted bool) *graph.CSR {
	adj := [][]int32{{1, 3, 3}, {0, 1, 6}, {}, {6}, {0, 1, 2, 3, 4, 6}, {}, {0}}
	var w [][]float64
	if weighted {
		w = [][]float64{{0.1, -2.5, 7}, {1e300, 3, 1.0 / 3}, {}, {math.MaxFloat64}, {0, 1, 2, 3, 4, 5e-324}, {}, {123456789.125}}
	}
	return csrOf(adj, w)
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		ext      string
		weighted bool // whether the format keeps weights
	}{
		{".ms", false}, {".el", false}, {".wel", true}, {".mtx", true}, {".gkg", true},
		{".ms.gz", false}, {".el.gz", false}, {".wel.gz", true}, {".mtx.gz", true}, {".gkg.gz", true},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		for _, weighted := range []bool{true, false} {
			if strings.HasPrefix(tc.ext, ".wel") && !weighted {
				continue
			}
			name := strings.TrimPrefix(tc.ext, ".")
			if weighted {
				name += "/weighted"
			}
			t.Run(name, func(t *testing.T) {
				g := sampleGraph(weighted)
				want := g
				if weighted && !tc.weighted {
					want = sampleGraph(false)
				}
				path := filepath.Join(dir, "g"+tc.ext)
				if err := graph.WriteFile(path, g, graph.FormatAuto); err != nil {
					t.Fatal(err)
				}
				got, err := graph.ReadFile(path, graph.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(want) {
					t.Fatalf("read back %s\nwant %s", describe(got), describe(want))
				}
				// Through Read and Write with the format forced and an
				// uninformative name.
				f := graph.FormatOf(path)
				var buf bytes.Buffer
				if err := graph.Write(&buf, g, f); err != nil {
					t.Fatal(err)
				}
				got, err = graph.Read(&buf, "stream", f, graph.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(want) {
					t.Fatalf("Read(Write) = %s\nwant %s", describe(got), describe(want))
				}
			})
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestRoundTripEmpty(t *testing.T) {
	for _, f := range []graph.Format{graph.FormatMS, graph.FormatEL, graph.FormatMTX, graph.FormatBinary} {
		for _, n := range []int{0, 4} {
			g := csrOf(make([][]int32, n), nil)
			var buf bytes.Buffer
			if err := graph.Write(&buf, g, f); err != nil {
				t.Fatal(err)
			}
			got, err := graph.Read(&buf, "x", f, graph.ReadOptions{})
			if err != nil {
				t.Fatalf("%v n=%d: %v", f, n, err)
			}
			wantN := n
			if f == graph.FormatEL {
				wantN = 0 // an edge list records no vertex count
			}
			if got.N != wantN || got.NumEdges() != 0 || got.Validate() != nil {
				t.Errorf("%v n=%d: read back %s", f, n, describe(got))
			}
		}
	}
}

func TestWriteErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := graph.Write(&buf, sampleGraph(false), graph.FormatWEL); err == nil || !strings.Contains(err.Error(), "needs a weighted graph") {
		t.Errorf("Write(unweighted, wel) = %v", err)
	}
	if err := graph.Write(&buf, sampleGraph(false), graph.FormatAuto); err == nil {
		t.Error("Write with FormatAuto succeeded")
	}
	bad := &graph.CSR{N: 1, Offsets: []int64{0, 1}, Adj: []int32{5}}
	if err := graph.Write(&buf, bad, graph.FormatEL); err == nil {
		t.Error("Write of an invalid graph succeeded")
	}
	dir := t.TempDir()
	if err := graph.WriteFile(filepath.Join(dir, "g.unknown"), sampleGraph(false), graph.FormatAuto); err == nil {
		t.Error("WriteFile with an unknown extension succeeded")
	}
	if err := graph.WriteFile(filepath.Join(dir, "g.wel"), sampleGraph(false), graph.FormatAuto); err == nil {
		t.Error("WriteFile(unweighted .wel) succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "g.wel")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("failed WriteFile left a file: %v", err)
	}
	if err := graph.WriteFile(filepath.Join(dir, "missing", "g.el"), sampleGraph(false), graph.FormatAuto); err == nil {
		t.Error("WriteFile into a missing directory succeeded")
	}
	// An explicit format overrides the extension.
	p := filepath.Join(dir, "g.data")
	if err := graph.WriteFile(p, sampleGraph(true), graph.FormatBinary); err != nil {
		t.Fatal(err)
	}
	got, err := graph.ReadFile(p, graph.ReadOptions{})
	if err != nil || !got.Equal(sampleGraph(true)) {
		t.Errorf("sniffed binary read back %s, %v", describe(got), err)
	}
	if _, err := graph.ReadFile(filepath.Join(dir, "nope.el"), graph.ReadOptions{}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile of a missing file = %v", err)
	}
}

func TestSniff(t *testing.T) {
	tests := []struct {
		name string
		in   string
		adj  [][]int32
		w    [][]float64
	}{
		{"ms", "3 2\n0 1\n2 1\n", [][]int32{{1}, {}, {1}}, nil},
		{"ms with comments", "# hello\n\n3 2\n0 1\n% c\n2 1\n", [][]int32{{1}, {}, {1}}, nil},
		{"el: count mismatch", "3 3\n0 1\n2 1\n", [][]int32{{1}, {}, {1}, {3}}, nil},
		{"el: id beyond header", "3 2\n0 1\n5 1\n", [][]int32{{1}, {}, {}, {2}, {}, {1}}, nil},
		{"el: snap", "# Directed graph\n# FromNodeId\tToNodeId\n0\t1\n1\t2\n", [][]int32{{1}, {2}, {}}, nil},
		{"wel", "0 1 0.5\n1 0 2\n", [][]int32{{1}, {0}}, [][]float64{{0.5}, {2}}},
		{"mtx", "%%matrixmarket matrix coordinate pattern general\n2 2 1\n2 1\n", [][]int32{{}, {0}}, nil},
		{"empty", "", [][]int32{}, nil},
		{"ms header too large for an edge", "3000000000 0\n", nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var gz bytes.Buffer
			zw := gzip.NewWriter(&gz)
			zw.Write([]byte(tc.in))
			zw.Close()
			for _, in := range [][]byte{[]byte(tc.in), gz.Bytes()} {
				g, err := graph.Read(bytes.NewReader(in), "data.txt", graph.FormatAuto, graph.ReadOptions{})
				if tc.adj == nil {
					if err == nil || !strings.Contains(err.Error(), "data.txt:1: vertex count 3000000000 exceeds") {
						t.Fatalf("Read = %v, want a vertex count error", err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if want := csrOf(tc.adj, tc.w); !g.Equal(want) {
					t.Fatalf("got %s\nwant %s", describe(g), describe(want))
				}
			}
		})
	}
}

func TestReadBuildOptions(t *testing.T) {
	in := "0 1\n1 0\n1 1\n0 1\n"
	g, err := graph.Read(strings.NewReader(in), "x.el", graph.FormatAuto,
		graph.ReadOptions{Build: graph.BuildOptions{Dedup: true, DropSelfLoops: true, Symmetrize: true}})
	if err != nil {
		t.Fatal(err)
	}
	if want := csrOf([][]int32{{1}, {0}}, nil); !g.Equal(want) {
		t.Fatalf("got %s", describe(g))
	}
	// Options apply to binary input as well.
	var buf bytes.Buffer
	graph.Write(&buf, csrOf([][]int32{{1, 1}, {1}}, nil), graph.FormatBinary)
	g, err = graph.Read(&buf, "x.gkg", graph.FormatAuto, graph.ReadOptions{Build: graph.BuildOptions{Dedup: true, DropSelfLoops: true}})
	if err != nil {
		t.Fatal(err)
	}
	if want := csrOf([][]int32{{1}, {}}, nil); !g.Equal(want) {
		t.Fatalf("binary with options: got %s", describe(g))
	}
	// The format argument beats ReadOptions.Format, which beats the name.
	g, err = graph.Read(strings.NewReader("2 1\n0 1\n"), "x.el", graph.FormatAuto, graph.ReadOptions{Format: graph.FormatMS})
	if err != nil || g.N != 2 || g.NumEdges() != 1 {
		t.Fatalf("ReadOptions.Format ignored: %s, %v", describe(g), err)
	}
	g, err = graph.Read(strings.NewReader("2 1\n0 1\n"), "x.ms", graph.FormatEL, graph.ReadOptions{Format: graph.FormatMS})
	if err != nil || g.N != 3 || g.NumEdges() != 2 {
		t.Fatalf("format argument ignored: %s, %v", describe(g), err)
	}
}

func TestProgress(t *testing.T) {
	defer graph.SetProgressThresholds(1, 100)()
	defer graph.SetTextBlockSize(64)()
	var sb strings.Builder
	for i := range 200 {
		sb.WriteString("1 ")
		sb.WriteString(string(rune('0' + i%10)))
		sb.WriteString("\n")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "g.el")
	os.WriteFile(p, []byte(sb.String()), 0o644)
	var out bytes.Buffer
	if _, err := graph.ReadFile(p, graph.ReadOptions{Progress: &out}); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"graph: reading " + p + ":", "% (", "graph: read " + p + ": ", "200 edges", "graph: built CSR{N: 10, M: 200, unweighted}"} {
		if !strings.Contains(s, want) {
			t.Errorf("progress output lacks %q:\n%s", want, s)
		}
	}
	out.Reset()
	if _, err := graph.Read(strings.NewReader(sb.String()), "s.el", graph.FormatAuto, graph.ReadOptions{Progress: &out}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "graph: reading s.el: ") {
		t.Errorf("progress for a stream of unknown size:\n%s", out.String())
	}
	// Small inputs stay quiet with the default threshold.
	graph.SetProgressThresholds(64<<20, 256<<20)
	out.Reset()
	graph.ReadFile(p, graph.ReadOptions{Progress: &out})
	if out.Len() != 0 {
		t.Errorf("progress printed for a small file:\n%s", out.String())
	}
}

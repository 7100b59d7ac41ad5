package graph_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// checkRead is the property every reader must have on any input: no panic,
// either a valid graph or a *ParseError naming the file with no graph, the
// same outcome whatever the parse block size, and a graph that survives a
// write and read in the same format.
func checkRead(t *testing.T, data []byte, name string, f graph.Format) {
	// The limit keeps inputs such as "0 2000000000" from asking for
	// gigabytes.
	opt := graph.ReadOptions{VertexLimit: 1 << 16}
	g, err := graph.Read(bytes.NewReader(data), name, f, opt)
	if err != nil {
		if g != nil {
			t.Fatalf("graph %v returned with error %v", g, err)
		}
		var pe *graph.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("error %T %v is not a *graph.ParseError", err, err)
		}
		if pe.File != name || !strings.HasPrefix(err.Error(), name+":") {
			t.Fatalf("error %q does not name %q", err, name)
		}
	} else if verr := g.Validate(); verr != nil {
		t.Fatalf("invalid graph: %v", verr)
	}

	if f != graph.FormatBinary && f != graph.FormatEGR {
		restore := graph.SetTextBlockSize(7)
		g2, err2 := graph.Read(bytes.NewReader(data), name, f, opt)
		restore()
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) {
			t.Fatalf("small blocks changed the outcome: %v vs %v", err, err2)
		}
		if err == nil && !g.Equal(g2) {
			t.Fatalf("small blocks changed the graph: %s vs %s", describe(g), describe(g2))
		}
	}
	if err != nil {
		return
	}

	wf := f
	if wf == graph.FormatAuto {
		wf = graph.FormatBinary
	}
	if wf == graph.FormatWEL && !g.Weighted() {
		return
	}
	var buf bytes.Buffer
	if err := graph.Write(&buf, g, wf); err != nil {
		t.Fatalf("Write(%v): %v", wf, err)
	}
	back, err := graph.Read(&buf, "again", wf, opt)
	if err != nil {
		t.Fatalf("reading back %v: %v", wf, err)
	}
	if wf == graph.FormatEL || wf == graph.FormatWEL {
		// Edge lists lose trailing isolated vertices.
		if back.N > g.N || !slices.Equal(back.Adj, g.Adj) || !slices.Equal(back.Offsets, g.Offsets[:back.N+1]) {
			t.Fatalf("edge list round trip: %s vs %s", describe(back), describe(g))
		}
		return
	}
	if wf == graph.FormatMS {
		g.Weights = nil
	}
	if !back.Equal(g) {
		t.Fatalf("round trip through %v: %s vs %s", wf, describe(back), describe(g))
	}
}

func addTextSeeds(f *testing.F, suffix string, extra ...string) {
	for _, tc := range textErrorCases {
		if strings.HasSuffix(tc.file, suffix) {
			f.Add([]byte(tc.in))
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

func FuzzReadEL(f *testing.F) {
	addTextSeeds(f, ".el", "", "0 1\n1 2\n2 0\n", "# c\n% d\n\n 3\t4 \r\n", "5 5\n5 5", "+1 -0\n")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, "f.el", graph.FormatEL) })
}

func FuzzReadWEL(f *testing.F) {
	addTextSeeds(f, ".wel", "0 1 0.5\n1 0 -2e3\n", "0 0 inf\n1 1 NaN\n", "2 3 1.0000000000000002\n", "0 1 .5\n0 1 -.5e-2\n")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, "f.wel", graph.FormatWEL) })
}

func FuzzReadMS(f *testing.F) {
	addTextSeeds(f, ".ms", "3 3\n0 1\n1 2\n2 0\n", "0 0\n", "2 1\n\n# x\n1 1\n")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, "f.ms", graph.FormatMS) })
}

func FuzzReadMTX(f *testing.F) {
	addTextSeeds(f, ".mtx",
		mmReal+"3 3 2\n1 2 0.5\n3 1 2\n",
		"%%MatrixMarket matrix coordinate integer symmetric\n% c\n4 4 3\n1 1 5\n2 1 -3\n4 3 7\n",
		"%%MatrixMarket matrix coordinate pattern symmetric\n2 2 1\n2 1\n",
		"%%MatrixMarket matrix coordinate real general\n0 0 0\n")
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, "f.mtx", graph.FormatMTX) })
}

func FuzzReadBinary(f *testing.F) {
	f.Add(binaryBytes(f, sampleGraph(true)))
	f.Add(binaryBytes(f, sampleGraph(false)))
	f.Add(binaryBytes(f, &graph.CSR{}))
	f.Add([]byte("GKKGRAPH"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, "f.gkg", graph.FormatBinary) })
}

func FuzzReadAuto(f *testing.F) {
	addTextSeeds(f, "", "3 2\n0 1\n2 1\n", "0 1 2.5\n")
	f.Add(binaryBytes(f, sampleGraph(true)))
	f.Add(gzipBytes(f, "0 1\n1 0\n"))
	f.Add(egrSampleImage)
	f.Fuzz(func(t *testing.T, data []byte) { checkRead(t, data, "f.dat", graph.FormatAuto) })
}

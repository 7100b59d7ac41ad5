package graph_test

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// benchGraph is an R-MAT graph of scale 18 and edge factor 16 (4.2M edges),
// whose edge list takes about 55 MB of text.
var benchGraph = sync.OnceValue(func() *graph.CSR {
	el := graph.RMAT(18, 16, 1)
	graph.AddRandomWeights(el, 1, 1000, true, 2)
	g, err := graph.Build(el, graph.BuildOptions{})
	if err != nil {
		panic(err)
	}
	return g
})

var benchFiles sync.Map // Format -> []byte

func benchFile(b *testing.B, f graph.Format) []byte {
	if data, ok := benchFiles.Load(f); ok {
		return data.([]byte)
	}
	var buf bytes.Buffer
	g := benchGraph()
	if f == graph.FormatEL || f == graph.FormatMS {
		g = &graph.CSR{N: g.N, Offsets: g.Offsets, Adj: g.Adj}
	}
	if err := graph.Write(&buf, g, f); err != nil {
		b.Fatal(err)
	}
	benchFiles.Store(f, buf.Bytes())
	return buf.Bytes()
}

// reportRate adds MB/s and million edges per second computed from the
// benchmark's own timing.
func reportRate(b *testing.B, bytesPerOp, edgesPerOp int64, start time.Time) {
	sec := time.Since(start).Seconds()
	if sec <= 0 || b.N == 0 {
		return
	}
	b.ReportMetric(float64(bytesPerOp)*float64(b.N)/1e6/sec, "MB/s")
	b.ReportMetric(float64(edgesPerOp)*float64(b.N)/1e6/sec, "Medges/s")
}

func benchRead(b *testing.B, f graph.Format) {
	data := benchFile(b, f)
	m := benchGraph().NumEdges()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		g, err := graph.Read(bytes.NewReader(data), "bench", f, graph.ReadOptions{})
		if err != nil || g.NumEdges() != m {
			b.Fatal(err)
		}
	}
	reportRate(b, int64(len(data)), m, start)
}

// BenchmarkReadEL reads a ~55 MB ".el" file into a CSR (parse and build).
func BenchmarkReadEL(b *testing.B) { benchRead(b, graph.FormatEL) }

// BenchmarkReadMTX reads the same graph as a weighted ".mtx" file.
func BenchmarkReadMTX(b *testing.B) { benchRead(b, graph.FormatMTX) }

// BenchmarkReadWEL reads the same graph as a ".wel" file.
func BenchmarkReadWEL(b *testing.B) { benchRead(b, graph.FormatWEL) }

// BenchmarkReadBinary reads the same graph in the binary format.
func BenchmarkReadBinary(b *testing.B) { benchRead(b, graph.FormatBinary) }

func benchParse(b *testing.B, f graph.Format) {
	data := benchFile(b, f)
	m := benchGraph().NumEdges()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		el, err := graph.ParseEdgeList(bytes.NewReader(data), f == graph.FormatWEL)
		if err != nil || int64(el.Len()) != m {
			b.Fatal(err)
		}
	}
	reportRate(b, int64(len(data)), m, start)
}

// BenchmarkParseEL measures the ".el" parser alone, without building.
func BenchmarkParseEL(b *testing.B) { benchParse(b, graph.FormatEL) }

// BenchmarkParseWEL measures the ".wel" parser alone, without building.
func BenchmarkParseWEL(b *testing.B) { benchParse(b, graph.FormatWEL) }

func BenchmarkWriteEL(b *testing.B) {
	g := benchGraph()
	g = &graph.CSR{N: g.N, Offsets: g.Offsets, Adj: g.Adj}
	var buf bytes.Buffer
	start := time.Now()
	for b.Loop() {
		buf.Reset()
		if err := graph.Write(&buf, g, graph.FormatEL); err != nil {
			b.Fatal(err)
		}
	}
	reportRate(b, int64(buf.Len()), g.NumEdges(), start)
}

func BenchmarkBuild(b *testing.B) {
	el := graph.RMAT(20, 16, 3)
	start := time.Now()
	for b.Loop() {
		if _, err := graph.Build(el, graph.BuildOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportRate(b, 0, int64(el.Len()), start)
}

func BenchmarkBuildDedupSymmetrize(b *testing.B) {
	el := graph.RMAT(20, 16, 3)
	start := time.Now()
	for b.Loop() {
		if _, err := graph.Build(el, graph.BuildOptions{Dedup: true, Symmetrize: true, DropSelfLoops: true}); err != nil {
			b.Fatal(err)
		}
	}
	reportRate(b, 0, int64(el.Len()), start)
}

func BenchmarkTranspose(b *testing.B) {
	g := benchGraph()
	start := time.Now()
	for b.Loop() {
		g.Transpose()
	}
	reportRate(b, 0, g.NumEdges(), start)
}

func BenchmarkRMAT(b *testing.B) {
	start := time.Now()
	for b.Loop() {
		graph.RMAT(20, 16, 1)
	}
	reportRate(b, 0, 16<<20, start)
}

package graph_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/internal/memlimit"
)

// TestWeightSyntax reads weights that are finite decimal numbers, in every
// form the fast and the slow path take, and checks them against
// strconv.ParseFloat.
func TestWeightSyntax(t *testing.T) {
	for _, s := range []string{
		"0", "-0", "+3", "7", "5.", ".5", "-.5e-2", "1E5", "1e+300", "2.5e-3",
		"1.7976931348623157e308", "-1.7976931348623157e308", "1e-400", "5e-324",
		"1.0000000000000002", "123456789012345678", "0.1", "000012.50",
	} {
		t.Run(s, func(t *testing.T) {
			want, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := graph.ScanFloat(s); !ok || math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("ScanFloat(%q) = %v, %v; want %v", s, got, ok, want)
			}
			for _, f := range []struct{ name, data string }{
				{"g.wel", "0 1 " + s + "\n"},
				{"g.mtx", mmReal + "2 2 1\n1 2 " + s + "\n"},
			} {
				g, err := graph.Read(strings.NewReader(f.data), f.name, graph.FormatAuto, graph.ReadOptions{})
				if err != nil {
					t.Fatalf("%s: %v", f.name, err)
				}
				if math.Float64bits(g.Weights[0]) != math.Float64bits(want) {
					t.Errorf("%s: weight %v, want %v", f.name, g.Weights[0], want)
				}
			}
		})
	}
	for _, s := range []string{"inf", "NaN", "-Inf", "1e400", "1_0", "0x10", "0x1p3", "1e", ".", "", "+", "1.2.3", "1e5.5", "--1", "١"} {
		if v, ok := graph.ScanFloat(s); ok {
			t.Errorf("ScanFloat(%q) = %v, want a rejection", s, v)
		}
	}
}

// TestWriteNonFiniteWeights checks that the formats that store weights
// refuse NaN and infinities, before writing anything, and that those that
// drop weights do not care.
func TestWriteNonFiniteWeights(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		g := csrOf([][]int32{{1}, {}, {0, 1}}, [][]float64{{1}, {}, {2, x}})
		for _, f := range []graph.Format{graph.FormatWEL, graph.FormatMTX, graph.FormatBinary, graph.FormatEL, graph.FormatMS} {
			t.Run(fmt.Sprintf("%v/%v", x, f), func(t *testing.T) {
				var buf bytes.Buffer
				err := graph.Write(&buf, g, f)
				if f == graph.FormatEL || f == graph.FormatMS {
					if err != nil {
						t.Fatalf("Write: %v", err)
					}
					return
				}
				want := fmt.Sprintf("graph: edge 2 (2 -> 1) has weight %v: the graph formats store finite weights only", x)
				if err == nil || err.Error() != want {
					t.Fatalf("Write = %v, want %q", err, want)
				}
				if buf.Len() != 0 {
					t.Errorf("Write wrote %d bytes before failing", buf.Len())
				}
			})
		}
	}
}

// noLen hides the length of a reader, as a pipe or a gzip stream does.
type noLen struct{ r io.Reader }

func (n noLen) Read(p []byte) (int, error) { return n.r.Read(p) }

// binaryHeader returns the header of a binary (gkg) file declaring n
// vertices and m edges, with nothing after it.
func binaryHeader(n, m uint64) []byte {
	b := []byte("GKKGRAPH")
	b = binary.LittleEndian.AppendUint32(b, 1)
	b = binary.LittleEndian.AppendUint32(b, 0)
	b = binary.LittleEndian.AppendUint64(b, n)
	return binary.LittleEndian.AppendUint64(b, m)
}

// egrHeader returns the header of an egr file declaring n vertices and m
// edges, with nothing after it.
func egrHeader(n, m int32) []byte {
	return binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, uint32(n)), uint32(m))
}

const budgetSuffix = " but 512 MiB are available (RLIMIT_AS)"

// memoryCases are inputs too large for a budget of 512 MiB and the start of
// the error each must give; every such error ends in budgetSuffix.
var memoryCases = []struct {
	name, file string
	in         string
	stream     bool // hide the input's length
	want       string
}{
	{"ms header", "g.ms", "268435456 0\n", false,
		"g.ms:1: header declares 268435456 vertices and 0 edges: reading and building the graph needs "},
	{"ms most vertices", "g.ms", "2147483647 0", false,
		"g.ms:1: header declares 2147483647 vertices and 0 edges: reading and building the graph needs "},
	{"ms header after comments", "g.ms", "# c\n\n268435456 2\n0 1\n1 0\n", false,
		"g.ms:3: header declares 268435456 vertices and 2 edges: "},
	{"ms edges of a stream", "g.ms", "3 100000000\n0 1\n", true,
		"g.ms:1: header declares 3 vertices and 100000000 edges: "},
	{"mtx size line", "g.mtx", mmPattern + "% c\n268435456 268435456 0\n", false,
		"g.mtx:3: size line declares 268435456 vertices and 0 entries: "},
	{"mtx entries of a stream", "g.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 50000000\n1 2 1\n", true,
		"g.mtx:2: size line declares 3 vertices and 50000000 entries: "},
	{"el large id", "g.el", "0 1\n# c\n1 2147483646\n2 0\n", false,
		"g.el:3: vertex id 2147483646 makes a graph of 2147483647 vertices and 3 edges: reading and building the graph needs "},
	{"wel large id", "g.wel", "5 1 0.5\n300000000 1 2\n", true,
		"g.wel:2: vertex id 300000000 makes a graph of 300000001 vertices and 2 edges: "},
	{"sniffed edge list", "g.txt", "0 1\n2000000000 3\n", false,
		"g.txt:2: vertex id 2000000000 makes a graph of 2000000001 vertices and 2 edges: "},
	{"gkg stream", "g.gkg", string(binaryHeader(1<<28, 0)), true,
		"g.gkg: byte offset 16: header declares 268435456 vertices and 0 edges: reading the graph needs "},
	{"egr stream", "g.egr", string(egrHeader(math.MaxInt32, 5)), true,
		"g.egr: byte offset 0: header declares 2147483647 vertices and 5 edges: reading the graph needs "},
}

// TestMemoryBudget checks that input needing more memory than a budget of
// 512 MiB is refused at its line or byte offset, before the allocation, with
// an error that wraps ErrTooLarge.
func TestMemoryBudget(t *testing.T) {
	defer graph.SetMemoryBudget(512<<20, "RLIMIT_AS")()
	for _, tc := range memoryCases {
		t.Run(tc.name, func(t *testing.T) {
			var r io.Reader = strings.NewReader(tc.in)
			if tc.stream {
				r = noLen{r}
			}
			g, err := graph.Read(r, tc.file, graph.FormatAuto, graph.ReadOptions{})
			checkParseError(t, g, err, tc.file, tc.want)
			if !strings.HasSuffix(err.Error(), budgetSuffix) || !errors.Is(err, graph.ErrTooLarge) {
				t.Errorf("error %q does not end in %q or does not wrap ErrTooLarge", err, budgetSuffix)
			}
		})
	}
}

// TestMemoryBudgetAcrossBlocks checks that an id found by a later parse
// block is reported at its own line.
func TestMemoryBudgetAcrossBlocks(t *testing.T) {
	defer graph.SetMemoryBudget(512<<20, "RLIMIT_AS")()
	defer graph.SetTextBlockSize(16)()
	var sb strings.Builder
	for i := range 100 {
		fmt.Fprintf(&sb, "%d %d\n", i, i+1)
	}
	sb.WriteString("7 1500000000\n0 1\n")
	g, err := graph.Read(strings.NewReader(sb.String()), "big.el", graph.FormatAuto, graph.ReadOptions{})
	checkParseError(t, g, err, "big.el", "big.el:101: vertex id 1500000000 makes a graph of 1500000001 vertices and ")
}

// TestMemoryBudgetTrustsNoHeader checks that a header declaring more edges
// than a file of known size can hold is not taken at its word: the read
// goes on and reports the shortfall, rather than a memory error.
func TestMemoryBudgetTrustsNoHeader(t *testing.T) {
	defer graph.SetMemoryBudget(512<<20, "RLIMIT_AS")()
	tests := []struct{ name, file, in, want string }{
		{"ms", "g.ms", "3 100000000\n0 1\n", "g.ms:1: header declares 100000000 edges but the file has 1"},
		{"mtx", "g.mtx", mmReal + "3 3 100000000\n1 2 1\n", "g.mtx:2: size line declares 100000000 entries but the file has 1"},
		{"gkg", "g.gkg", string(binaryHeader(1<<28, 1<<30)), "g.gkg: byte offset 32: truncated file: input ends inside the offsets"},
		{"egr", "g.egr", string(egrHeader(math.MaxInt32, 5)), "g.egr: byte offset 8: truncated file: input ends inside the offsets"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := graph.Read(strings.NewReader(tc.in), tc.file, graph.FormatAuto, graph.ReadOptions{})
			checkParseError(t, g, err, tc.file, tc.want)
		})
	}
	// Small graphs need no budget at all.
	defer graph.SetMemoryBudget(0, "RLIMIT_AS")()
	if g, err := graph.Read(strings.NewReader("3 2\n0 1\n1 2\n"), "g.ms", graph.FormatAuto, graph.ReadOptions{}); err != nil || g.N != 3 {
		t.Fatalf("small graph under a zero budget: %v, %v", g, err)
	}
}

// TestBuildAndGeneratorsBudget checks Build's error and the generators'
// panics for graphs beyond a budget of 512 MiB.
func TestBuildAndGeneratorsBudget(t *testing.T) {
	defer graph.SetMemoryBudget(512<<20, "RLIMIT_AS")()
	_, err := graph.Build(&graph.EdgeList{N: 1 << 28}, graph.BuildOptions{})
	if err == nil || !errors.Is(err, graph.ErrTooLarge) ||
		!strings.HasPrefix(err.Error(), "graph: building a CSR of 268435456 vertices and 0 edges needs ") || !strings.HasSuffix(err.Error(), budgetSuffix) {
		t.Errorf("Build of 2^28 vertices = %v", err)
	}
	el := &graph.EdgeList{N: 2, Src: make([]int32, 1<<21), Dst: make([]int32, 1<<21)}
	gens := []struct {
		name, want string
		gen        func()
	}{
		{"RMAT", "graph: RMAT(scale=24, edgeFactor=16) needs ", func() { graph.RMAT(24, 16, 1) }},
		{"Uniform", "graph: Uniform(n=1048576, m=268435456) needs ", func() { graph.Uniform(1<<20, 1<<28, 1) }},
		{"Grid", "graph: GridWithDrops(16384, 16384, 0) needs ", func() { graph.Grid(1<<14, 1<<14, 1) }},
		{"SmallWorld", "graph: SmallWorld(268435456) needs ", func() { graph.SmallWorld(1<<28, 1) }},
		{"AddRandomWeights", "graph: AddRandomWeights for 2097152 edges needs 16 MiB but 0 bytes are available", func() {
			defer graph.SetMemoryBudget(0, "RLIMIT_AS")()
			graph.AddRandomWeights(el, 1, 2, false, 1)
		}},
	}
	for _, tc := range gens {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				err, _ := recover().(error)
				if err == nil || !errors.Is(err, graph.ErrTooLarge) || !strings.HasPrefix(err.Error(), tc.want) {
					t.Errorf("panic %v, want an error wrapping ErrTooLarge starting %q", err, tc.want)
				}
			}()
			tc.gen()
		})
	}
	if el.W != nil {
		t.Error("AddRandomWeights set weights after refusing")
	}
}

// TestEstimates checks the generators' estimates against the sizes they
// really allocate.
func TestEstimates(t *testing.T) {
	tests := []struct {
		name     string
		got, min int64
	}{
		{"RMAT", graph.RMATBytes(10, 16), 8 * 16 << 10},
		{"Uniform", graph.UniformBytes(1000, 5000), 8 * 5000},
		{"Grid", graph.GridBytes(10, 20), 8 * 2 * (10*19 + 9*20)},
		{"SmallWorld", graph.SmallWorldBytes(1000), 8 * 3 * 1000},
		{"Build", graph.BuildBytes(100, 1000, true, graph.BuildOptions{}), 8*101 + 12*1000},
		{"RMAT beyond int64", graph.RMATBytes(30, math.MaxInt), math.MaxInt64},
	}
	for _, tc := range tests {
		if tc.got < tc.min {
			t.Errorf("%s: estimate %d below the %d bytes of the result", tc.name, tc.got, tc.min)
		}
	}
	for _, bad := range []int64{graph.RMATBytes(31, 1), graph.UniformBytes(3, 7), graph.GridBytes(-1, 2), graph.SmallWorldBytes(-1)} {
		if bad != 0 {
			t.Errorf("estimate for rejected arguments = %d, want 0", bad)
		}
	}
}

// TestReadUnderAddressSpaceLimit reads oversized inputs in a child process
// under a real limit: RLIMIT_AS at the child's size plus 256 MiB or, under
// the race detector (whose shadow memory needs terabytes of address space),
// a Go memory limit of 256 MiB. Each must fail with a clean error rather than
// the runtime's fatal "out of memory", and a small graph must still read.
func TestReadUnderAddressSpaceLimit(t *testing.T) {
	if os.Getenv("GRAPH_TEST_LIMIT_CHILD") == "1" {
		source := "Go memory limit"
		if !raceEnabled {
			source = "RLIMIT_AS"
			if err := memlimit.LimitAddressSpace(256 << 20); err != nil {
				t.Skip(err)
			}
		}
		dir := t.TempDir()
		files := map[string]string{
			"header.ms":  "268435456 0\n",
			"most.ms":    "2147483646 0\n",
			"id.el":      "0 1\n1 2147483646\n",
			"header.mtx": mmPattern + "1000000000 1000000000 0\n",
		}
		for name, data := range files {
			p := filepath.Join(dir, name)
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			g, err := graph.ReadFile(p, graph.ReadOptions{})
			if g != nil || !errors.Is(err, graph.ErrTooLarge) || !strings.Contains(err.Error(), "("+source+")") {
				t.Errorf("%s: ReadFile = %v, %v; want an error wrapping ErrTooLarge naming %s", name, g, err, source)
			}
			t.Log(err)
		}
		if _, err := graph.Build(&graph.EdgeList{N: graph.MaxVertices}, graph.BuildOptions{}); !errors.Is(err, graph.ErrTooLarge) {
			t.Errorf("Build of MaxVertices vertices = %v", err)
		}
		func() {
			defer func() {
				if err, _ := recover().(error); !errors.Is(err, graph.ErrTooLarge) {
					t.Errorf("RMAT(30, 16) panicked with %v", err)
				}
			}()
			graph.RMAT(30, 16, 1)
		}()
		p := filepath.Join(dir, "small.el")
		if err := os.WriteFile(p, []byte(strings.Repeat("0 1\n1 2\n2 0\n", 1000)), 0o644); err != nil {
			t.Fatal(err)
		}
		if g, err := graph.ReadFile(p, graph.ReadOptions{}); err != nil || g.N != 3 || g.NumEdges() != 3000 {
			t.Errorf("small graph under the limit: %v, %v", g, err)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestReadUnderAddressSpaceLimit$", "-test.v")
	cmd.Env = append(os.Environ(), "GRAPH_TEST_LIMIT_CHILD=1")
	if raceEnabled {
		cmd.Env = append(cmd.Env, "GOMEMLIMIT=256MiB")
	}
	out, err := cmd.CombinedOutput()
	if err != nil || strings.Contains(string(out), "fatal error") || !strings.Contains(string(out), "--- PASS") {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if testing.Verbose() {
		t.Logf("child:\n%s", out)
	}
}

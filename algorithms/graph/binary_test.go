package graph_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
)

func binaryBytes(t testing.TB, g *graph.CSR) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := graph.Write(&buf, g, graph.FormatBinary); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// reseal recomputes the trailing checksum of a binary image.
func reseal(b []byte) []byte {
	b = bytes.Clone(b)
	sum := crc32.Checksum(b[:len(b)-4], crc32.MakeTable(crc32.Castagnoli))
	binary.LittleEndian.PutUint32(b[len(b)-4:], sum)
	return b
}

func TestBinaryLayout(t *testing.T) {
	g := csrOf([][]int32{{1}, {0, 1}}, [][]float64{{0.5}, {1, 2}})
	b := binaryBytes(t, g)
	// 32-byte header, 3 offsets, 3 ids, 3 weights, checksum.
	if want := 32 + 3*8 + 3*4 + 3*8 + 4; len(b) != want {
		t.Fatalf("size %d, want %d", len(b), want)
	}
	le := binary.LittleEndian
	if string(b[:8]) != "GKKGRAPH" || le.Uint32(b[8:]) != 1 || le.Uint32(b[12:]) != 1 ||
		le.Uint64(b[16:]) != 2 || le.Uint64(b[24:]) != 3 || le.Uint64(b[32+8:]) != 1 || le.Uint32(b[56+4:]) != 0 {
		t.Fatalf("unexpected header or arrays: % x", b[:64])
	}
	if got := le.Uint32(b[len(b)-4:]); got != crc32.Checksum(b[:len(b)-4], crc32.MakeTable(crc32.Castagnoli)) {
		t.Fatalf("checksum %#x is not the CRC-32C of the preceding bytes", got)
	}
	if u := binaryBytes(t, csrOf([][]int32{{1}, {0, 1}}, nil)); binary.LittleEndian.Uint32(u[12:]) != 0 {
		t.Fatal("unweighted graph has the weighted flag")
	}
}

func TestBinaryErrors(t *testing.T) {
	g := csrOf([][]int32{{1, 2}, {2}, {0}}, [][]float64{{1, 2}, {3}, {4}})
	good := binaryBytes(t, g)
	patch := func(off int, v any) []byte {
		b := bytes.Clone(good)
		switch x := v.(type) {
		case uint32:
			binary.LittleEndian.PutUint32(b[off:], x)
		case uint64:
			binary.LittleEndian.PutUint64(b[off:], x)
		}
		return b
	}
	const offs, adj, wts = 32, 32 + 4*8, 32 + 4*8 + 4*4
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, "g.gkg: byte offset 0: truncated file: input ends inside the header"},
		{"bad magic", append([]byte("GKKGRAPX"), good[8:]...), `g.gkg: byte offset 0: bad magic "GKKGRAPX"`},
		{"version", patch(8, uint32(2)), "g.gkg: byte offset 8: unsupported version 2"},
		{"flags", patch(12, uint32(6)), "g.gkg: byte offset 12: unknown flags 0x6"},
		{"vertex count", patch(16, uint64(1)<<40), "g.gkg: byte offset 16: vertex count 1099511627776 exceeds the maximum"},
		{"edge count", patch(24, uint64(1)<<62), "g.gkg: byte offset 24: edge count 4611686018427387904 is too large"},
		{"huge claimed size", patch(24, uint64(1)<<50), "g.gkg: byte offset"},
		{"short header", good[:20], "g.gkg: byte offset 20: truncated file: input ends inside the header"},
		{"short offsets", good[:40], "g.gkg: byte offset 40: truncated file: input ends inside the offsets"},
		{"short adjacency", good[:adj+6], fmt.Sprintf("g.gkg: byte offset %d: truncated file: input ends inside the adjacency array", adj+6)},
		{"short weights", good[:adj+16+3], fmt.Sprintf("g.gkg: byte offset %d: truncated file: input ends inside the weights", adj+16+3)},
		{"short checksum", good[:len(good)-1], fmt.Sprintf("g.gkg: byte offset %d: truncated file: input ends inside the checksum", len(good)-1)},
		{"checksum", patch(adj+4, uint32(0)), fmt.Sprintf("g.gkg: byte offset %d: checksum mismatch", len(good)-4)},
		{"trailing", append(bytes.Clone(good), 0), fmt.Sprintf("g.gkg: byte offset %d: unexpected data after the checksum", len(good))},
		{"first offset", reseal(patch(offs, uint64(1))), "g.gkg: byte offset 32: first offset is 1, want 0"},
		{"decreasing", reseal(patch(offs+16, uint64(1))), "g.gkg: byte offset 48: offset of vertex 2 is 1, below the previous offset 2"},
		{"last offset", reseal(patch(offs+24, uint64(3))), "g.gkg: byte offset 56: last offset is 3 but the header declares 4 edges"},
		{"id range", reseal(patch(adj+8, uint32(3))), fmt.Sprintf("g.gkg: byte offset %d: edge 2 has destination 3 out of range [0, 3)", adj+8)},
		{"negative id", reseal(patch(adj, uint32(0xffffffff))), fmt.Sprintf("g.gkg: byte offset %d: edge 0 has destination -1 out of range [0, 3)", adj)},
		{"NaN weight", reseal(patch(wts, math.Float64bits(math.NaN()))), fmt.Sprintf("g.gkg: byte offset %d: edge 0 has weight NaN: weights must be finite", wts)},
		{"infinite weight", reseal(patch(wts+16, math.Float64bits(math.Inf(-1)))), fmt.Sprintf("g.gkg: byte offset %d: edge 2 has weight -Inf: weights must be finite", wts+16)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := graph.Read(bytes.NewReader(tc.in), "g.gkg", graph.FormatAuto, graph.ReadOptions{})
			checkParseError(t, got, err, "g.gkg", tc.want)
		})
	}
	// Every proper prefix of a valid file is rejected.
	for k := range len(good) {
		got, err := graph.Read(bytes.NewReader(good[:k]), "g.gkg", graph.FormatBinary, graph.ReadOptions{})
		if got != nil || err == nil || !strings.Contains(err.Error(), "truncated") {
			t.Fatalf("prefix of %d bytes: Read = %v, %v", k, got, err)
		}
	}
	// Every single-bit flip is caught, by the checksum or the header checks.
	for i := range len(good) * 8 {
		b := bytes.Clone(good)
		b[i/8] ^= 1 << (i % 8)
		got, err := graph.Read(bytes.NewReader(b), "g.gkg", graph.FormatBinary, graph.ReadOptions{})
		if got != nil || err == nil {
			t.Fatalf("bit %d flipped: Read = %v, %v", i, got, err)
		}
	}
}

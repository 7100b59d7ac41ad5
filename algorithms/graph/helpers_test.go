package graph_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// csrOf builds the CSR with the given adjacency lists (and weights, if any)
// by hand, without going through Build.
func csrOf(adj [][]int32, w [][]float64) *graph.CSR {
	g := &graph.CSR{N: len(adj), Offsets: make([]int64, len(adj)+1), Adj: []int32{}}
	if w != nil {
		g.Weights = []float64{}
	}
	for v, nb := range adj {
		g.Adj = append(g.Adj, nb...)
		if w != nil {
			g.Weights = append(g.Weights, w[v]...)
		}
		g.Offsets[v+1] = int64(len(g.Adj))
	}
	return g
}

// mustBuild builds el or fails the test.
func mustBuild(t testing.TB, el *graph.EdgeList, opt graph.BuildOptions) *graph.CSR {
	t.Helper()
	g, err := graph.Build(el, opt)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	if err := g.Validate(); err != nil {
		t.Fatalf("Build returned an invalid graph: %v", err)
	}
	return g
}

// randomEdgeList returns m random edges on n vertices, with duplicates and
// self loops likely, and weights when weighted.
func randomEdgeList(n, m int, weighted bool, seed uint64) *graph.EdgeList {
	r := rand.New(rand.NewPCG(seed, 99))
	el := &graph.EdgeList{N: n, Src: make([]int32, m), Dst: make([]int32, m)}
	if weighted {
		el.W = make([]float64, m)
	}
	for i := range m {
		el.Src[i] = int32(r.IntN(n))
		el.Dst[i] = int32(r.IntN(n))
		if weighted {
			el.W[i] = float64(r.IntN(10))
		}
	}
	return el
}

// naiveBuild is a straightforward model of Build used to check it.
func naiveBuild(el *graph.EdgeList, opt graph.BuildOptions) *graph.CSR {
	type e struct {
		d int32
		w float64
	}
	lists := make([][]e, el.N)
	add := func(s, d int32, w float64) {
		if s == d && opt.DropSelfLoops {
			return
		}
		lists[s] = append(lists[s], e{d, w})
	}
	for i := range el.Src {
		var w float64
		if el.W != nil {
			w = el.W[i]
		}
		add(el.Src[i], el.Dst[i], w)
		if opt.Symmetrize && el.Src[i] != el.Dst[i] {
			add(el.Dst[i], el.Src[i], w)
		}
	}
	adj := make([][]int32, el.N)
	var ws [][]float64
	if el.W != nil {
		ws = make([][]float64, el.N)
	}
	for v, l := range lists {
		slices.SortFunc(l, func(a, b e) int {
			if a.d != b.d {
				return int(a.d) - int(b.d)
			}
			if a.w < b.w {
				return -1
			} else if a.w > b.w {
				return 1
			}
			return 0
		})
		for i, x := range l {
			if opt.Dedup && i > 0 && l[i-1].d == x.d {
				continue
			}
			adj[v] = append(adj[v], x.d)
			if ws != nil {
				ws[v] = append(ws[v], x.w)
			}
		}
	}
	return csrOf(adj, ws)
}

// describe prints a small graph for failure messages.
func describe(g *graph.CSR) string {
	if g == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%v offsets=%v adj=%v w=%v", g, g.Offsets, g.Adj, g.Weights)
}

func gzipBytes(t testing.TB, s string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/gokkos/gokkos/algorithms/graph"
)

// genOptions are the parameters of a generated graph.
type genOptions struct {
	kind           string
	scale, ef      int
	n              int
	m              int64
	rows, cols     int
	drop           float64
	seed           uint64
	weights        string
	wmin, wmax     float64
	undirected     bool
	dropSelfLoops  bool
	dedup          bool
	output, format string
}

// genCommand writes a generated graph.
func genCommand(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen", stderr)
	var o genOptions
	fs.StringVar(&o.kind, "kind", "rmat", "graph kind: rmat, uniform, grid or smallworld")
	fs.IntVar(&o.scale, "scale", 16, "rmat: 2^scale vertices")
	fs.IntVar(&o.ef, "edgefactor", 16, "rmat: edges per vertex")
	fs.IntVar(&o.n, "n", 1<<16, "uniform, smallworld: number of vertices")
	fs.Int64Var(&o.m, "m", 0, "uniform: number of edges (default 16n)")
	fs.IntVar(&o.rows, "rows", 256, "grid: rows")
	fs.IntVar(&o.cols, "cols", 256, "grid: columns")
	fs.Float64Var(&o.drop, "drop", 0, "grid: fraction of edges dropped at random")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed")
	fs.StringVar(&o.weights, "weights", "none", "edge weights: none, int (integers in [wmin, wmax]) or float (uniform in [wmin, wmax))")
	fs.Float64Var(&o.wmin, "wmin", 1, "smallest weight")
	fs.Float64Var(&o.wmax, "wmax", 100, "largest weight")
	fs.BoolVar(&o.undirected, "undirected", false, "add the reverse of every edge and drop duplicates and self loops (an undirected graph)")
	fs.BoolVar(&o.dropSelfLoops, "noloops", false, "drop self loops")
	fs.BoolVar(&o.dedup, "dedup", false, "keep one edge per (source, destination) pair")
	fs.StringVar(&o.output, "o", "", "output file; the format follows the extension (.el .wel .ms .mtx .gkg, optionally .gz)")
	fs.StringVar(&o.format, "format", "", "output format overriding the extension: el, wel, ms, mtx or gkg")
	if err := parse(fs, args); err != nil {
		return err
	}
	if o.output == "" {
		return usagef("-o FILE is required")
	}
	f, err := graph.ParseFormat(o.format)
	if err != nil {
		return usageError{err.Error()}
	}
	if f == graph.FormatAuto {
		if f = graph.FormatOf(o.output); f == graph.FormatAuto {
			return usagef("cannot tell the format of %q from its extension; use -format", o.output)
		}
	}
	g, err := generate(o)
	if err != nil {
		return err
	}
	if g.Weighted() && (f == graph.FormatEL || f == graph.FormatMS) {
		return usagef("format %v cannot store weights; write .wel, .mtx or .gkg", f)
	}
	if !g.Weighted() && f == graph.FormatWEL {
		return usagef("format wel needs weights; use -weights int or -weights float")
	}
	if err := graph.WriteFile(o.output, g, f); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d vertices, %d edges (%v)\n", o.output, g.N, g.NumEdges(), f)
	return nil
}

// generate builds the graph genOptions describe, checking the parameters first (the
// generators panic on bad ones).
func generate(o genOptions) (*graph.CSR, error) {
	var el *graph.EdgeList
	switch strings.ToLower(o.kind) {
	case "rmat", "kronecker":
		if o.scale < 0 || o.scale > 30 || o.ef < 0 {
			return nil, usagef("rmat: want -scale in [0, 30] and -edgefactor >= 0")
		}
		if int64(o.ef)<<o.scale > 1<<34 {
			return nil, usagef("rmat: %d edges is too many", int64(o.ef)<<o.scale)
		}
		el = graph.RMAT(o.scale, o.ef, o.seed)
	case "uniform", "er":
		m := o.m
		if m == 0 {
			m = 16 * int64(o.n)
		}
		if o.n < 0 || o.n > graph.MaxVertices || m < 0 || (o.n > 0 && m > int64(o.n)*int64(o.n-1)) || (o.n == 0 && m > 0) {
			return nil, usagef("uniform: want 0 <= -m <= n(n-1) and 0 <= -n <= %d", graph.MaxVertices)
		}
		el = graph.Uniform(o.n, m, o.seed)
	case "grid":
		if o.rows < 0 || o.cols < 0 || (o.rows > 0 && o.cols > graph.MaxVertices/o.rows) || !(o.drop >= 0 && o.drop <= 1) {
			return nil, usagef("grid: want non-negative -rows and -cols with rows*cols <= %d, and -drop in [0, 1]", graph.MaxVertices)
		}
		el = graph.GridWithDrops(o.rows, o.cols, o.drop, o.seed)
	case "smallworld", "bowtie":
		if o.n < 0 || o.n > graph.MaxVertices {
			return nil, usagef("smallworld: want 0 <= -n <= %d", graph.MaxVertices)
		}
		el = graph.SmallWorld(o.n, o.seed)
	default:
		return nil, usagef("unknown -kind %q (want rmat, uniform, grid or smallworld)", o.kind)
	}
	switch strings.ToLower(o.weights) {
	case "", "none":
	case "int", "integer":
		if !(o.wmin <= o.wmax) || o.wmax-o.wmin > 1<<52 || math.Floor(o.wmax) < math.Ceil(o.wmin) {
			return nil, usagef("-weights int: no integer in [%g, %g]", o.wmin, o.wmax)
		}
		graph.AddRandomWeights(el, o.wmin, o.wmax, true, o.seed+1)
	case "float":
		if !(o.wmin <= o.wmax) || math.IsInf(o.wmin, 0) || math.IsInf(o.wmax, 0) {
			return nil, usagef("-weights float: bad range [%g, %g]", o.wmin, o.wmax)
		}
		graph.AddRandomWeights(el, o.wmin, o.wmax, false, o.seed+1)
	default:
		return nil, usagef("unknown -weights %q (want none, int or float)", o.weights)
	}
	opt := graph.BuildOptions{DropSelfLoops: o.dropSelfLoops, Dedup: o.dedup}
	if o.undirected {
		opt = graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true}
	}
	return graph.Build(el, opt)
}

package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/internal/memlimit"
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
	set            map[string]bool // the flags set on the command line
}

// genKinds lists the graph kinds with their aliases and the flags that apply to each.
var genKinds = []struct {
	name    string
	aliases []string
	flags   []string
}{
	{"rmat", []string{"kronecker"}, []string{"scale", "edgefactor"}},
	{"uniform", []string{"er"}, []string{"n", "m"}},
	{"grid", nil, []string{"rows", "cols", "drop"}},
	{"smallworld", []string{"bowtie"}, []string{"n"}},
	{"road", nil, []string{"rows", "cols", "drop"}},
	{"citation", nil, []string{"n"}},
}

// genCommand writes a generated graph.
func genCommand(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen", stderr)
	var o genOptions
	fs.StringVar(&o.kind, "kind", "rmat", "graph kind: rmat, uniform, grid, smallworld, road or citation")
	fs.IntVar(&o.scale, "scale", 16, "rmat: 2^scale vertices")
	fs.IntVar(&o.ef, "edgefactor", 16, "rmat: edges per vertex")
	fs.IntVar(&o.n, "n", 1<<16, "uniform, smallworld, citation: number of vertices")
	fs.Int64Var(&o.m, "m", 0, "uniform: number of edges (default 16n, or n(n-1), every pair, when that is fewer)")
	fs.IntVar(&o.rows, "rows", 256, "grid, road: rows")
	fs.IntVar(&o.cols, "cols", 256, "grid, road: columns")
	fs.Float64Var(&o.drop, "drop", 0, "grid, road: fraction of edges (road: streets) dropped at random (road default 0.25)")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed")
	fs.StringVar(&o.weights, "weights", "none", "edge weights: none, int (integers in [wmin, wmax]) or float (uniform in [wmin, wmax))")
	fs.Float64Var(&o.wmin, "wmin", 1, "smallest weight (with -weights int or float)")
	fs.Float64Var(&o.wmax, "wmax", 100, "largest weight (with -weights int or float)")
	fs.BoolVar(&o.undirected, "undirected", false, "add the reverse of every edge and drop duplicates and self loops (an undirected graph)")
	fs.BoolVar(&o.dropSelfLoops, "noloops", false, "drop self loops (implied by -undirected)")
	fs.BoolVar(&o.dedup, "dedup", false, "keep one edge per (source, destination) pair (implied by -undirected)")
	fs.StringVar(&o.output, "o", "", "output file; the format follows the extension (.el .wel .ms .mtx .gkg, optionally .gz)")
	fs.StringVar(&o.format, "format", "", "output format overriding the extension: el, wel, ms, mtx or gkg")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage of gokkos gen (a flag whose help starts with graph kinds applies to those kinds only):\n")
		fs.PrintDefaults()
	}
	if err := parse(fs, args); err != nil {
		return err
	}
	o.set = explicit(fs)
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
	p, err := plan(&o)
	if err != nil {
		return err
	}
	if p.weighted && (f == graph.FormatEL || f == graph.FormatMS) {
		return usagef("format %v cannot store weights; write .wel, .mtx or .gkg", f)
	}
	if !p.weighted && f == graph.FormatWEL {
		return usagef("format wel needs weights; use -weights int or -weights float")
	}
	if err := memlimit.Check("generating and building the graph", p.bytes); err != nil {
		return fmt.Errorf("%s (%d vertices, up to %d edges): %w", p.desc, p.n, p.m, err)
	}
	g, err := generate(o, p)
	if err != nil {
		return err
	}
	if err := graph.WriteFile(o.output, g, f); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s: %d vertices, %d edges (%v)\n", o.output, g.N, g.NumEdges(), f)
	return nil
}

// genPlan is a checked gen request: the kind, the graph's size and the memory it needs.
type genPlan struct {
	kind     string // canonical name
	desc     string // the flags that shape the graph, for messages
	n        int
	m        int64 // edges generated (an upper bound for grid and smallworld)
	weighted bool
	// ownWeights says that the generator weights the edges itself (road lengths).
	ownWeights bool
	opt        graph.BuildOptions
	bytes      int64 // peak memory of generating, weighting and building
}

// plan checks the gen flags, rejecting those that do not apply to the kind or to the other
// flags, and estimates the memory that generating the graph takes (the generators panic on
// bad parameters, and the runtime stops the process when memory runs out).
func plan(o *genOptions) (*genPlan, error) {
	p := &genPlan{}
	kind := strings.ToLower(o.kind)
	var applies []string
	for _, k := range genKinds {
		if kind == k.name || slices.Contains(k.aliases, kind) {
			p.kind, applies = k.name, k.flags
		}
	}
	if p.kind == "" {
		return nil, usagef("unknown -kind %q (want rmat, uniform, grid, smallworld, road or citation)", o.kind)
	}
	for _, k := range genKinds {
		for _, name := range k.flags {
			if o.set[name] && !slices.Contains(applies, name) {
				return nil, notApplicable(name, "-kind "+p.kind, fmt.Sprintf("it is a parameter of %s; %s takes %s", kindsOf(name), p.kind, flagList(applies)))
			}
		}
	}
	if p.kind == "road" {
		for _, name := range []string{"weights", "wmin", "wmax"} {
			if o.set[name] && !(name == "weights" && strings.EqualFold(o.weights, "none")) {
				return nil, notApplicable(name, "-kind road", "road graphs carry their own integer street lengths; -weights none drops them")
			}
		}
		if !o.set["drop"] {
			o.drop = 0.25
		}
	}
	switch strings.ToLower(o.weights) {
	case "", "none":
		for _, name := range []string{"wmin", "wmax"} {
			if o.set[name] {
				return nil, notApplicable(name, "-weights none", "it bounds the weights of -weights int or float")
			}
		}
	case "int", "integer":
		if !(o.wmin <= o.wmax) || o.wmax-o.wmin > 1<<52 || math.Floor(o.wmax) < math.Ceil(o.wmin) {
			return nil, usagef("-weights int: no integer in [%g, %g]", o.wmin, o.wmax)
		}
		p.weighted = true
	case "float":
		if !(o.wmin <= o.wmax) || math.IsInf(o.wmin, 0) || math.IsInf(o.wmax, 0) {
			return nil, usagef("-weights float: bad range [%g, %g]", o.wmin, o.wmax)
		}
		p.weighted = true
	default:
		return nil, usagef("unknown -weights %q (want none, int or float)", o.weights)
	}
	p.opt = graph.BuildOptions{DropSelfLoops: o.dropSelfLoops, Dedup: o.dedup}
	if o.undirected {
		for _, name := range []string{"noloops", "dedup"} {
			if o.set[name] {
				return nil, notApplicable(name, "-undirected", "-undirected already drops self loops and duplicate edges")
			}
		}
		p.opt = graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true}
	}

	var gen int64
	switch p.kind {
	case "rmat":
		if o.scale < 0 || o.scale > 30 {
			return nil, usagef("rmat: -scale %d is outside [0, 30]", o.scale)
		}
		if o.ef < 0 {
			return nil, usagef("rmat: -edgefactor %d is negative", o.ef)
		}
		p.n, p.m = 1<<o.scale, int64(o.ef)<<o.scale
		if p.m > 1<<34 {
			return nil, usagef("rmat: -scale %d with -edgefactor %d makes %d edges, more than the %d this command generates", o.scale, o.ef, p.m, int64(1)<<34)
		}
		p.desc = fmt.Sprintf("-kind rmat -scale %d -edgefactor %d", o.scale, o.ef)
		gen = graph.RMATBytes(o.scale, o.ef)
	case "uniform":
		if o.n < 0 || o.n > graph.MaxVertices {
			return nil, usagef("uniform: -n %d is outside [0, %d]", o.n, graph.MaxVertices)
		}
		pairs := int64(o.n) * int64(max(o.n-1, 0))
		p.n, p.m = o.n, o.m
		switch {
		case !o.set["m"]:
			p.m = min(16*int64(o.n), pairs)
		case o.m < 0:
			return nil, usagef("uniform: -m %d is negative", o.m)
		case o.m > pairs:
			dflt := ""
			if !o.set["n"] {
				dflt = " (the default)"
			}
			return nil, usagef("uniform: -m %d is more than the %d ordered pairs of distinct vertices that -n %d%s allows", o.m, pairs, o.n, dflt)
		}
		p.desc = fmt.Sprintf("-kind uniform -n %d -m %d", p.n, p.m)
		gen = graph.UniformBytes(p.n, p.m)
	case "grid", "road":
		if o.rows < 0 || o.cols < 0 {
			return nil, usagef("%s: -rows %d and -cols %d must not be negative", p.kind, o.rows, o.cols)
		}
		if o.rows > 0 && o.cols > graph.MaxVertices/o.rows {
			return nil, usagef("%s: -rows %d times -cols %d is more than %d vertices", p.kind, o.rows, o.cols, graph.MaxVertices)
		}
		if !(o.drop >= 0 && o.drop <= 1) {
			return nil, usagef("%s: -drop %g is outside [0, 1]", p.kind, o.drop)
		}
		p.n = o.rows * o.cols
		p.m = 2 * (int64(o.rows)*int64(max(o.cols-1, 0)) + int64(max(o.rows-1, 0))*int64(o.cols))
		p.desc = fmt.Sprintf("-kind %s -rows %d -cols %d", p.kind, o.rows, o.cols)
		gen = graph.GridBytes(o.rows, o.cols)
		if p.kind == "road" {
			// Street lengths, unless -weights none asks for the streets alone.
			p.weighted, p.ownWeights = !o.set["weights"], true
			gen = graph.RoadBytes(o.rows, o.cols)
		}
	case "smallworld":
		if o.n < 0 || o.n > graph.MaxVertices {
			return nil, usagef("smallworld: -n %d is outside [0, %d]", o.n, graph.MaxVertices)
		}
		p.n, p.m = o.n, 3*int64(o.n)
		p.desc = fmt.Sprintf("-kind smallworld -n %d", o.n)
		gen = graph.SmallWorldBytes(o.n)
	case "citation":
		if o.n < 0 || o.n > graph.MaxVertices {
			return nil, usagef("citation: -n %d is outside [0, %d]", o.n, graph.MaxVertices)
		}
		p.n, p.m = o.n, 4*int64(o.n)
		p.desc = fmt.Sprintf("-kind citation -n %d", o.n)
		gen = graph.CitationBytes(o.n)
	}
	var weights int64
	if p.weighted {
		weights = memlimit.Mul(p.m, 8)
	}
	p.bytes = memlimit.Sum(gen, weights, graph.BuildBytes(p.n, p.m, p.weighted, p.opt))
	return p, nil
}

// kindsOf names the kinds that flag name applies to, such as "uniform, smallworld and
// citation".
func kindsOf(name string) string {
	var ks []string
	for _, k := range genKinds {
		if slices.Contains(k.flags, name) {
			ks = append(ks, k.name)
		}
	}
	if len(ks) <= 1 {
		return strings.Join(ks, "")
	}
	return strings.Join(ks[:len(ks)-1], ", ") + " and " + ks[len(ks)-1]
}

// flagList writes names as "-a, -b and -c".
func flagList(names []string) string {
	f := make([]string, len(names))
	for i, n := range names {
		f[i] = "-" + n
	}
	if len(f) == 1 {
		return f[0]
	}
	return strings.Join(f[:len(f)-1], ", ") + " and " + f[len(f)-1]
}

// generate builds the graph that plan checked.
func generate(o genOptions, p *genPlan) (*graph.CSR, error) {
	var el *graph.EdgeList
	switch p.kind {
	case "rmat":
		el = graph.RMAT(o.scale, o.ef, o.seed)
	case "uniform":
		el = graph.Uniform(p.n, p.m, o.seed)
	case "grid":
		el = graph.GridWithDrops(o.rows, o.cols, o.drop, o.seed)
	case "smallworld":
		el = graph.SmallWorld(o.n, o.seed)
	case "road":
		el = graph.Road(o.rows, o.cols, o.drop, o.seed)
		if !p.weighted {
			el.W = nil
		}
	case "citation":
		el = graph.Citation(o.n, o.seed)
	}
	if p.weighted && !p.ownWeights {
		graph.AddRandomWeights(el, o.wmin, o.wmax, strings.ToLower(o.weights) != "float", o.seed+1)
	}
	return graph.Build(el, p.opt)
}

package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// svgNode is any element of a parsed SVG document.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []svgNode  `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// title returns the text of n's <title> child.
func (n *svgNode) title() string {
	for _, c := range n.Nodes {
		if c.XMLName.Local == "title" {
			return c.Text
		}
	}
	return ""
}

// svgBar is a bar of a parsed chart.
type svgBar struct {
	key       string // "space, graph variant, strategy", from the bar's tooltip
	x, height float64
	fill      string
}

// svgChart is what the tests read back from a chart.
type svgChart struct {
	title   string
	panels  []string
	legend  []string
	colors  []string // of the legend's swatches
	labels  []string // x labels, panel after panel
	bars    []svgBar
	missing []string // keys of the cells marked as having no value
}

// parseChart parses svg as XML and collects the chart's elements by class.
func parseChart(t *testing.T, svg []byte) svgChart {
	t.Helper()
	var root svgNode
	if err := xml.Unmarshal(svg, &root); err != nil {
		t.Fatalf("the SVG is not valid XML: %v\n%s", err, svg)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Fatalf("root element is %v, want svg in the SVG namespace", root.XMLName)
	}
	if ff := root.attr("font-family"); ff != "sans-serif" {
		t.Errorf("font-family = %q, want sans-serif", ff)
	}
	var c svgChart
	num := func(n *svgNode, a string) float64 {
		x, err := strconv.ParseFloat(n.attr(a), 64)
		if err != nil {
			t.Fatalf("<%s class=%q> has %s=%q: %v", n.XMLName.Local, n.attr("class"), a, n.attr(a), err)
		}
		return x
	}
	var walk func(n *svgNode)
	walk = func(n *svgNode) {
		switch n.attr("class") {
		case "title":
			c.title = n.Text
		case "panel-title":
			c.panels = append(c.panels, n.Text)
		case "legend-entry":
			c.legend = append(c.legend, n.Text)
		case "swatch":
			c.colors = append(c.colors, n.attr("fill"))
		case "x-label":
			c.labels = append(c.labels, n.Text)
		case "bar":
			key, _, _ := strings.Cut(n.title(), ": ")
			c.bars = append(c.bars, svgBar{key, num(n, "x"), num(n, "height"), n.attr("fill")})
		case "missing":
			key, _, _ := strings.Cut(n.title(), ": ")
			c.missing = append(c.missing, key)
		}
		for i := range n.Nodes {
			walk(&n.Nodes[i])
		}
	}
	walk(&root)
	return c
}

// renderPlot runs gokkos plot on input given as a file and returns the SVG.
func renderPlot(t *testing.T, input string, args ...string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bench.jsonl")
	if err := os.WriteFile(path, []byte(input), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := gokkosMain(append(append([]string{"plot"}, args...), path), &stdout, &stderr); code != 0 {
		t.Fatalf("gokkos plot: status %d: %s", code, stderr.String())
	}
	return stdout.Bytes()
}

func TestPlotChart(t *testing.T) {
	tests := []struct {
		name    string
		input   string
		args    []string
		title   string
		panels  []string
		legend  []string
		labels  []string
		bars    map[string]float64 // the drawn cells by key, with their values
		missing []string
	}{
		{
			name: "one space, a whole log, strategies in fixed order",
			input: `gokkos bench: GTEPS (median of 1 runs after a warm-up) on the host
graph vertices edges algorithm baseline

{"algorithm": "bfs", "space": "host", "strategy": "auto", "graph": "rmat-10", "gteps": 0.28, "variant": "bfs"}
{"algorithm": "bfs", "space": "host", "strategy": "baseline", "graph": "rmat-10", "gteps": 0.093, "variant": "bfs"}
   {"algorithm": "bfs", "space": "host", "strategy": "ml", "graph": "rmat-10", "gteps": 0.13, "variant": "bfs"}
{"algorithm": "sssp", "space": "host", "strategy": "hierarchical", "graph": "rmat-10", "gteps": 0.017, "variant": "sssp:method=delta"}
{"algorithm": "sssp", "space": "host", "strategy": "mg", "graph": "rmat-10", "gteps": 0.0187, "variant": "sssp:method=delta"}
not JSON {"gteps": 1}
{"algorithm": "bfs", "space": "host", "strategy": "baseline", "graph": "grid-10", "gteps": 0.0103, "variant": "bfs"}`,
			title:  "gokkos bench: GTEPS",
			panels: []string{"host"},
			legend: []string{"baseline", "hierarchical", "ml", "mg", "auto"},
			labels: []string{"rmat-10 bfs", "rmat-10 sssp delta", "grid-10 bfs"},
			bars: map[string]float64{
				"host, rmat-10 bfs, auto": 0.28, "host, rmat-10 bfs, baseline": 0.093, "host, rmat-10 bfs, ml": 0.13,
				"host, rmat-10 sssp delta, hierarchical": 0.017, "host, rmat-10 sssp delta, mg": 0.0187,
				"host, grid-10 bfs, baseline": 0.0103,
			},
		},
		{
			name: "two spaces, decades apart, host panel first",
			input: `{"space": "cuda", "strategy": "baseline", "graph": "rmat-22", "gteps": 2.2, "variant": "bfs"}
{"space": "cuda", "strategy": "auto", "graph": "rmat-22", "gteps": 180, "variant": "bfs"}
{"space": "cuda", "strategy": "auto", "graph": "rmat-22", "gteps": 0.9, "variant": "sssp:method=bellman-ford"}
{"space": "host", "strategy": "baseline", "graph": "rmat-22", "gteps": 0.012, "variant": "bfs"}
{"space": "host", "strategy": "auto", "graph": "rmat-22", "gteps": 0.4, "variant": "bfs"}`,
			args:   []string{"-title", "GPU & CPU"},
			title:  "GPU & CPU",
			panels: []string{"host", "cuda"},
			legend: []string{"baseline", "auto"},
			labels: []string{"rmat-22 bfs", "rmat-22 bfs", "rmat-22 sssp bellman-ford"},
			bars: map[string]float64{
				"host, rmat-22 bfs, baseline": 0.012, "host, rmat-22 bfs, auto": 0.4,
				"cuda, rmat-22 bfs, baseline": 2.2, "cuda, rmat-22 bfs, auto": 180,
				"cuda, rmat-22 sssp bellman-ford, auto": 0.9,
			},
		},
		{
			name: "a repeated cell keeps the last value",
			input: `{"space": "host", "strategy": "ml", "graph": "g", "gteps": 50, "variant": "bfs"}
{"space": "host", "strategy": "mg", "graph": "g", "gteps": 10, "variant": "bfs"}
{"space": "host", "strategy": "ml", "graph": "g", "gteps": 1, "variant": "bfs"}`,
			title:  "gokkos bench: GTEPS",
			panels: []string{"host"},
			legend: []string{"ml", "mg"},
			labels: []string{"g bfs"},
			bars:   map[string]float64{"host, g bfs, ml": 1, "host, g bfs, mg": 10},
		},
		{
			name: "no value, other strategies, algorithm fallback, escaping",
			input: `{"space": "host", "strategy": "new <&> one", "graph": "a<b", "gteps": 3, "algorithm": "wcc"}
{"space": "host", "strategy": "baseline", "graph": "a<b", "gteps": 0, "algorithm": "wcc"}
{"space": "host", "strategy": "ml", "graph": "a<b", "gteps": "NaN", "algorithm": "wcc"}
{"space": "host", "strategy": "mg", "graph": "a<b", "algorithm": "wcc"}
{"space": "host", "strategy": "auto", "graph": "a<b", "gteps": null, "algorithm": "wcc"}
{"space": "host", "strategy": "hierarchical", "graph": "a<b", "gteps": 0.5, "algorithm": "wcc"}`,
			title:   "gokkos bench: GTEPS",
			panels:  []string{"host"},
			legend:  []string{"baseline", "hierarchical", "ml", "mg", "auto", "new <&> one"},
			labels:  []string{"a<b wcc"},
			bars:    map[string]float64{"host, a<b wcc, new <&> one": 3, "host, a<b wcc, hierarchical": 0.5},
			missing: []string{"host, a<b wcc, baseline", "host, a<b wcc, ml", "host, a<b wcc, mg", "host, a<b wcc, auto"},
		},
		{
			name: "another metric",
			input: `{"space": "host", "strategy": "baseline", "graph": "g", "gteps": 1, "seconds": 0.002, "variant": "bfs"}
{"space": "host", "strategy": "auto", "graph": "g", "gteps": 2, "seconds": 0.001, "variant": "bfs"}`,
			args:   []string{"-metric", "seconds"},
			title:  "gokkos bench: seconds",
			panels: []string{"host"},
			legend: []string{"baseline", "auto"},
			labels: []string{"g bfs"},
			bars:   map[string]float64{"host, g bfs, baseline": 0.002, "host, g bfs, auto": 0.001},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svg := renderPlot(t, tc.input, tc.args...)
			c := parseChart(t, svg)
			if c.title != tc.title {
				t.Errorf("title %q, want %q", c.title, tc.title)
			}
			if !slices.Equal(c.panels, tc.panels) {
				t.Errorf("panels %q, want %q", c.panels, tc.panels)
			}
			if !slices.Equal(c.legend, tc.legend) {
				t.Errorf("legend %q, want %q", c.legend, tc.legend)
			}
			if !slices.Equal(c.labels, tc.labels) {
				t.Errorf("x labels %q, want %q", c.labels, tc.labels)
			}
			if !slices.Equal(c.missing, tc.missing) {
				t.Errorf("cells marked as missing %q, want %q", c.missing, tc.missing)
			}
			if len(c.bars) != len(tc.bars) {
				t.Errorf("%d bars, want %d: %+v", len(c.bars), len(tc.bars), c.bars)
			}
			color := map[string]string{}
			for i, s := range c.legend {
				color[s] = c.colors[i]
			}
			seen := map[string]bool{}
			for _, b := range c.bars {
				if _, ok := tc.bars[b.key]; !ok || seen[b.key] {
					t.Errorf("unexpected or repeated bar %q", b.key)
				}
				seen[b.key] = true
				if b.height <= 0 {
					t.Errorf("bar %q has height %g", b.key, b.height)
				}
				strategy := b.key[strings.LastIndex(b.key, ", ")+2:]
				if b.fill != color[strategy] {
					t.Errorf("bar %q is %s, but the legend's %q is %s", b.key, b.fill, strategy, color[strategy])
				}
			}
			// The axis is shared: a larger value is a taller bar, across groups and panels.
			for _, a := range c.bars {
				for _, b := range c.bars {
					if tc.bars[a.key] < tc.bars[b.key] && !(a.height < b.height) {
						t.Errorf("bar %q (%g) has height %g, not below bar %q (%g) of height %g",
							a.key, tc.bars[a.key], a.height, b.key, tc.bars[b.key], b.height)
					}
				}
			}
			// Within a group, bars go left to right in legend order.
			rank := map[string]int{}
			for i, s := range c.legend {
				rank[s] = i
			}
			for i := 1; i < len(c.bars); i++ {
				a, b := c.bars[i-1], c.bars[i]
				ga, gb := a.key[:strings.LastIndex(a.key, ", ")], b.key[:strings.LastIndex(b.key, ", ")]
				sa, sb := a.key[len(ga)+2:], b.key[len(gb)+2:]
				if ga == gb && (rank[sa] >= rank[sb] || a.x >= b.x) {
					t.Errorf("bar %q at x=%g comes before bar %q at x=%g", a.key, a.x, b.key, b.x)
				}
			}
		})
	}
}

func TestPlotDeterministic(t *testing.T) {
	var in strings.Builder
	for _, space := range []string{"cuda", "host"} {
		for _, g := range []string{"rmat-22", "grid-22", "uniform-22"} {
			for i, s := range []string{"mg", "auto", "x", "baseline", "ml", "hierarchical"} {
				in.WriteString(`{"space": "` + space + `", "strategy": "` + s + `", "graph": "` + g +
					`", "variant": "sssp:method=delta", "gteps": ` + strconv.FormatFloat(0.01*float64(i*i+1)*float64(len(g)), 'g', -1, 64) + "}\n")
			}
		}
	}
	first := renderPlot(t, in.String())
	for range 3 {
		if again := renderPlot(t, in.String()); !bytes.Equal(first, again) {
			t.Fatalf("two renders of the same input differ:\n%s\n---\n%s", first, again)
		}
	}
	// -o writes the same bytes as standard output.
	dir := t.TempDir()
	src, out := filepath.Join(dir, "in.jsonl"), filepath.Join(dir, "out.svg")
	if err := os.WriteFile(src, []byte(in.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := gokkosMain([]string{"plot", "-o", out, src}, &stdout, &stderr); code != 0 || stdout.Len() != 0 {
		t.Fatalf("gokkos plot -o: status %d, stdout %q, stderr %s", code, stdout.String(), stderr.String())
	}
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, first) {
		t.Fatalf("-o wrote different bytes (err %v)", err)
	}
	if c := parseChart(t, first); len(c.bars) != 2*3*6 || len(c.panels) != 2 || len(c.legend) != 6 {
		t.Fatalf("%d bars, %d panels, %d legend entries; want 36, 2, 6", len(c.bars), len(c.panels), len(c.legend))
	}
}

func TestPlotErrors(t *testing.T) {
	good := `{"space": "host", "strategy": "auto", "graph": "g", "gteps": 1, "variant": "bfs"}` + "\n"
	tests := []struct {
		name   string
		input  string // the file's contents; none when empty and file is set
		args   []string
		status int
		want   string // in the error message; "FILE" stands for the input's path
	}{
		{"malformed line", "header\n" + good + `{"space": "host", "gteps": 1` + "\n" + good, nil, 1, "FILE:3: invalid JSON: "},
		{"field of the wrong type", good + good + good + `{"space": 7}`, nil, 1, `FILE:4: "space" is 7, not a string`},
		{"metric of the wrong type", `{"space": "host", "gteps": [1]}`, nil, 1, `FILE:1: "gteps" is [1], not a number`},
		{"empty input", "", nil, 1, "FILE: no JSON result lines"},
		{"no JSON lines", "gokkos bench\n\nrmat-10 1024 21068 bfs 0.1\n", nil, 1, "FILE: no JSON result lines"},
		{"no plottable rows", `{"space": "host", "gteps": 0}` + "\n" + `{"space": "host", "gteps": "NaN"}`, nil, 1, "FILE: no rows with a positive gteps"},
		{"unknown metric", good, []string{"-metric", "teps"}, 1, "FILE: no rows with a positive teps"},
		{"bad flag", good, []string{"-width", "3"}, 2, "flag provided but not defined"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in, out := filepath.Join(dir, "results.jsonl"), filepath.Join(dir, "out.svg")
			if err := os.WriteFile(in, []byte(tc.input), 0o666); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			args := append(append([]string{"plot", "-o", out}, tc.args...), in)
			code := gokkosMain(args, &stdout, &stderr)
			if code != tc.status {
				t.Errorf("status %d, want %d", code, tc.status)
			}
			if want := strings.ReplaceAll(tc.want, "FILE", in); !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), want)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("-o file written despite the error (stat: %v)", err)
			}
			if stdout.Len() != 0 {
				t.Errorf("stdout %q, want nothing", stdout.String())
			}
		})
	}
	t.Run("missing file", func(t *testing.T) {
		var stdout, stderr bytes.Buffer
		missing := filepath.Join(t.TempDir(), "nope.jsonl")
		if code := gokkosMain([]string{"plot", missing}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), missing) {
			t.Errorf("status %d, stderr %q; want 1 and the file's name", code, stderr.String())
		}
	})
}

// TestPlotStdin reads standard input when no file or "-" is given.
func TestPlotStdin(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(in, []byte(`{"space": "host", "strategy": "ml", "graph": "g", "gteps": 4, "variant": "bfs"}`), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"plot"}, {"plot", "-"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			saved := os.Stdin
			os.Stdin = f
			defer func() { os.Stdin = saved }()
			var stdout, stderr bytes.Buffer
			if code := gokkosMain(args, &stdout, &stderr); code != 0 {
				t.Fatalf("status %d: %s", code, stderr.String())
			}
			if c := parseChart(t, stdout.Bytes()); len(c.bars) != 1 || c.bars[0].key != "host, g bfs, ml" {
				t.Fatalf("bars %+v, want the one of stdin", c.bars)
			}
		})
	}
	t.Run("error names stdin", func(t *testing.T) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		w.WriteString("\n{oops}\n")
		w.Close()
		defer r.Close()
		saved := os.Stdin
		os.Stdin = r
		defer func() { os.Stdin = saved }()
		var stdout, stderr bytes.Buffer
		if code := gokkosMain([]string{"plot"}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "stdin:2: invalid JSON") {
			t.Fatalf("status %d, stderr %q; want 1 and stdin:2: invalid JSON", code, stderr.String())
		}
	})
}

// TestPlotBenchOutput plots what gokkos bench -json prints, on a tiny graph.
func TestPlotBenchOutput(t *testing.T) {
	var bench, stderr bytes.Buffer
	args := []string{"bench", "-space", "host", "-scales", "6", "-graphs", "rmat,grid", "-algos", "bfs,coloring", "-strategies", "baseline,auto", "-trials", "1", "-json", "-quiet"}
	if code := gokkosMain(args, &bench, &stderr); code != 0 {
		t.Fatalf("gokkos bench: status %d: %s", code, stderr.String())
	}
	c := parseChart(t, renderPlot(t, bench.String()))
	if !slices.Equal(c.panels, []string{"host"}) || !slices.Equal(c.legend, []string{"baseline", "auto"}) {
		t.Errorf("panels %q, legend %q", c.panels, c.legend)
	}
	if want := []string{"rmat-6 bfs", "rmat-6 coloring", "grid-6 bfs", "grid-6 coloring"}; !slices.Equal(c.labels, want) {
		t.Errorf("x labels %q, want %q", c.labels, want)
	}
	if n := len(c.bars) + len(c.missing); n != 8 {
		t.Errorf("%d cells drawn, want 8", n)
	}
}

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

// plotRow is one cell of `gokkos bench -json`: a measurement of one algorithm variant with
// one strategy on one graph in one execution space.
type plotRow struct {
	space, graph, variant, strategy string
	value                           float64 // the metric; not positive or not finite: no bar
}

// plotGroup is one cluster of bars: the cells of one (graph, variant) in one space, in
// strategy order.
type plotGroup struct {
	label string
	cells []plotRow
}

// plotPanel is the chart of one execution space.
type plotPanel struct {
	space  string
	groups []*plotGroup
}

// plotStrategyOrder is the fixed order of the known strategies in a group and the legend
// (the frontier's strategies, then auto, by the names bench writes); others follow in input
// order.
var plotStrategyOrder = func() []string {
	var names []string
	for _, s := range append(frontier.Strategies(), frontier.Auto) {
		names = append(names, s.String())
	}
	return names
}()

// plotSpaceOrder is the fixed order of the known execution spaces' panels; others follow in
// input order.
var plotSpaceOrder = []string{"host", "cuda"}

// plotPalette holds the bar colors, one per strategy in order (cycling when there are more).
var plotPalette = []string{
	"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2",
	"#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
}

// plotCommand draws the JSON lines of `gokkos bench -json` as an SVG bar chart.
func plotCommand(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("plot", stderr)
	output := fs.String("o", "", "output SVG file (default: standard output)")
	title := fs.String("title", "", "chart title (default: \"gokkos bench: \" and the metric)")
	metric := fs.String("metric", "gteps", "numeric JSON field drawn as bar heights, on a logarithmic axis")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: gokkos plot [-o out.svg] [-title T] [-metric gteps] [FILE ...]")
		fmt.Fprintln(stderr, "reads the JSON lines of gokkos bench -json from the files, or standard input when none")
		fmt.Fprintln(stderr, "(or -), and draws them as an SVG bar chart: one panel per space, one group of bars per")
		fmt.Fprintln(stderr, "graph and algorithm, one bar per strategy. Lines that do not start with '{' are ignored.")
		fs.PrintDefaults()
	}
	// parse rejects positional arguments, and plot takes files: parse the flags alone.
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *metric == "" {
		return usagef("-metric must name a JSON field")
	}
	if *title == "" {
		*title = "gokkos bench: " + plotMetricLabel(*metric)
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	var rows []plotRow
	var names []string
	for _, name := range files {
		r, display, err := plotReadFile(name, *metric)
		if err != nil {
			return err
		}
		rows = append(rows, r...)
		names = append(names, display)
	}
	svg, err := plotSVG(rows, *title, *metric)
	if err != nil {
		return fmt.Errorf("%s: %w", strings.Join(names, ", "), err)
	}
	if *output == "" {
		_, err = stdout.Write(svg)
		return err
	}
	return os.WriteFile(*output, svg, 0o666)
}

// plotReadFile reads the rows of the file name ("-": standard input) and returns them with
// the name used in messages.
func plotReadFile(name, metric string) ([]plotRow, string, error) {
	if name == "-" {
		rows, err := plotRead(os.Stdin, "stdin", metric)
		return rows, "stdin", err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, name, err
	}
	defer f.Close()
	rows, err := plotRead(f, name, metric)
	return rows, name, err
}

// plotRead reads the rows of r, one JSON object per line, skipping blank lines and lines that
// do not start with '{'. Errors name the input as name and the line.
func plotRead(r io.Reader, name, metric string) ([]plotRow, error) {
	br := bufio.NewReader(r)
	var rows []plotRow
	for lineNo := 1; ; lineNo++ {
		line, readErr := br.ReadString('\n')
		if readErr != nil && readErr != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", name, lineNo, readErr)
		}
		if text := strings.TrimSpace(line); strings.HasPrefix(text, "{") {
			row, err := plotParseLine(text, metric)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, lineNo, err)
			}
			rows = append(rows, row)
		}
		if readErr == io.EOF {
			return rows, nil
		}
	}
}

// plotParseLine decodes one JSON object of gokkos bench -json.
func plotParseLine(text, metric string) (plotRow, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return plotRow{}, fmt.Errorf("invalid JSON: %v", err)
	}
	str := func(key string) (string, error) {
		raw, ok := m[key]
		if !ok || string(raw) == "null" {
			return "", nil
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("%q is %s, not a string", key, raw)
		}
		return s, nil
	}
	var row plotRow
	var alg string
	var err error
	for _, f := range []struct {
		key string
		dst *string
	}{{"space", &row.space}, {"graph", &row.graph}, {"variant", &row.variant}, {"algorithm", &alg}, {"strategy", &row.strategy}} {
		if *f.dst, err = str(f.key); err != nil {
			return plotRow{}, err
		}
	}
	if row.variant == "" {
		row.variant = alg
	}
	row.value = math.NaN()
	if raw, ok := m[metric]; ok {
		var x any
		if err := json.Unmarshal(raw, &x); err != nil {
			return plotRow{}, fmt.Errorf("%q: %v", metric, err)
		}
		switch x := x.(type) {
		case float64:
			row.value = x
		case string: // earlier versions of bench wrote NaN and infinities as strings; now null
			v, err := strconv.ParseFloat(x, 64)
			if err != nil {
				return plotRow{}, fmt.Errorf("%q is %s, not a number", metric, raw)
			}
			row.value = v
		case nil:
		default:
			return plotRow{}, fmt.Errorf("%q is %s, not a number", metric, raw)
		}
	}
	return row, nil
}

// plotDrawable reports whether x can be drawn on a logarithmic axis.
func plotDrawable(x float64) bool { return x > 0 && !math.IsInf(x, 0) && !math.IsNaN(x) }

// plotMetricLabel names the metric on the chart.
func plotMetricLabel(metric string) string {
	if metric == "gteps" {
		return "GTEPS"
	}
	return metric
}

// plotVariantLabel shortens a bench variant for a label: "sssp:method=delta" is
// "sssp delta".
func plotVariantLabel(variant string) string {
	name, rest, _ := strings.Cut(variant, ":")
	parts := []string{name}
	if rest != "" {
		for _, kv := range strings.Split(rest, ",") {
			if _, v, ok := strings.Cut(kv, "="); ok {
				kv = v
			}
			parts = append(parts, strings.TrimSpace(kv))
		}
	}
	return strings.Join(parts, " ")
}

// plotName returns s, or a placeholder for an empty field.
func plotName(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// plotOrder returns the distinct values of keys: those of fixed first, in fixed order, then
// the others in order of first appearance.
func plotOrder(fixed, keys []string) []string {
	seen := map[string]bool{}
	for _, k := range keys {
		seen[k] = true
	}
	var out []string
	done := map[string]bool{}
	for _, k := range fixed {
		if seen[k] {
			out = append(out, k)
			done[k] = true
		}
	}
	for _, k := range keys {
		if !done[k] {
			out = append(out, k)
			done[k] = true
		}
	}
	return out
}

// plotArrange keeps the last row of each (space, graph, variant, strategy) and arranges the
// rows in panels, groups and strategy order. It returns the panels and the strategies
// present, in legend order.
func plotArrange(rows []plotRow) ([]*plotPanel, []string) {
	type cellKey struct{ space, graph, variant, strategy string }
	last := map[cellKey]int{}
	var spaces, strategies []string
	for i, r := range rows {
		last[cellKey{r.space, r.graph, r.variant, r.strategy}] = i
		spaces = append(spaces, r.space)
		strategies = append(strategies, r.strategy)
	}
	strategies = plotOrder(plotStrategyOrder, strategies)
	rank := map[string]int{}
	for i, s := range strategies {
		rank[s] = i
	}
	var panels []*plotPanel
	for _, space := range plotOrder(plotSpaceOrder, spaces) {
		p := &plotPanel{space: space}
		type groupKey struct{ graph, variant string }
		groups := map[groupKey]*plotGroup{}
		for i, r := range rows {
			if r.space != space || last[cellKey{r.space, r.graph, r.variant, r.strategy}] != i {
				continue
			}
			k := groupKey{r.graph, r.variant}
			g := groups[k]
			if g == nil {
				g = &plotGroup{label: strings.TrimSpace(r.graph + " " + plotVariantLabel(r.variant))}
				groups[k] = g
				p.groups = append(p.groups, g)
			}
			g.cells = append(g.cells, r)
		}
		for _, g := range p.groups {
			// Insertion sort by strategy rank: stable and deterministic.
			for i := 1; i < len(g.cells); i++ {
				for j := i; j > 0 && rank[g.cells[j].strategy] < rank[g.cells[j-1].strategy]; j-- {
					g.cells[j], g.cells[j-1] = g.cells[j-1], g.cells[j]
				}
			}
		}
		panels = append(panels, p)
	}
	return panels, strategies
}

// Layout of the chart, in pixels.
const (
	plotBarWidth    = 12.0
	plotGroupGap    = 18.0  // between groups of bars
	plotPlotHeight  = 240.0 // of a panel's axes
	plotFontSize    = 11.0
	plotRightMargin = 24.0
	plotMinWidth    = 520.0
)

// plotGroupWidth returns the width of g's bars, two bars' at least so that the labels of
// neighboring groups do not overlap.
func plotGroupWidth(g *plotGroup) float64 {
	return float64(max(len(g.cells), 2)) * plotBarWidth
}

// plotTextWidth estimates the width of s drawn at size px.
func plotTextWidth(s string, size float64) float64 {
	return float64(len([]rune(s))) * 0.55 * size
}

// plotSVG draws the rows as an SVG chart, or returns an error when no row is drawable.
func plotSVG(rows []plotRow, title, metric string) ([]byte, error) {
	if len(rows) == 0 {
		return nil, errors.New("no JSON result lines (the output of gokkos bench -json)")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	panels, strategies := plotArrange(rows)
	for _, p := range panels {
		for _, g := range p.groups {
			for _, c := range g.cells {
				if plotDrawable(c.value) {
					lo, hi = math.Min(lo, c.value), math.Max(hi, c.value)
				}
			}
		}
	}
	if lo > hi {
		return nil, fmt.Errorf("no rows with a positive %s to plot", metric)
	}
	// The axis spans whole decades, with the smallest value strictly above its bottom so
	// that every bar has a height.
	dLo := math.Floor(math.Log10(lo))
	if math.Pow(10, dLo) >= lo {
		dLo--
	}
	dHi := math.Max(math.Ceil(math.Log10(hi)), dLo+1)
	color := map[string]string{}
	for i, s := range strategies {
		color[s] = plotPalette[i%len(plotPalette)]
	}

	// Horizontal layout: groups of bars side by side, x labels rotated by 45 degrees.
	var maxLabel float64
	plotW := 0.0
	for _, p := range panels {
		w := 0.0
		for _, g := range p.groups {
			maxLabel = math.Max(maxLabel, plotTextWidth(g.label, plotFontSize))
			w += plotGroupWidth(g) + plotGroupGap
		}
		plotW = math.Max(plotW, w)
	}
	labelDrop := maxLabel*math.Sqrt2/2 + plotFontSize + 8 // below the axes
	left := math.Ceil(math.Max(72, maxLabel*math.Sqrt2/2-plotGroupGap/2-plotBarWidth+12))
	legendW := 0.0
	for _, s := range strategies {
		legendW += 12 + 6 + plotTextWidth(plotName(s), plotFontSize) + 16
	}
	width := math.Ceil(math.Max(plotMinWidth, math.Max(left+plotW+plotRightMargin, math.Max(left+legendW+plotRightMargin, plotTextWidth(title, 16)+40))))
	const titleH, legendH = 34.0, 26.0
	panelH := 22 + plotPlotHeight + labelDrop + 10
	height := math.Ceil(titleH + legendH + float64(len(panels))*panelH)

	var b bytes.Buffer
	pf := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	pf(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	pf(`<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="%g">`+"\n",
		width, height, width, height, plotFontSize)
	pf(`<rect class="background" x="0" y="0" width="%g" height="%g" fill="#ffffff"/>`+"\n", width, height)
	pf(`<text class="title" x="%g" y="22" text-anchor="middle" font-size="16" font-weight="bold">%s</text>`+"\n", width/2, plotEscape(title))

	// Legend: a swatch and a name per strategy.
	pf(`<g class="legend">` + "\n")
	x := left
	for _, s := range strategies {
		pf(`<rect class="swatch" x="%.1f" y="%.1f" width="12" height="12" fill="%s"/>`+"\n", x, titleH+2, color[s])
		pf(`<text class="legend-entry" x="%.1f" y="%.1f">%s</text>`+"\n", x+18, titleH+12, plotEscape(plotName(s)))
		x += 12 + 6 + plotTextWidth(plotName(s), plotFontSize) + 16
	}
	pf("</g>\n")

	axisLabel := plotMetricLabel(metric) + " (log scale)"
	for i, p := range panels {
		top := titleH + legendH + float64(i)*panelH
		y0 := top + 22                   // top of the axes
		y1 := y0 + plotPlotHeight        // bottom of the axes
		yOf := func(v float64) float64 { // the y of value v
			return y1 - (math.Log10(v)-dLo)/(dHi-dLo)*plotPlotHeight
		}
		pf(`<g class="panel">` + "\n")
		pf(`<text class="panel-title" x="%g" y="%.1f" font-size="13" font-weight="bold">%s</text>`+"\n", left, top+14, plotEscape(plotName(p.space)))
		// Gridlines: light ones at 2..9 of each decade when there are at most 4, darker
		// ones at the decades, labeled (every step-th when there are many).
		decades := int(dHi - dLo)
		step := (decades + 9) / 10
		for d := 0; d <= decades; d++ {
			e := dLo + float64(d)
			if decades <= 4 && d < decades {
				for k := 2; k <= 9; k++ {
					y := yOf(float64(k) * math.Pow(10, e))
					pf(`<line class="minor-grid" x1="%g" y1="%.2f" x2="%.1f" y2="%.2f" stroke="#eeeeee" stroke-width="1"/>`+"\n", left, y, left+plotW, y)
				}
			}
			y := y1 - float64(d)/(dHi-dLo)*plotPlotHeight
			pf(`<line class="grid" x1="%g" y1="%.2f" x2="%.1f" y2="%.2f" stroke="#cccccc" stroke-width="1"/>`+"\n", left, y, left+plotW, y)
			if d%step == 0 {
				pf(`<text class="tick" x="%g" y="%.2f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n",
					left-6, y, plotDecadeLabel(int(e)))
			}
		}
		pf(`<text class="axis-label" transform="translate(%g,%.2f) rotate(-90)" text-anchor="middle">%s</text>`+"\n",
			left-44, (y0+y1)/2, plotEscape(axisLabel))
		// Bars, group by group.
		gx := left + plotGroupGap/2
		for _, g := range p.groups {
			gw := plotGroupWidth(g)
			x := gx + (gw-float64(len(g.cells))*plotBarWidth)/2
			for _, c := range g.cells {
				what := fmt.Sprintf("%s, %s, %s: ", plotName(p.space), g.label, plotName(c.strategy))
				if plotDrawable(c.value) {
					y := yOf(c.value)
					pf(`<rect class="bar" x="%.1f" y="%.2f" width="%g" height="%.2f" fill="%s"><title>%s</title></rect>`+"\n",
						x, y, plotBarWidth-1, y1-y, color[c.strategy], plotEscape(what+strconv.FormatFloat(c.value, 'g', 4, 64)+" "+plotMetricLabel(metric)))
				} else {
					pf(`<text class="missing" x="%.1f" y="%.2f" text-anchor="middle" font-size="14" font-weight="bold" fill="%s"><title>%s</title>–</text>`+"\n",
						x+plotBarWidth/2, y1-4, color[c.strategy], plotEscape(what+"no value"))
				}
				x += plotBarWidth
			}
			pf(`<text class="x-label" transform="translate(%.1f,%.2f) rotate(-45)" text-anchor="end">%s</text>`+"\n",
				gx+gw/2, y1+plotFontSize+2, plotEscape(g.label))
			gx += gw + plotGroupGap
		}
		pf(`<line class="axis" x1="%g" y1="%.2f" x2="%g" y2="%.2f" stroke="#333333" stroke-width="1"/>`+"\n", left, y0, left, y1)
		pf(`<line class="axis" x1="%g" y1="%.2f" x2="%.1f" y2="%.2f" stroke="#333333" stroke-width="1"/>`+"\n", left, y1, left+plotW, y1)
		pf("</g>\n")
	}
	pf("</svg>\n")
	return b.Bytes(), nil
}

// plotDecadeLabel formats 10^e: 0.001, 1, 1000, or 1e-06 and 1e+07 beyond.
func plotDecadeLabel(e int) string {
	switch {
	case e >= 0 && e <= 6:
		return "1" + strings.Repeat("0", e)
	case e < 0 && e >= -5:
		return "0." + strings.Repeat("0", -e-1) + "1"
	case e < 0:
		return fmt.Sprintf("1e-%02d", -e)
	}
	return fmt.Sprintf("1e+%02d", e)
}

// plotEscape escapes s for XML text and attribute values.
func plotEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // never fails on a strings.Builder
	return b.String()
}

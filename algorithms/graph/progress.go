package graph

import (
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// progressMinBytes is the input size from which progress lines are printed.
var progressMinBytes int64 = 64 << 20

// progressStepUnknown is the reporting interval, in bytes, for inputs of
// unknown size.
var progressStepUnknown int64 = 256 << 20

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

// progress prints progress lines for a large input. A nil *progress is
// valid and prints nothing.
type progress struct {
	w      io.Writer
	name   string
	total  int64 // input size in bytes, or -1 if unknown
	in     *countingReader
	start  time.Time
	next   int64 // byte count at which the next line is due
	step   int64
	active bool
}

func newProgress(w io.Writer, name string, total int64, in *countingReader) *progress {
	if w == nil || in == nil {
		return nil
	}
	p := &progress{w: w, name: name, total: total, in: in, start: time.Now()}
	if total >= 0 {
		p.active = total >= progressMinBytes
		p.step = max(total/10, 1)
	} else {
		p.step = progressStepUnknown
	}
	p.next = p.step
	return p
}

// tick reports that edges edges have been parsed so far.
func (p *progress) tick(edges int64) {
	if p == nil {
		return
	}
	read := p.in.n.Load()
	if !p.active && p.total < 0 && read >= progressMinBytes {
		p.active = true
	}
	if !p.active || read < p.next {
		return
	}
	for p.next <= read {
		p.next += p.step
	}
	el := time.Since(p.start).Seconds()
	if p.total > 0 {
		fmt.Fprintf(p.w, "graph: reading %s: %3.0f%% (%s of %s), %s edges, %s\n",
			p.name, 100*float64(read)/float64(p.total), mib(read), mib(p.total), count(edges), rate(read, el))
	} else {
		fmt.Fprintf(p.w, "graph: reading %s: %s, %s edges, %s\n", p.name, mib(read), count(edges), rate(read, el))
	}
}

// done reports the end of parsing.
func (p *progress) done(edges int64) {
	if p == nil || !p.active {
		return
	}
	read := p.in.n.Load()
	el := time.Since(p.start).Seconds()
	fmt.Fprintf(p.w, "graph: read %s: %s, %s edges in %.2fs (%s)\n", p.name, mib(read), count(edges), el, rate(read, el))
}

// built reports the finished graph, how long building it took and how long
// reading and building took together.
func (p *progress) built(g *CSR, build, total time.Duration) {
	if p == nil || !p.active {
		return
	}
	fmt.Fprintf(p.w, "graph: built %v in %.2fs (%.2fs in all)\n", g, build.Seconds(), total.Seconds())
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

func rate(b int64, sec float64) string {
	if sec <= 0 {
		return "- MB/s"
	}
	return fmt.Sprintf("%.0f MB/s", float64(b)/1e6/sec)
}

func count(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2fG", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

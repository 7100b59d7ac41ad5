package profile

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"
)

// Timer is the built-in kernel timer: it accumulates calls and time per label and space and
// prints a table. It is safe for concurrent use. The zero value is not usable; use NewTimer.
type Timer struct {
	next  atomic.Uint64
	mu    sync.Mutex
	open  map[uint64]timerKey
	stats map[timerKey]*timerStat
}

type timerKey struct {
	kind  Kind
	label string
	space string
}

type timerStat struct {
	calls int64
	total time.Duration
	min   time.Duration
	max   time.Duration
}

// NewTimer returns an empty timer.
func NewTimer() *Timer {
	return &Timer{open: map[uint64]timerKey{}, stats: map[timerKey]*timerStat{}}
}

// BeginParallel implements Hooks.
func (t *Timer) BeginParallel(kind Kind, label, space string) uint64 {
	id := t.next.Add(1)
	t.mu.Lock()
	t.open[id] = timerKey{kind, label, space}
	t.mu.Unlock()
	return id
}

// EndParallel implements Hooks.
func (t *Timer) EndParallel(id uint64, elapsed time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	k, ok := t.open[id]
	if !ok {
		return
	}
	delete(t.open, id)
	s := t.stats[k]
	if s == nil {
		s = &timerStat{min: elapsed}
		t.stats[k] = s
	}
	s.calls++
	s.total += elapsed
	s.min = min(s.min, elapsed)
	s.max = max(s.max, elapsed)
}

// Fence implements Hooks.
func (t *Timer) Fence(label, space string) {}

// Alloc implements Hooks.
func (t *Timer) Alloc(label, space string, bytes int64) {}

// Free implements Hooks.
func (t *Timer) Free(label, space string, bytes int64) {}

// DeepCopy implements Hooks.
func (t *Timer) DeepCopy(dstLabel, dstSpace, srcLabel, srcSpace string, bytes int64) {}

// Row is one line of the timer's table.
type Row struct {
	Kind  Kind
	Label string
	Space string
	Calls int64
	Total time.Duration
	Mean  time.Duration
	Min   time.Duration
	Max   time.Duration
}

// Rows returns the timer's rows for space (all spaces when space is empty), most total time first.
func (t *Timer) Rows(space string) []Row {
	t.mu.Lock()
	defer t.mu.Unlock()
	var rows []Row
	for k, s := range t.stats {
		if space != "" && k.space != space {
			continue
		}
		rows = append(rows, Row{k.kind, k.label, k.space, s.calls, s.total, s.total / time.Duration(s.calls), s.min, s.max})
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Total != rows[j].Total {
			return rows[i].Total > rows[j].Total
		}
		return rows[i].Label < rows[j].Label
	})
	return rows
}

// Print writes the table of space's rows to w and forgets them. It writes nothing when the timer
// has no rows for space.
func (t *Timer) Print(w io.Writer, space string) {
	rows := t.Rows(space)
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "gokkos kernel timer (%s)\n", space)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "label\tpattern\tcalls\ttotal\tmean\tmin\tmax\t\n")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%v\t%v\t%v\t%v\t\n", r.Label, r.Kind, r.Calls, r.Total, r.Mean, r.Min, r.Max)
	}
	tw.Flush()
	t.mu.Lock()
	for k := range t.stats {
		if space == "" || k.space == space {
			delete(t.stats, k)
		}
	}
	t.mu.Unlock()
}

package main

import (
	"fmt"
	"io"
	"time"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/portable"
)

// writeTrace prints the frontier steps of a run as a table: the step, its direction ("fuse"
// for the steps of one frontier.PushLevels launch) and decision, what the inspector knew about the input worklist (size, out-edges, largest
// degree; "~" marks an estimate, "-" nothing sampled), the size of the next worklist and
// the step's time.
func writeTrace(w io.Writer, steps []frontier.Step) {
	if len(steps) == 0 {
		fmt.Fprintln(w, "trace: no frontier steps recorded (the method does not use the frontier template)")
		return
	}
	fmt.Fprintf(w, "%5s %-4s %-28s %12s %13s %10s %12s %11s\n", "step", "dir", "decision", "size", "edges", "maxdeg", "added", "µs")
	var total float64
	rounds := 0
	for _, s := range steps {
		dir, dec := "push", s.Decision.String()
		if s.Pull {
			dir, dec = "pull", "bitmap→bitmap"
		}
		if s.Fused {
			dir, dec = "fuse", fmt.Sprintf("league, %d rounds", s.Rounds)
			rounds += s.Rounds
		}
		edges, maxdeg := "-", "-"
		if s.Sample.Edges >= 0 {
			edges = fmt.Sprint(s.Sample.Edges)
			if !s.Sample.Measured {
				edges = "~" + edges
			}
		}
		if s.Sample.MaxDegree >= 0 {
			maxdeg = fmt.Sprint(s.Sample.MaxDegree)
		}
		fmt.Fprintf(w, "%5d %-4s %-28s %12d %13s %10s %12d %11.1f\n", s.Iteration, dir, dec, s.Sample.Size, edges, maxdeg, s.Added, s.Seconds*1e6)
		total += s.Seconds
	}
	if rounds > 0 {
		fmt.Fprintf(w, "trace: %d steps (%d rounds in fused steps), %.1f µs in steps\n", len(steps), rounds, total*1e6)
		return
	}
	fmt.Fprintf(w, "trace: %d steps, %.1f µs in steps\n", len(steps), total*1e6)
}

// writeKernels prints where the last timed run's time went, kernel by kernel: every label with
// its calls, total and mean time and share of the run (seconds), most total time first. The
// times are the launches' own (on the cuda space, measured with events, which the trace turns
// on); what the run spent outside kernels (host decisions, copies, allocation) is the
// remainder.
func writeKernels(w io.Writer, rows []portable.TimerRow, seconds float64) {
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "%-40s %-15s %7s %12s %10s %6s\n", "kernel", "pattern", "calls", "total µs", "mean µs", "share")
	var total time.Duration
	for _, r := range rows {
		share := "-"
		if seconds > 0 {
			share = fmt.Sprintf("%.1f%%", 100*r.Total.Seconds()/seconds)
		}
		fmt.Fprintf(w, "%-40s %-15s %7d %12.1f %10.1f %6s\n", r.Label, r.Kind, r.Calls, float64(r.Total.Microseconds()), float64(r.Mean.Nanoseconds())/1e3, share)
		total += r.Total
	}
	fmt.Fprintf(w, "trace: %d kernels, %d launches, %.1f µs in kernels of %.1f µs\n", len(rows), launches(rows), float64(total.Nanoseconds())/1e3, seconds*1e6)
}

// launches returns the number of launches in rows.
func launches(rows []portable.TimerRow) int64 {
	var n int64
	for _, r := range rows {
		n += r.Calls
	}
	return n
}

// writePhases prints the phases of a run as a table: the phase, its round, its iterations
// (passes, rounds or sweeps), the vertices it handled and its time, then the time per phase.
func writePhases(w io.Writer, phases []phase) {
	fmt.Fprintf(w, "%-9s %6s %10s %12s %11s\n", "phase", "round", "iterations", "vertices", "µs")
	var names []string
	total := map[string]float64{}
	for _, p := range phases {
		fmt.Fprintf(w, "%-9s %6d %10d %12d %11.1f\n", p.name, p.round, p.iterations, p.vertices, p.seconds*1e6)
		if _, ok := total[p.name]; !ok {
			names = append(names, p.name)
		}
		total[p.name] += p.seconds
	}
	fmt.Fprintf(w, "trace: %d phases", len(phases))
	for i, n := range names {
		sep := ", "
		if i == 0 {
			sep = ": "
		}
		fmt.Fprintf(w, "%s%s %.1f µs", sep, n, total[n]*1e6)
	}
	fmt.Fprintln(w)
}

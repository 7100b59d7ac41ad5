package main

import (
	"fmt"
	"io"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

// writeTrace prints the frontier steps of a run as a table: the step, its direction and
// decision, what the inspector knew about the input worklist (size, out-edges, largest
// degree; "~" marks an estimate, "-" nothing sampled), the size of the next worklist and
// the step's time.
func writeTrace(w io.Writer, steps []frontier.Step) {
	if len(steps) == 0 {
		fmt.Fprintln(w, "trace: no frontier steps recorded (the method does not use the frontier template)")
		return
	}
	fmt.Fprintf(w, "%5s %-4s %-28s %12s %13s %10s %12s %11s\n", "step", "dir", "decision", "size", "edges", "maxdeg", "added", "µs")
	var total float64
	for _, s := range steps {
		dir, dec := "push", s.Decision.String()
		if s.Pull {
			dir, dec = "pull", "bitmap→bitmap"
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
	fmt.Fprintf(w, "trace: %d steps, %.1f µs in steps\n", len(steps), total*1e6)
}

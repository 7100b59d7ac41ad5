package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTrace checks that run -trace prints one row per frontier step of the last run, whose
// count matches the steps the JSON result reports, and says so when a method has none.
func TestTrace(t *testing.T) {
	// One worker: color propagation's step count depends on the interleaving of its updates.
	t.Setenv("GOKKOS_NUM_THREADS", "1")
	dir := t.TempDir()
	file := filepath.Join(dir, "g.wel")
	if _, errOut, code := gokkos(t, "gen", "-kind", "rmat", "-scale", "10", "-undirected", "-weights", "int", "-o", file); code != 0 {
		t.Fatalf("gen: %s", errOut)
	}
	row := regexp.MustCompile(`(?m)^\s+\d+ (push|pull|fuse) `)
	for _, tc := range []struct {
		name  string
		args  []string
		steps func(m map[string]any) int // the steps the result reports; -1: no template steps
	}{
		{"bfs", []string{"-algo", "bfs"}, func(m map[string]any) int {
			return int(m["push_steps"].(float64) + m["pull_steps"].(float64))
		}},
		{"coloring", []string{"-algo", "coloring", "-strategy", "ml"}, func(m map[string]any) int { return int(m["iterations"].(float64)) }},
		{"sssp bellman-ford", []string{"-algo", "sssp", "-method", "bellman-ford"}, func(m map[string]any) int { return int(m["iterations"].(float64)) }},
		{"scc multistep", []string{"-algo", "scc", "-method", "multistep", "-serial-cutoff", "-1"}, func(m map[string]any) int {
			return int(m["reach_iterations"].(float64) + m["propagation_iterations"].(float64))
		}},
		{"sssp edge list", []string{"-algo", "sssp", "-method", "edgelist"}, func(map[string]any) int { return -1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, errOut := tracedRun(t, append([]string{"-graph", file}, tc.args...)...)
			want := tc.steps(m)
			if want < 0 {
				if !strings.Contains(errOut, "no frontier steps") {
					t.Fatalf("no note about missing steps:\n%s", errOut)
				}
				return
			}
			rows := row.FindAllString(errOut, -1)
			if len(rows) != want || want == 0 {
				t.Fatalf("%d step rows, want %d:\n%s", len(rows), want, errOut)
			}
			if !strings.Contains(errOut, "trace: "+strconv.Itoa(want)+" steps") {
				t.Fatalf("no summary line for %d steps:\n%s", want, errOut)
			}
		})
	}
}

// TestTraceKernels checks that run -trace lists the kernels of the last run for algorithms on
// and off the frontier template: the algorithm's own labels appear, and the summary's launch
// count is the sum of the calls column.
func TestTraceKernels(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.el")
	if _, errOut, code := gokkos(t, "gen", "-kind", "rmat", "-scale", "10", "-o", file); code != 0 {
		t.Fatalf("gen: %s", errOut)
	}
	row := regexp.MustCompile(`(?m)^(\S+(?: \S+)*?)\s+(parallel_\w+)\s+(\d+)\s+[\d.]+\s+[\d.]+\s+\S+$`)
	summary := regexp.MustCompile(`trace: (\d+) kernels, (\d+) launches`)
	for _, tc := range []struct {
		algo, label string
	}{
		{"scc", "scc.trim.degree"},
		{"wcc", "wcc."},
		{"bfs", "frontier: "},
	} {
		t.Run(tc.algo, func(t *testing.T) {
			_, errOut, code := gokkos(t, "run", "-graph", file, "-algo", tc.algo, "-trials", "1", "-quiet", "-trace")
			if code != 0 {
				t.Fatalf("status %d: %s", code, errOut)
			}
			rows := row.FindAllStringSubmatch(errOut, -1)
			m := summary.FindStringSubmatch(errOut)
			if len(rows) == 0 || m == nil {
				t.Fatalf("no kernel table:\n%s", errOut)
			}
			calls, found := 0, false
			for _, r := range rows {
				c, _ := strconv.Atoi(r[3])
				calls += c
				found = found || strings.HasPrefix(r[1], tc.label)
			}
			if !found {
				t.Errorf("no kernel labelled %q:\n%s", tc.label, errOut)
			}
			if strconv.Itoa(len(rows)) != m[1] || strconv.Itoa(calls) != m[2] {
				t.Errorf("summary %q, table has %d kernels and %d launches:\n%s", m[0], len(rows), calls, errOut)
			}
		})
	}
}

// TestTracePhases checks that run -trace prints the phases of scc -method edgelist, one row per
// phase, with rounds that match the forward-backward rounds of the JSON result.
func TestTracePhases(t *testing.T) {
	file := filepath.Join(t.TempDir(), "g.el")
	if _, errOut, code := gokkos(t, "gen", "-kind", "smallworld", "-n", "3000", "-o", file); code != 0 {
		t.Fatalf("gen: %s", errOut)
	}
	args := []string{"-graph", file, "-algo", "scc", "-method", "edgelist", "-segment", "512"}
	m := runJSON(t, args...)
	for _, k := range []string{"trim_seconds", "reach_seconds", "fb_seconds", "serial_seconds", "segments", "segment_vertices", "list_edges"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("no %s in %v", k, m)
		}
	}
	// Multistep on the same graph finishes serially (the default cutoff exceeds the graph), and
	// the time split says so.
	ms := runJSON(t, "-graph", file, "-algo", "scc", "-method", "multistep")
	if ms["serial_vertices"].(float64) <= 0 || ms["serial_seconds"].(float64) <= 0 || ms["trim_seconds"].(float64) <= 0 {
		t.Fatalf("multistep: serial_vertices %v, serial_seconds %v, trim_seconds %v; want all positive", ms["serial_vertices"], ms["serial_seconds"], ms["trim_seconds"])
	}
	if m["segments"].(float64) < 2 {
		t.Fatalf("%v segments with 512-byte segments of %v vertices", m["segments"], m["vertices"])
	}
	// The pivots race, so the number of rounds differs between runs: the rounds to match are
	// those of the traced run's own JSON.
	traced, errOut := tracedRun(t, args...)
	rounds := int(traced["fb_rounds"].(float64))
	for _, name := range []string{"forward", "backward", "split"} {
		rows := regexp.MustCompile(`(?m)^`+name+` +\d+ +\d+ +\d+ +[0-9.]+$`).FindAllString(errOut, -1)
		if len(rows) != rounds {
			t.Fatalf("%d %s rows for %d rounds:\n%s", len(rows), name, rounds, errOut)
		}
	}
	if !regexp.MustCompile(`trace: \d+ phases: trim [0-9.]+ µs, `).MatchString(errOut) {
		t.Fatalf("no summary line:\n%s", errOut)
	}
}

// tracedRun runs one trial of gokkos run with -trace and -json and returns the JSON result and
// the trace on stderr, so that a test compares the trace with the counts of the same run.
func tracedRun(t *testing.T, args ...string) (map[string]any, string) {
	t.Helper()
	out, errOut, code := gokkos(t, append([]string{"run", "-json", "-trials", "1", "-quiet", "-trace"}, args...)...)
	if code != 0 {
		t.Fatalf("gokkos run %v: status %d: %s", args, code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("gokkos run %v: bad JSON %q: %v", args, out, err)
	}
	return m, errOut
}

// TestTune checks that run -tune reaches the frontier template: fused steps, which the host
// takes for the first small worklists of a top-down search and for Multistep's small
// traversals, are gone with LevelEdges=-1, and the results stay the same.
func TestTune(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.el")
	if _, errOut, code := gokkos(t, "gen", "-kind", "grid", "-rows", "32", "-cols", "32", "-o", file); code != 0 {
		t.Fatalf("gen: %s", errOut)
	}
	fused := regexp.MustCompile(`(?m)^\s+\d+ fuse `)
	for _, c := range []struct {
		name string
		args []string
		keys []string
	}{
		{"bfs", []string{"-algo", "bfs", "-direction", "push", "-root", "0"}, []string{"reached", "depth", "levels"}},
		{"scc", []string{"-algo", "scc", "-method", "multistep", "-serial-cutoff", "-1"}, []string{"components", "largest", "nontrivial"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := append([]string{"-graph", file}, c.args...)
			plain, plainErr := tracedRun(t, base...)
			tuned, tunedErr := tracedRun(t, append(base, "-tune", "LevelEdges=-1")...)
			if len(fused.FindAllString(plainErr, -1)) == 0 {
				t.Fatalf("no fused steps by default:\n%s", plainErr)
			}
			if n := len(fused.FindAllString(tunedErr, -1)); n != 0 {
				t.Fatalf("%d fused steps with -tune LevelEdges=-1:\n%s", n, tunedErr)
			}
			for _, k := range c.keys {
				if a, b := fmt.Sprint(plain[k]), fmt.Sprint(tuned[k]); a != b {
					t.Errorf("%s: %s by default, %s with -tune", k, a, b)
				}
			}
		})
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/internal/memlimit"
)

// The serial references below are deliberately simple: the algorithm packages test against
// the project's references; these check that the command reports the same results.

func refBFS(g *graph.CSR, root int32) []int32 {
	level := make([]int32, g.N)
	for i := range level {
		level[i] = -1
	}
	level[root] = 0
	q := []int32{root}
	for len(q) > 0 {
		u := q[0]
		q = q[1:]
		for _, v := range g.Neighbors(u) {
			if level[v] < 0 {
				level[v] = level[u] + 1
				q = append(q, v)
			}
		}
	}
	return level
}

func refColors(g *graph.CSR) []int32 {
	c := make([]int32, g.N)
	for i := range c {
		c[i] = int32(i)
	}
	for changed := true; changed; {
		changed = false
		for u := int32(0); int(u) < g.N; u++ {
			for _, v := range g.Neighbors(u) {
				if c[u] > c[v] {
					c[v], changed = c[u], true
				}
			}
		}
	}
	return c
}

// refSCC returns the number of strongly connected components of g and the size of the
// largest, by Tarjan's algorithm.
func refSCC(g *graph.CSR) (count, largest int) {
	index, low := make([]int, g.N), make([]int, g.N)
	on := make([]bool, g.N)
	for v := range index {
		index[v] = -1
	}
	var stack []int32
	next := 0
	var visit func(v int32)
	visit = func(v int32) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for _, w := range g.Neighbors(v) {
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if on[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			size := 0
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[w] = false
				size++
				if w == v {
					break
				}
			}
			count++
			largest = max(largest, size)
		}
	}
	for v := int32(0); int(v) < g.N; v++ {
		if index[v] < 0 {
			visit(v)
		}
	}
	return count, largest
}

func refDist(g *graph.CSR, src int32) []float64 {
	d := make([]float64, g.N)
	for i := range d {
		d[i] = math.Inf(1)
	}
	d[src] = 0
	for changed := true; changed; {
		changed = false
		for u := int32(0); int(u) < g.N; u++ {
			for i, v := range g.Neighbors(u) {
				if nd := d[u] + g.NeighborWeights(u)[i]; nd < d[v] {
					d[v], changed = nd, true
				}
			}
		}
	}
	return d
}

// TestMain lets the test binary act as the command: the end-to-end tests run it as a child
// process with GOKKOS_TEST_AS_COMMAND=1, so they need no go tool (a prebuilt test binary,
// with -tags cuda on a GPU machine, runs them too).
//
// With GOKKOS_TEST_LIMIT_AS set too, the command runs under RLIMIT_AS at its size plus that
// many MiB, for the tests of oversized input.
func TestMain(m *testing.M) {
	if os.Getenv("GOKKOS_TEST_AS_COMMAND") == "1" {
		if mib, err := strconv.ParseInt(os.Getenv("GOKKOS_TEST_LIMIT_AS"), 10, 64); err == nil {
			if err := memlimit.LimitAddressSpace(mib << 20); err != nil {
				fmt.Fprintln(os.Stderr, "gokkos test: cannot limit the address space:", err)
				os.Exit(3)
			}
		}
		os.Exit(gokkosMain(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// gokkos runs the command in a child process and returns stdout, stderr and the exit status.
func gokkos(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, args...)
	cmd.Env = append(os.Environ(), "GOKKOS_TEST_AS_COMMAND=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// runJSON runs gokkos run with -json and decodes the object.
func runJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, errOut, code := gokkos(t, append([]string{"run", "-json", "-trials", "2"}, args...)...)
	if code != 0 {
		t.Fatalf("gokkos run %v: status %d\n%s", args, code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("gokkos run %v: bad JSON %q: %v", args, out, err)
	}
	for _, k := range []string{"algorithm", "space", "strategy", "vertices", "edges", "seconds", "gteps"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("gokkos run %v: JSON lacks %q: %v", args, k, m)
		}
	}
	return m
}

func TestEndToEnd(t *testing.T) {
	dir := t.TempDir()
	rmat := filepath.Join(dir, "rmat.wel")
	if out, errOut, code := gokkos(t, "gen", "-kind", "rmat", "-scale", "9", "-edgefactor", "8", "-weights", "int", "-seed", "3", "-o", rmat); code != 0 {
		t.Fatalf("gen: %d %s %s", code, out, errOut)
	}
	host, err := graph.ReadFile(rmat, graph.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	grid := filepath.Join(dir, "grid.mtx")
	if _, errOut, code := gokkos(t, "gen", "-kind", "grid", "-rows", "20", "-cols", "30", "-o", grid); code != 0 {
		t.Fatalf("gen grid: %s", errOut)
	}
	for _, kind := range []string{"uniform", "smallworld"} {
		f := filepath.Join(dir, kind+".gkg")
		if _, errOut, code := gokkos(t, "gen", "-kind", kind, "-n", "500", "-o", f); code != 0 {
			t.Fatalf("gen %s: %s", kind, errOut)
		}
		runJSON(t, "-algo", "bfs", "-graph", f)
	}
	// A road graph carries street lengths; -weights none writes the same streets without them.
	roadW, roadEL := filepath.Join(dir, "road.wel"), filepath.Join(dir, "road.el")
	for _, args := range [][]string{{"-o", roadW}, {"-weights", "none", "-o", roadEL}} {
		if _, errOut, code := gokkos(t, append([]string{"gen", "-kind", "road", "-rows", "12", "-cols", "9"}, args...)...); code != 0 {
			t.Fatalf("gen road %v: %s", args, errOut)
		}
	}
	wel, err := os.ReadFile(roadW)
	if err != nil {
		t.Fatal(err)
	}
	el, err := os.ReadFile(roadEL)
	if err != nil {
		t.Fatal(err)
	}
	var streets []string
	for _, line := range strings.Split(strings.TrimSpace(string(wel)), "\n") {
		if f := strings.Fields(line); len(f) == 3 {
			streets = append(streets, f[0]+" "+f[1])
		}
	}
	if got := strings.Split(strings.TrimSpace(string(el)), "\n"); len(streets) == 0 || strings.Join(got, "|") != strings.Join(streets, "|") {
		t.Fatalf("road -weights none wrote %d edges, the weighted road %d (or they differ)", len(got), len(streets))
	}

	t.Run("bfs", func(t *testing.T) {
		root := int32(5)
		level := refBFS(host, root)
		var want []float64
		var reached float64
		for _, l := range level {
			if l >= 0 {
				reached++
				for int(l) >= len(want) {
					want = append(want, 0)
				}
				want[l]++
			}
		}
		for _, s := range []string{"baseline", "hierarchical", "ml", "mg", "auto"} {
			m := runJSON(t, "-algo", "bfs", "-graph", rmat, "-strategy", s, "-root", "5")
			if m["strategy"] != s || m["reached"] != reached || m["depth"] != float64(len(want)-1) {
				t.Fatalf("%s: %v", s, m)
			}
			var levels []float64
			for _, x := range m["levels"].([]any) {
				levels = append(levels, x.(float64))
			}
			if !slices.Equal(levels, want) {
				t.Fatalf("%s: levels %v, want %v", s, levels, want)
			}
		}
	})
	t.Run("coloring", func(t *testing.T) {
		color := refColors(host)
		var colors float64
		for v, c := range color {
			if int(c) == v {
				colors++
			}
		}
		for _, s := range []string{"baseline", "mg", "auto"} {
			m := runJSON(t, "-algo", "coloring", "-graph", rmat, "-strategy", s)
			if m["colors"] != colors || m["iterations"].(float64) < 1 {
				t.Fatalf("%s: %v (want %v colors)", s, m, colors)
			}
		}
	})
	t.Run("scc", func(t *testing.T) {
		count, largest := refSCC(host)
		for _, method := range []string{"multistep", "fbtrim", "auto"} {
			m := runJSON(t, "-algo", "scc", "-method", method, "-graph", rmat)
			if m["components"] != float64(count) || m["largest"] != float64(largest) {
				t.Fatalf("%s: %v (want %d components, the largest of %d)", method, m, count, largest)
			}
			l, ok := m["label_seconds"].(float64)
			if !ok || l <= 0 || l > m["seconds"].(float64) {
				t.Fatalf("%s: label_seconds %v, seconds %v", method, m["label_seconds"], m["seconds"])
			}
		}
	})
	t.Run("wcc", func(t *testing.T) {
		// The weak components by a serial union-find.
		parent := make([]int, host.N)
		for v := range parent {
			parent[v] = v
		}
		var find func(int) int
		find = func(v int) int {
			for parent[v] != v {
				parent[v] = parent[parent[v]]
				v = parent[v]
			}
			return v
		}
		for u := 0; u < host.N; u++ {
			for _, w := range host.Adj[host.Offsets[u]:host.Offsets[u+1]] {
				if a, b := find(u), find(int(w)); a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
		sizes := map[int]float64{}
		for v := range parent {
			sizes[find(v)]++
		}
		var largest float64
		for _, n := range sizes {
			largest = max(largest, n)
		}
		for _, args := range [][]string{{}, {"-method", "search"}, {"-method", "afforest"}, {"-method", "afforest", "-rounds", "-1"}, {"-method", "afforest", "-samples", "-1"},
			{"-method", "afforest", "-rounds", "3", "-samples", "64"}, {"-method", "lp"}} {
			m := runJSON(t, append([]string{"-algo", "wcc", "-graph", rmat}, args...)...)
			if m["components"] != float64(len(sizes)) || m["largest"] != largest {
				t.Fatalf("%v: %v (want %d components, the largest of %v)", args, m, len(sizes), largest)
			}
			if l, ok := m["label_seconds"].(float64); !ok || l <= 0 || l > m["seconds"].(float64) {
				t.Fatalf("%v: label_seconds %v, seconds %v", args, m["label_seconds"], m["seconds"])
			}
			chosen := m["method_chosen"]
			if (m["method"] == "auto" && chosen != "search" && chosen != "afforest") || (m["method"] != "auto" && chosen != m["method"]) {
				t.Fatalf("%v: method %v, method_chosen %v", args, m["method"], chosen)
			}
		}
	})
	t.Run("sssp", func(t *testing.T) {
		dist := refDist(host, 7)
		var reached, sum, mx float64
		for _, d := range dist {
			if d < 1e300 {
				reached++
				sum += d
				mx = max(mx, d)
			}
		}
		for _, args := range [][]string{{"-method", "delta"}, {"-method", "bellman-ford", "-strategy", "ml"}, {"-method", "ordered"}, {"-method", "edgelist"}} {
			m := runJSON(t, append([]string{"-algo", "sssp", "-graph", rmat, "-root", "7"}, args...)...)
			if m["reached"] != reached || m["sum"] != sum || m["max"] != mx {
				t.Fatalf("%v: %v, want reached %v sum %v max %v", args, m, reached, sum, mx)
			}
		}
	})
	t.Run("grid-and-text", func(t *testing.T) {
		out, errOut, code := gokkos(t, "run", "-algo", "bfs", "-graph", grid, "-root", "0", "-trials", "1")
		if code != 0 || !strings.Contains(out, "depth") || !strings.Contains(out, "48") || !strings.Contains(out, "GTEPS") {
			t.Fatalf("text output: %d\n%s\n%s", code, out, errOut)
		}
	})
	t.Run("bench", func(t *testing.T) {
		out, errOut, code := gokkos(t, "bench", "-scales", "8", "-graphs", "rmat,grid", "-trials", "1", "-strategies", "baseline,auto", "-algos", "bfs,sssp:method=edgelist")
		if code != 0 {
			t.Fatalf("bench: %d %s", code, errOut)
		}
		for _, want := range []string{"rmat-8", "grid-8", "bfs", "sssp:method=edgelist", "baseline", "auto"} {
			if !strings.Contains(out, want) {
				t.Fatalf("bench output lacks %q:\n%s", want, out)
			}
		}
		out, _, code = gokkos(t, "bench", "-scales", "7", "-graphs", "uniform", "-trials", "1", "-strategies", "auto", "-algos", "coloring", "-json")
		if code != 0 || strings.Count(out, "\n") != 1 || !strings.Contains(out, `"variant": "coloring"`) {
			t.Fatalf("bench -json: %d %q", code, out)
		}
	})
	t.Run("info", func(t *testing.T) {
		out, _, code := gokkos(t, "info")
		if code != 0 || !strings.Contains(out, "space host") {
			t.Fatalf("info: %d %s", code, out)
		}
	})
	t.Run("errors", func(t *testing.T) {
		for _, tc := range []struct {
			args []string
			code int
			msg  string
		}{
			{[]string{"run", "-algo", "bfs", "-graph", filepath.Join(dir, "missing.el")}, 1, "no such file"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-root", "100000"}, 1, "root 100000 is not a vertex"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-root", "-7"}, 1, "root -7 is not a vertex"},
			{[]string{"run", "-algo", "pagerank", "-graph", rmat}, 2, "unknown algorithm"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-strategy", "sideways"}, 2, "unknown strategy"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-space", "quantum"}, 1, "unknown execution space"},
			{[]string{"run", "-algo", "bfs"}, 2, "-graph FILE is required"},
			{[]string{"run", "-graph", rmat}, 2, "-algo is required"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-direction", "up"}, 2, "unknown direction"},
			{[]string{"run", "-algo", "sssp", "-graph", rmat, "-method", "warp"}, 2, "unknown method"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-trials", "0"}, 2, "-trials"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-bogus"}, 2, "flag provided but not defined"},
			{[]string{"run", "-algo", "bfs", "-graph", rmat, "-tune", "LevelRounds=many"}, 2, "-tune: frontier: tuning setting \"LevelRounds=many\": value is not an integer"},
			{[]string{"run", "-algo", "sssp", "-graph", rmat, "-tune", "Rounds=3"}, 2, "no field \"Rounds\""},
			{[]string{"run", "-algo", "scc", "-method", "edgelist", "-graph", rmat, "-tune", "LevelRounds=2"}, 2, "-tune does not apply to scc -method edgelist"},
			{[]string{"run", "-algo", "wcc", "-method", "lp", "-graph", rmat, "-samples", "8"}, 2, "-samples does not apply to wcc -method lp"},
			{[]string{"gen", "-kind", "rmat", "-scale", "40", "-o", filepath.Join(dir, "x.el")}, 2, "scale"},
			{[]string{"gen", "-kind", "torus", "-o", filepath.Join(dir, "x.el")}, 2, "unknown -kind"},
			{[]string{"gen", "-kind", "grid", "-o", filepath.Join(dir, "x.unknown")}, 2, "cannot tell the format"},
			{[]string{"gen", "-kind", "grid", "-weights", "int", "-o", filepath.Join(dir, "x.el")}, 2, "cannot store weights"},
			{[]string{"gen", "-kind", "grid"}, 2, "-o FILE is required"},
			{[]string{"teleport"}, 2, "unknown command"},
			{[]string{"bench", "-scales", "99"}, 2, "bad scale"},
		} {
			_, errOut, code := gokkos(t, tc.args...)
			if code != tc.code || !strings.Contains(errOut, tc.msg) || strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine") {
				t.Errorf("gokkos %v: status %d, stderr %q; want status %d and %q", tc.args, code, errOut, tc.code, tc.msg)
			}
		}
	})
	t.Run("cuda-space", func(t *testing.T) {
		if os.Getenv("GOKKOS_TEST_CUDA") == "" {
			t.Skip("set GOKKOS_TEST_CUDA=1 with a -tags cuda build to run on the GPU")
		}
		// Every algorithm and strategy on the GPU must report what the host reports.
		for _, args := range [][]string{
			{"-algo", "bfs", "-root", "5"}, {"-algo", "bfs", "-root", "5", "-direction", "push"},
			{"-algo", "coloring"}, {"-algo", "coloring", "-pull"},
			{"-algo", "sssp", "-root", "7", "-method", "delta"}, {"-algo", "sssp", "-root", "7", "-method", "bellman-ford"},
			{"-algo", "sssp", "-root", "7", "-method", "ordered"}, {"-algo", "sssp", "-root", "7", "-method", "edgelist"},
		} {
			strategies := []string{"baseline", "hierarchical", "ml", "mg", "auto"}
			if slices.Contains(args, "edgelist") {
				strategies = []string{""} // not on the frontier template: -strategy does not apply
			}
			for _, s := range strategies {
				a := append([]string{"-graph", rmat}, args...)
				if s != "" {
					a = append(a, "-strategy", s)
				}
				host := runJSON(t, append(a, "-space", "host")...)
				gpu := runJSON(t, append(a, "-space", "cuda")...)
				if gpu["space"] != "cuda" {
					t.Fatalf("space %v", gpu["space"])
				}
				for _, k := range []string{"reached", "depth", "levels", "colors", "sum", "max", "negative_cycle"} {
					if h, ok := host[k]; ok && fmt.Sprint(h) != fmt.Sprint(gpu[k]) {
						t.Errorf("%v: %s = %v on the GPU, %v on the host", a, k, gpu[k], h)
					}
				}
			}
		}
	})
}

// TestInProcess checks the flag handling without building the binary.
func TestInProcess(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := gokkosMain(nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "usage") {
		t.Fatalf("no arguments: %d %q", code, errOut.String())
	}
	out.Reset()
	if code := gokkosMain([]string{"help"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "bfs") {
		t.Fatalf("help: %d %q", code, out.String())
	}
	// Help: without -algo it points to the algorithms' own flags; with one it lists them.
	for _, tc := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"run", "-h"}, "-h also lists X's own flags", "-method string"},
		{[]string{"run", "-algo", "scc", "-h"}, "-method string", "-h also lists"},
		{[]string{"run", "-algo", "sssp", "-h"}, "-delta", "-h also lists"},
	} {
		errOut.Reset()
		gokkosMain(tc.args, &out, &errOut)
		if h := errOut.String(); !strings.Contains(h, tc.want) || strings.Contains(h, tc.not) {
			t.Errorf("%q: help lacks %q or has %q:\n%s", tc.args, tc.want, tc.not, h)
		}
	}
	if got := prescanAlgo([]string{"-graph", "x", "--algo=sssp"}); got != "sssp" {
		t.Fatalf("prescanAlgo: %q", got)
	}
	if got := splitAlgos("bfs,sssp:method=delta,delta=3,coloring"); !slices.Equal(got, []string{"bfs", "sssp:method=delta,delta=3", "coloring"}) {
		t.Fatalf("splitAlgos: %q", got)
	}
}

// TestProfileTable checks that GOKKOS_PROFILE=1 prints the kernel timer's table when the
// command runs on the default space, which it does not close.
func TestProfileTable(t *testing.T) {
	g := filepath.Join(t.TempDir(), "g.el")
	if _, errOut, code := gokkos(t, "gen", "-kind", "grid", "-rows", "8", "-cols", "8", "-o", g); code != 0 {
		t.Fatalf("gen: %d\n%s", code, errOut)
	}
	for _, c := range []struct {
		env   string
		table bool
	}{{"1", true}, {"0", false}} {
		t.Run("GOKKOS_PROFILE="+c.env, func(t *testing.T) {
			t.Setenv("GOKKOS_PROFILE", c.env)
			_, errOut, code := gokkos(t, "run", "-algo", "bfs", "-graph", g, "-trials", "1", "-quiet")
			if code != 0 {
				t.Fatalf("run: %d\n%s", code, errOut)
			}
			if got := strings.Contains(errOut, "frontier: push"); got != c.table {
				t.Errorf("table printed: %v, want %v; standard error:\n%s", got, c.table, errOut)
			}
		})
	}
}

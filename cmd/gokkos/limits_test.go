package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// inProcess runs the command line in this process and returns stdout, stderr and the exit
// status.
func inProcess(args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := gokkosMain(args, &out, &errOut)
	return out.String(), errOut.String(), code
}

// TestFlagsThatDoNotApply checks that every flag set on the command line that the chosen
// algorithm, method or graph kind ignores is refused, with one message.
func TestFlagsThatDoNotApply(t *testing.T) {
	dir := t.TempDir()
	g := filepath.Join(dir, "g.wel") // never read: the flags are refused first
	out := filepath.Join(dir, "out.el")
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"root with wcc", []string{"run", "-algo", "wcc", "-graph", g, "-root", "3"},
			"-root does not apply to wcc (only bfs and sssp start from a root)"},
		{"root with scc", []string{"run", "-algo", "scc", "-graph", g, "-root", "0"},
			"-root does not apply to scc (only bfs and sssp start from a root)"},
		{"root with coloring", []string{"run", "-root=1", "-algo", "coloring", "-graph", g},
			"-root does not apply to coloring (only bfs and sssp start from a root)"},
		{"strategy with wcc", []string{"run", "-algo", "wcc", "-graph", g, "-strategy", "ml"},
			"-strategy does not apply to wcc -method auto (it does not run on the frontier template)"},
		{"strategy with scc fbtrim", []string{"run", "-algo", "scc", "-method", "fbtrim", "-traversal", "topo", "-graph", g, "-strategy", "auto"},
			"-strategy does not apply to scc -method fbtrim -traversal topo (it does not run on the frontier template)"},
		{"strategy with sssp edgelist", []string{"run", "-algo", "sssp", "-method", "edgelist", "-graph", g, "-strategy", "mg"},
			"-strategy does not apply to sssp -method edgelist (it does not run on the frontier template)"},
		{"sssp worklist with delta", []string{"run", "-algo", "sssp", "-method", "delta", "-worklist", "queue", "-graph", g},
			"-worklist does not apply to sssp -method delta (it sets the worklist format of bellman-ford)"},
		{"sssp delta with bellman-ford", []string{"run", "-algo", "sssp", "-method", "bellman-ford", "-delta", "2", "-graph", g},
			"-delta does not apply to sssp -method bellman-ford (it sets the bucket width of delta-stepping)"},
		{"sssp segment with auto", []string{"run", "-algo", "sssp", "-segment", "4096", "-graph", g},
			"-segment does not apply to sssp -method auto (it sets the segment size of edgelist)"},
		{"sssp float with edgelist", []string{"run", "-algo", "sssp", "-method", "edgelist", "-float", "-graph", g},
			"-float does not apply to sssp -method edgelist (edgelist always keeps float64 distances)"},
		{"scc traversal with multistep", []string{"run", "-algo", "scc", "-method", "multistep", "-traversal", "topo", "-graph", g},
			"-traversal does not apply to scc -method multistep (it sets the traversal of fbtrim and hybrid)"},
		{"scc traversal with auto", []string{"run", "-algo", "scc", "-traversal", "topo", "-graph", g},
			"-traversal does not apply to scc -method auto (it sets the traversal of fbtrim and hybrid)"},
		{"scc traversal with async", []string{"run", "-algo", "scc", "-method", "async", "-traversal", "data", "-graph", g},
			"-traversal does not apply to scc -method async (it sets the traversal of fbtrim and hybrid)"},
		{"scc serial-cutoff with async", []string{"run", "-algo", "scc", "-method", "async", "-serial-cutoff", "9", "-graph", g},
			"-serial-cutoff does not apply to scc -method async (it sets when multistep finishes serially)"},
		{"strategy with scc async", []string{"run", "-algo", "scc", "-method", "async", "-graph", g, "-strategy", "ml"},
			"-strategy does not apply to scc -method async (it does not run on the frontier template)"},
		{"strategy with scc weak", []string{"run", "-algo", "scc", "-method", "weak", "-graph", g, "-strategy", "ml"},
			"-strategy does not apply to scc -method weak (it does not run on the frontier template)"},
		{"scc async-budget with multistep", []string{"run", "-algo", "scc", "-method", "multistep", "-async-budget", "8", "-graph", g},
			"-async-budget does not apply to scc -method multistep (it bounds the sweeps of async)"},
		{"weights with road", []string{"gen", "-kind", "road", "-weights", "int", "-o", out},
			"-weights does not apply to -kind road (road graphs carry their own integer street lengths; -weights none drops them)"},
		{"scale with citation", []string{"gen", "-kind", "citation", "-scale", "3", "-o", out},
			"-scale does not apply to -kind citation (it is a parameter of rmat; citation takes -n)"},
		{"scc serial-cutoff with hybrid", []string{"run", "-algo", "scc", "-method", "hybrid", "-serial-cutoff", "9", "-graph", g},
			"-serial-cutoff does not apply to scc -method hybrid (it sets when multistep finishes serially)"},
		{"scc heavy with multistep", []string{"run", "-algo", "scc", "-method", "multistep", "-heavy", "9", "-graph", g},
			"-heavy does not apply to scc -method multistep (it sets the load-balanced traversals of fbtrim and hybrid)"},
		{"scc heavy with topo", []string{"run", "-algo", "scc", "-method", "fbtrim", "-traversal", "topo", "-heavy", "9", "-graph", g},
			"-heavy does not apply to scc -traversal topo (it sets the load-balanced traversals: auto, topo-lb and data-lb)"},
		{"scc reorder with hybrid", []string{"run", "-algo", "scc", "-method", "hybrid", "-reorder=false", "-graph", g},
			"-reorder does not apply to scc -method hybrid (it sets the edge list of edgelist)"},
		{"scc transpose with multistep", []string{"run", "-algo", "scc", "-method", "multistep", "-transpose", "-graph", g},
			"-transpose does not apply to scc -method multistep (it sets the edge list of edgelist)"},
		{"scc segment without reorder", []string{"run", "-algo", "scc", "-method", "edgelist", "-reorder=false", "-segment", "4096", "-graph", g},
			"-segment does not apply to scc -reorder=false (it sets the segments of the reordered edge list)"},
		{"scc traversal with edgelist", []string{"run", "-algo", "scc", "-method", "edgelist", "-traversal", "topo", "-graph", g},
			"-traversal does not apply to scc -method edgelist (it sets the traversal of fbtrim and hybrid)"},
		{"strategy with scc edgelist", []string{"run", "-algo", "scc", "-method", "edgelist", "-strategy", "ml", "-graph", g},
			"-strategy does not apply to scc -method edgelist (it does not run on the frontier template)"},
		{"bfs beta with push", []string{"run", "-algo", "bfs", "-direction", "push", "-beta", "3", "-graph", g},
			"-beta does not apply to bfs -direction push (it sets when direction-optimizing search switches)"},
		{"bench variant", []string{"bench", "-algos", "sssp:method=ordered,delta=4", "-scales", "4"},
			"sssp:method=ordered,delta=4: -delta does not apply to sssp -method ordered (it sets the bucket width of delta-stepping)"},
		{"scale with grid", []string{"gen", "-kind", "grid", "-scale", "12", "-o", out},
			"-scale does not apply to -kind grid (it is a parameter of rmat; grid takes -rows, -cols and -drop)"},
		{"rows with rmat", []string{"gen", "-rows", "12", "-o", out},
			"-rows does not apply to -kind rmat (it is a parameter of grid and road; rmat takes -scale and -edgefactor)"},
		{"n with rmat", []string{"gen", "-kind", "kronecker", "-n", "100", "-o", out},
			"-n does not apply to -kind rmat (it is a parameter of uniform, smallworld and citation; rmat takes -scale and -edgefactor)"},
		{"m with smallworld", []string{"gen", "-kind", "smallworld", "-n", "100", "-m", "10", "-o", out},
			"-m does not apply to -kind smallworld (it is a parameter of uniform; smallworld takes -n)"},
		{"drop with uniform", []string{"gen", "-kind", "uniform", "-drop", "0.5", "-o", out},
			"-drop does not apply to -kind uniform (it is a parameter of grid and road; uniform takes -n and -m)"},
		{"edgefactor with grid", []string{"gen", "-kind", "grid", "-edgefactor", "4", "-o", out},
			"-edgefactor does not apply to -kind grid (it is a parameter of rmat; grid takes -rows, -cols and -drop)"},
		{"wmax without weights", []string{"gen", "-kind", "grid", "-wmax", "4", "-o", out},
			"-wmax does not apply to -weights none (it bounds the weights of -weights int or float)"},
		{"dedup with undirected", []string{"gen", "-undirected", "-dedup", "-o", out},
			"-dedup does not apply to -undirected (-undirected already drops self loops and duplicate edges)"},
		{"noloops with undirected", []string{"gen", "-undirected", "-noloops=false", "-o", out},
			"-noloops does not apply to -undirected (-undirected already drops self loops and duplicate edges)"},
		{"uniform m beyond n", []string{"gen", "-kind", "uniform", "-n", "10", "-m", "91", "-o", out},
			"uniform: -m 91 is more than the 90 ordered pairs of distinct vertices that -n 10 allows"},
		{"uniform m beyond the default n", []string{"gen", "-kind", "uniform", "-m", "5000000000", "-o", out},
			"uniform: -m 5000000000 is more than the 4294901760 ordered pairs of distinct vertices that -n 65536 (the default) allows"},
		{"uniform negative m", []string{"gen", "-kind", "uniform", "-m", "-1", "-o", out},
			"uniform: -m -1 is negative"},
		{"uniform n out of range", []string{"gen", "-kind", "er", "-n", "-4", "-o", out},
			"uniform: -n -4 is outside [0, 2147483647]"},
		{"rmat scale out of range", []string{"gen", "-scale", "31", "-o", out},
			"rmat: -scale 31 is outside [0, 30]"},
		{"grid drop out of range", []string{"gen", "-kind", "grid", "-drop", "1.5", "-o", out},
			"grid: -drop 1.5 is outside [0, 1]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := inProcess(tc.args...)
			want := "gokkos " + tc.args[0] + ": " + tc.msg + "\n"
			if code != 2 || errOut != want {
				t.Errorf("status %d, stderr %q\nwant status 2 and %q", code, errOut, want)
			}
		})
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused gen wrote %s", out)
	}
	// The flags still work where they apply.
	for _, args := range [][]string{
		{"gen", "-kind", "grid", "-rows", "3", "-cols", "4", "-drop", "0.2", "-o", filepath.Join(dir, "grid.wel"), "-weights", "float", "-wmin", "2", "-wmax", "3"},
		{"gen", "-kind", "smallworld", "-n", "50", "-dedup", "-noloops", "-o", filepath.Join(dir, "sw.el")},
		{"run", "-algo", "sssp", "-graph", filepath.Join(dir, "grid.wel"), "-root", "0", "-method", "delta", "-delta", "2", "-trials", "1", "-quiet"},
		{"run", "-algo", "bfs", "-graph", filepath.Join(dir, "sw.el"), "-root", "1", "-direction", "optimizing", "-alpha", "3", "-trace", "-trials", "1", "-quiet"},
		{"run", "-algo", "scc", "-graph", filepath.Join(dir, "sw.el"), "-method", "fbtrim", "-traversal", "topo-lb", "-heavy", "4", "-trials", "1", "-quiet"},
		{"run", "-algo", "wcc", "-graph", filepath.Join(dir, "sw.el"), "-trials", "1", "-quiet"},
		{"run", "-algo", "scc", "-graph", filepath.Join(dir, "sw.el"), "-method", "edgelist", "-segment", "64", "-transpose", "-trials", "1", "-quiet"},
	} {
		if _, errOut, code := inProcess(args...); code != 0 {
			t.Errorf("%q: status %d\n%s", args, code, errOut)
		}
	}
}

// TestUniformDefaultEdges checks that -kind uniform with a small -n and no -m generates every
// pair rather than complaining about the -m the user did not set.
func TestUniformDefaultEdges(t *testing.T) {
	out := filepath.Join(t.TempDir(), "u.el")
	stdout, errOut, code := inProcess("gen", "-kind", "uniform", "-n", "10", "-o", out)
	if code != 0 || !strings.Contains(stdout, "10 vertices, 90 edges") {
		t.Fatalf("gen -kind uniform -n 10: status %d\n%s%s", code, stdout, errOut)
	}
	stdout, errOut, code = inProcess("gen", "-kind", "uniform", "-n", "100", "-o", out)
	if code != 0 || !strings.Contains(stdout, "100 vertices, 1600 edges") {
		t.Fatalf("gen -kind uniform -n 100: status %d\n%s%s", code, stdout, errOut)
	}
}

// TestFlagErrorsOnce checks that a bad flag's error is printed once, after the usage.
func TestFlagErrorsOnce(t *testing.T) {
	tests := []struct {
		args       []string
		msg, usage string
	}{
		{[]string{"gen", "-bogus"}, "flag provided but not defined: -bogus", "Usage of gokkos gen"},
		{[]string{"gen", "-scale", "big"}, `invalid value "big" for flag -scale: parse error`, "Usage of gokkos gen"},
		{[]string{"run", "-algo", "bfs", "-bogus"}, "flag provided but not defined: -bogus", "Usage of gokkos run"},
		{[]string{"run", "-nope"}, "flag provided but not defined: -nope", "Usage of gokkos run"},
		{[]string{"bench", "-bogus"}, "flag provided but not defined: -bogus", "Usage of gokkos bench"},
		{[]string{"plot", "-bogus"}, "flag provided but not defined: -bogus", "usage: gokkos plot"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			_, errOut, code := inProcess(tc.args...)
			if code != 2 || strings.Count(errOut, tc.msg) != 1 || !strings.Contains(errOut, tc.usage) {
				t.Errorf("status %d, stderr:\n%s\nwant status 2, %q once, and the usage", code, errOut, tc.msg)
			}
			if !strings.HasSuffix(errOut, "gokkos "+tc.args[0]+": "+tc.msg+"\n") {
				t.Errorf("stderr does not end with the error:\n%s", errOut)
			}
		})
	}
	// -h still prints the usage, once, and succeeds.
	_, errOut, code := inProcess("gen", "-h")
	if code != 0 || strings.Count(errOut, "Usage of gokkos gen") != 1 || strings.Contains(errOut, "flag provided") {
		t.Errorf("gen -h: status %d\n%s", code, errOut)
	}
}

// TestSSSPResultTypes checks the JSON object of sssp on graphs with unreachable vertices, a
// negative cycle, a sum beyond float64 and distances beyond float64: every field keeps its
// type (sum is a number, or null when it overflows), and the counts say which vertices are
// unreachable or at -Inf.
func TestSSSPResultTypes(t *testing.T) {
	dir := t.TempDir()
	file := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// 1 -> 2 -> 1 is a cycle of weight -2, reaching 3; 4 is reached normally and 5 not at all.
	neg := file("neg.wel", "0 1 1\n1 2 -3\n2 1 1\n2 3 1\n0 4 2\n5 5 1\n")
	big := file("sum.wel", "0 1 1e308\n0 2 1e308\n3 3 1\n")
	tests := []struct {
		name string
		args []string
		want map[string]any
	}{
		{"negative cycle, bellman-ford", []string{"-graph", neg, "-method", "bellman-ford"},
			map[string]any{"reached": 5.0, "unreachable": 1.0, "negative_infinite": 3.0, "sum": 2.0, "max": 2.0, "negative_cycle": true}},
		{"negative cycle, edgelist", []string{"-graph", neg, "-method", "edgelist"},
			map[string]any{"reached": 5.0, "unreachable": 1.0, "negative_infinite": 3.0, "sum": 2.0, "max": 2.0, "negative_cycle": true}},
		{"negative cycle, auto", []string{"-graph", neg},
			map[string]any{"method": "bellman-ford", "negative_cycle": true, "negative_infinite": 3.0}},
		{"sum overflows", []string{"-graph", big},
			map[string]any{"reached": 3.0, "unreachable": 1.0, "negative_infinite": 0.0, "sum": nil, "max": 1e308, "negative_cycle": false}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			stdout, errOut, code := inProcess(append([]string{"run", "-algo", "sssp", "-root", "0", "-json", "-trials", "1"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("status %d\n%s", code, errOut)
			}
			var m map[string]any
			if err := json.Unmarshal([]byte(stdout), &m); err != nil {
				t.Fatalf("bad JSON %q: %v", stdout, err)
			}
			for k, want := range tc.want {
				got, ok := m[k]
				if !ok || got != want {
					t.Errorf("%s = %#v (present %v), want %#v", k, got, ok, want)
				}
			}
			for k, v := range m {
				if _, isString := v.(string); isString && k != "algorithm" && k != "space" && k != "strategy" && k != "graph" && k != "method" {
					t.Errorf("field %s is the string %q", k, v)
				}
			}
		})
	}
	errTests := []struct {
		name, data, msg string
	}{
		{"distance beyond float64", "0 1 1e308\n1 2 1e308\n",
			"sssp: the distance from 0 to 2 overflows float64: 1 is at 1e+308 and the edge 1 -> 2 weighs 1e+308"},
		{"distance below float64", "0 1 -1e308\n1 2 -1e308\n2 3 1\n",
			"sssp: the distance from 0 to 2 overflows float64 (it is below -1.7976931348623157e+308), and no negative cycle explains it"},
		{"minus infinity in the file", "0 1 1\n1 2 -Inf\n", `x.wel:2: invalid weight "-Inf"`},
		{"weight beyond float64 in the file", "0 1 1e400\n", `x.wel:1: weight "1e400" is out of range`},
	}
	for _, tc := range errTests {
		t.Run(tc.name, func(t *testing.T) {
			p := file("x.wel", tc.data)
			_, errOut, code := inProcess("run", "-algo", "sssp", "-graph", p, "-root", "0", "-method", "bellman-ford", "-json", "-trials", "1")
			if code != 1 || !strings.Contains(errOut, tc.msg) {
				t.Errorf("status %d, stderr %q; want status 1 and %q", code, errOut, tc.msg)
			}
		})
	}
}

// TestOversizedInput runs the command, as a child process, on input that asks for more memory
// than it can have: under RLIMIT_AS at its size plus 256 MiB or, with the race detector (whose
// shadow memory needs terabytes of address space), a Go memory limit of 256 MiB. Every case
// must end with a clean error naming the input and the limit, never the runtime's fatal "out of
// memory".
func TestOversizedInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	env := []string{"GOKKOS_TEST_LIMIT_AS=256"}
	source := "(RLIMIT_AS)"
	if raceEnabled {
		env, source = []string{"GOMEMLIMIT=256MiB"}, "(Go memory limit)"
	}
	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"ms header", []string{"run", "-algo", "bfs", "-graph", file("h.ms", "268435456 1\n0 0\n")},
			"h.ms:1: header declares 268435456 vertices and 1 edges: reading and building the graph needs "},
		{"ms most vertices", []string{"run", "-algo", "wcc", "-graph", file("most.ms", "2147483646 0\n")},
			"most.ms:1: header declares 2147483646 vertices and 0 edges: "},
		{"edge list id", []string{"run", "-algo", "sssp", "-graph", file("id.wel", "0 1 1\n2147483646 0 2\n")},
			"id.wel:2: vertex id 2147483646 makes a graph of 2147483647 vertices and 2 edges: "},
		{"mtx size line", []string{"run", "-algo", "coloring", "-graph", file("s.mtx", "%%MatrixMarket matrix coordinate pattern general\n1000000000 1000000000 0\n")},
			"s.mtx:2: size line declares 1000000000 vertices and 0 entries: "},
		{"gen rmat", []string{"gen", "-scale", "30", "-o", filepath.Join(dir, "r.gkg")},
			"-kind rmat -scale 30 -edgefactor 16 (1073741824 vertices, up to 17179869184 edges): generating and building the graph needs "},
		{"gen smallworld", []string{"gen", "-kind", "smallworld", "-n", "2000000000", "-o", filepath.Join(dir, "s.gkg")},
			"-kind smallworld -n 2000000000 (2000000000 vertices, up to 6000000000 edges): generating and building the graph needs "},
		{"bench", []string{"bench", "-scales", "28", "-graphs", "uniform", "-algos", "bfs"},
			"uniform-28: generating and building it needs "},
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(self, tc.args...)
			cmd.Env = append(append(os.Environ(), "GOKKOS_TEST_AS_COMMAND=1"), env...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := -1
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			msg := stderr.String()
			if code != 1 || strings.Contains(msg, "fatal error") || !strings.Contains(msg, tc.msg) || !strings.Contains(msg, source) {
				t.Errorf("status %d, stderr %q\nwant status 1, %q and %s", code, msg, tc.msg, source)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "r.gkg")); err == nil {
		t.Error("a refused gen wrote its output")
	}
}

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSCCWeak checks scc's weak method from the command line: auto picks it for a grid (every
// street two-way, with random weights that differ between the two directions) and finds the
// same components as multistep, and -method weak refuses a road graph with one-way streets.
func TestSCCWeak(t *testing.T) {
	dir := t.TempDir()
	grid, road := filepath.Join(dir, "grid.wel"), filepath.Join(dir, "road.el")
	if _, errOut, code := gokkos(t, "gen", "-kind", "grid", "-rows", "40", "-cols", "50", "-drop", "0.3", "-weights", "int", "-o", grid); code != 0 {
		t.Fatalf("gen grid: %s", errOut)
	}
	if _, errOut, code := gokkos(t, "gen", "-kind", "road", "-rows", "30", "-cols", "30", "-weights", "none", "-o", road); code != 0 {
		t.Fatalf("gen road: %s", errOut)
	}
	auto := runJSON(t, "-graph", grid, "-algo", "scc")
	multi := runJSON(t, "-graph", grid, "-algo", "scc", "-method", "multistep")
	if auto["method_chosen"] != "weak" || auto["auto_symmetric"] != true {
		t.Fatalf("auto on a grid chose %v (symmetric %v)", auto["method_chosen"], auto["auto_symmetric"])
	}
	for _, k := range []string{"components", "largest", "nontrivial"} {
		if auto[k] != multi[k] {
			t.Errorf("%s: weak %v, multistep %v", k, auto[k], multi[k])
		}
	}
	_, errOut, code := gokkos(t, "run", "-graph", road, "-algo", "scc", "-method", "weak", "-quiet")
	if code == 0 || !strings.Contains(errOut, "symmetric") {
		t.Fatalf("weak on a road graph: status %d, %q; want a refusal naming symmetry", code, errOut)
	}
}

package ptx

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// ptxasPath finds ptxas: $PTXAS, or .cuda-sdk/bin/ptxas under the module root (where
// scripts/cuda-sdk.sh puts it). Without one the test skips, or fails when GOKKOS_REQUIRE_PTXAS=1
// (as scripts/test.sh and CI set it).
func ptxasPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("PTXAS"); p != "" {
		return p
	}
	if dir, err := os.Getwd(); err == nil {
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				p := filepath.Join(d, ".cuda-sdk", "bin", "ptxas")
				if _, err := os.Stat(p); err == nil {
					return p
				}
				break
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	const how = "run scripts/cuda-sdk.sh, which puts it at .cuda-sdk/bin/ptxas, or set PTXAS to its path"
	if os.Getenv("GOKKOS_REQUIRE_PTXAS") == "1" {
		t.Fatal("ptxas not found and GOKKOS_REQUIRE_PTXAS=1: " + how)
	}
	t.Skip("ptxas not found, PTX is not assembled: " + how)
	return ""
}

// assemble runs ptxas on text for each target architecture.
func assemble(t *testing.T, ptxas, name, text string) {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join(dir, "k.ptx")
	if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, arch := range []string{"sm_70", "sm_90"} {
		out, err := exec.Command(ptxas, "-arch="+arch, "-o", filepath.Join(dir, arch+".cubin"), src).CombinedOutput()
		if err != nil || len(strings.TrimSpace(string(out))) > 0 {
			t.Errorf("%s: ptxas -arch=%s: %v\n%s", name, arch, err, annotate(string(out), text))
		}
	}
}

// annotate appends the PTX lines that ptxas messages point at.
func annotate(msgs, text string) string {
	lines := strings.Split(text, "\n")
	var b strings.Builder
	b.WriteString(msgs)
	n := 0
	for _, m := range strings.Split(msgs, "\n") {
		var line int
		if i := strings.Index(m, ", line "); i >= 0 {
			rest := m[i+len(", line "):]
			for _, c := range rest {
				if c < '0' || c > '9' {
					break
				}
				line = line*10 + int(c-'0')
			}
		}
		if line > 0 && line <= len(lines) && n < 20 {
			b.WriteString("\n  > " + lines[line-1])
			n++
		}
	}
	return b.String()
}

func TestAssemble(t *testing.T) {
	ptxas := ptxasPath(t)
	for _, tk := range allTestKernels() {
		tk := tk
		t.Run(tk.name, func(t *testing.T) {
			t.Parallel()
			if err := ir.Verify(tk.k); err != nil {
				t.Fatalf("IR does not verify: %v", err)
			}
			m, err := Compile(tk.k)
			if err != nil {
				t.Fatal(err)
			}
			assemble(t, ptxas, tk.name, m.PTX)
		})
	}
}

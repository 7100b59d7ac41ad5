package host_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/gokkos/gokkos/backends/host"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

type touch struct{ X views.View1D[int32] }

func (k touch) Run(i int) { k.X.Set(i, 1) }

// TestProfileEnv runs itself in a child process with GOKKOS_PROFILE=1 and checks that closing
// the space prints the kernel timer's table.
func TestProfileEnv(t *testing.T) {
	if os.Getenv("GOKKOS_PROFILE_CHILD") == "1" {
		s, err := execspace.Open("host", execspace.Config{NumThreads: 2})
		if err != nil {
			t.Fatal(err)
		}
		x := views.New1D[int32]("x", 1000)
		for i := 0; i < 4; i++ {
			portable.ParallelFor(s, "touch kernel", portable.Range(0, 1000), touch{x})
		}
		s.Close()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestProfileEnv$")
	cmd.Env = append(os.Environ(), "GOKKOS_PROFILE_CHILD=1", "GOKKOS_PROFILE=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	for _, want := range []string{"gokkos kernel timer (host)", "touch kernel", "parallel_for", "calls"} {
		if !strings.Contains(string(out), want) {
			t.Fatalf("profile output lacks %q:\n%s", want, out)
		}
	}
	_ = host.DefaultScratch0
}

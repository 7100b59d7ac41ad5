package execspace_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
)

func TestDefaultFromEnvironment(t *testing.T) {
	cases := []struct {
		name, space, threads string
		wantErr              string
		wantName             string
		wantConc             int
	}{
		{"host by default", "", "", "", "host", 0},
		{"explicit host with threads", "host", "3", "", "host", 3},
		{"unknown space", "quantum", "", `unknown execution space "quantum"`, "", 0},
		{"cuda not built in", "cuda", "", "-tags cuda", "", 0},
		{"bad thread count", "", "many", "GOKKOS_NUM_THREADS", "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GOKKOS_SPACE", c.space)
			t.Setenv("GOKKOS_NUM_THREADS", c.threads)
			s, err := execspace.Default()
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("got %v, want an error mentioning %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.Name() != c.wantName || (c.wantConc > 0 && s.Concurrency() != c.wantConc) {
				t.Fatalf("space %s with %d workers", s.Name(), s.Concurrency())
			}
			again, _ := execspace.Default()
			if again != s {
				t.Fatal("Default opened a second space")
			}
		})
	}
}

func TestPrintConfiguration(t *testing.T) {
	s := execspace.MustDefault()
	var b bytes.Buffer
	execspace.PrintConfiguration(&b, s)
	for _, want := range []string{"gokkos configuration", "CPU:", "machine:", "online; cpuid topology", "usable:", "caches:", "backends:  host", "space host:", "workers:"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("configuration lacks %q:\n%s", want, b.String())
		}
	}
}

func TestConfigFromEnvSpin(t *testing.T) {
	cases := []struct {
		name, value string
		want        time.Duration
		wantErr     bool
	}{
		{"unset keeps the default", "", 0, false},
		{"microseconds", "200us", 200 * time.Microsecond, false},
		{"milliseconds", "2ms", 2 * time.Millisecond, false},
		{"zero sleeps at once", "0", -1, false},
		{"zero with a unit", "0s", -1, false},
		{"negative", "-1ms", 0, true},
		{"no unit", "200", 0, true},
		{"garbage", "fast", 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv("GOKKOS_SPIN", c.value)
			cfg, err := execspace.ConfigFromEnv()
			if c.wantErr {
				if err == nil || !strings.Contains(err.Error(), "GOKKOS_SPIN") {
					t.Fatalf("got %v, want an error naming GOKKOS_SPIN", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Spin != c.want {
				t.Fatalf("Spin = %v, want %v", cfg.Spin, c.want)
			}
		})
	}
}

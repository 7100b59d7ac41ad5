package execspace

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gokkos/gokkos/internal/profile"
)

// Backend is a registered execution-space implementation.
type Backend struct {
	// Name is the space's name as GOKKOS_SPACE selects it: "host", "cuda" or "sim".
	Name string
	// Priority orders backends for Default: the highest-priority backend that opens wins.
	Priority int
	// Open creates a space. It returns an error when the backend cannot run here (no GPU).
	Open func(cfg Config) (Space, error)
}

// Config is the configuration a backend opens with. The zero value means: every default.
type Config struct {
	// NumThreads is the number of host workers; 0 means one per CPU the process may use
	// (GOMAXPROCS, capped by UsableCPUs).
	NumThreads int
	// DeviceID selects the GPU; 0 is the first.
	DeviceID int
	// Pin pins host workers to CPUs.
	Pin bool
	// Spin is how long an idle host worker (and a launcher waiting for its workers) spins
	// before it sleeps; 0 means the backend's default (1 ms on the host), a negative value
	// sleeping at once. Sleeping workers cost nothing but take a wake-up, tens of
	// microseconds on virtual machines, at the next launch; spinning ones burn their CPU
	// meanwhile. OpenMP runtimes make the same trade (OMP_WAIT_POLICY, GOMP_SPINCOUNT).
	Spin time.Duration
}

var (
	regMu    sync.Mutex
	backends = map[string]Backend{}
)

// Register adds a backend. Backends call it from init. It panics if the name is taken.
func Register(b Backend) {
	regMu.Lock()
	defer regMu.Unlock()
	if _, dup := backends[b.Name]; dup {
		panic(fmt.Sprintf("execspace: backend %q registered twice", b.Name))
	}
	backends[b.Name] = b
}

// Backends returns the names of the registered backends, highest priority first.
func Backends() []string {
	regMu.Lock()
	defer regMu.Unlock()
	var bs []Backend
	for _, b := range backends {
		bs = append(bs, b)
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i].Priority > bs[j].Priority })
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = b.Name
	}
	return names
}

// ConfigFromEnv reads GOKKOS_NUM_THREADS, GOKKOS_DEVICE_ID, GOKKOS_PIN (1 or true) and
// GOKKOS_SPIN (a duration such as 200us or 2ms; 0 sleeps at once). A malformed value is an
// error naming the variable.
func ConfigFromEnv() (Config, error) {
	var c Config
	for _, v := range []struct {
		name string
		dst  *int
	}{{"GOKKOS_NUM_THREADS", &c.NumThreads}, {"GOKKOS_DEVICE_ID", &c.DeviceID}} {
		s := os.Getenv(v.name)
		if s == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 0 {
			return Config{}, fmt.Errorf("execspace: %s=%q: want a non-negative integer", v.name, s)
		}
		*v.dst = n
	}
	switch strings.ToLower(os.Getenv("GOKKOS_PIN")) {
	case "", "0", "false":
	case "1", "true":
		c.Pin = true
	default:
		return Config{}, fmt.Errorf("execspace: GOKKOS_PIN=%q: want 1 or 0", os.Getenv("GOKKOS_PIN"))
	}
	if s := strings.TrimSpace(os.Getenv("GOKKOS_SPIN")); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return Config{}, fmt.Errorf("execspace: GOKKOS_SPIN=%q: want a non-negative duration such as 200us", s)
		}
		c.Spin = d
		if d == 0 {
			c.Spin = -1
		}
	}
	return c, nil
}

// Open opens the backend called name with cfg. An unknown name is an error that lists the
// registered backends.
func Open(name string, cfg Config) (Space, error) {
	regMu.Lock()
	b, ok := backends[name]
	regMu.Unlock()
	if !ok {
		return nil, unknownSpace(name)
	}
	profile.EnvTimer() // GOKKOS_PROFILE=1 starts timing from the first space on
	return b.Open(cfg)
}

func unknownSpace(name string) error {
	known := Backends()
	msg := fmt.Sprintf("execspace: unknown execution space %q; available: %s", name, strings.Join(known, ", "))
	if name == "cuda" {
		msg += " (the cuda space needs a binary built with -tags cuda)"
	}
	if len(known) == 0 {
		msg += "none (import github.com/gokkos/gokkos/backends)"
	}
	return fmt.Errorf("%s", msg)
}

var (
	defMu    sync.Mutex
	defSpace Space
	defNotes []string
)

// Default returns the process's default execution space, opening it on first use: the space
// named by GOKKOS_SPACE (host, cuda or sim) if set, otherwise the highest-priority registered
// backend that opens (cuda when built in and a GPU is present, else host; never sim), configured
// from the environment (ConfigFromEnv). Later calls return the same space until it is closed. It
// is safe for concurrent use.
func Default() (Space, error) {
	defMu.Lock()
	defer defMu.Unlock()
	if defSpace != nil {
		return defSpace, nil
	}
	cfg, err := ConfigFromEnv()
	if err != nil {
		return nil, err
	}
	if name := strings.TrimSpace(os.Getenv("GOKKOS_SPACE")); name != "" {
		s, err := Open(strings.ToLower(name), cfg)
		if err != nil {
			return nil, fmt.Errorf("execspace: GOKKOS_SPACE=%s: %w", name, err)
		}
		defSpace = s
		return s, nil
	}
	defNotes = nil
	for _, name := range Backends() {
		s, err := Open(name, cfg)
		if err != nil {
			defNotes = append(defNotes, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		defSpace = s
		return s, nil
	}
	if len(defNotes) == 0 {
		return nil, unknownSpace("")
	}
	return nil, fmt.Errorf("execspace: no execution space could be opened: %s", strings.Join(defNotes, "; "))
}

// MustDefault is like Default but panics on error. Programs that import
// github.com/gokkos/gokkos/backends always have the host space and never panic unless the
// environment is malformed.
func MustDefault() Space {
	s, err := Default()
	if err != nil {
		panic(err.Error())
	}
	return s
}

// forgetDefault is called by Closed.
func forgetDefault(s Space) {
	defMu.Lock()
	if defSpace == s {
		defSpace = nil
	}
	defMu.Unlock()
}

// Closed tells the registry that s was closed, so that Default opens a new space next time.
// Backends call it from Close.
func Closed(s Space) { forgetDefault(s) }

package devlaunch

import (
	"strings"
	"testing"

	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
)

// gpu is a device of 4 multiprocessors; entry models 2048 threads, 16 blocks and 64 KiB of shared
// memory per multiprocessor.
var gpu = Device{Warp: 32, SMs: 4, SharedOptin: 48 << 10, Level1Budget: 1 << 20}

// entry returns an entry with limit threads per block and static shared bytes.
func entry(limit, static int) Entry {
	return Entry{Name: "e", MaxThreads: limit, StaticShared: static, Occupancy: func(threads, shared int) (int, error) {
		n := min(16, 2048/threads)
		if s := shared + static; s > 0 {
			n = min(n, (64<<10)/s)
		}
		return n, nil
	}}
}

func TestRangeBlock(t *testing.T) {
	cases := []struct {
		name            string
		e               Entry
		sharedPerThread int
		n               int64
		want            Block
		grid            int
		err             string
	}{
		{"largest on ties", entry(1024, 0), 0, 1 << 20, Block{256, 8}, 32, ""},
		{"entry limit", entry(200, 0), 0, 100, Block{128, 16}, 1, ""},
		{"shared memory limits occupancy", entry(1024, 0), 64, 1000, Block{256, 4}, 4, ""},
		{"nothing fits", entry(1024, 47<<10), 64, 1, Block{}, 0, "fits no block of 32 to 256 threads"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := RangeBlock(gpu, c.e, c.sharedPerThread)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %v, want an error mentioning %q", err, c.err)
				}
				return
			}
			if err != nil || b != c.want {
				t.Fatalf("RangeBlock = %+v, %v; want %+v", b, err, c.want)
			}
			if g := RangeGrid(gpu, b, c.n); g != c.grid {
				t.Fatalf("RangeGrid = %d, want %d", g, c.grid)
			}
		})
	}
}

func TestScanAndOneBlock(t *testing.T) {
	b, g := ScanBlock(gpu, Block{256, 8}, 32, entry(160, 0), 1000)
	if b.Threads != 160 || g != 7 {
		t.Fatalf("ScanBlock = %+v, %d; want 160 threads, grid 7", b, g)
	}
	if b, g := ScanBlock(gpu, Block{256, 8}, 3, entry(1024, 0), 1000); b.Threads != 256 || g != 3 {
		t.Fatalf("ScanBlock changed a block the down entry can run: %+v, %d", b, g)
	}
	for _, c := range []struct{ limit, want int }{{1024, 256}, {200, 192}, {20, 20}} {
		if got := OneBlock(gpu, entry(c.limit, 0)); got != c.want {
			t.Errorf("OneBlock with limit %d = %d, want %d", c.limit, got, c.want)
		}
	}
}

// TestTeamShapeLeagueBarrier checks that a kernel that calls LeagueBarrier is refused without
// a concurrent policy and that a device of one resident block cuts a concurrent league to one.
func TestTeamShapeLeagueBarrier(t *testing.T) {
	k := &abi.KernelSpec{Name: "k", Form: abi.FormTeam, LeagueBarrier: true}
	l := execspace.Launch{Kernel: k, League: 8, TeamSize: 32, VectorLength: 1}
	if _, err := TeamShape(gpu, entry(1024, 0), k, &l); err == nil || !strings.Contains(err.Error(), "concurrent team policy") {
		t.Fatalf("launch without a concurrent policy: %v, want a refusal", err)
	}
	l.Concurrent = true
	serial := gpu
	serial.Resident = 1
	got, err := TeamShape(serial, entry(1024, 0), k, &l)
	if err != nil || got.League != 1 || got.Grid != 1 {
		t.Fatalf("TeamShape on a one-block device = %+v, %v; want a league and grid of 1", got, err)
	}
}

func TestTeamShape(t *testing.T) {
	k := &abi.KernelSpec{Form: abi.FormTeam, SharedPerThread: 8}
	sc := func(t0, th0, t1, th1 int) [2]execspace.ScratchSize {
		return [2]execspace.ScratchSize{{Team: t0, Thread: th0}, {Team: t1, Thread: th1}}
	}
	cases := []struct {
		name string
		l    execspace.Launch
		want Team
		err  string
	}{
		{"auto", execspace.Launch{League: 1000, TeamSize: execspace.Auto, VectorLength: execspace.Auto},
			Team{League: 1000, Size: 256, Vector: 1, Grid: 32, Shared: 2048}, ""},
		{"auto with vectors and scratch", execspace.Launch{League: 5, TeamSize: execspace.Auto, VectorLength: 4, Scratch: sc(100, 8, 0, 0)},
			Team{League: 5, Size: 64, Vector: 4, Grid: 5, Shared: 2048 + 100 + 8*64}, ""},
		{"level-1 scratch limits the grid", execspace.Launch{League: 1000, TeamSize: 32, VectorLength: 1, Scratch: sc(0, 0, 1000, 1000)},
			Team{League: 1000, Size: 32, Vector: 1, Grid: 31, Shared: 256, Level1: 33000}, ""},
		{"zero league", execspace.Launch{League: 0, TeamSize: 8, VectorLength: 1}, Team{League: 0, Size: 8, Vector: 1, Grid: 1, Shared: 64}, ""},
		{"negative league", execspace.Launch{League: -1, TeamSize: 8}, Team{}, "negative league"},
		{"vector length", execspace.Launch{League: 1, TeamSize: 8, VectorLength: 3}, Team{}, "vector length 3"},
		{"team size", execspace.Launch{League: 1, TeamSize: 0, VectorLength: 1}, Team{}, "team size 0"},
		{"negative scratch", execspace.Launch{League: 1, TeamSize: 8, VectorLength: 1, Scratch: sc(0, -1, 0, 0)}, Team{}, "negative level-0 scratch"},
		{"too many threads", execspace.Launch{League: 1, TeamSize: 512, VectorLength: 4}, Team{}, "exceeds entry e's limit of 1024"},
		{"too much shared memory", execspace.Launch{League: 1, TeamSize: 8, VectorLength: 1, Scratch: sc(48<<10, 0, 0, 0)}, Team{}, "dynamic shared memory of"},
		{"no team size fits", execspace.Launch{League: 1, TeamSize: execspace.Auto, VectorLength: 1, Scratch: sc(0, 2048, 0, 0)}, Team{}, "no team size fits"},
		{"too much level-1 scratch", execspace.Launch{League: 1, TeamSize: 8, VectorLength: 1, Scratch: sc(0, 0, 2<<20, 0)}, Team{}, "level-1 scratch of"},
		{"concurrent league cut to the resident blocks", execspace.Launch{League: 1000, TeamSize: 256, VectorLength: 1, Concurrent: true},
			Team{League: 32, Size: 256, Vector: 1, Grid: 32, Shared: 2048}, ""},
		{"concurrent league smaller than the device", execspace.Launch{League: 5, TeamSize: 256, VectorLength: 1, Concurrent: true},
			Team{League: 5, Size: 256, Vector: 1, Grid: 5, Shared: 2048}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.l.Kernel = k
			got, err := TeamShape(gpu, entry(1024, 0), k, &c.l)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %v, want an error mentioning %q", err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("TeamShape = %+v, %v; want %+v", got, err, c.want)
			}
			if p := got.Prefix(&c.l, 77); len(p) != 8 || p[0] != uint64(c.want.League) || p[5] != 77 {
				t.Fatalf("Prefix = %v", p)
			}
		})
	}
}

func TestRequest(t *testing.T) {
	k := &abi.KernelSpec{Params: []abi.Param{{Name: "N", Kind: abi.KindInt64}, {Name: "X", Kind: abi.KindView1D}, {Name: "M", Kind: abi.KindView2D}}}
	cases := []struct {
		name string
		args []uint64
		err  string
	}{
		{"good", []uint64{1, 100, 4, 1, 200, 2, 3, 3, 1}, ""},
		{"empty views need no address", []uint64{1, 0, 0, 1, 0, 0, 3, 3, 1}, ""},
		{"count", []uint64{1, 2}, "takes 9 argument slots, the launch passes 2"},
		{"no address", []uint64{1, 0, 4, 1, 200, 2, 3, 3, 1}, "kernel field X: view of 4 elements has no device address"},
		{"rejected", []uint64{1, 100, 4, 1, 666, 2, 3, 3, 1}, "kernel field M: bad"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := CheckArgs(k, c.args, func(addr uint64) error {
				if addr == 666 {
					return errString("bad")
				}
				return nil
			})
			if (c.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.err)) {
				t.Fatalf("got %v, want %q", err, c.err)
			}
		})
	}
	l := &execspace.Launch{Kernel: &abi.KernelSpec{Form: abi.FormTeamReduce}, League: 4, TeamSize: execspace.Auto, VectorLength: 2,
		Scratch: [2]execspace.ScratchSize{{}, {Team: 8}}}
	if got, want := Policy(l), "league 4, team Auto, vector 2, level-1 scratch 8 B/team + 0 B/thread"; got != want {
		t.Errorf("Policy = %q, want %q", got, want)
	}
	l = &execspace.Launch{Kernel: &abi.KernelSpec{Form: abi.FormScan}, Begin: 3, End: 9}
	if got, want := Policy(l), "range [3, 9)"; got != want {
		t.Errorf("Policy = %q, want %q", got, want)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

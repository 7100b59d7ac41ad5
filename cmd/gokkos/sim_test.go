package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/gokkos/gokkos/algorithms/bfs"
	"github.com/gokkos/gokkos/algorithms/coloring"
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/frontier/frontiertest"
	"github.com/gokkos/gokkos/algorithms/graph"
	"github.com/gokkos/gokkos/algorithms/sssp"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/frontend"
	"github.com/gokkos/gokkos/kernelc/interp"
	"github.com/gokkos/gokkos/kernelc/ir"
	"github.com/gokkos/gokkos/views"
)

// This file runs the graph algorithms on a simulated device: an execution space whose memory
// the host cannot address and whose launches run the translated IR of each kernel in the IR
// interpreter, with the device's launch semantics (teams of many threads with real barriers,
// team scans and broadcasts, per-block reductions). It exercises the device paths of the
// frontier template (team-sized flushes, one thread per vertex in pull steps, the device
// tuning) that host spaces, whose teams have one member, never take, and checks their
// results against the host's.

// simMemory is device memory backed by interpreter regions.
type simMemory struct {
	mu   sync.Mutex
	mem  *interp.Memory
	bufs []simBuf // sorted by address
}

type simBuf struct {
	addr uintptr
	data []byte
}

func (m *simMemory) Name() string         { return "Sim" }
func (m *simMemory) HostAccessible() bool { return false }

func (m *simMemory) Alloc(label string, bytes int64) (uintptr, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	buf := make([]uint64, (bytes+7)/8+1)
	data := unsafe.Slice((*byte)(unsafe.Pointer(&buf[0])), len(buf)*8)
	addr := uintptr(unsafe.Pointer(&buf[0]))
	m.mem.Add(unsafe.Pointer(&buf[0]), uintptr(len(data)))
	m.mem.Keep(buf)
	i := sort.Search(len(m.bufs), func(i int) bool { return m.bufs[i].addr > addr })
	m.bufs = slices.Insert(m.bufs, i, simBuf{addr, data})
	return addr, nil
}

func (m *simMemory) Free(addr uintptr, bytes int64) {} // regions stay registered

// bytesAt returns the n bytes at device address addr.
func (m *simMemory) bytesAt(addr uintptr, n int64) []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := sort.Search(len(m.bufs), func(i int) bool { return m.bufs[i].addr > addr }) - 1
	if i < 0 || addr+uintptr(n) > m.bufs[i].addr+uintptr(len(m.bufs[i].data)) {
		panic(fmt.Sprintf("sim: %d bytes at %#x outside every allocation", n, addr))
	}
	off := addr - m.bufs[i].addr
	return m.bufs[i].data[off : off+uintptr(n)]
}

func (m *simMemory) CopyToDevice(dst uintptr, src unsafe.Pointer, bytes int64) error {
	copy(m.bytesAt(dst, bytes), unsafe.Slice((*byte)(src), bytes))
	return nil
}

func (m *simMemory) CopyToHost(dst unsafe.Pointer, src uintptr, bytes int64) error {
	copy(unsafe.Slice((*byte)(dst), bytes), m.bytesAt(src, bytes))
	return nil
}

func (m *simMemory) CopyWithin(dst, src uintptr, bytes int64) error {
	copy(m.bytesAt(dst, bytes), m.bytesAt(src, bytes))
	return nil
}

func (m *simMemory) Fill(dst uintptr, elemSize int, bits uint64, count int64) error {
	b := m.bytesAt(dst, int64(elemSize)*count)
	for i := int64(0); i < count; i++ {
		for j := 0; j < elemSize; j++ {
			b[int(i)*elemSize+j] = byte(bits >> (8 * j))
		}
	}
	return nil
}

// simSpace is the simulated device.
type simSpace struct {
	mem     *simMemory
	kernels map[string]*ir.Kernel
	info    execspace.Info

	mu       sync.Mutex
	launches map[string]int // kernel name → launches with more than one thread per team
}

func (s *simSpace) Name() string              { return "sim" }
func (s *simSpace) Concurrency() int          { return s.info.Units * s.info.MaxBlockSize }
func (s *simSpace) Memory() views.MemorySpace { return s.mem }
func (s *simSpace) Info() execspace.Info      { return s.info }
func (s *simSpace) Fence(label string) error  { return nil }
func (s *simSpace) Close() error              { return nil }
func (s *simSpace) Config() string            { return "simulated device (IR interpreter)" }

func (s *simSpace) Launch(l *execspace.Launch) error {
	k := s.kernels[l.Kernel.Name]
	if k == nil {
		return fmt.Errorf("sim: no IR for kernel %s", l.Kernel.Name)
	}
	cfg := interp.Config{Begin: l.Begin, End: l.End, Blocks: 3, Threads: 32, League: l.League, TeamSize: l.TeamSize,
		VectorLength: l.VectorLength, Scratch: l.Scratch, Op: l.Op}
	if cfg.TeamSize == execspace.Auto {
		cfg.TeamSize = 32
	}
	if cfg.VectorLength == execspace.Auto {
		cfg.VectorLength = 1
	}
	if cfg.TeamSize > 1 || k.Form == abi.FormRange || k.Form == abi.FormReduce || k.Form == abi.FormScan {
		s.mu.Lock()
		s.launches[k.Name]++
		s.mu.Unlock()
	}
	res, err := interp.Run(k, l.Args, s.mem.mem, cfg)
	if err != nil {
		return fmt.Errorf("%s: %w", l.Label, err)
	}
	if l.Result != nil {
		*(*uint64)(l.Result) = res.Val
		if l.Kernel.Value.SlotBytes() == 16 {
			*(*uint64)(unsafe.Add(l.Result, 8)) = res.Loc
		}
	}
	return nil
}

var simKernels = sync.OnceValues(func() (map[string]*ir.Kernel, error) {
	m := map[string]*ir.Kernel{}
	for _, dir := range []string{"dgraph", "frontier", "bfs", "coloring", "sssp"} {
		res, err := frontend.Load(frontend.Config{Dir: "../../algorithms/" + dir})
		if err != nil {
			return nil, err
		}
		if len(res.Errors) > 0 {
			return nil, fmt.Errorf("%s: %v", dir, res.Errors)
		}
		for _, k := range res.Kernels {
			m[k.IR.Name] = k.IR
		}
	}
	return m, nil
})

func newSim(t *testing.T) *simSpace {
	if testing.Short() {
		t.Skip("loads and interprets the algorithms' kernels")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("loading the kernels' source needs the go tool")
	}
	ks, err := simKernels()
	if err != nil {
		t.Fatal(err)
	}
	return &simSpace{mem: &simMemory{mem: &interp.Memory{}}, kernels: ks, launches: map[string]int{},
		info: execspace.Info{Device: true, Units: 2, WarpSize: 32, MaxTeamSize: 64, MaxBlockSize: 64, CacheBytes: 1 << 12}}
}

// simGraphs are small graphs of the test set, with weights.
func simGraphs() []frontiertest.Case {
	var out []frontiertest.Case
	for _, c := range frontiertest.Graphs(true, true) {
		switch c.Name {
		case "self-loops", "star", "rmat-undirected", "smallworld", "duplicates":
			out = append(out, c)
		}
	}
	grid := graph.Grid(9, 13, 0)
	graph.AddRandomWeights(grid, 1, 9, true, 3)
	g, _ := graph.Build(grid, graph.BuildOptions{})
	return append(out, frontiertest.Case{Name: "grid", Graph: g, Roots: []int32{0, 50}})
}

// checkDeviceBuild builds el with opt on space and checks the graph and its in-edges against
// graph.Build and graph.CSR.Transpose on the host.
func checkDeviceBuild(t *testing.T, space execspace.Space, el *graph.EdgeList, opt graph.BuildOptions) {
	t.Helper()
	g, err := dgraph.FromEdgeList(space, el, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer g.Free()
	got, err := g.Host()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := graph.Build(el, opt)
	if !got.Equal(want) {
		t.Fatalf("FromEdgeList(%+v) differs from graph.Build", opt)
	}
	in, err := g.In()
	if err != nil {
		t.Fatal(err)
	}
	hin, err := dgraph.HostCSR(in)
	if err != nil {
		t.Fatal(err)
	}
	if !hin.Equal(want.Transpose()) {
		t.Fatalf("In(%+v) differs from graph.CSR.Transpose", opt)
	}
}

func TestSimulatedDevice(t *testing.T) {
	sim := newSim(t)
	defer func() {
		// Every kernel of the template must have run with device-sized teams.
		for _, name := range []string{"PushThread[bfs.visit]", "PushTeam[bfs.visit]", "PushLocal[bfs.visit]", "PushGlobal[bfs.visit]",
			"PullStep[bfs.visit]", "frontier.Classify", "PushLocal[sssp.relax]", "PullStep[coloring.propagate]", "sssp.relaxEdges",
			"dgraph.sortHubs", "dgraph.unmatchedHubs"} {
			found := false
			for k, n := range sim.launches {
				found = found || (n > 0 && strings.HasSuffix(k, name))
			}
			if !found && !t.Failed() {
				t.Errorf("kernel %s never ran on the simulated device", name)
			}
		}
	}()
	host, err := execspace.Default()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("hub sort", func(t *testing.T) {
		// Hubs of every size around the team-sort threshold and past powers of two, with
		// their edges in random order, duplicates and tied weights: the teams' sorting
		// network must put them in graph.Build's order, out-edges and in-edges.
		rng := rand.New(rand.NewPCG(7, 11))
		el := &graph.EdgeList{N: 400}
		for h, d := range []int{63, 64, 65, 127, 128, 129, 777, 1024, 1500} {
			for j := 0; j < d; j++ {
				el.Src = append(el.Src, int32(h))
				el.Dst = append(el.Dst, int32(10+rng.IntN(390)))
				el.W = append(el.W, float64(rng.IntN(4)))
			}
		}
		for i := range el.Src {
			j := rng.IntN(i + 1)
			el.Src[i], el.Src[j] = el.Src[j], el.Src[i]
			el.Dst[i], el.Dst[j] = el.Dst[j], el.Dst[i]
			el.W[i], el.W[j] = el.W[j], el.W[i]
		}
		for _, opt := range []graph.BuildOptions{{}, {Symmetrize: true}, {Dedup: true}} {
			checkDeviceBuild(t, sim, el, opt)
		}
	})
	for _, tc := range simGraphs() {
		dg, err := dgraph.New(sim, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		hg, err := dgraph.New(host, tc.Graph)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(tc.Name+"/dgraph", func(t *testing.T) {
			el := tc.Graph.EdgeList()
			for _, opt := range []graph.BuildOptions{{}, {Symmetrize: true, Dedup: true}} {
				checkDeviceBuild(t, sim, el, opt)
			}
		})
		for _, root := range tc.Roots {
			want, err := bfs.Run(hg, root, bfs.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range append(frontier.Strategies(), frontier.Auto) {
				for _, d := range []bfs.Direction{bfs.TopDown, bfs.Optimizing} {
					t.Run(fmt.Sprintf("%s/bfs/root=%d/%v/%v", tc.Name, root, st, d), func(t *testing.T) {
						got, err := bfs.Run(dg, root, bfs.Options{Strategy: st, Direction: d, Alpha: 2, Beta: 4})
						if err != nil {
							t.Fatal(err)
						}
						if !slices.Equal(got.Level, want.Level) || !slices.Equal(got.Levels, want.Levels) {
							t.Fatalf("levels %v, want %v", got.Levels, want.Levels)
						}
						for v, p := range got.Parent {
							if v != int(root) && p >= 0 && want.Level[p] != want.Level[v]-1 {
								t.Fatalf("parent %d of %d is at level %d, want %d", p, v, want.Level[p], want.Level[v]-1)
							}
						}
					})
				}
			}
			wantDist, err := sssp.Run(hg, root, sssp.Options{Method: sssp.Ordered})
			if err != nil {
				t.Fatal(err)
			}
			for _, opt := range []sssp.Options{{Method: sssp.BellmanFord}, {Method: sssp.BellmanFord, Strategy: frontier.LocalCollapse},
				{Method: sssp.DeltaStepping, Strategy: frontier.Hierarchical}, {Method: sssp.Ordered, Strategy: frontier.GlobalCollapse}, {Method: sssp.EdgeList}} {
				t.Run(fmt.Sprintf("%s/sssp/root=%d/%v/%v", tc.Name, root, opt.Method, opt.Strategy), func(t *testing.T) {
					got, err := sssp.Run(dg, root, opt)
					if err != nil {
						t.Fatal(err)
					}
					for v := range got.Dist {
						if got.Dist[v] != wantDist.Dist[v] && !(math.IsInf(got.Dist[v], 1) && math.IsInf(wantDist.Dist[v], 1)) {
							t.Fatalf("dist[%d] = %v, want %v", v, got.Dist[v], wantDist.Dist[v])
						}
					}
				})
			}
		}
		want, err := coloring.Run(hg, coloring.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []coloring.Options{{}, {Strategy: frontier.Baseline, Format: frontier.Queue}, {Strategy: frontier.LocalCollapse, Format: frontier.Bitmap},
			{Strategy: frontier.GlobalCollapse}, {Strategy: frontier.Hierarchical, Format: frontier.Queue}, {Pull: true}} {
			t.Run(fmt.Sprintf("%s/coloring/%v/%v/pull=%v", tc.Name, opt.Strategy, opt.Format, opt.Pull), func(t *testing.T) {
				got, err := coloring.Run(dg, opt)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(got.Color, want.Color) || got.Colors != want.Colors {
					t.Fatalf("colors differ from the host's")
				}
			})
		}
	}
}

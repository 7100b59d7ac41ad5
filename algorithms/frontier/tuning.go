package frontier

import (
	"fmt"
	"math/bits"
	"reflect"
	"strconv"
	"strings"

	"github.com/gokkos/gokkos/portable"

	"github.com/gokkos/gokkos/execspace"
)

// Tuning holds the launch parameters of the template's kernels. DefaultTuning derives them
// from the execution space; Options.Tuning overrides them (zero fields keep the defaults).
type Tuning struct {
	// TeamSize is the number of threads of a team in team-mapped kernels (1 on the host,
	// where a team has one member).
	TeamSize int
	// WarpSize is the number of lanes that run in lock step; Hierarchical expands vertices
	// of medium degree with teams of this size.
	WarpSize int
	// Buffer is the number of entries of each thread's output buffer in queue mode, which is
	// also the number of edges a thread handles between two flushes (team scan plus one
	// atomic per team).
	Buffer int
	// SlotsPerThread is the number of worklist slots each thread of a team takes in Baseline
	// and LocalCollapse chunks; a team's chunk is TeamSize × SlotsPerThread slots, reduced
	// for small worklists so that every worker gets several chunks.
	SlotsPerThread int
	// Teams is the league size of GlobalCollapse steps (equal edge ranges per team).
	Teams int
	// Units is the number of workers or multiprocessors of the space.
	Units int
	// EdgeSample is the stride with which push steps sample the degrees of the vertices
	// they add, once a thread has added 64 (1: every degree, exact edge counts), rounded down
	// to a power of two (the test is a mask, not a division); a thread that has added 4,096
	// or 65,536 samples at 4 or 16 times the stride. The default is 16.
	EdgeSample int
	// PullWords is the number of bitmap words (32 vertices each) one iteration of a pull
	// step handles; negative means one vertex per iteration, with atomic updates of the
	// next bitmap. DefaultTuning uses 8 on the host and one vertex per thread on devices.
	PullWords int
	// LevelTeamSize is the number of members of each team that runs fused push steps
	// (PushLevels): 4 warps on a device, 1 on the host.
	LevelTeamSize int
	// LevelTeams is the number of teams that run fused push steps together, a concurrent
	// league (the space may run fewer: as many as it holds at once). The default is one per
	// multiprocessor on a device and 1 on the host.
	LevelTeams int
	// LevelVertices and LevelEdges bound the worklists of fused push steps: PushLevels goes
	// on while the next worklist has at most LevelVertices vertices and LevelEdges out-edges,
	// and Levels admits a worklist within them. The defaults are 16384 vertices and 32768
	// edges on a device, and 512 vertices and 4096 edges on the host. A negative LevelEdges
	// turns fused steps off.
	LevelVertices, LevelEdges int
	// LevelDegree bounds the degrees of fused steps' vertices: a member expands a vertex
	// alone, so a worklist with a vertex of larger degree is left to Push. The default is 32
	// on a device and LevelEdges on the host.
	LevelDegree int
	// LevelRounds is the number of rounds a team of a fused push step (PushLevels) runs for a
	// correcting operator (CorrectingOp): the team expands the vertices it improved in one round
	// in the next, among its own members, and hands the last round's vertices, and those beyond
	// its list of 8 × LevelTeamSize entries (at most 4,096), to the next step. 1 turns local rounds off. The
	// default is 64 on a device, where it spares league barriers on graphs of large diameter,
	// and 1 on the host, where a barrier of a one-worker league costs nothing.
	LevelRounds int
	// BinFuse is the most chunks (of 64 vertices) of a member's own bin of the bucket being
	// expanded that binned steps (RunBins) let the member expand in the same step after a
	// small step, rather than publish them in the next one (see BinSteps); negative turns that
	// off. The default is 16. A chunk whose vertices have more than 4,096 out-edges is never
	// expanded so.
	BinFuse int
	// BinHub is the out-degree from which host binned steps (RunBins) share a vertex's edges
	// among the league instead of leaving them to the member that meets the vertex: after the
	// step's barrier every member takes pieces of BinHub/4 edges of the step's hubs, behind one
	// more barrier (see hubShare); negative turns that off. The default is 8,192. Devices,
	// whose members are warps that share a vertex's edges among their lanes, ignore it.
	BinHub int
	// Grain is the chunk of the template's range launches over worklist slots (the
	// inspector's): a launch of at most Grain iterations runs on one worker, which spares the
	// pool's dispatch and join where they cost more than the work. The default is 4096 on
	// the host and 0 (the space chooses) on a device.
	Grain int
}

// DefaultTuning returns the tuning for a space described by info. On a device (info.Device)
// teams are 8 warps (at most info.MaxTeamSize threads), each thread buffers 8 vertices
// between flushes and takes one slot per chunk, GlobalCollapse runs two teams' worth of
// threads per resident thread slot, and pull steps run one thread per vertex; on the host a
// team is one worker, which buffers 1024 vertices and takes chunks of up to 256 slots,
// GlobalCollapse runs 8 teams per worker, and pull iterations handle 8 bitmap words.
func DefaultTuning(info execspace.Info) Tuning {
	units := max(info.Units, 1)
	if !info.Device {
		return Tuning{TeamSize: 1, WarpSize: 1, Buffer: 1024, SlotsPerThread: 256, Teams: 8 * units, Units: units, PullWords: 8, EdgeSample: 16,
			LevelTeamSize: 1, LevelTeams: 1, LevelVertices: 512, LevelEdges: 4096, LevelDegree: 4096, LevelRounds: 1, BinFuse: fuseChunks, BinHub: hubEdges, Grain: 4096}
	}
	warp := max(info.WarpSize, 1)
	team := 8 * warp
	if info.MaxTeamSize > 0 {
		team = min(team, info.MaxTeamSize)
	}
	// Fused steps run teams of 4 warps, one per multiprocessor: a vertex's edges spread over
	// up to 32 lanes, so the league's threads cover the worklists within the bounds below.
	block := max(info.MaxBlockSize, team)
	level := 4 * warp
	if info.MaxTeamSize > 0 {
		level = min(level, info.MaxTeamSize)
	}
	return Tuning{TeamSize: team, WarpSize: warp, Buffer: 8, SlotsPerThread: 1, Teams: 2 * units * block / team, Units: units, PullWords: -1, EdgeSample: 16,
		LevelTeamSize: level, LevelTeams: units, LevelVertices: 16384, LevelEdges: 32768, LevelDegree: 32, LevelRounds: 64, BinFuse: fuseChunks, BinHub: hubEdges}
}

// merged returns t with zero fields taken from d.
func (t Tuning) merged(d Tuning) Tuning {
	pick := func(a, b int) int {
		if a > 0 {
			return a
		}
		return b
	}
	return Tuning{
		TeamSize: pick(t.TeamSize, d.TeamSize), WarpSize: pick(t.WarpSize, d.WarpSize),
		Buffer: pick(t.Buffer, d.Buffer), SlotsPerThread: pick(t.SlotsPerThread, d.SlotsPerThread),
		Teams: pick(t.Teams, d.Teams), Units: pick(t.Units, d.Units),
		PullWords: pickNonZero(t.PullWords, d.PullWords), EdgeSample: pick(t.EdgeSample, d.EdgeSample),
		LevelTeamSize: pick(t.LevelTeamSize, d.LevelTeamSize), LevelTeams: pick(t.LevelTeams, d.LevelTeams), LevelVertices: pick(t.LevelVertices, d.LevelVertices),
		LevelEdges: pickNonZero(t.LevelEdges, d.LevelEdges), LevelDegree: pick(t.LevelDegree, d.LevelDegree),
		LevelRounds: pick(t.LevelRounds, d.LevelRounds), BinFuse: pickNonZero(t.BinFuse, d.BinFuse), BinHub: pickNonZero(t.BinHub, d.BinHub), Grain: pick(t.Grain, d.Grain),
	}
}

func pickNonZero(a, b int) int {
	if a != 0 {
		return a
	}
	return b
}

func (t Tuning) check() error {
	if t.TeamSize < 0 || t.WarpSize < 0 || t.Buffer < 0 || t.SlotsPerThread < 0 || t.Teams < 0 || t.Units < 0 || t.EdgeSample < 0 ||
		t.LevelTeamSize < 0 || t.LevelTeams < 0 || t.LevelVertices < 0 || t.LevelDegree < 0 || t.LevelRounds < 0 || t.Grain < 0 {
		return fmt.Errorf("frontier: negative tuning parameter in %+v", t)
	}
	return nil
}

// chunk returns the slots per team for a worklist of the given number of slots: the full
// TeamSize × SlotsPerThread, or less so that small worklists still make about 8 chunks per
// unit, never less than one slot per thread.
func (t Tuning) chunk(slots int) int {
	full := t.TeamSize * t.SlotsPerThread
	want := (slots + 8*t.Units - 1) / (8 * t.Units)
	return max(min(full, want), t.TeamSize, 1)
}

// rangePolicy returns the policy of a range launch over n worklist slots, with chunk Grain.
func (t Tuning) rangePolicy(n int) portable.RangePolicy {
	return portable.Range(0, n).WithChunk(t.Grain)
}

// ParseTuning parses a comma-separated list of name=value settings of Tuning's fields, such
// as "LevelRounds=64,LevelTeamSize=32" (names as the fields', in any case; values integers),
// into a Tuning whose other fields are zero, so that they keep the space's defaults. An empty
// string gives the zero Tuning. It returns an error naming the setting for an unknown field, a
// value that is not an integer, a negative value (PullWords, LevelEdges, BinFuse and BinHub may be negative) or
// a field set twice.
func ParseTuning(s string) (Tuning, error) {
	var t Tuning
	// Every field of Tuning is an int: the names come from the type, so a new field is
	// settable without a change here.
	tv := reflect.ValueOf(&t).Elem()
	fields := map[string]*int{}
	var names []string
	for i := range tv.NumField() {
		f := tv.Type().Field(i)
		fields[strings.ToLower(f.Name)] = tv.Field(i).Addr().Interface().(*int)
		names = append(names, f.Name)
	}
	seen := map[string]bool{}
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		name, value, ok := strings.Cut(item, "=")
		key := strings.ToLower(strings.TrimSpace(name))
		p, known := fields[key]
		switch {
		case !ok:
			return Tuning{}, fmt.Errorf("frontier: tuning setting %q is not name=value", item)
		case !known:
			return Tuning{}, fmt.Errorf("frontier: tuning setting %q: no field %q (want one of %s)", item, strings.TrimSpace(name), strings.Join(names, ", "))
		case seen[key]:
			return Tuning{}, fmt.Errorf("frontier: tuning setting %q: %s set twice", item, strings.TrimSpace(name))
		}
		seen[key] = true
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil {
			return Tuning{}, fmt.Errorf("frontier: tuning setting %q: value is not an integer", item)
		}
		*p = v
	}
	if err := t.check(); err != nil {
		return Tuning{}, err
	}
	return t, nil
}

// floorPow2 returns the largest power of two not above n, and 1 for n < 1.
func floorPow2(n int) int {
	if n < 1 {
		return 1
	}
	return 1 << (bits.Len(uint(n)) - 1)
}

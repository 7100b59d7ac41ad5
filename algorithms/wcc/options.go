package wcc

import (
	"fmt"
	"math"
	"strings"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
)

// Method selects the weakly connected components algorithm.
type Method uint8

const (
	// Afforest is hooking and pointer jumping with neighbour sampling and the giant-component
	// skip (Sutton, Ben-Nun and Barak): every vertex is linked with its first few neighbours
	// by lock-free union-find hooking, a sample of vertices names the largest component so far,
	// and only the vertices outside it link their remaining edges. Every edge is read at most
	// once by each of its endpoints, in a fixed number of passes.
	Afforest Method = iota
	// LabelProp is label propagation with pointer jumping: rounds over every edge, each
	// hooking the larger endpoint label under the smaller with an atomic minimum and then
	// shortcutting every vertex to its root, until a round changes nothing.
	LabelProp
	// Search is one direction-optimizing breadth-first search from the vertex of largest
	// degree over the graph with directions ignored, which labels the giant component of graphs
	// that have one, and Afforest's final hooking and pointer jumping for the other vertices
	// (see search.go). New builds the graph's undirected copy (2M edges) and, on a directed
	// graph, its in-edges.
	Search
	// Auto picks Search or Afforest per graph in New (see auto.go): Afforest for graphs of large
	// diameter, and on device spaces also for graphs whose degrees are not skewed; Search
	// otherwise. Result.Method says which ran.
	Auto
)

var methodNames = [...]string{"afforest", "lp", "search", "auto"}

// String returns the method's name as ParseMethod accepts it: "afforest", "lp", "search" or
// "auto".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", m)
}

// ParseMethod returns the method called name (case-insensitive): a name String returns, or
// "labelprop" and "label-propagation" for LabelProp. Any other name is an error listing the
// names.
func ParseMethod(name string) (Method, error) {
	name = strings.TrimSpace(name)
	for i, s := range methodNames {
		if strings.EqualFold(name, s) {
			return Method(i), nil
		}
	}
	switch strings.ToLower(name) {
	case "labelprop", "label-propagation":
		return LabelProp, nil
	}
	return 0, fmt.Errorf("wcc: unknown method %q; want one of %s", name, strings.Join(methodNames[:], ", "))
}

// Defaults of the Options fields whose zero value means "the default".
const (
	// DefaultNeighborRounds is the number of Afforest's neighbour-sampling rounds: round r
	// links every vertex with its r-th neighbour (out-neighbours first, then in-neighbours
	// when the in-edges are read).
	DefaultNeighborRounds = 2
	// DefaultSamples is the number of vertices Afforest samples to find the giant component.
	DefaultSamples = 1024
)

// Options configures New, Run and LabelWith. The zero value runs Afforest with the default
// settings.
type Options struct {
	// Method is the algorithm.
	Method Method
	// NeighborRounds is the number of Afforest's neighbour-sampling rounds; 0 means
	// DefaultNeighborRounds and a negative value none.
	NeighborRounds int
	// Samples is the number of vertices Afforest draws to name the giant component, whose
	// vertices then skip the final linking phase; 0 means DefaultSamples and a negative value
	// turns the sampling and the skip off (every vertex links its remaining edges). When both
	// NeighborRounds and Samples are 0, a graph of fewer than 4 out-edges per vertex on a
	// device space gets neither (one linking pass over every edge: the launches of the rounds
	// and the sample cost more there than the skip saves).
	Samples int
	// Seed seeds the sample. The components never depend on it; the set of skipped vertices
	// may.
	Seed uint64
	// NoInEdges keeps New from building the in-edges of a directed graph (dgraph.Graph.In:
	// O(N+M) memory, kept with the graph and shared with other algorithms). Without them the
	// giant-component skip would lose edges that leave the giant component, so Afforest then
	// skips nothing on directed graphs: every vertex links all its remaining out-edges, which
	// covers every edge since linking is symmetric. Symmetric graphs need no in-edges.
	NoInEdges bool
	// WarpDegree is the degree above which the final phase links a vertex's edges with a
	// warp-sized team instead of one thread, and TeamDegree the degree above which it uses a
	// whole team. 0 means the space's default: WarpSize and 8×WarpSize on device spaces, no
	// teams on host spaces (where a team has one member); a negative value means never.
	// They apply to Afforest.
	WarpDegree, TeamDegree int
	// Symmetric tells LabelWith that its CSR holds every edge at both ends (the CSR of a
	// symmetric graph, see dgraph.Graph.Symmetric; the subgraph a Filter selects from it is
	// then symmetric too), so that Afforest may skip the giant component as New does for a
	// symmetric graph. A CSR without that property gives wrong components. New checks the graph
	// itself and ignores it.
	Symmetric bool
}

// sparseDegree is the average out-degree below which Afforest on a device space defaults to
// neither neighbour rounds nor sampling (see Options).
const sparseDegree = 4

// forGraph returns o with NeighborRounds and Samples turned off where both are left to their
// defaults and g is sparse on a device space: the graph's out-edges fewer than sparseDegree
// per vertex. There the neighbour rounds link most edges anyway, and the skip saves the final
// phase little against the launches of the rounds, their compresses and the sample. (On the
// H200 at 2^22 vertices: small world 0.99 → 0.65 ms, grid 0.77 → 0.64, road 0.77 → 0.73; with
// 16 edges per vertex, R-MAT 1.17 → 1.53 and uniform 0.80 → 1.84 would lose. On the host
// neither setting is faster on the sparse graphs.)
func (o Options) forGraph(g *dgraph.Graph) Options {
	if o.Method != Afforest || o.NeighborRounds != 0 || o.Samples != 0 || !g.Space().Info().Device {
		return o
	}
	if g.NumEdges() < sparseDegree*int64(g.N()) {
		o.NeighborRounds, o.Samples = -1, -1
	}
	return o
}

// resolved returns o with the defaults of its method settings filled in, or an error for an
// unknown method. The degree classes depend on the space and are resolved by classes.
func (o Options) resolved() (Options, error) {
	if int(o.Method) >= len(methodNames) {
		return o, fmt.Errorf("wcc: unknown method %d", o.Method)
	}
	switch {
	case o.NeighborRounds == 0:
		o.NeighborRounds = DefaultNeighborRounds
	case o.NeighborRounds < 0:
		o.NeighborRounds = 0
	}
	switch {
	case o.Samples == 0:
		o.Samples = DefaultSamples
	case o.Samples < 0:
		o.Samples = 0
	}
	return o, nil
}

// degreeClasses are the degree bounds and team sizes of the final phase on a space: a thread
// links the edges of a vertex of degree at most light, a team of warp members those of degree
// in (light, mid], and a team of team members those of larger degree.
type degreeClasses struct {
	light, mid int64
	warp, team int
}

// classes returns the final phase's degree classes on space for o's WarpDegree and
// TeamDegree.
func (o Options) classes(space execspace.Space) degreeClasses {
	info := space.Info()
	ws := max(info.WarpSize, 1)
	bound := func(d, device int) int64 {
		switch {
		case d < 0, d == 0 && !info.Device:
			return math.MaxInt64
		case d == 0:
			return int64(device)
		}
		return int64(d)
	}
	wd, td := bound(o.WarpDegree, ws), bound(o.TeamDegree, 8*ws)
	team := 8 * ws
	if info.MaxTeamSize > 0 {
		team = min(team, info.MaxTeamSize)
	}
	return degreeClasses{light: min(wd, td), mid: td, warp: ws, team: max(team, 1)}
}

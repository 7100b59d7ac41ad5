package scc

import (
	"fmt"
	"strings"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

// Method selects the strongly connected components algorithm.
type Method uint8

const (
	// Multistep is trim, one forward-backward step from a high-degree pivot (two breadth-first
	// searches), colour propagation rounds, and a serial Tarjan finish below
	// Options.SerialCutoff remaining vertices, on the frontier template.
	Multistep Method = iota
	// FBTrim is two-phase forward-backward with trimming: single-pivot steps until a large
	// component is found, Trim2, FWcc, then many-pivot forward-backward rounds.
	FBTrim
	// Hybrid is FBTrim with colour propagation rounds instead of many-pivot forward-backward
	// rounds in phase 2.
	Hybrid
	// EdgeList is forward-backward-trim over one edge list grouped by vertex segments (the
	// Bellman-Ford style of Afanasyev and Voevodin): edge-parallel degree counting for
	// trimming, and forward and backward reach as sweeps over the list, one pivot per
	// subgraph each round. Options.NoReorder, TransposeBackward and SegmentBytes configure it.
	EdgeList
	// Async is asynchronous signature propagation over a worklist of edges: every vertex learns
	// the largest vertex that reaches it and the largest it reaches, both propagated to a fixed
	// point in sweeps whose updates are visible within the sweep (a device-side flag read back
	// once per batch of sweeps); vertices whose two signatures agree form that vertex's
	// component, and the rest repeat on the edges whose endpoints have equal signatures, with
	// trimming between rounds. Its host round trips do not grow with the graph's diameter.
	Async
	// AutoMethod picks Weak for a symmetric graph, and Multistep or Async for any other graph
	// in New from cheap signals, the spread of the vertex degrees and a sampled diameter
	// estimate (see AutoSignals); Stats.Chosen says which one ran.
	AutoMethod
	// Weak is for symmetric graphs (every edge's reverse is an edge, whatever the weights:
	// dgraph.Graph.SymmetricEdges),
	// whose strongly connected components are their weakly connected components: it labels
	// them with package wcc's Afforest, giant-component skip included, in O(N + M) work and a
	// few launches whatever the diameter. New refuses it for a graph that is not symmetric.
	Weak
)

var methodNames = [...]string{"multistep", "fbtrim", "hybrid", "edgelist", "async", "auto", "weak"}

// String returns the method's name as ParseMethod accepts it: "multistep", "fbtrim",
// "hybrid", "edgelist", "async", "auto" or "weak".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", m)
}

// ParseMethod returns the method called name (case-insensitive): a name String returns, or
// "fb-trim", "fb-trim-hybrid" and "edge-list". Any other name is an error listing the names.
func ParseMethod(name string) (Method, error) {
	name = strings.TrimSpace(name)
	for i, s := range methodNames {
		if strings.EqualFold(name, s) {
			return Method(i), nil
		}
	}
	switch strings.ToLower(name) {
	case "fb-trim":
		return FBTrim, nil
	case "fb-trim-hybrid", "fbtrim-hybrid":
		return Hybrid, nil
	case "edge-list":
		return EdgeList, nil
	}
	return 0, fmt.Errorf("scc: unknown method %q; want one of %s", name, strings.Join(methodNames[:], ", "))
}

// Traversal selects how forward and backward reachability and colour propagation walk the graph.
type Traversal uint8

const (
	// Auto chooses before every iteration: a load-balanced topology-driven sweep while the
	// frontier is a sizeable part of the graph (the giant component's reach in a single-pivot
	// step, the first iterations of colour propagation), a load-balanced worklist pass when it
	// is small (the tail of a traversal, many-pivot rounds over small subgraphs, long paths).
	// Each phase thus gets the traversal that suits it, the point the hybrid paper makes, and
	// graphs of large diameter do not pay a sweep per level.
	Auto Traversal = iota
	// Topo sweeps over every vertex each iteration and expands the vertices that are in the
	// frontier (reached but not yet expanded), one thread per vertex.
	Topo
	// TopoLB is Topo with vertices of degree above Options.HeavyDegree expanded by a whole team,
	// from a list of such vertices made once.
	TopoLB
	// Data keeps the frontier in a worklist: each iteration expands the vertices of the current
	// list, one thread per vertex, and pushes newly reached vertices onto the next.
	Data
	// DataLB is Data with two worklists: vertices of degree above Options.HeavyDegree go to a
	// list that is expanded one team per vertex.
	DataLB
)

var traversalNames = [...]string{"auto", "topo", "topo-lb", "data", "data-lb"}

// String returns the strategy's name as ParseTraversal accepts it: "auto", "topo", "topo-lb",
// "data" or "data-lb".
func (t Traversal) String() string {
	if int(t) < len(traversalNames) {
		return traversalNames[t]
	}
	return fmt.Sprintf("Traversal(%d)", t)
}

// ParseTraversal returns the strategy called name (case-insensitive), or an error listing the
// names.
func ParseTraversal(name string) (Traversal, error) {
	name = strings.TrimSpace(name)
	for i, s := range traversalNames {
		if strings.EqualFold(name, s) {
			return Traversal(i), nil
		}
	}
	return 0, fmt.Errorf("scc: unknown traversal %q; want one of %s", name, strings.Join(traversalNames[:], ", "))
}

// Defaults of the Options fields whose zero value means "the default".
const (
	// DefaultSwitchFraction is the size of a component, as a fraction of the vertices, whose
	// discovery ends phase 1 of FBTrim and Hybrid.
	DefaultSwitchFraction = 0.01
	// DefaultPhase1Rounds is the most single-pivot steps phase 1 runs.
	DefaultPhase1Rounds = 5
	// DefaultSerialCutoff is the number of remaining vertices at which Multistep finishes
	// serially on the host.
	DefaultSerialCutoff = 100_000
	// DefaultDeviceSerialCutoff is DefaultSerialCutoff on a device space, where the finish
	// costs copies to the host and back and Tarjan runs on one core of the host, while a
	// colour round over a few tens of thousands of vertices takes small fused steps. (On the
	// H200, in two calls, Multistep on the 2^22-vertex small world took 6.29 and 6.49 ms with
	// this cutoff, three colour rounds leaving 1,169 vertices, against 6.52 and 7.88 with the
	// host's, two rounds leaving 16,822.)
	DefaultDeviceSerialCutoff = 10_000
	// DefaultHeavyDegree is the degree above which load-balanced traversals use a team.
	DefaultHeavyDegree = 32
)

// Options configures Run. The zero value runs Multistep with the default settings (the
// command line's default is AutoMethod; the zero value stays Multistep so that existing callers
// keep their method).
type Options struct {
	// Method is the algorithm.
	Method Method
	// Traversal is the reachability and propagation strategy of FBTrim and Hybrid; Auto
	// runs their single-pivot steps as direction-optimizing breadth-first searches and
	// chooses per iteration in their many-pivot steps and colour rounds, and any other value
	// applies to every step. Multistep does not use it.
	Traversal Traversal
	// Strategy is the frontier template's loop strategy for Multistep's breadth-first searches,
	// colour propagation and backward reach, and for the single-pivot searches of FBTrim and
	// Hybrid with Traversal Auto (frontier.Auto: the template's adaptive runtime).
	Strategy frontier.Strategy
	// Tuning overrides the frontier template's launch parameters of the traversals that run
	// on it (Multistep's searches, colour propagation and backward reach, and the
	// single-pivot searches of FBTrim and Hybrid with Traversal Auto); zero fields keep the
	// space's defaults (frontier.DefaultTuning).
	Tuning frontier.Tuning
	// SwitchFraction ends phase 1 of FBTrim and Hybrid when a single-pivot step finds a
	// component of more than this fraction of the vertices; 0 means DefaultSwitchFraction (1%).
	SwitchFraction float64
	// Phase1Rounds bounds the single-pivot steps of FBTrim and Hybrid on graphs without a large
	// component; 0 means DefaultPhase1Rounds.
	Phase1Rounds int
	// SerialCutoff makes Multistep (also when AutoMethod picks it) finish with serial Tarjan on
	// the host once at most this many vertices remain; 0 means DefaultSerialCutoff on the host
	// and DefaultDeviceSerialCutoff on a device space, and a negative value never finishes
	// serially. On host spaces Multistep also finishes serially, with any number of vertices
	// left, after a colour round whose yield predicts that the rounds still needed would take
	// longer than the serial finish (a citation graph's many small components); a negative
	// value turns that off too.
	SerialCutoff int
	// HeavyDegree is the degree above which the load-balanced traversals expand a vertex with a
	// whole team; 0 means DefaultHeavyDegree.
	HeavyDegree int
	// NoReorder keeps EdgeList's edges in the order of the graph's CSR (grouped by source)
	// instead of grouping them by the segments of both endpoints.
	NoReorder bool
	// TransposeBackward makes EdgeList's backward reach sweep over the in-edge CSR (the
	// transpose) instead of reading the edge list in reverse.
	TransposeBackward bool
	// SegmentBytes is the size, in bytes of per-vertex state, of EdgeList's vertex segments; 0
	// means half of the space's cache (execspace.Info.CacheBytes).
	SegmentBytes int64
	// Trace records EdgeList's phases in Stats.Phases and the frontier template's steps in
	// Stats.Steps.
	Trace bool
	// AsyncBudget makes Async give up once the propagation sweeps of one Run have reached this
	// many, when a batch of sweeps ends without a fixed point (the host sees the sweeps' flags
	// once per batch: 4, 8, 16, then up to 64 sweeps) or a later round is to start, and find
	// the components with Multistep instead (Stats.AsyncFallback), from scratch; the work
	// already done is lost. 0 means no budget. It applies to Async and to AutoMethod when that
	// picks Async. New then also prepares Multistep.
	AsyncBudget int
}

// resolved returns o with defaults filled in, or an error for values out of range.
func (o Options) resolved() (Options, error) {
	if int(o.Method) >= len(methodNames) {
		return o, fmt.Errorf("scc: unknown method %d", o.Method)
	}
	if int(o.Traversal) >= len(traversalNames) {
		return o, fmt.Errorf("scc: unknown traversal %d", o.Traversal)
	}
	if o.Strategy != frontier.Auto && !validStrategy(o.Strategy) {
		return o, fmt.Errorf("scc: unknown frontier strategy %v", o.Strategy)
	}
	if !(o.SwitchFraction >= 0 && o.SwitchFraction < 1) {
		return o, fmt.Errorf("scc: switch fraction %g; want a value in [0, 1)", o.SwitchFraction)
	}
	if o.Phase1Rounds < 0 {
		return o, fmt.Errorf("scc: %d phase-1 rounds; want a non-negative number", o.Phase1Rounds)
	}
	if o.HeavyDegree < 0 {
		return o, fmt.Errorf("scc: heavy degree %d; want a non-negative number", o.HeavyDegree)
	}
	if o.AsyncBudget < 0 {
		return o, fmt.Errorf("scc: async budget of %d sweeps; want a non-negative number", o.AsyncBudget)
	}
	if o.SegmentBytes < 0 {
		return o, fmt.Errorf("scc: segment of %d bytes; want a non-negative number", o.SegmentBytes)
	}
	if o.SwitchFraction == 0 {
		o.SwitchFraction = DefaultSwitchFraction
	}
	if o.Phase1Rounds == 0 {
		o.Phase1Rounds = DefaultPhase1Rounds
	}
	if o.HeavyDegree == 0 {
		o.HeavyDegree = DefaultHeavyDegree
	}
	return o, nil
}

// validStrategy reports whether s is one of the template's strategies.
func validStrategy(s frontier.Strategy) bool {
	for _, x := range frontier.Strategies() {
		if s == x {
			return true
		}
	}
	return false
}

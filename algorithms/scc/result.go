package scc

import (
	"time"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

// Result is the outcome of Run.
type Result struct {
	// Comp holds the component of every vertex, numbered 0 to Count-1 in increasing order of
	// each component's smallest vertex id, whatever the method. SCC.Run leaves it nil (see
	// SCC.Components); the package-level Run fills it.
	Comp []int32
	// Count is the number of strongly connected components.
	Count int
	// Largest is the number of vertices of the largest component (0 for the empty graph).
	Largest int
	// NonTrivial is the number of components with two or more vertices.
	NonTrivial int
	// Iterations is the number of component-finding rounds: forward-backward steps, colour
	// propagation rounds and Async's signature rounds (Stats.FBRounds + Stats.ColorRounds +
	// Stats.AsyncRounds).
	Iterations int
	// Stats breaks the run down by step.
	Stats Stats
}

// Stats counts the work of each step of a run. Vertex counts say how many vertices the step
// assigned to components.
type Stats struct {
	// Method, Traversal and Strategy are the settings the run used.
	Method    Method
	Traversal Traversal
	Strategy  frontier.Strategy
	// Chosen is the method that ran: Method itself, or the one AutoMethod picked.
	Chosen Method
	// Signals are the measurements AutoMethod chose by; zero for the other methods.
	Signals AutoSignals

	// TrimPasses is the number of trimming iterations (sweeps and worklist passes) over all
	// trimming calls; Trimmed is the number of size-1 components they found.
	TrimPasses, Trimmed int
	// Trim2Pairs is the number of size-2 components Trim2 found.
	Trim2Pairs int

	// Phase1Rounds is the number of single-pivot forward-backward steps; Phase1Found is the
	// number of vertices they assigned.
	Phase1Rounds, Phase1Found int
	// Switched reports that a single-pivot step found a component larger than the switch
	// fraction, and SwitchSize is that component's size.
	Switched   bool
	SwitchSize int

	// WCCRounds is the number of hooking rounds of the FWcc step; WCCSubgraphs is the number of
	// weakly connected subgraphs it found among the remaining vertices.
	WCCRounds, WCCSubgraphs int

	// Phase2Rounds is the number of many-pivot forward-backward rounds (FBTrim) or colour
	// propagation rounds (Hybrid, Multistep) after phase 1; Phase2Found is the number of
	// vertices they assigned.
	Phase2Rounds, Phase2Found int

	// FBRounds is the number of forward-backward steps of every kind; ColorRounds the number of
	// colour propagation rounds.
	FBRounds, ColorRounds int
	// ReachIterations is the number of traversal iterations (frontier expansions) of every
	// forward and backward reach; PropagationIterations that of colour propagation.
	ReachIterations, PropagationIterations int

	// SerialVertices is the number of vertices the serial Tarjan finish assigned.
	SerialVertices int

	// AsyncRounds is the number of Async's signature rounds (propagation to a fixed point, then
	// the vertices whose two signatures agree are assigned); AsyncFound is the number of
	// vertices they assigned (the rest were trimmed).
	AsyncRounds, AsyncFound int
	// AsyncSweeps is the number of propagation sweeps over the edge worklist that ran (sweeps
	// launched after the fixed point return at once and are not counted), and AsyncChecks the
	// number of times the host read the sweeps' changed flags back.
	AsyncSweeps, AsyncChecks int
	// AsyncFallback reports that Async ran out of its sweep budget (Options.AsyncBudget) and the
	// run found the components with Multistep; Chosen is then Multistep, and the Async fields
	// describe the abandoned attempt.
	AsyncFallback bool
	// AsyncEdges is the length of Async's first edge worklist: the edges between distinct
	// vertices that trimming left.
	AsyncEdges int

	// Times spent in each step, measured on the host around the launches. WCCTime covers the
	// FWcc steps and Weak; AsyncTime covers Async's propagation, settling and worklist compaction (its trimming is
	// in TrimTime).
	TrimTime, FBTime, WCCTime, ColorTime, SerialTime, AsyncTime, TotalTime time.Duration
	// ReachTime is the part of FBTime spent in the forward and backward reach of
	// forward-backward steps (the rest picks pivots and settles the steps).
	ReachTime time.Duration
	// NumberTime is the time Run spent numbering and counting the components once every
	// vertex had one (up to a fence of the space): codes that stop at a representative per
	// vertex do not have it.
	NumberTime time.Duration
	// LabelTime is the time from the start of Run until every vertex had a representative of
	// its component (up to a fence of the space), before the numbering: what codes that stop
	// at a representative per vertex time.
	LabelTime time.Duration

	// Segments is the number of vertex segments of EdgeList's sort (1 with
	// Options.NoReorder), SegmentVertices the vertices per segment, and ListEdges the edges of
	// its list (the graph's, self loops dropped). Other methods leave them 0.
	Segments, SegmentVertices int
	ListEdges                 int64
	// Phases lists EdgeList's phases in order when Options.Trace is set; nil otherwise.
	Phases []Phase
	// Steps lists the frontier steps of the breadth-first searches and colour rounds that
	// ran on the frontier template (Multistep, and the phase-1 searches of FBTrim and Hybrid
	// with Traversal Auto) when Options.Trace is set, one traversal after another, each
	// numbered from 0; nil otherwise.
	Steps []frontier.Step
}

// Phase is one phase of an EdgeList run, recorded with Options.Trace.
type Phase struct {
	// Name is "trim", "wcc", "pivot", "forward", "backward" or "split".
	Name string
	// Round is the forward-backward round the phase belongs to, from 1; the first trimming
	// is round 0.
	Round int
	// Iterations is the number of passes (trim), hooking rounds (wcc) or sweeps (forward,
	// backward), and 1 for the other phases.
	Iterations int
	// Vertices is the number of vertices the phase removed (trim), seeded as pivots
	// (pivot), reached (forward, backward) or assigned to components (split), or the number
	// of subgraphs it made (wcc).
	Vertices int
	// Time is the phase's duration, measured on the host around its launches.
	Time time.Duration
}

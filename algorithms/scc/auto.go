package scc

import (
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// AutoMethod runs Weak on a symmetric graph (dgraph.Graph.SymmetricEdges: a sample of edges settles
// most directed graphs at once; a symmetric graph costs one check of every edge, cached with
// the graph), whose strongly connected components are its weakly connected ones. For any other
// graph it decides between Multistep and Async from two measurements of the graph, taken in
// New on the graph's space at a cost that does not depend on the graph's diameter (a third,
// below, bounds Async's sweeps):
//
//   - the spread of the degrees: the coefficient of variation (standard deviation over mean) of
//     every vertex's in- plus out-degree, from one reduction over the offsets;
//   - a sampled diameter estimate (dgraph.Graph.SampleBalls): from AutoSamples start vertices,
//     an undirected breadth-first search (out- and in-edges) that stops once it has seen
//     AutoBall vertices, run AutoLevels levels, or exhausted the start's weak component. All
//     samples run in one launch of a team kernel, one team per sample, so the estimate costs
//     one launch and one read-back.
//
// On a device space (execspace.Info.Device), a graph whose samples needed AutoLevels levels or
// more without seeing AutoBall vertices has a large diameter (a path, a grid, a road network,
// a citation chain: its balls grow polynomially, not exponentially) and runs Async, whose host
// round trips do not grow with the diameter. Every other graph runs Multistep, whose
// forward-backward step from the vertex of largest degree product takes the giant component in
// a few breadth-first levels: on an H100 at 2^22 vertices it took 2-3 ms on R-MAT and uniform
// graphs and 12 ms on a small world, where Async took 41-73 ms (docs/scc-wcc.md). The degree
// spread is measured and reported but does not decide: no graph measured so far ran faster
// with Async at a small diameter, skewed or not. A small world's ring lattice grows slowly
// at first, so AutoBall and AutoLevels are large enough that its samples reach AutoBall
// vertices while a grid's do not.
//
// A third signal keeps Async off graphs of mostly two-way edges. Async converges in a handful
// of sweeps on a grid but needs hundreds on a road network whose one-way streets cut it into
// thousands of small districts (an H100 at 2^22 vertices: 232 sweeps and 249 ms on the road
// graph), while Multistep, whose traversals run thousands of small levels in one launch of a
// concurrent league (frontier.PushLevels), took 72 ms there against ECL-SCC's 120. The
// reciprocity, the fraction of AutoEdgeSamples sampled edges u → v whose reverse v → u exists,
// tells the two kinds apart: a graph whose edges are mostly two-way has a giant strongly
// connected component, which Multistep's first forward-backward step takes whole, while a graph
// of one-way edges (a citation chain, an oriented grid) leaves Multistep thousands of colour
// rounds, where Async stays far ahead. So on a device a large diameter picks Async only for a
// reciprocity below AutoReciprocal. (Options.AsyncBudget still bounds Async's sweeps, with a
// restart by Multistep, for a caller who asks for it.)
//
// On host spaces AutoMethod runs Weak for a symmetric graph and otherwise Multistep, whatever
// the other signals say (it still measures and reports them): there a level costs no device
// round trip, Multistep's serial Tarjan finish takes over below Options.SerialCutoff vertices,
// and Async's sweeps, which relax every remaining edge several times, were slower on every
// graph measured (docs/scc-wcc.md).
const (
	// AutoSamples is the number of sampled searches.
	AutoSamples = dgraph.BallSamples
	// AutoBall is the number of vertices after which a sampled search stops.
	AutoBall = dgraph.BallSize
	// AutoLevels is the level count from which a sampled search calls the graph's diameter
	// large.
	AutoLevels = dgraph.BallLevels
	// AutoSkew is the degree coefficient of variation from which a graph counts as skewed.
	AutoSkew = dgraph.SkewCV
	// AutoEdgeSamples is the number of edges sampled for the reciprocity.
	AutoEdgeSamples = 4096
	// AutoReciprocal is the reciprocity from which a graph of large diameter runs Multistep
	// rather than Async.
	AutoReciprocal = 0.5
)

// AutoSignals are the measurements AutoMethod chooses by.
type AutoSignals struct {
	// DegreeCV is the coefficient of variation of the vertices' in- plus out-degrees.
	DegreeCV float64
	// Levels is the largest number of levels a sampled search ran (at most AutoLevels); Visited
	// is the largest number of vertices a sampled search saw (at most AutoBall).
	Levels, Visited int
	// Symmetric reports that the graph is symmetric (AutoMethod then runs Weak and measures
	// nothing else).
	Symmetric bool
	// Reciprocity is the fraction of AutoEdgeSamples sampled edges u → v whose reverse v → u
	// is an edge too (searched among the first reciprocityScan out-edges of v).
	Reciprocity float64
	// HighDiameter reports Levels ≥ AutoLevels; Skewed reports DegreeCV ≥ AutoSkew; Reciprocal
	// reports Reciprocity ≥ AutoReciprocal.
	HighDiameter, Skewed, Reciprocal bool
	// Device reports that the graph's space is a device space (execspace.Info.Device).
	Device bool
	// Time is the time the measurements took.
	Time time.Duration
}

// Pick returns the method AutoMethod runs for these signals: Weak for a symmetric graph, Async
// on a device space for a large diameter and a reciprocity below AutoReciprocal, else
// Multistep.
func (a AutoSignals) Pick() Method {
	if a.Symmetric {
		return Weak
	}
	if a.Device && a.HighDiameter && !a.Reciprocal {
		return Async
	}
	return Multistep
}

// reciprocityScan bounds the out-edges of v searched for the reverse of a sampled edge u → v,
// so that a sample landing on a hub costs no more than a small vertex.
const reciprocityScan = 64

// reciprocity counts the sampled edges whose reverse is an edge: sample i is the edge whose
// index is a SplitMix64 hash of Seed and i, modulo M; its source is found by binary search over
// the offsets.
//
//gokkos:kernel
type reciprocity struct {
	Off  views.View1D[int64]
	Adj  views.View1D[int32]
	N    int
	M    uint64
	Seed uint64
}

// Run adds 1 if the reverse of sample i is an edge.
func (k reciprocity) Run(i int, acc *int64) {
	z := k.Seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	e := int64(z % k.M)
	u := int32(edgeSource(k.Off, k.N, e))
	v := int(k.Adj.At(int(e)))
	end := min(k.Off.At(v+1), k.Off.At(v)+reciprocityScan)
	for f := k.Off.At(v); f < end; f++ {
		if k.Adj.At(int(f)) == u {
			*acc += 1
			return
		}
	}
}

// choose measures the graph and sets s.method and s.signals (Multistep for the empty graph). It
// uses the status words as the
// searches' marks; Run clears them.
func (s *state) choose(g *dgraph.Graph) error {
	t0 := time.Now()
	s.method = Multistep
	s.signals.Device = s.space.Info().Device
	if s.n == 0 {
		return nil
	}
	sym, err := g.SymmetricEdges()
	if err != nil {
		return err
	}
	if sym {
		s.signals.Symmetric, s.method = true, Weak
		s.signals.Time = time.Since(t0)
		return nil
	}
	if s.signals.DegreeCV, err = g.DegreeCV(s.in); err != nil {
		return err
	}
	if m := s.out.NumEdges(); m > 0 {
		var found int64
		k := reciprocity{Off: s.out.Offsets, Adj: s.out.Adj, N: s.n, M: uint64(m), Seed: uint64(s.n)}
		if err := portable.ParallelReduce(s.space, "scc.auto.reciprocity", portable.Range(0, AutoEdgeSamples), k, portable.Sum(&found)); err != nil {
			return err
		}
		s.signals.Reciprocity = float64(found) / AutoEdgeSamples
	}
	balls, err := g.SampleBalls(AutoSamples, AutoBall, AutoLevels, s.in, s.st)
	if err != nil {
		return err
	}
	s.signals.Levels, s.signals.Visited = balls.Levels, balls.Visited
	s.signals.HighDiameter = s.signals.Levels >= AutoLevels
	s.signals.Skewed = s.signals.DegreeCV >= AutoSkew
	s.signals.Reciprocal = s.signals.Reciprocity >= AutoReciprocal
	s.method = s.signals.Pick()
	s.signals.Time = time.Since(t0)
	return nil
}

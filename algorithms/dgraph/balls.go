package dgraph

import (
	"fmt"

	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Balls is what SampleBalls measured: a cheap estimate of a graph's diameter whose cost does
// not depend on the diameter.
type Balls struct {
	// Samples is the number of searches that ran.
	Samples int
	// Levels is the largest number of levels a search ran (at most the level bound); Visited
	// is the largest number of vertices a search saw (at most the ball).
	Levels, Visited int
}

// ballTeam is the team size of SampleBalls' searches.
const ballTeam = 128

// ballSearch runs one bounded breadth-first search per team: team t starts at Start[t], marks
// the vertices it sees with bit t of Seen, keeps them in Queue[t·Ball, (t+1)·Ball) and its
// length in Tail[t], and stops when it has seen Ball vertices, run Levels levels, or run out
// of vertices. It follows the out-edges (Off, Adj) and, when ROff is not empty, the in-edges
// (ROff, RAdj). It writes the levels it ran to Res[2t] and the vertices it saw to Res[2t+1].
//
//gokkos:kernel
type ballSearch struct {
	Off, ROff   views.View1D[int64]
	Adj, RAdj   views.View1D[int32]
	Seen        views.View1D[uint32]
	Start       views.View1D[int32]
	Queue, Tail views.View1D[int32]
	Res         views.View1D[int32]
	Ball        int
	Levels      int
}

// visit marks the neighbours of v in adj[off[v]:off[v+1]] for team t and queues the new ones,
// until the ball is full.
func (k ballSearch) visit(off views.View1D[int64], adj views.View1D[int32], v, t int) {
	bit := uint32(1) << uint(t)
	end := off.At(v + 1)
	for e := off.At(v); e < end; e++ {
		if int(k.Tail.AtomicLoad(t)) >= k.Ball {
			return
		}
		w := int(adj.At(int(e)))
		if k.Seen.AtomicOr(w, bit)&bit != 0 {
			continue
		}
		if j := int(k.Tail.AtomicAdd(t, 1)); j < k.Ball {
			k.Queue.Set(t*k.Ball+j, int32(w))
		}
	}
}

// RunTeam runs the search of team t.
func (k ballSearch) RunTeam(m teams.Member) {
	t := m.LeagueRank()
	base := t * k.Ball
	teams.Single(m, func() {
		v := int(k.Start.At(t))
		k.Seen.AtomicOr(v, uint32(1)<<uint(t))
		k.Queue.Set(base, int32(v))
		k.Tail.AtomicStore(t, 1)
	})
	m.Barrier()
	lo, hi, level := 0, 1, 0
	for level < k.Levels && hi < k.Ball {
		teams.ThreadRange(m, lo, hi, func(i int) {
			v := int(k.Queue.At(base + i))
			k.visit(k.Off, k.Adj, v, t)
			if k.ROff.Len() > 0 {
				k.visit(k.ROff, k.RAdj, v, t)
			}
		})
		m.Barrier()
		n := min(int(k.Tail.AtomicLoad(t)), k.Ball)
		m.Barrier()
		if n == hi {
			break
		}
		lo, hi = hi, n
		level++
	}
	teams.Single(m, func() {
		k.Res.Set(2*t, int32(level))
		k.Res.Set(2*t+1, int32(hi))
	})
}

// sampleStart returns the start vertex of sample t in a graph of n > 0 vertices: SplitMix64's
// output for n + t, modulo n, so that the starts depend only on the graph's size.
func sampleStart(n, t int) int32 {
	x := uint64(n) + uint64(t) + 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return int32((x ^ x>>31) % uint64(n))
}

// The bounds of the sampled searches by which the automatic method choices of the components
// packages estimate a graph's diameter: BallSamples searches that stop at BallSize vertices or
// BallLevels levels. A search that reaches BallLevels levels without seeing BallSize vertices
// marks a graph of large diameter: a small world's ring lattice grows slowly at first, and these
// bounds are large enough that its searches fill the ball while a grid's do not.
const (
	BallSamples = 4
	BallSize    = 16384
	BallLevels  = 64
)

// SampleBalls runs samples bounded breadth-first searches (1 to 32), one per team of one
// launch whose levels are separated by team barriers, from start vertices that depend only on
// the number of vertices. A search follows out-edges, and in-edges too when in is the graph's
// in-edge CSR (an empty CSR: out-edges only); it stops once it has seen ball vertices, run
// levels levels, or exhausted what it can reach. A graph of small diameter fills the ball in
// a few levels from any start (R-MAT, uniform and small-world graphs), one of large diameter
// (grids, road networks, long chains) reaches the level bound first, because its balls grow
// polynomially rather than exponentially; a start that reaches few vertices says little.
//
// seen is scratch of at least N words in g's space, which SampleBalls zeroes first and leaves
// marked. The cost is one fill of seen, one launch of samples teams and one read-back of
// 2·samples words, plus samples·ball words of device memory for the searches' queues, freed
// before it returns. It is not safe for concurrent use with other launches that write seen.
func (g *Graph) SampleBalls(samples, ball, levels int, in CSR, seen views.View1D[uint32]) (Balls, error) {
	n := g.N()
	if samples < 1 || samples > 32 || ball < 1 || levels < 1 {
		return Balls{}, fmt.Errorf("dgraph: SampleBalls(%d, %d, %d): want 1 to 32 samples, a positive ball and level bound", samples, ball, levels)
	}
	if seen.Len() < n {
		return Balls{}, fmt.Errorf("dgraph: SampleBalls: %d words of scratch for %d vertices", seen.Len(), n)
	}
	if n == 0 {
		return Balls{}, nil
	}
	if in.N != 0 && in.N != n {
		return Balls{}, fmt.Errorf("dgraph: SampleBalls: in-edges of %d vertices for a graph of %d", in.N, n)
	}
	samples = min(samples, n)
	ball = min(ball, n)
	starts := make([]int32, samples)
	for t := range starts {
		starts[t] = sampleStart(n, t)
	}
	mem := g.space.Memory()
	start, err := views.MirrorViewAndCopy(mem, views.Wrap1D("dgraph.balls.starts", starts))
	if err != nil {
		return Balls{}, err
	}
	defer start.Free()
	queue, err := views.Alloc1D[int32](mem, "dgraph.balls.queue", samples*ball)
	if err != nil {
		return Balls{}, err
	}
	defer queue.Free()
	small, err := views.Alloc1D[int32](mem, "dgraph.balls.tails", 3*samples)
	if err != nil {
		return Balls{}, err
	}
	defer small.Free()
	if err := portable.Fill(g.space, "dgraph.balls: clear seen", seen.Sub(0, n), 0); err != nil {
		return Balls{}, err
	}
	if err := small.Fill(0); err != nil {
		return Balls{}, err
	}
	k := ballSearch{
		Off: g.out.Offsets, Adj: g.out.Adj, ROff: in.Offsets, RAdj: in.Adj, Seen: seen, Start: start,
		Queue: queue, Tail: small.Sub(0, samples), Res: small.Sub(samples, 3*samples), Ball: ball, Levels: levels,
	}
	if err := portable.ParallelForTeam(g.space, "dgraph.balls", portable.Teams(samples, ballTeam), k); err != nil {
		return Balls{}, err
	}
	res := make([]int32, 2*samples)
	if err := views.DeepCopy(views.Wrap1D("dgraph.balls.res", res), k.Res); err != nil {
		return Balls{}, err
	}
	b := Balls{Samples: samples}
	for t := range samples {
		b.Levels = max(b.Levels, int(res[2*t]))
		b.Visited = max(b.Visited, int(res[2*t+1]))
	}
	return b, nil
}

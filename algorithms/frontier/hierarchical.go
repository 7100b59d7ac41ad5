package frontier

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Degree classes of hierarchical expansion.
const (
	classThread = iota // degree < WarpSize: one thread per vertex
	classWarp          // WarpSize <= degree < TeamSize: a warp-sized team per vertex
	classTeam          // degree >= TeamSize: a whole team per vertex
	numClasses
)

// Classify sorts the slots of a worklist into the three degree classes of hierarchical
// expansion (Algorithm 3 of Slota, Rajamanickam and Madduri): vertices of degree below Warp
// go to queue 0, below Team to queue 1, the rest to queue 2. Team l takes Chunk slots; each
// thread buffers up to Buffer vertices per class per round and the team appends them with
// one team scan and one atomic per class and round.
//
//gokkos:kernel
type Classify struct {
	G          dgraph.CSR
	In         Worklist
	Out0       sink
	Out1       sink
	Out2       sink
	Chunk      int
	Warp, Team int64
}

// RunTeam classifies the team's chunk.
func (k Classify) RunTeam(m teams.Member) {
	b0 := teams.ThreadScratch[int32](m, 0, k.Out0.Buffer)
	b1 := teams.ThreadScratch[int32](m, 0, k.Out0.Buffer)
	b2 := teams.ThreadScratch[int32](m, 0, k.Out0.Buffer)
	ts := m.TeamSize()
	first := m.LeagueRank() * k.Chunk
	last := min(first+k.Chunk, k.In.Size)
	per := ts * k.Out0.Buffer
	for base := first; base < last; base += per {
		c0, c1, c2 := 0, 0, 0
		for j := 0; j < k.Out0.Buffer; j++ {
			s := base + j*ts + m.TeamRank()
			if s >= last {
				break
			}
			u := k.In.Vertex(s)
			if u < 0 {
				continue
			}
			d := k.G.Degree(u)
			switch {
			case d < k.Warp:
				b0.Set(c0, u)
				c0++
			case d < k.Team:
				b1.Set(c1, u)
				c1++
			default:
				b2.Set(c2, u)
				c2++
			}
		}
		k.Out0.flush(m, b0, c0)
		k.Out1.flush(m, b1, c1)
		k.Out2.flush(m, b2, c2)
	}
}

// PushTeam expands one vertex at a time with a whole team: team l takes Chunk consecutive
// slots, and for each vertex the team's threads take its edges round-robin (thread r takes
// edges r, r+TeamSize, ...), flushing after each round of TeamSize × Buffer edges. Hierarchical
// launches it with TeamSize threads for the large class and WarpSize threads for the medium
// class. The reduction result is the vertices added to the next worklist and their out-edges (see Count).
//
//gokkos:kernel
type PushTeam[Op EdgeOp] struct {
	G     dgraph.CSR
	In    Worklist
	Out   sink
	Chunk int
	Op    Op
}

// Init starts an accumulator at zero.
func (k PushTeam[Op]) Init(dst *Count) { *dst = Count{} }

// Join adds src into dst.
func (k PushTeam[Op]) Join(dst *Count, src Count) { joinCounts(dst, src) }

// RunTeam expands the team's chunk, vertex by vertex.
func (k PushTeam[Op]) RunTeam(m teams.Member, acc *Count) {
	buf := teams.ThreadScratch[int32](m, 0, k.Out.Buffer)
	ts := int64(m.TeamSize())
	r := int64(m.TeamRank())
	first := m.LeagueRank() * k.Chunk
	last := min(first+k.Chunk, k.In.Size)
	per := ts * int64(k.Out.Buffer)
	if k.Out.Bitmap {
		per = 1 << 62
	}
	for s := first; s < last; s++ {
		u := k.In.Vertex(s)
		if u < 0 {
			continue
		}
		b, end := k.G.Begin(u), k.G.End(u)
		for base := b; base < end; base += per {
			stop := min(end, base+per)
			c := 0
			for e := base + r; e < stop; e += ts {
				v := k.G.Adj.At(int(e))
				if k.Op.Visit(u, v, e) {
					var added bool
					if c, added = k.Out.put(buf, c, v); added {
						k.Out.count(acc, k.G, v)
					}
				}
			}
			k.Out.flush(m, buf, c)
		}
	}
}

// classSinks returns the sinks of the three class queues.
func classSinks(queues [numClasses]views.View1D[int32], tails [numClasses]views.View1D[int64], buffer int) [numClasses]sink {
	var s [numClasses]sink
	for c := range s {
		s[c] = sink{Queue: queues[c], Tail: tails[c], Buffer: buffer}
	}
	return s
}

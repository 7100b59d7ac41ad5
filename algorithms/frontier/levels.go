package frontier

import (
	"errors"
	"fmt"
	"time"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// A traversal of a graph of large diameter (a grid, a road network, a chain) takes thousands
// of steps whose worklists hold a few thousand vertices. On a device each step of Push costs
// several launches and a round trip to the host, which reads the size of the next worklist
// before it decides on the step after: tens of microseconds for a step whose edges the device
// expands in a few. PushLevels runs such steps back to back inside one launch: a concurrent
// league of teams (portable.TeamPolicy.WithConcurrent) shares each step's worklist, the
// worklists alternate between the frontier's two queues, a league barrier separates the
// steps, and counters in device memory tell every member the size and the out-edges of the
// next worklist, so the loop decides on the device whether to go on. It stops when the next
// worklist is empty, grows beyond the bounds of Tuning.LevelVertices and Tuning.LevelEdges
// (where a launch over the whole device pays again), or after the number of steps asked for.
// On the host the league is one worker by default and the fused steps are a plain loop,
// which spares the pool's dispatch and join per step.

// PushFused is the kernel of fused push steps (PushLevels): a concurrent league runs up to
// MaxLevels steps of the Baseline strategy, reading the worklist of step l from Q0 (l even) or
// Q1 (l odd) and writing the next one to the other queue, while the next worklist has at most
// MaxVertices vertices, MaxEdges out-edges and no vertex of more than MaxDegree. Team t of a
// league of L teams takes the slots [t·S/L, (t+1)·S/L) of a step's worklist of S vertices, so
// that every team has a share of a small worklist, and its groups of members (see step) take
// them in turn; a group expands whole vertices, so a worklist with a vertex above MaxDegree is
// not started: the kernel then only writes -1 to Stats[0]. Out's queue fields are ignored; its
// Dedup, Stamp, Iter and Buffer configure the steps, step l stamping with Iter+l.
//
// With Rounds above 1 (a correcting operator: see CorrectingOp) each team runs up to Rounds
// rounds per step: the vertices its members improve in one round go to the team's list (team
// scratch of 2 × ListCap entries, two lists that alternate, and listCounts int32 counters of
// their lengths, each member placing its vertices with an atomic addition) and the team expands
// them in the next round, member r of the team taking the list's slots r, r + TeamSize, ...; the vertices
// of the last round, and those that do not fit in the list, go to the next worklist, which
// must then be de-duplicated (Out.Dedup). A step then covers up to Rounds levels of the graph
// where the league's vertices meet the same ones. With Carry set the lists also hold where
// their vertices' out-edges begin and end (team scratch of 2 × ListCap pairs of int64, and
// 2 × Out.Buffer int64 of member scratch), loaded while the claim that adds a vertex is on its
// way, so that a round reads its vertices' edges without first reading the graph's offsets.
//
// Tally holds the league's counters: for step l, the next worklist's size, out-edges and
// largest degree and the most rounds a team ran at 4(l mod 3) to 4(l mod 3)+3 (three sets, so
// that member 0 of team 0 clears a set, during step l for step l+1, only after every team has
// read it after step l-2; it clears the set of step 0 before the first league barrier), and
// the first worklist's largest degree at 12, which must be zero at launch and which the kernel
// leaves zero (it is cleared once every team has read it), so that launches need no clearing.
// Member 0 of team 0 writes, for each step l it ran, those four counters to Stats[1+4l] to
// Stats[4+4l], and the number of steps run so far to Stats[0], so that the host reads the
// statistics of the steps that ran and no more.
//
//gokkos:kernel
type PushFused[Op EdgeOp] struct {
	G           dgraph.CSR
	Q0, Q1      views.View1D[int32]
	Size        int
	MaxLevels   int
	MaxVertices int64
	MaxEdges    int64
	MaxDegree   int64
	Out         sink
	Rounds      int
	ListCap     int
	Carry       bool
	Stats       views.View1D[int64]
	Tally       views.View1D[int64]
	Op          Op
}

// maxList bounds the entries of each of a team's two lists in local rounds (32 KiB of team
// scratch for both, 160 KiB with carried offsets).
const maxList = 4096

// carryScratch is the scratch a team of fused steps may take for lists that carry offsets when
// the space does not say how much it has.
const carryScratch = 48 << 10

// listCounts is the number of a team's list counters in local rounds (see step), rounded up
// to keep the scratch after them aligned.
const listCounts = 4

// tallySet is the number of Tally slots per step (see PushFused).
const tallySet = 4

// tallyDegree is the Tally slot of the first worklist's largest degree.
const tallyDegree = 12

// RunTeam runs the steps.
func (k PushFused[Op]) RunTeam(m teams.Member) {
	pairs, listPairs := 0, 0
	if k.Carry {
		pairs, listPairs = 2*k.Out.Buffer, 4*k.ListCap
	}
	// The 8-byte views first, so that they stay aligned.
	sc := fusedScratch{Offs: teams.ThreadScratch[int64](m, 0, pairs), ListOffs: teams.TeamScratch[int64](m, 0, listPairs)}
	sc.Buf = teams.ThreadScratch[int32](m, 0, k.Out.Buffer)
	sc.Lists = teams.TeamScratch[int32](m, 0, 2*k.ListCap)
	if k.Rounds > 1 {
		sc.Count = teams.TeamScratch[int32](m, 0, listCounts)
		if m.TeamRank() == 0 {
			sc.Count.Set(0, 0) // see step; the league barrier below orders it before the adds
		}
	}
	first := m.LeagueRank() == 0 && m.TeamRank() == 0
	size := k.Size
	var deg int64
	for s := m.LeagueRank()*m.TeamSize() + m.TeamRank(); s < size; s += m.LeagueSize() * m.TeamSize() {
		deg = max(deg, k.G.Degree(k.Q0.At(s)))
	}
	deg = teams.TeamReduce(m, deg, teams.Max)
	if m.TeamRank() == 0 && deg > 0 {
		k.Tally.AtomicMax(tallyDegree, deg)
	}
	if first {
		k.Tally.Set(0, 0)
		k.Tally.Set(1, 0)
		k.Tally.Set(2, 0)
		k.Tally.Set(3, 0)
	}
	m.LeagueBarrier()
	top := k.Tally.AtomicLoad(tallyDegree)
	if top > k.MaxDegree {
		m.LeagueBarrier() // every team has read the degree: clear it for the next launch
		if first {
			k.Tally.Set(tallyDegree, 0)
			k.Stats.Set(0, -1)
		}
		return
	}
	for level := 0; level < k.MaxLevels; level++ {
		in, out := k.Q0, k.Q1
		if level%2 == 1 {
			in, out = k.Q1, k.Q0
		}
		o := k.Out
		o.Iter = k.Out.Iter + int32(level)
		set := tallySet * (level % 3)
		if first {
			next := tallySet * ((level + 1) % 3)
			k.Tally.Set(next, 0)
			k.Tally.Set(next+1, 0)
			k.Tally.Set(next+2, 0)
			k.Tally.Set(next+3, 0)
		}
		k.step(m, sc, o, in, out, size, set, lanes(top, m.TeamSize()))
		m.LeagueBarrier()
		if first && level == 0 {
			k.Tally.Set(tallyDegree, 0) // every team read it before step 0
		}
		added, edges := k.Tally.AtomicLoad(set), k.Tally.AtomicLoad(set+1)
		top = k.Tally.AtomicLoad(set + 2)
		if first {
			k.Stats.Set(1+tallySet*level, added)
			k.Stats.Set(2+tallySet*level, edges)
			k.Stats.Set(3+tallySet*level, top)
			k.Stats.Set(4+tallySet*level, k.Tally.AtomicLoad(set+3))
			k.Stats.Set(0, int64(level+1))
		}
		if added == 0 || added > k.MaxVertices || edges > k.MaxEdges || top > k.MaxDegree {
			return
		}
		size = int(added)
	}
}

// lanes returns the members that share a vertex's edges in a fused step whose largest degree
// is top: the power of two at or above top, at most 32 and at most the team size (1 on the
// host), so that a vertex's edges take one round of its lanes rather than a loop of one member.
func lanes(top int64, teamSize int) int {
	g := 1
	for int64(g) < top && g < 32 && 2*g <= teamSize {
		g *= 2
	}
	return g
}

// fusedScratch holds a member's views of a fused step's scratch: its buffer of the vertices it
// claims (Buf) and, with local rounds, their offsets (Offs: where the out-edges of Buf[j] begin
// at 2j and end at 2j+1); the team's two lists of ListCap entries each (Lists) and their
// vertices' offsets (ListOffs, pairs likewise); and, with local rounds, the counters of the
// lists' lengths (Count, see step).
type fusedScratch struct {
	Buf      views.View1D[int32]
	Offs     views.View1D[int64]
	Lists    views.View1D[int32]
	ListOffs views.View1D[int64]
	Count    views.View1D[int32]
}

// step runs one fused step: it expands the size vertices of in and adds the size of the next
// worklist (written to out), the number of its vertices' out-edges and their largest degree to
// Tally[set], Tally[set+1] and Tally[set+2], and raises Tally[set+3] to the rounds the team
// ran. Groups of g members (g divides the team size) share a vertex. With Rounds above 1 the
// team keeps the vertices its members improve in lists, the two halves of the team scratch
// lists (ListCap entries each), and expands them in the next round among its own members; the
// last round's vertices, and those beyond a full list, go to out.
func (k PushFused[Op]) step(m teams.Member, sc fusedScratch, o sink, in, out views.View1D[int32], size, set, g int) {
	// A member's group and lane, once per step: a device divides 64-bit integers in software,
	// which would otherwise sit in every round's chain of dependent instructions.
	groups, group, lane := m.TeamSize()/g, m.TeamRank()/g, int64(m.TeamRank()%g)
	limit := k.ListCap
	// The team's share of the worklist: contiguous, so that a team's vertices lie near each
	// other and its local rounds grow one region, and spread over every team, so that a
	// worklist smaller than the league's groups does not crowd into the first teams' lists.
	lo, hi := size*m.LeagueRank()/m.LeagueSize(), size*(m.LeagueRank()+1)/m.LeagueSize()
	var edges, top int64
	r := 1
	if k.Rounds <= 1 {
		edges, top = k.expand(m, sc, o, in, lo, hi-lo, group, groups, g, lane, out, set, false)
	} else {
		// Round r appends to list r mod 2 and counts its entries in Count[r mod 3], which
		// member 0 cleared in round r-1 (Count[0] is zero when a step starts): a counter is
		// cleared one barrier after the round that read it and one before the round that
		// adds to it, so that a round needs one team barrier and no team scan. (The lists and
		// counters turn with variables: a remainder is a division on a device.)
		cnt, to := 0, 0
		if m.TeamRank() == 0 {
			sc.Count.Set(1, 0)
		}
		edges, top = k.expandLocal(sc, o, in, lo, hi-lo, group, groups, g, lane, out, set, to, limit, cnt, false)
		for ; r < k.Rounds; r++ {
			// The list the round reads was written by every member in the round before.
			m.Barrier()
			n := min(limit, int(sc.Count.At(cnt)))
			if n == 0 {
				break
			}
			cnt = nextCount(cnt)
			if m.TeamRank() == 0 {
				sc.Count.Set(nextCount(cnt), 0)
			}
			from := to
			to = limit - to
			var e, t int64
			if r+1 < k.Rounds {
				e, t = k.expandLocal(sc, o, sc.Lists, from, n, group, groups, g, lane, out, set, to, limit, cnt, k.Carry)
			} else {
				e, t = k.expand(m, sc, o, sc.Lists, from, n, group, groups, g, lane, out, set, k.Carry)
			}
			edges += e
			top = max(top, t)
		}
	}
	edges = teams.TeamReduce(m, edges, teams.Sum)
	top = teams.TeamReduce(m, top, teams.Max)
	if m.TeamRank() == 0 {
		if k.Rounds > 1 {
			sc.Count.Set(0, 0) // every member read the counters before the reductions
		}
		if edges > 0 {
			k.Tally.AtomicAdd(set+1, edges)
		}
		if top > 0 {
			k.Tally.AtomicMax(set+2, top)
		}
		k.Tally.AtomicMax(set+3, int64(r))
	}
}

// nextCount returns the list counter after counter i (see step).
func nextCount(i int) int {
	if i == 2 {
		return 0
	}
	return i + 1
}

// expand expands the vertices src[from+s] for the slots s = first, first+stride, ... below
// size into the next worklist (out): member lane of a group of g takes a vertex's edges lane,
// lane+g, ...; each member handles at most Out.Buffer edges between two flushes, which gather
// the team's buffers at offsets from a team scan and one atomic addition per team. With
// carried set, src is the team's list and the offsets of its vertices come from ListOffs
// rather than from the graph. It returns the out-edges and largest degree of the vertices it
// added (the member's own, not reduced over the team).
func (k PushFused[Op]) expand(m teams.Member, sc fusedScratch, o sink, src views.View1D[int32], from, size, first, stride, g int, lane int64,
	out views.View1D[int32], set int, carried bool) (int64, int64) {
	buf := sc.Buf
	s := first
	u := int32(-1)
	var e, end, edges, top int64
	for {
		c := 0
		for left := o.Buffer; left > 0; {
			if e >= end {
				if s >= size {
					break
				}
				u = src.At(from + s)
				e, end = k.source(sc, u, from+s, lane, carried)
				s += stride
				continue
			}
			v := k.G.Adj.At(int(e))
			if k.Op.Visit(u, v, e) {
				var added bool
				if c, added = o.put(buf, c, v); added {
					d := k.G.Degree(v)
					edges += d
					top = max(top, d)
				}
			}
			e += int64(g)
			left--
		}
		// One team scan gives both the offsets of the members' entries (low 32 bits) and the
		// number of members with edges left (high 32 bits), which says whether to go on.
		more := int64(0)
		if e < end || s < size {
			more = 1
		}
		packedPrefix, packedTotal := teams.TeamScan(m, int64(c)|more<<32)
		prefix, total, left := packedPrefix&0xffffffff, packedTotal&0xffffffff, packedTotal>>32
		var base int64
		if m.TeamRank() == 0 && total > 0 {
			base = k.Tally.AtomicAdd(set, total)
		}
		at := int(teams.Broadcast(m, base, 0) + prefix)
		for j := 0; j < c; j++ {
			out.Set(at+j, buf.At(j))
		}
		if left == 0 {
			break
		}
	}
	return edges, top
}

// source returns where the edges of lane lane of vertex u, the entry at of src, begin and end:
// from the team's list's offsets when carried, from the graph otherwise.
func (k PushFused[Op]) source(sc fusedScratch, u int32, at int, lane int64, carried bool) (int64, int64) {
	if carried {
		return sc.ListOffs.At(2*at) + lane, sc.ListOffs.At(2*at + 1)
	}
	return k.G.Begin(u) + lane, k.G.End(u)
}

// expandLocal is expand for a local round: the vertices the members improve go to the team's
// list Lists[to:to+limit], with their offsets when Carry is set, and those beyond the limit to
// the next worklist. A member flushes its buffer on its own whenever it fills and once at the
// end, taking its entries' place in the list from an atomic addition on Count[count]: no
// member waits for another inside a round, whose chain of dependent accesses (list, adjacency,
// claim) then sets the pace of fused steps on a device, one round being one level of the graph.
// It returns the out-edges and largest degree of the vertices it sent to the next worklist.
func (k PushFused[Op]) expandLocal(sc fusedScratch, o sink, src views.View1D[int32], from, size, first, stride, g int, lane int64,
	out views.View1D[int32], set int, to, limit, count int, carried bool) (int64, int64) {
	buf := sc.Buf
	s := first
	u := int32(-1)
	var e, end, edges, top int64
	c := 0
	for {
		if e >= end {
			if s >= size {
				break
			}
			u = src.At(from + s)
			e, end = k.source(sc, u, from+s, lane, carried)
			s += stride
			continue
		}
		v := k.G.Adj.At(int(e))
		var vb, ve int64
		if k.Carry {
			// Issued before the claim, so that they arrive while it waits. (An operator
			// whose claim first loads a value of u, as BFS's level, then issues that load
			// only once v has come; after the claim instead they wait in the round's
			// chain: on an H200 that was 2% faster for BFS on a grid and 7-8% slower for
			// Multistep's searches.)
			vb, ve = k.G.Begin(v), k.G.End(v)
		}
		if k.Op.Visit(u, v, e) {
			buf.Set(c, v)
			if k.Carry {
				sc.Offs.Set(2*c, vb)
				sc.Offs.Set(2*c+1, ve)
			}
			c++
			if c == o.Buffer {
				ed, t := k.appendList(sc, o, out, set, c, to, limit, count)
				edges += ed
				top = max(top, t)
				c = 0
			}
		}
		e += int64(g)
	}
	if c > 0 {
		ed, t := k.appendList(sc, o, out, set, c, to, limit, count)
		edges += ed
		top = max(top, t)
	}
	return edges, top
}

// appendList appends a member's c buffered vertices (and their offsets, with Carry) to the
// team's list Lists[to:to+limit] at the place an atomic addition on Count[count] gives, and
// sends those beyond the limit to the next worklist (de-duplicated by o). It returns the
// out-edges and largest degree of the vertices it sent there.
func (k PushFused[Op]) appendList(sc fusedScratch, o sink, out views.View1D[int32], set, c, to, limit, count int) (int64, int64) {
	buf := sc.Buf
	at := int(sc.Count.AtomicAdd(count, int32(c)))
	keep := min(max(limit-at, 0), c)
	for j := 0; j < keep; j++ {
		sc.Lists.Set(to+at+j, buf.At(j))
		if k.Carry {
			sc.ListOffs.Set(2*(to+at+j), sc.Offs.At(2*j))
			sc.ListOffs.Set(2*(to+at+j)+1, sc.Offs.At(2*j+1))
		}
	}
	var edges, top int64
	spill := 0
	for j := keep; j < c; j++ {
		v := buf.At(j)
		var added bool
		if spill, added = o.put(buf, spill, v); added {
			d := k.G.Degree(v)
			edges += d
			top = max(top, d)
		}
	}
	if spill > 0 {
		base := int(k.Tally.AtomicAdd(set, int64(spill)))
		for j := 0; j < spill; j++ {
			out.Set(base+j, buf.At(j))
		}
	}
	return edges, top
}

// levelHead is the number of fused steps whose statistics PushLevels reads back with the step
// count; the statistics of later steps take a second copy.
const levelHead = 8

// Levels reports whether the current worklist may start fused steps (PushLevels): it is a
// queue, not empty, and within the bounds Tuning.LevelVertices and Tuning.LevelEdges (with
// LevelEdges negative, fused steps are off). It may run the inspector (one reduction) when the
// worklist's edge count is not known.
func (f *Frontier) Levels() (bool, error) {
	if f.freed {
		return false, errors.New("frontier: worklist was freed")
	}
	if f.tune.LevelEdges < 0 || f.format != Queue || f.size == 0 || f.size > int64(f.tune.LevelVertices) {
		return false, nil
	}
	if f.degIt == f.iter && f.last.Iteration == f.iter && f.last.MaxDegree > int64(f.tune.LevelDegree) {
		return false, nil // a vertex too large for one member, known without a launch
	}
	edges, err := f.Edges()
	return edges <= int64(f.tune.LevelEdges), err
}

// PushLevels runs up to max push steps of the template with op, one after another in one
// launch of a concurrent league of Tuning.LevelTeams teams of Tuning.LevelTeamSize members
// (see the kernel PushFused), while each
// next worklist stays within Tuning.LevelVertices vertices, Tuning.LevelEdges out-edges and
// degrees up to Tuning.LevelDegree. It returns the steps it ran, whose Added and AddedEdges are
// exact; the worklist after the last is current, a queue, and may exceed the bounds. It runs
// none, and returns no step, when the current worklist is empty or holds a vertex of degree
// above LevelDegree (a member expands a whole vertex); the caller then takes a Push step.
//
// Every step uses the same op, so op must not depend on the step number: an operator that
// stores a level takes it from its source vertex (level[u]+1), not from a field updated between
// steps. The current worklist must be a queue (see Levels); a bitmap is converted first.
// Errors are launch errors of the space and a bad max; the worklist is then unspecified.
//
// On a device space the kernel PushFused[Op] must have been translated (name it beside the
// template's other kernels in the operator's package).
func PushLevels[Op EdgeOp](f *Frontier, op Op, max int) ([]Step, error) {
	if max < 1 {
		return nil, fmt.Errorf("frontier: PushLevels: %d steps; want at least one", max)
	}
	if f.freed {
		return nil, errors.New("frontier: worklist was freed")
	}
	if err := f.convert(Queue); err != nil {
		return nil, err
	}
	if f.size == 0 {
		return nil, nil
	}
	t0 := time.Now()
	if f.stats.Len() < 1+tallySet*max {
		f.stats.Free()
		var err error
		if f.stats, err = views.Alloc1D[int64](f.space.Memory(), "frontier level stats", 1+tallySet*max); err != nil {
			return nil, err
		}
		f.statsHost = make([]int64, 1+tallySet*max)
	}
	if f.tally.Len() == 0 {
		// Zero-filled, and every launch leaves the slot PushFused needs zero at launch so.
		var err error
		if f.tally, err = views.Alloc1D[int64](f.space.Memory(), "frontier level tally", tallyDegree+1); err != nil {
			return nil, err
		}
	}
	rounds, list := 1, 0
	if c, ok := any(op).(CorrectingOp); ok && c.Correcting() && f.tune.LevelRounds > 1 {
		rounds, list = f.tune.LevelRounds, min(8*f.tune.LevelTeamSize, maxList)
		if err := f.dedupAll(); err != nil {
			return nil, err
		}
	}
	out := sink{Dedup: f.dedup, Stamp: f.stamp, Iter: int32(f.iter), Buffer: f.tune.Buffer, Sample: 1}
	k := PushFused[Op]{G: f.g.Out(), Q0: f.queue[f.cur], Q1: f.queue[1-f.cur], Size: int(f.size), MaxLevels: max,
		MaxVertices: int64(f.tune.LevelVertices), MaxEdges: int64(f.tune.LevelEdges),
		MaxDegree: int64(f.tune.LevelDegree), Rounds: rounds, ListCap: list, Out: out, Stats: f.stats, Tally: f.tally, Op: op}
	// Team scratch: two lists of vertices (4 bytes each), member scratch: a buffer of vertices;
	// and, with local rounds where the space's scratch has room, their offsets (16 bytes each).
	// A member's scratch follows the one before it: with offsets, a multiple of 8 bytes keeps
	// every member's offsets aligned.
	team, thread := 4*2*list, 4*f.tune.Buffer
	if rounds > 1 {
		team += 4 * listCounts
	}
	carryTeam, carryThread := team+16*2*list, (thread+16*f.tune.Buffer+7)&^7
	limit := f.space.Info().ScratchLimit[0]
	if limit <= 0 {
		limit = carryScratch
	}
	k.Carry = rounds > 1 && carryTeam+carryThread*f.tune.LevelTeamSize <= limit
	if k.Carry {
		team, thread = carryTeam, carryThread
	}
	p := portable.Teams(f.tune.LevelTeams, f.tune.LevelTeamSize).WithScratch(0, team, thread).WithConcurrent()
	if err := portable.ParallelForTeam(f.space, "frontier: push levels", p, k); err != nil {
		f.tally.Free() // a failed launch may leave counters behind; the next one starts afresh
		f.tally = views.View1D[int64]{}
		return nil, err
	}
	// The statistics of the first levelHead steps come back with the step count; those of
	// later steps, when there were more, in a second copy.
	head := 1 + tallySet*min(max, levelHead)
	if err := views.DeepCopy(views.Wrap1D("frontier level stats", f.statsHost[:head]), f.stats.Sub(0, head)); err != nil {
		return nil, err
	}
	ran := int(f.statsHost[0])
	if ran > levelHead {
		all := 1 + tallySet*ran
		if err := views.DeepCopy(views.Wrap1D("frontier level stats", f.statsHost[head:all]), f.stats.Sub(head, all)); err != nil {
			return nil, err
		}
	}
	if ran < 0 {
		// Not started: a vertex of the worklist is above LevelDegree. Levels will say no
		// to this worklist without another launch.
		f.last.MaxDegree, f.last.Iteration, f.degIt = int64(f.tune.LevelDegree)+1, f.iter, f.iter
		return nil, nil
	}
	steps := make([]Step, 0, ran)
	in := f.last
	for l := range ran {
		at := 1 + tallySet*l
		added, edges, top := f.statsHost[at], f.statsHost[at+1], f.statsHost[at+2]
		steps = append(steps, Step{Iteration: f.iter + l, Fused: true, Rounds: int(f.statsHost[at+3]), Decision: Decision{Strategy: Baseline, In: Queue, Out: Queue},
			Sample: in, Added: added, AddedEdges: edges})
		in = Sample{Iteration: f.iter + l + 1, Size: added, Edges: edges, MaxDegree: top, Measured: true, Format: Queue}
	}
	// The steps share the launch's time evenly.
	per := time.Since(t0).Seconds() / float64(len(steps))
	for i := range steps {
		if f.opt.Trace {
			f.t0 = time.Now().Add(-time.Duration(per * float64(time.Second)))
		}
		steps[i] = f.advance(steps[i], Queue)
	}
	f.last.MaxDegree, f.degIt = in.MaxDegree, f.iter // exact for the worklist left
	return steps, nil
}

// dedupAll makes the next steps de-duplicate their queues (a correcting operator may improve a
// vertex twice in a step that runs local rounds, and so may the steps after it while the
// improvements settle), allocating the stamps if the frontier has none.
func (f *Frontier) dedupAll() error {
	if f.dedup {
		return nil
	}
	if f.stamp.Len() == 0 {
		var err error
		if f.stamp, err = views.Alloc1D[int32](f.space.Memory(), "frontier stamps", f.g.N()); err != nil {
			f.stamp = views.View1D[int32]{}
			return err
		}
		if err := portable.Fill(f.space, "frontier: clear stamps", f.stamp, -1); err != nil {
			return err
		}
	}
	f.dedup = true
	return nil
}

// Advance runs fused push steps (PushLevels, at most max) when Levels admits the current
// worklist, and one Push step otherwise: the loop body of a traversal whose operator does not
// depend on the step number. It returns the steps it ran.
func Advance[Op EdgeOp](f *Frontier, op Op, max int) ([]Step, error) {
	ok, err := f.Levels()
	if err != nil {
		return nil, err
	}
	if ok {
		steps, err := PushLevels(f, op, max)
		if err != nil || len(steps) > 0 {
			return steps, err
		}
	}
	s, err := Push(f, op)
	if err != nil {
		return nil, err
	}
	return []Step{s}, nil
}

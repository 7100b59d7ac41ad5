package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Binned delta-stepping. The near-far form (delta.go) rebuilds its worklists between steps
// with passes over the improved vertices and the far pile: on the host, where a launch is a
// function call, those passes and the shared marks they need take about as long as the
// relaxations themselves. The binned form keeps, for every member of a concurrent league
// (one goroutine per worker on the host), its own bins: the member files each vertex it
// improves into the bin of the vertex's bucket, floor(distance / Delta), at once, and no pass
// ever looks at a vertex that is not in the bucket being processed. One launch runs the whole
// computation, three league barriers per step:
//
//  1. each member frees the chunks it published in the step before and offers its smallest
//     non-empty bucket; the league takes the smallest offer as the current bucket;
//  2. each member publishes the chunks of its bin of that bucket to a shared list;
//  3. the members take the list's chunks one at a time and relax the out-edges of the
//     vertices in them whose distance is still in the current bucket (an entry of a vertex
//     that improved into an earlier bucket since is stale and skipped), filing what they
//     improve into their own bins.
//
// A relaxation raises a distance by at most the largest weight, so the live buckets span at
// most Slots = 2 + wmax/Delta (rounded up to a power of two) consecutive indices and a ring
// of Slots bins per member holds them. A bin is a list of chunks of binChunk entries from
// the member's own part of a pool; when a member's part runs out, the kernel stops and the
// host runs the near-far form from the start instead.

// binChunk is the number of entries of a chunk of a bin.
const binChunk = 64

// maxSlots bounds the bins of a member (the ring's length); a larger ring (a largest weight
// above 4094 Delta) falls back to the near-far form.
const maxSlots = 4096

// Tally slots of binSteps: three sets (step l uses set 3(l mod 3)) of the smallest offered
// bucket, the chunks published and the cursor of the chunks taken; then the overflow flag and
// the number of steps run.
const (
	binSets     = 9
	binOverflow = 9
	binStepsRan = 10
	binTally    = 11
)

// noBucket is the offer of a member with empty bins.
const noBucket = math.MaxInt64

// binSteps runs binned delta-stepping over integer distances (see above) in one launch of a
// concurrent league. Member o (LeagueRank × TeamSize + TeamRank) owns chunks [o·PerOwner,
// (o+1)·PerOwner) of the pool (Pool holds binChunk entries per chunk, Len their fill, Next the
// link to the next chunk of the same bin), the free stack Free[o·PerOwner:] of depth Own[2o],
// the bins Head/Tail/Count[o·Slots:(o+1)·Slots] and the head of the chunks it published last,
// Own[2o+1]. List receives the published chunks of a step. Dist holds the distances, the
// source's 0 and every other vertex's infInt; W the weights by edge (empty: all 1). Tally must
// hold noBucket, 0, 0 in each of its three sets and 0 after them at launch.
//
//gokkos:kernel
type binSteps struct {
	G        dgraph.CSR
	W        views.View1D[uint32]
	Dist     views.View1D[uint32]
	Done     views.View1D[uint32]
	Delta    int64
	Slots    int
	PerOwner int
	Source   int32
	Pool     views.View1D[int32]
	Len      views.View1D[int32]
	Next     views.View1D[int32]
	Free     views.View1D[int32]
	Head     views.View1D[int32]
	Tail     views.View1D[int32]
	Count    views.View1D[int32]
	Own      views.View1D[int32]
	List     views.View1D[int32]
	Tally    views.View1D[int64]
}

// RunTeam runs the steps.
func (k binSteps) RunTeam(m teams.Member) {
	o := m.LeagueRank()*m.TeamSize() + m.TeamRank()
	first := o == 0
	// The member's free stack holds all its chunks, its bins are empty.
	for i := 0; i < k.PerOwner; i++ {
		k.Free.Set(o*k.PerOwner+i, int32(o*k.PerOwner+i))
	}
	k.Own.Set(2*o, int32(k.PerOwner))
	k.Own.Set(2*o+1, -1)
	for s := 0; s < k.Slots; s++ {
		k.Head.Set(o*k.Slots+s, -1)
		k.Tail.Set(o*k.Slots+s, -1)
		k.Count.Set(o*k.Slots+s, 0)
	}
	owners := m.LeagueSize() * m.TeamSize()
	n := k.Done.Len()
	for v := o * (n / owners); v < (o+1)*(n/owners) || (o == owners-1 && v < n); v++ {
		k.Done.Set(v, infInt)
	}
	if first {
		k.file(o, k.Source, 0)
	}
	m.LeagueBarrier()
	cur := int64(0)
	for step := 0; ; step++ {
		set := 3 * (step % 3)
		if first {
			next := 3 * ((step + 1) % 3)
			k.Tally.Set(next, noBucket)
			k.Tally.Set(next+1, 0)
			k.Tally.Set(next+2, 0)
		}
		k.release(o)
		if b := k.smallest(o, cur); b != noBucket {
			k.Tally.AtomicMin(set, b)
		}
		m.LeagueBarrier()
		cur = k.Tally.AtomicLoad(set)
		if cur == noBucket || k.Tally.AtomicLoad(binOverflow) != 0 {
			if first {
				k.Tally.Set(binStepsRan, int64(step))
			}
			return
		}
		k.publish(o, cur, set)
		m.LeagueBarrier()
		chunks := k.Tally.AtomicLoad(set + 1)
		for c := k.Tally.AtomicAdd(set+2, 1); c < chunks; c = k.Tally.AtomicAdd(set+2, 1) {
			k.relaxChunk(o, k.List.At(int(c)), cur)
		}
		m.LeagueBarrier()
	}
}

// release returns the chunks member o published in the step before to its free stack.
func (k binSteps) release(o int) {
	top := int(k.Own.At(2 * o))
	for c := k.Own.At(2*o + 1); c >= 0; c = k.Next.At(int(c)) {
		k.Free.Set(o*k.PerOwner+top, c)
		top++
	}
	k.Own.Set(2*o, int32(top))
	k.Own.Set(2*o+1, -1)
}

// smallest returns the smallest bucket at or after cur that member o's bins hold, or noBucket.
func (k binSteps) smallest(o int, cur int64) int64 {
	for d := 0; d < k.Slots; d++ {
		b := cur + int64(d)
		if k.Count.At(o*k.Slots+int(b%int64(k.Slots))) > 0 {
			return b
		}
	}
	return noBucket
}

// publish appends the chunks of member o's bin of bucket cur to List (counting them in
// Tally[set+1]) and empties the bin; the chunks go back to the free stack in the next step.
func (k binSteps) publish(o int, cur int64, set int) {
	bin := o*k.Slots + int(cur%int64(k.Slots))
	n := k.Count.At(bin)
	if n == 0 {
		return
	}
	at := int(k.Tally.AtomicAdd(set+1, int64(n)))
	head := k.Head.At(bin)
	for c := head; c >= 0; c = k.Next.At(int(c)) {
		k.List.Set(at, c)
		at++
	}
	k.Own.Set(2*o+1, head)
	k.Head.Set(bin, -1)
	k.Tail.Set(bin, -1)
	k.Count.Set(bin, 0)
}

// relaxChunk relaxes the out-edges of the entries of chunk c that are still in bucket cur,
// filing the vertices it improves into member o's bins.
func (k binSteps) relaxChunk(o int, c int32, cur int64) {
	low := cur * k.Delta
	n := int(k.Len.At(int(c)))
	adj, wt, dist := k.G.Adj, k.W, k.Dist
	weighted := wt.Len() > 0
	for i := 0; i < n; i++ {
		u := k.Pool.At(int(c)*binChunk + i)
		du := int64(dist.AtomicLoad(int(u)))
		if du < low || k.Done.AtomicLoad(int(u)) == uint32(du) {
			continue // stale: relaxed in an earlier bucket, or at this distance already
		}
		k.Done.AtomicStore(int(u), uint32(du))
		end := k.G.End(u)
		for e := k.G.Begin(u); e < end; e++ {
			v := adj.At(int(e))
			w := int64(1)
			if weighted {
				w = int64(wt.At(int(e)))
			}
			nd := du + w
			if nd >= int64(dist.AtomicLoad(int(v))) || int64(dist.AtomicMin(int(v), uint32(nd))) <= nd {
				continue
			}
			k.file(o, v, nd/k.Delta)
		}
	}
}

// file appends v to member o's bin of bucket b, taking a chunk from the member's free stack
// when the bin's last chunk is full; with none left it raises the overflow flag.
func (k binSteps) file(o int, v int32, b int64) {
	bin := o*k.Slots + int(b%int64(k.Slots))
	t := k.Tail.At(bin)
	if t < 0 || k.Len.At(int(t)) == binChunk {
		top := k.Own.At(2 * o)
		if top == 0 {
			k.Tally.Set(binOverflow, 1)
			return
		}
		top--
		k.Own.Set(2*o, top)
		c := k.Free.At(o*k.PerOwner + int(top))
		k.Len.Set(int(c), 0)
		k.Next.Set(int(c), -1)
		if t < 0 {
			k.Head.Set(bin, c)
		} else {
			k.Next.Set(int(t), c)
		}
		k.Tail.Set(bin, c)
		k.Count.Set(bin, k.Count.At(bin)+1)
		t = c
	}
	at := k.Len.At(int(t))
	k.Pool.Set(int(t)*binChunk+int(at), v)
	k.Len.Set(int(t), at+1)
}

// binState is the work arrays of binned delta-stepping, allocated on its first run.
type binState struct {
	owners, perOwner, slots int
	pool, len, next, stack  views.View1D[int32]
	head, tail, count, own  views.View1D[int32]
	list                    views.View1D[int32]
	tally                   views.View1D[int64]
	done                    views.View1D[uint32]
}

// free releases the arrays.
func (b *binState) free() {
	for _, v := range []views.View1D[int32]{b.pool, b.len, b.next, b.stack, b.head, b.tail, b.count, b.own, b.list} {
		v.Free()
	}
	b.tally.Free()
	b.done.Free()
	*b = binState{}
}

// binSlots returns the ring length of binned delta-stepping for integer bucket width delta
// and largest weight wmax, or 0 when the ring would exceed maxSlots.
func binSlots(delta int64, wmax float64) int {
	need := 2 + wmax/float64(delta)
	if !(need <= maxSlots) {
		return 0
	}
	s := 1
	for float64(s) < need {
		s *= 2
	}
	return s
}

// binEntries is the pool capacity of binned delta-stepping for a graph of n vertices: twice
// the vertices (live entries are the improved vertices not yet relaxed, each once per bucket
// it improved into), which per member leaves room for the partly filled chunks of its ring.
func binEntries(n int) int { return 2*n + 1<<12 }

// allocBins allocates the work arrays for owners members with slots bins each and entries
// pool entries in all.
func (s *SSSP) allocBins(owners, slots, entries int) error {
	b := &s.bins
	if b.owners == owners && b.slots == slots && b.perOwner*owners*binChunk >= entries {
		return nil
	}
	b.free()
	mem := s.g.Space().Memory()
	per := (entries+owners*binChunk-1)/(owners*binChunk) + slots + 1
	chunks := owners * per
	b.owners, b.perOwner, b.slots = owners, per, slots
	var err error
	alloc := func(label string, n int) views.View1D[int32] {
		if err != nil {
			return views.View1D[int32]{}
		}
		var v views.View1D[int32]
		v, err = views.Alloc1D[int32](mem, label, n)
		return v
	}
	b.pool = alloc("sssp bin pool", chunks*binChunk)
	b.len = alloc("sssp bin chunk fill", chunks)
	b.next = alloc("sssp bin chunk link", chunks)
	b.stack = alloc("sssp bin free chunks", chunks)
	b.list = alloc("sssp bin step chunks", chunks)
	b.head = alloc("sssp bin heads", owners*slots)
	b.tail = alloc("sssp bin tails", owners*slots)
	b.count = alloc("sssp bin chunk counts", owners*slots)
	b.own = alloc("sssp bin owner state", 2*owners)
	if err == nil {
		b.tally, err = views.Alloc1D[int64](mem, "sssp bin tally", binTally)
	}
	if err == nil {
		b.done, err = views.Alloc1D[uint32](mem, "sssp bin relaxed distance", s.g.N())
	}
	if err != nil {
		b.free()
	}
	return err
}

// binLeague returns the league and team size of binned delta-stepping on the space: one
// member per worker on the host, a warp per multiprocessor on a device.
func binLeague(info execspace.Info) (league, team int) {
	if info.Device {
		return max(info.Units, 1), 32
	}
	return max(info.Units, 1), 1
}

// runBins runs binned delta-stepping from the initialized integer distances. It reports false,
// with the distances unspecified, when it did not finish: a member's part of the pool ran out
// or the weights span too many buckets.
func (s *SSSP) runBins(st *Stats) (bool, error) {
	if !(s.delta < infInt) {
		return false, nil
	}
	// Integer distances take an integer width: Delta rounded down, at least 1.
	delta := max(int64(s.delta), 1)
	slots := binSlots(delta, s.wmax)
	if slots == 0 {
		return false, nil
	}
	space := s.g.Space()
	league, team := binLeague(space.Info())
	entries := s.binEntries
	if entries == 0 {
		entries = binEntries(s.g.N())
	}
	if err := s.allocBins(league*team, slots, entries); err != nil {
		return false, err
	}
	b := &s.bins
	tally := []int64{noBucket, 0, 0, noBucket, 0, 0, noBucket, 0, 0, 0, 0}
	if err := views.DeepCopy(b.tally, views.Wrap1D("sssp bin tally host", tally)); err != nil {
		return false, err
	}
	k := binSteps{G: s.g.Out(), W: s.iw, Dist: s.idist, Done: b.done, Delta: delta, Slots: slots, PerOwner: b.perOwner, Source: st.Source,
		Pool: b.pool, Len: b.len, Next: b.next, Free: b.stack, Head: b.head, Tail: b.tail, Count: b.count, Own: b.own,
		List: b.list, Tally: b.tally}
	p := portable.Teams(league, team).WithConcurrent()
	if err := portable.ParallelForTeam(space, "sssp: binned delta-stepping", p, k); err != nil {
		return false, err
	}
	if err := views.DeepCopy(views.Wrap1D("sssp bin tally host", tally), b.tally); err != nil {
		return false, err
	}
	st.Iterations = int(tally[binStepsRan])
	return tally[binOverflow] == 0, nil
}

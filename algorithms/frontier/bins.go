package frontier

import (
	"errors"
	"fmt"
	"math"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// Binned steps. An ordered traversal (delta-stepping's buckets) built from Push steps rebuilds
// its worklists between steps: passes that sort the improved vertices by bucket and a shared
// mark that de-duplicates them. On the host, where a launch is a function call, those passes
// cost about as much as the relaxations. RunBins instead gives every member of a concurrent
// league (one goroutine per worker on the host) its own bins: a member files each vertex it
// improves into the bin of the vertex's bucket, Key(v) >> shift, at once, and no pass ever
// reads a vertex outside the bucket being processed. One launch runs the whole traversal,
// three league barriers per step:
//
//  1. each member frees the chunks it published in the step before and offers its smallest
//     non-empty bucket; the league takes the smallest offer as the current bucket;
//  2. each member publishes the chunks of its bin of that bucket to a shared list;
//  3. the members take the list's chunks one at a time and expand the vertices in them whose
//     key is still in the current bucket (an entry of a vertex that moved to an earlier
//     bucket since is stale, and one already expanded at its current key is a repeat: both
//     are skipped), filing what they improve into their own bins; after a small step, a member
//     whose own bin of the current bucket holds a few chunks expands them itself before the
//     barrier (as GAP's delta-stepping fuses small bins), so that small buckets cost fewer
//     steps.
//
// A bin is a list of chunks of binChunk entries from the member's own part of a pool; the
// live buckets must span fewer than the ring's slots (an improvement moves a vertex at most
// slots-1 buckets beyond the current one), and when a member's part of the pool runs out the
// launch stops and RunBins reports that it did not finish.

// binChunk is the number of entries of a chunk of a bin.
const binChunk = 64

// MaxBinSlots bounds the ring of bins of each member (NewBins).
const MaxBinSlots = 4096

// Tally slots of BinSteps: three sets (step l uses set 3(l mod 3)) of the smallest offered
// bucket, the chunks published and the cursor of the chunks taken; then the overflow flag and
// the number of steps run.
const (
	binOverflow = 9
	binStepsRan = 10
	binTally    = 11
)

// noBucket is the offer of a member with empty bins.
const noBucket = math.MaxInt64

// BinOp is an edge operator whose vertices carry an unsigned key that only decreases (a
// distance): Visit(u, v, e) lowers v's key from u's (a CorrectingOp) and returns true when it
// did, and Key(v) returns v's current key, read atomically. A key of math.MaxUint32 means
// unreached.
type BinOp interface {
	EdgeOp
	// Key returns v's current key.
	Key(v int32) uint32
}

// BinSteps is the kernel of binned steps (RunBins): a concurrent league whose member o
// (LeagueRank × TeamSize + TeamRank) owns chunks [o·PerOwner, (o+1)·PerOwner) of Pool
// (binChunk entries per chunk; Len their fill, Next the link to the next chunk of the same bin),
// the free stack Stack[o·PerOwner:] of depth Own[2o], the bins Head/Tail/Count[o·Slots:
// (o+1)·Slots] of buckets b ≡ slot (mod Slots), and the head of the chunks it published last,
// Own[2o+1]. After a small step a member expands up to Fuse chunks of its own bin of the
// current bucket itself (detach). List receives a step's published chunks; Done[v] is the key
// at which v was last expanded (the host's form marks only vertices of repeatDegree out-edges
// or more). The source, whose key must be 0 at launch, starts in bucket 0.
// Tally must hold noBucket, 0, 0 in each of its three sets and 0 after them at launch; the
// kernel leaves the overflow flag at Tally[9] and the steps run at Tally[10].
//
//gokkos:kernel
type BinSteps[Op BinOp] struct {
	G        dgraph.CSR
	Shift    int
	Slots    int
	PerOwner int
	Fuse     int
	Source   int32
	Pool     views.View1D[int32]
	Len      views.View1D[int32]
	Next     views.View1D[int32]
	Stack    views.View1D[int32]
	Head     views.View1D[int32]
	Tail     views.View1D[int32]
	Count    views.View1D[int32]
	Own      views.View1D[int32]
	List     views.View1D[int32]
	Done     views.View1D[uint32]
	Tally    views.View1D[int64]
	Op       Op
}

// RunTeam runs the steps.
func (k BinSteps[Op]) RunTeam(m teams.Member) {
	o := k.start(m)
	cur := int64(0)
	for step := 0; ; step++ {
		set := k.offer(o, step, cur)
		m.LeagueBarrier()
		cur = k.Tally.AtomicLoad(set)
		if k.finished(o, step, cur) {
			return
		}
		k.publish(o, cur, set)
		m.LeagueBarrier()
		chunks := k.Tally.AtomicLoad(set + 1)
		for c := k.Tally.AtomicAdd(set+2, 1); c < chunks; c = k.Tally.AtomicAdd(set+2, 1) {
			k.expand(o, k.List.At(int(c)), cur)
		}
		for c := k.detach(o, cur, chunks, m); c >= 0; c = k.detach(o, cur, chunks, m) {
			k.expand(o, c, cur)
			k.recycle(o, c)
		}
		m.LeagueBarrier()
	}
}

// start readies member o's free stack, bins and share of Done, files the source (member 0)
// and waits for the league. It returns o.
func (k BinSteps[Op]) start(m teams.Member) int {
	o := m.LeagueRank()*m.TeamSize() + m.TeamRank()
	for i := 0; i < k.PerOwner; i++ {
		k.Stack.Set(o*k.PerOwner+i, int32(o*k.PerOwner+i))
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
	hi := (o + 1) * (n / owners)
	if o == owners-1 {
		hi = n
	}
	for v := o * (n / owners); v < hi; v++ {
		k.Done.Set(v, math.MaxUint32)
	}
	if o == 0 {
		k.file(o, k.Source, 0)
	}
	m.LeagueBarrier()
	return o
}

// offer runs the first phase of step: member 0 clears the next step's tally set, member o frees
// the chunks it published in the step before and offers its smallest bucket at or after cur.
// It returns the step's tally set.
func (k BinSteps[Op]) offer(o, step int, cur int64) int {
	set := 3 * (step % 3)
	if o == 0 {
		next := 3 * ((step + 1) % 3)
		k.Tally.Set(next, noBucket)
		k.Tally.Set(next+1, 0)
		k.Tally.Set(next+2, 0)
	}
	top := int(k.Own.At(2 * o))
	for c := k.Own.At(2*o + 1); c >= 0; c = k.Next.At(int(c)) {
		k.Stack.Set(o*k.PerOwner+top, c)
		top++
	}
	k.Own.Set(2*o, int32(top))
	k.Own.Set(2*o+1, -1)
	for d := 0; d < k.Slots; d++ {
		b := cur + int64(d)
		if k.Count.At(o*k.Slots+int(b&int64(k.Slots-1))) > 0 {
			k.Tally.AtomicMin(set, b)
			return set
		}
	}
	return set
}

// finished reports whether the league stops at step, whose current bucket is cur: every bin
// is empty, or a member ran out of chunks. Member 0 then records the steps run.
func (k BinSteps[Op]) finished(o, step int, cur int64) bool {
	if cur != noBucket && k.Tally.AtomicLoad(binOverflow) == 0 {
		return false
	}
	if o == 0 {
		k.Tally.Set(binStepsRan, int64(step))
	}
	return true
}

// publish appends the chunks of member o's bin of bucket cur to List (counting them in
// Tally[set+1]) and empties the bin; the chunks go back to the free stack in the next step.
func (k BinSteps[Op]) publish(o int, cur int64, set int) {
	bin := o*k.Slots + int(cur&int64(k.Slots-1))
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

// fuseChunks is the default of Tuning.BinFuse, BinSteps' Fuse: the most chunks a member's bin
// of the current bucket may hold for the member to expand them itself in the same step
// (detach) rather than publish them in the next.
const fuseChunks = 16

// fuseEdges is the most out-edges of a chunk that a member expands itself in the same step
// (detach): four times a chunk's share of a graph of average degree 16.
const fuseEdges = 4096

// detach takes the first chunk of member o's bin of bucket cur and returns it (-1 otherwise)
// when the step was small, at most two chunks per member published (the bucket's tail, or a
// graph whose buckets are all small: a road network), and the bin holds 1 to Fuse chunks: the
// vertices that the member filed into the current bucket while expanding it, which the member
// expands at once, sparing the league a step (three barriers), unless the chunk's vertices have
// more than fuseEdges out-edges. In a large step the bin waits for the next step, which shares
// it out: a member that expanded its own share of a large bucket alone would hold the others at
// the barrier.
func (k BinSteps[Op]) detach(o int, cur, chunks int64, m teams.Member) int32 {
	if chunks > int64(2*m.LeagueSize()*m.TeamSize()) {
		return -1
	}
	bin := o*k.Slots + int(cur&int64(k.Slots-1))
	n := k.Count.At(bin)
	if n < 1 || int(n) > k.Fuse {
		return -1
	}
	c := k.Head.At(bin)
	// A chunk with a vertex of many out-edges (a hub) waits for the next step, which shares it
	// out: expanded by one member it would hold the others at the barrier.
	var edges int64
	for s := int(c) * binChunk; s < int(c)*binChunk+int(k.Len.At(int(c))); s++ {
		edges += k.G.Degree(k.Pool.At(s))
	}
	if edges > fuseEdges {
		return -1
	}
	next := k.Next.At(int(c))
	k.Head.Set(bin, next)
	if next < 0 {
		k.Tail.Set(bin, -1)
	}
	k.Count.Set(bin, n-1)
	return c
}

// recycle returns chunk c, which member o detached and expanded, to the member's free stack.
func (k BinSteps[Op]) recycle(o int, c int32) {
	top := k.Own.At(2 * o)
	k.Stack.Set(o*k.PerOwner+int(top), c)
	k.Own.Set(2*o, top+1)
}

// ready reports whether entry u of a chunk of bucket cur is to be expanded, and marks it
// expanded at its key: its key is still in bucket cur and it was not expanded at that key.
func (k BinSteps[Op]) ready(u int32, cur int64) bool {
	key := k.Op.Key(u)
	if int64(key)>>k.Shift < cur || k.Done.AtomicLoad(int(u)) == key {
		return false
	}
	k.Done.AtomicStore(int(u), key)
	return true
}

// expand expands the entries of chunk c that are ready, filing the vertices it improves into
// member o's bins.
func (k BinSteps[Op]) expand(o int, c int32, cur int64) {
	n := int(k.Len.At(int(c)))
	for i := 0; i < n; i++ {
		u := k.Pool.At(int(c)*binChunk + i)
		if !k.ready(u, cur) {
			continue
		}
		end := k.G.End(u)
		for e := k.G.Begin(u); e < end; e++ {
			if v := k.G.Adj.At(int(e)); k.Op.Visit(u, v, e) {
				k.file(o, v, int64(k.Op.Key(v))>>k.Shift)
			}
		}
	}
}

// file appends v to member o's bin of bucket b, taking a chunk from the member's free stack
// when the bin's last chunk is full; with none left it raises the overflow flag and drops v.
func (k BinSteps[Op]) file(o int, v int32, b int64) {
	bin := o*k.Slots + int(b&int64(k.Slots-1))
	t := k.Tail.At(bin)
	if t < 0 || k.Len.At(int(t)) == binChunk {
		top := k.Own.At(2 * o)
		if top == 0 {
			k.Tally.Set(binOverflow, 1)
			return
		}
		top--
		k.Own.Set(2*o, top)
		c := k.Stack.At(o*k.PerOwner + int(top))
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

// KeyViewer is implemented by a BinOp whose keys are the elements of a view (Key(v) reads
// element v): host binned steps then read the keys as a slice instead of calling Key. KeyView
// returns that view, a contiguous views.View1D[uint32]. Only host binned steps call it, once
// per launch; kernels never do, so it need not be in the kernel subset of Go.
type KeyViewer interface {
	KeyView() views.View1D[uint32]
}

// Bins holds the work arrays of binned steps (RunBins) in a graph's space: for every member of
// the league, a ring of bins and its part of a pool of chunks. The zero value holds nothing.
// A Bins is not safe for concurrent use; Free releases it.
type Bins struct {
	space                   execspace.Space
	owners, perOwner, slots int
	fuse, hub               int
	pool, len, next, stack  views.View1D[int32]
	head, tail, count, own  views.View1D[int32]
	list                    views.View1D[int32]
	done                    views.View1D[uint32]
	tally                   views.View1D[int64]
	tallyHost               []int64
}

// BinLeague returns the league and team size of binned steps on a space: one member per worker
// on the host, a warp per multiprocessor on a device.
func BinLeague(info execspace.Info) (league, teamSize int) {
	if info.Device {
		return max(info.Units, 1), 32
	}
	return max(info.Units, 1), 1
}

// NewBins allocates binned steps' arrays for g in g's space: rings of slots bins (a power of
// two from 1 to MaxBinSlots) for each member of the space's league (BinLeague), and a pool
// of at least entries entries shared out among the members, each of which may hold up to
// entries / members + (slots+1)·64 entries at a time. It costs O(N + entries) memory. Errors
// are bad arguments and failed allocations.
func NewBins(g *dgraph.Graph, slots, entries int) (*Bins, error) {
	if slots < 1 || slots > MaxBinSlots || slots&(slots-1) != 0 {
		return nil, fmt.Errorf("frontier: NewBins: %d slots; want a power of two from 1 to %d", slots, MaxBinSlots)
	}
	if entries < 0 {
		return nil, fmt.Errorf("frontier: NewBins: %d entries", entries)
	}
	space := g.Space()
	league, team := BinLeague(space.Info())
	owners := league * team
	per := (entries+owners*binChunk-1)/(owners*binChunk) + slots + 1
	chunks := owners * per
	b := &Bins{space: space, owners: owners, perOwner: per, slots: slots, fuse: fuseChunks, tallyHost: make([]int64, binTally)}
	mem := space.Memory()
	var err error
	alloc := func(label string, n int) views.View1D[int32] {
		if err != nil {
			return views.View1D[int32]{}
		}
		var v views.View1D[int32]
		v, err = views.Alloc1D[int32](mem, label, n)
		return v
	}
	b.pool = alloc("frontier bin pool", chunks*binChunk)
	b.len = alloc("frontier bin chunk fill", chunks)
	b.next = alloc("frontier bin chunk links", chunks)
	b.stack = alloc("frontier bin free chunks", chunks)
	b.list = alloc("frontier bin step chunks", chunks)
	b.head = alloc("frontier bin heads", owners*slots)
	b.tail = alloc("frontier bin tails", owners*slots)
	b.count = alloc("frontier bin chunk counts", owners*slots)
	b.own = alloc("frontier bin member state", 2*owners)
	if err == nil {
		b.done, err = views.Alloc1D[uint32](mem, "frontier bin expanded keys", g.N())
	}
	if err == nil {
		b.tally, err = views.Alloc1D[int64](mem, "frontier bin tally", binTally)
	}
	if err != nil {
		b.Free()
		return nil, err
	}
	return b, nil
}

// Slots returns the ring length the arrays were allocated for.
func (b *Bins) Slots() int { return b.slots }

// SetFuse sets the most chunks of a member's own bin of the current bucket that later RunBins
// calls let the member expand in the same step after a small step (Tuning.BinFuse; negative:
// never). NewBins sets the default, 16.
func (b *Bins) SetFuse(chunks int) { b.fuse = chunks }

// SetHub sets the out-degree from which host binned steps share a vertex's edges among the
// league (Tuning.BinHub; 0 the default, negative never). Devices ignore it.
func (b *Bins) SetHub(edges int) { b.hub = edges }

// Free releases the arrays now. It is idempotent.
func (b *Bins) Free() {
	for _, v := range []views.View1D[int32]{b.pool, b.len, b.next, b.stack, b.head, b.tail, b.count, b.own, b.list} {
		v.Free()
	}
	b.done.Free()
	b.tally.Free()
	*b = Bins{}
}

// RunBins runs binned steps (see BinSteps) over g's out-edges with op from source, whose key
// must be 0 (every other vertex's key is its initial value), in one launch of a concurrent
// league: buckets of width 2^shift, each expanded until no member holds a vertex in it, in
// increasing order, until every bin is empty. Any improvement must move a vertex fewer than
// b.Slots() buckets beyond the bucket being expanded (for distances: the largest weight below
// (Slots-1)·2^shift). It returns the steps run and whether it finished: false when a member's
// part of the pool ran out, and the keys are then partly relaxed (still upper bounds, as
// op's values are).
//
// On a device space the kernel BinSteps[Op] must have been translated (name it beside the
// template's other kernels in the operator's package); on the host a generated visit loop of
// Op serves the expansion when there is one. Errors are launch errors, a bad source or
// shift, or Bins of another space.
func RunBins[Op BinOp](b *Bins, g *dgraph.Graph, op Op, source int32, shift int) (steps int, finished bool, err error) {
	if b == nil || b.owners == 0 {
		return 0, false, errors.New("frontier: RunBins: bins were freed")
	}
	if g.Space() != b.space {
		return 0, false, errors.New("frontier: RunBins: the bins are in another space than the graph")
	}
	if source < 0 || int(source) >= g.N() {
		return 0, false, fmt.Errorf("frontier: RunBins: source %d is not a vertex of a graph with %d vertices", source, g.N())
	}
	if shift < 0 || shift > 31 {
		return 0, false, fmt.Errorf("frontier: RunBins: shift %d; want 0 to 31", shift)
	}
	t := b.tallyHost
	for i := range t {
		t[i] = 0
	}
	t[0], t[3], t[6] = noBucket, noBucket, noBucket
	if err := views.DeepCopy(b.tally, views.Wrap1D("frontier bin tally host", t)); err != nil {
		return 0, false, err
	}
	k := BinSteps[Op]{G: g.Out(), Shift: shift, Slots: b.slots, PerOwner: b.perOwner, Fuse: b.fuse, Source: source,
		Pool: b.pool, Len: b.len, Next: b.next, Stack: b.stack, Head: b.head, Tail: b.tail, Count: b.count,
		Own: b.own, List: b.list, Done: b.done, Tally: b.tally, Op: op}
	league, team := BinLeague(b.space.Info())
	p := portable.Teams(league, team).WithConcurrent()
	if team == 1 && !b.space.Info().Device {
		if visit, ok := portable.HostVisit[Op, BinSteps[Op]](); ok {
			kh := binStepsHost[Op]{BinSteps: k, Visit: visit}
			if league > 1 {
				kh.Hubs = newHubShare(b.hub)
			}
			err = portable.ParallelForTeam(b.space, "frontier: binned steps", p, kh)
		} else {
			err = portable.ParallelForTeam(b.space, "frontier: binned steps", p, k)
		}
	} else {
		err = portable.ParallelForTeam(b.space, "frontier: binned steps", p, k)
	}
	if err != nil {
		return 0, false, err
	}
	if err := views.DeepCopy(views.Wrap1D("frontier bin tally host", t), b.tally); err != nil {
		return 0, false, err
	}
	return int(t[binStepsRan]), t[binOverflow] == 0, nil
}

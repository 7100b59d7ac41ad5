package ptx

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// geometry holds a thread's place in its block, for collectives. All values are U32.
type geometry struct {
	tidx, tidy, ntidx, ntidy val
	// t is the flat thread index tid.y*ntid.x + tid.x, nthr the block's thread count.
	t, nthr val
	// lane and warp split t; nwarps is the number of warps of the block, wlanes the number of
	// lanes of this thread's warp, wmask the shuffle member mask of those lanes.
	lane, warp, nwarps, wlanes, wmask val
	// stage is the shared address of the staging area (Ptr).
	stage val
}

// Offsets in the staging area.
const (
	stageA = 0       // 32 slots of 16 bytes: per-warp values
	stageB = 32 * 16 // 32 slots of 16 bytes: per-warp results
	stageR = 64 * 16 // one 16-byte slot: the block's result
	slotSz = 16      // bytes per staging slot
	compSz = 8       // bytes per component within a slot
)

// setupGeometry reads the thread's position; it must run at the top of an entry.
func (lw *lowerer) setupGeometry() {
	g := &geometry{}
	rd := func(sreg string) val {
		r := lw.newReg(ir.U32)
		lw.ins("mov.u32 %s, %s", r, sreg)
		return r
	}
	g.tidx, g.tidy, g.ntidx, g.ntidy = rd("%tid.x"), rd("%tid.y"), rd("%ntid.x"), rd("%ntid.y")
	g.t = lw.newReg(ir.U32)
	lw.ins("mad.lo.u32 %s, %s, %s, %s", g.t, g.tidy, g.ntidx, g.tidx)
	g.nthr = lw.bin("mul.lo.u32", ir.U32, g.ntidx, g.ntidy)
	g.lane = lw.bin("and.b32", ir.U32, g.t, immInt(ir.U32, 31))
	g.warp = lw.bin("shr.u32", ir.U32, g.t, immInt(ir.U32, 5))
	g.nwarps = lw.bin("shr.u32", ir.U32, lw.bin("add.u32", ir.U32, g.nthr, immInt(ir.U32, 31)), immInt(ir.U32, 5))
	first := lw.bin("shl.b32", ir.U32, g.warp, immInt(ir.U32, 5))
	g.wlanes = lw.bin("min.u32", ir.U32, lw.bin("sub.u32", ir.U32, g.nthr, first), immInt(ir.U32, 32))
	g.wmask = lw.laneMask(g.wlanes)
	g.stage = lw.newReg(ir.Ptr)
	lw.ins("mov.u64 %s, %s", g.stage, stageSym)
	lw.m.shared = true
	lw.geo = g
}

// laneMask returns the mask of the n lowest bits (n in 1..32) as a U32 register.
func (g *gen) laneMask(n val) val {
	one := g.reg(immInt(ir.U32, 1))
	m := g.bin("sub.u32", ir.U32, g.bin("shl.b32", ir.U32, one, n), immInt(ir.U32, 1))
	full := g.setp("hs", n, immInt(ir.U32, 32))
	return g.selp(full, immInt(ir.U32, -1), m)
}

// teamValues holds the team-form launch values and the scratch state.
type teamValues struct {
	league, teamSize, vecLen   val // I64, from the prefix
	s0Team, s0Thread           val
	s1Base, s1Team, s1Thread   val
	leagueRank                 val       // I64: the running league rank
	used                       [2][2]val // bump offsets [level][perThread] (I64)
	base                       [2][2]val // scratch bases [level][perThread] (Ptr)
	segDown, segUp, memberMask val       // shuffle controls of the member's vector lanes
}

// special returns a launch value.
func (lw *lowerer) special(k ir.SpecialKind) val {
	tm := lw.team
	if tm == nil {
		panic(fmt.Sprintf("ptx: %s outside a team form", k))
	}
	wide := func(v val) val {
		r := lw.newReg(ir.I64)
		lw.ins("cvt.u64.u32 %s, %s", r, v)
		return r
	}
	switch k {
	case ir.LeagueRank:
		return tm.leagueRank
	case ir.LeagueSize:
		return tm.league
	case ir.TeamRank:
		return wide(lw.geo.tidy)
	case ir.TeamSize:
		return wide(lw.geo.ntidy)
	case ir.VectorLength:
		return wide(lw.geo.ntidx)
	}
	panic(fmt.Sprintf("ptx: launch value %d", k))
}

// setupMember computes the shuffle controls of a member's vector lanes: segments of
// VectorLength lanes (a power of two up to 32).
func (lw *lowerer) setupMember() {
	g, tm := lw.geo, lw.team
	seg := lw.bin("sub.u32", ir.U32, lw.reg(immInt(ir.U32, 32)), g.ntidx) // 32 - VL: the segment mask
	tm.segUp = lw.bin("shl.b32", ir.U32, seg, immInt(ir.U32, 8))
	tm.segDown = lw.bin("or.b32", ir.U32, tm.segUp, immInt(ir.U32, 31))
	first := lw.bin("and.b32", ir.U32, g.lane, seg)
	tm.memberMask = lw.bin("shl.b32", ir.U32, lw.laneMask(g.ntidx), first)
}

// shfl shuffles every component of v; it returns the shuffled values and the validity
// predicate of the source lane.
func (lw *lowerer) shfl(mode string, v []val, b, c, mask val) ([]val, val) {
	p := lw.newReg(ir.Bool)
	out := make([]val, len(v))
	pred := func(i int) string {
		if i == 0 {
			return "|" + p.s
		}
		return ""
	}
	one := func(i int, src val) val {
		r := lw.newReg(ir.U32)
		lw.ins("shfl.sync.%s.b32 %s%s, %s, %s, %s, %s", mode, r, pred(i), src, b, c, mask)
		return r
	}
	for i, x := range v {
		x = lw.reg(x)
		switch classOf(x.t) {
		case classB32:
			out[i] = val{s: one(i, x).s, t: x.t}
		case classF32:
			out[i] = lw.fromBits(ir.F32, one(i, lw.fbits(x)))
		case classPred:
			s := one(i, lw.boolToU32(x))
			out[i] = lw.setp("ne", s, immInt(ir.U32, 0))
		default:
			bits := x
			if x.t == ir.F64 {
				bits = lw.fbits(x)
			}
			lo, hi := lw.newReg(ir.U32), lw.newReg(ir.U32)
			lw.ins("mov.b64 {%s, %s}, %s", lo, hi, bits)
			lo2 := one(i, lo)
			hi2 := one(1, hi)
			w := lw.newReg(ir.U64)
			lw.ins("mov.b64 %s, {%s, %s}", w, lo2, hi2)
			if x.t == ir.F64 {
				out[i] = lw.fromBits(ir.F64, w)
			} else {
				out[i] = val{s: w.s, t: x.t}
			}
		}
	}
	return out, p
}

// fresh copies v into new registers.
func (lw *lowerer) fresh(v []val) []val {
	out := make([]val, len(v))
	for i, x := range v {
		out[i] = lw.newReg(x.t)
		lw.mov(out[i], x)
	}
	return out
}

// assign copies src into the registers dst.
func (lw *lowerer) assign(dst, src []val) {
	for i := range dst {
		lw.mov(dst[i], src[i])
	}
}

// storeTuple stores v's components to consecutive 8-byte fields at addr+off in space sp.
func (lw *lowerer) storeTuple(sp string, addr val, off int, v []val) {
	for i, x := range v {
		lw.storeMem(x.t, sp, addr, off+compSz*i, x)
	}
}

// loadTuple loads components of the given types from addr+off.
func (lw *lowerer) loadTuple(sp string, addr val, off int, types []ir.Type) []val {
	out := make([]val, len(types))
	for i, t := range types {
		out[i] = lw.loadMem(t, sp, "", addr, off+compSz*i)
	}
	return out
}

func typesOf(v []val) []ir.Type {
	out := make([]ir.Type, len(v))
	for i, x := range v {
		out[i] = x.t
	}
	return out
}

// slotAddr returns stage + off + idx*16 for a U32 index.
func (lw *lowerer) slotAddr(idx val, off int) val {
	w := lw.newReg(ir.U64)
	lw.ins("mul.wide.u32 %s, %s, %d", w, lw.reg(idx), slotSz)
	a := lw.bin("add.s64", ir.Ptr, lw.geo.stage, w)
	if off != 0 {
		a = lw.bin("add.s64", ir.Ptr, a, immInt(ir.I64, int64(off)))
	}
	return a
}

// ifLane runs body under the predicate p (skipping it where p is false).
func (lw *lowerer) ifPred(p val, body func()) {
	skip := lw.f.label()
	lw.ins("@!%s bra %s", p, skip)
	body()
	lw.f.place(skip)
}

// shuffleRounds runs body(off) for off = start, 2*start, ... while off < 32. start is an
// immediate (unrolled) or a U32 register (a loop).
func (lw *lowerer) shuffleRounds(start val, body func(off val)) {
	if c, ok := isConst(start); ok {
		for off := c; off < 32; off *= 2 {
			body(immInt(ir.U32, off))
		}
		return
	}
	off := lw.newReg(ir.U32)
	lw.mov(off, start)
	head, done := lw.f.label(), lw.f.label()
	lw.f.place(head)
	p := lw.setp("hs", off, immInt(ir.U32, 32))
	lw.ins("@%s bra %s", p, done)
	body(off)
	lw.ins("shl.b32 %s, %s, 1", off, off)
	lw.ins("bra.uni %s", head)
	lw.f.place(done)
}

// blockReduce combines the values v of the lanes whose flat index is a multiple of step (1:
// every lane; the vector length: lane 0 of every member) in a fixed tree order: pairs of
// neighbours within each warp, then the warps' values in the same way. The result is valid on
// thread 0; with bcast, on every thread. Every thread of the block must call it. The shuffle
// rounds are unrolled for an immediate step unless r.loop.
func (lw *lowerer) blockReduce(r *reducer, v []val, step val, bcast bool) []val {
	g := lw.geo
	acc := lw.fresh(v)
	lw.comment("block reduction")
	first := immInt(ir.U32, 1)
	if r.loop {
		step, first = lw.reg(step), lw.reg(first)
	}
	c := lw.bin("sub.u32", ir.U32, g.wlanes, immInt(ir.U32, 1))
	lw.shuffleRounds(step, func(off val) {
		o, p := lw.shfl("down", acc, off, c, g.wmask)
		lw.ifPred(p, func() { r.combine(lw, acc, acc, o) })
	})
	lead := lw.setp("eq", g.lane, immInt(ir.U32, 0))
	lw.ifPred(lead, func() { lw.storeTuple(".shared", lw.slotAddr(g.warp, stageA), 0, acc) })
	lw.ins("bar.sync 0")
	w0 := lw.setp("eq", g.warp, immInt(ir.U32, 0))
	lw.ifPred(w0, func() {
		have := lw.setp("lo", g.lane, g.nwarps)
		lw.ifPred(have, func() {
			lw.assign(acc, lw.loadTuple(".shared", lw.slotAddr(g.lane, stageA), 0, typesOf(acc)))
		})
		c := lw.bin("sub.u32", ir.U32, g.nwarps, immInt(ir.U32, 1))
		lw.shuffleRounds(first, func(off val) {
			o, p := lw.shfl("down", acc, off, c, g.wmask)
			lw.ifPred(p, func() { r.combine(lw, acc, acc, o) })
		})
		if bcast {
			lw.ifPred(lead, func() { lw.storeTuple(".shared", g.stage, stageR, acc) })
		}
	})
	if bcast {
		lw.ins("bar.sync 0")
		lw.assign(acc, lw.loadTuple(".shared", g.stage, stageR, typesOf(acc)))
	}
	return acc
}

// addVals returns x + y with Go semantics.
func (lw *lowerer) addVals(x, y val) val { return lw.binary(ir.Add, x, y) }

// blockScan computes, over the lanes whose flat index is a multiple of step, the exclusive
// prefix sums of v in lane order and the total. The prefix is valid on those lanes, the total on
// every lane. Every thread of the block must call it.
func (lw *lowerer) blockScan(v val, step val) (excl, total val) {
	g := lw.geo
	lw.comment("block scan")
	t := v.t
	inc := lw.newReg(t)
	lw.mov(inc, v)
	zeroC := immInt(ir.U32, 0)
	lw.shuffleRounds(step, func(off val) {
		o, p := lw.shfl("up", []val{inc}, off, zeroC, g.wmask)
		lw.ifPred(p, func() { lw.mov(inc, lw.addVals(o[0], inc)) })
	})
	// The lane below by step holds the inclusive value before this lane's; a shuffle reads
	// only the low 5 bits of its offset, so a step of 32 (one member per warp) has no lane
	// below in the warp.
	o, p := lw.shfl("up", []val{inc}, step, zeroC, g.wmask)
	if c, ok := isConst(step); !ok || c >= 32 {
		p = lw.bin("and.pred", ir.Bool, p, lw.setp("lo", step, immInt(ir.U32, 32)))
	}
	exw := lw.selp(p, o[0], zero(t))
	last := lw.setp("eq", g.lane, lw.bin("sub.u32", ir.U32, g.wlanes, step))
	lw.ifPred(last, func() { lw.storeMem(t, ".shared", lw.slotAddr(g.warp, stageA), 0, inc) })
	lw.ins("bar.sync 0")
	w0 := lw.setp("eq", g.warp, immInt(ir.U32, 0))
	lw.ifPred(w0, func() {
		x := lw.newReg(t)
		lw.mov(x, zero(t))
		have := lw.setp("lo", g.lane, g.nwarps)
		lw.ifPred(have, func() { lw.mov(x, lw.loadMem(t, ".shared", "", lw.slotAddr(g.lane, stageA), 0)) })
		for off := int64(1); off < 32; off *= 2 {
			o, p := lw.shfl("up", []val{x}, immInt(ir.U32, off), zeroC, g.wmask)
			lw.ifPred(p, func() { lw.mov(x, lw.addVals(o[0], x)) })
		}
		o, p := lw.shfl("up", []val{x}, immInt(ir.U32, 1), zeroC, g.wmask)
		e := lw.selp(p, o[0], zero(t))
		lw.ifPred(have, func() { lw.storeMem(t, ".shared", lw.slotAddr(g.lane, stageB), 0, e) })
		lastW := lw.setp("eq", g.lane, lw.bin("sub.u32", ir.U32, g.nwarps, immInt(ir.U32, 1)))
		lw.ifPred(lastW, func() { lw.storeMem(t, ".shared", g.stage, stageR, x) })
	})
	lw.ins("bar.sync 0")
	pre := lw.loadMem(t, ".shared", "", lw.slotAddr(g.warp, stageB), 0)
	excl = lw.addVals(pre, exw)
	total = lw.loadMem(t, ".shared", "", g.stage, stageR)
	return excl, total
}

// memberLead returns, on every lane of a member, the value v of the member's vector lane 0.
func (lw *lowerer) memberLead(v val) val {
	o, _ := lw.shfl("idx", []val{v}, immInt(ir.U32, 0), lw.team.segDown, lw.geo.wmask)
	return o[0]
}

// vectorReduce combines v over the member's vector lanes by a butterfly in which every step
// joins the lower lanes' value with the upper lanes' one, so that every lane gets the same
// result. Every lane of the member must call it.
func (lw *lowerer) vectorReduce(r *reducer, v []val) []val {
	g, tm := lw.geo, lw.team
	acc := lw.fresh(v)
	lw.comment("vector reduction")
	off := lw.newReg(ir.U32)
	lw.mov(off, immInt(ir.U32, 1))
	head, done := lw.f.label(), lw.f.label()
	lw.f.place(head)
	p := lw.setp("hs", off, g.ntidx)
	lw.ins("@%s bra %s", p, done)
	o, _ := lw.shfl("bfly", acc, off, tm.segDown, tm.memberMask)
	upper := lw.setp("ne", lw.bin("and.b32", ir.U32, g.lane, off), immInt(ir.U32, 0))
	other := lw.f.label()
	next := lw.f.label()
	lw.ins("@%s bra %s", upper, other)
	r.combine(lw, acc, acc, o)
	lw.ins("bra.uni %s", next)
	lw.f.place(other)
	r.combine(lw, acc, o, acc)
	lw.f.place(next)
	lw.ins("shl.b32 %s, %s, 1", off, off)
	lw.ins("bra.uni %s", head)
	lw.f.place(done)
	return acc
}

// vectorScan computes the exclusive prefix of v over the member's vector lanes and the
// member's total.
func (lw *lowerer) vectorScan(v val) (excl, total val) {
	g, tm := lw.geo, lw.team
	t := v.t
	inc := lw.newReg(t)
	lw.mov(inc, v)
	off := lw.newReg(ir.U32)
	lw.mov(off, immInt(ir.U32, 1))
	head, done := lw.f.label(), lw.f.label()
	lw.f.place(head)
	p := lw.setp("hs", off, g.ntidx)
	lw.ins("@%s bra %s", p, done)
	o, q := lw.shfl("up", []val{inc}, off, tm.segUp, tm.memberMask)
	lw.ifPred(q, func() { lw.mov(inc, lw.addVals(o[0], inc)) })
	lw.ins("shl.b32 %s, %s, 1", off, off)
	lw.ins("bra.uni %s", head)
	lw.f.place(done)
	o, q = lw.shfl("up", []val{inc}, immInt(ir.U32, 1), tm.segUp, tm.memberMask)
	excl = lw.selp(q, o[0], zero(t))
	lastLane := lw.bin("sub.u32", ir.U32, g.ntidx, immInt(ir.U32, 1))
	o, _ = lw.shfl("idx", []val{inc}, lastLane, tm.segDown, tm.memberMask)
	return excl, o[0]
}

// teamRange returns the first index and the step of a team loop's lane.
func (lw *lowerer) teamRange(kind ir.RangeKind, begin val) (start, step val) {
	g := lw.geo
	var off, n val
	switch kind {
	case ir.ThreadRange:
		off, n = g.tidy, g.ntidy
	case ir.VectorRange:
		off, n = g.tidx, g.ntidx
	case ir.TeamVectorRange:
		off, n = g.t, g.nthr
	default:
		panic(fmt.Sprintf("ptx: range kind %d", kind))
	}
	o := lw.newReg(ir.I64)
	lw.ins("cvt.u64.u32 %s, %s", o, off)
	start = lw.bin("add.s64", ir.I64, begin, o)
	step = lw.newReg(ir.I64)
	lw.ins("cvt.u64.u32 %s, %s", step, n)
	return start, step
}

// indexLoop runs body for Var = i, i+step, ... while i < end; Continue goes to the next index.
func (lw *lowerer) indexLoop(v *ir.Local, start, step, end val, body ir.Block) {
	i := lw.newReg(ir.I64)
	lw.mov(i, start)
	endR := lw.reg(end)
	head, cont, done := lw.f.label(), lw.f.label(), lw.f.label()
	lw.f.place(head)
	p := lw.setp("ge", i, endR)
	lw.ins("@%s bra %s", p, done)
	lw.set(v, i)
	lw.loops = append(lw.loops, loopFrame{cont: cont, brk: done})
	lw.block(body)
	lw.loops = lw.loops[:len(lw.loops)-1]
	lw.f.place(cont)
	lw.ins("add.s64 %s, %s, %s", i, i, lw.reg(step))
	lw.ins("bra.uni %s", head)
	lw.f.place(done)
}

func (lw *lowerer) teamLoop(s *ir.TeamLoop) {
	b, e := lw.expr(s.Begin), lw.expr(s.End)
	e = lw.fresh([]val{e})[0]
	start, step := lw.teamRange(s.Kind, b)
	lw.indexLoop(s.Var, start, step, e, s.Body)
}

func (lw *lowerer) rangeReduce(s *ir.RangeReduce) {
	r := teamReducer(s.Op, s.Acc.T)
	b, e := lw.expr(s.Begin), lw.expr(s.End)
	e = lw.fresh([]val{e})[0]
	lw.assign([]val{lw.local(s.Acc)}, r.identity(lw))
	start, step := lw.teamRange(s.Kind, b)
	lw.indexLoop(s.Var, start, step, e, s.Body)
	acc := []val{lw.local(s.Acc)}
	var res []val
	switch s.Kind {
	case ir.ThreadRange:
		res = lw.blockReduce(r, acc, lw.geo.ntidx, true)
	case ir.TeamVectorRange:
		res = lw.blockReduce(r, acc, immInt(ir.U32, 1), true)
	case ir.VectorRange:
		res = lw.vectorReduce(r, acc)
	}
	lw.set(s.Dst, res[0])
}

// chunk returns the part [lo, hi) of [begin, end) that part index idx (U32) of n parts (U32)
// takes: contiguous chunks of ceil((end-begin)/n) indices.
func (lw *lowerer) chunk(begin, end, idx, n val) (lo, hi val) {
	begin, end = lw.reg(begin), lw.reg(end)
	cnt := lw.bin("max.s64", ir.I64, lw.bin("sub.s64", ir.I64, end, begin), immInt(ir.I64, 0))
	n64 := lw.newReg(ir.I64)
	lw.ins("cvt.u64.u32 %s, %s", n64, n)
	c := lw.bin("div.u64", ir.U64, lw.bin("sub.s64", ir.I64, lw.bin("add.s64", ir.I64, cnt, n64), immInt(ir.I64, 1)), n64)
	i64 := lw.newReg(ir.I64)
	lw.ins("cvt.u64.u32 %s, %s", i64, idx)
	lo = lw.newReg(ir.I64)
	lw.ins("mad.lo.s64 %s, %s, %s, %s", lo, i64, c, begin)
	hi = lw.bin("min.s64", ir.I64, lw.bin("add.s64", ir.I64, lo, c), end)
	return lo, hi
}

func (lw *lowerer) rangeScan(s *ir.RangeScan) {
	g := lw.geo
	b, e := lw.expr(s.Begin), lw.expr(s.End)
	var lo, hi val
	if s.Kind == ir.VectorRange {
		lo, hi = lw.chunk(b, e, g.tidx, g.ntidx)
	} else {
		lo, hi = lw.chunk(b, e, g.tidy, g.ntidy)
	}
	one := immInt(ir.I64, 1)
	acc := lw.local(s.Acc)
	lw.mov(acc, zero(acc.t))
	lw.set(s.Final, val{s: "0", t: ir.Bool, imm: true})
	lw.indexLoop(s.Var, lo, one, hi, s.Body)
	sum := lw.fresh([]val{acc})[0]
	var excl, total val
	if s.Kind == ir.VectorRange {
		excl, total = lw.vectorScan(sum)
	} else {
		excl, total = lw.blockScan(sum, g.ntidx)
		excl = lw.memberLead(excl)
	}
	total = lw.fresh([]val{total})[0]
	lw.mov(acc, excl)
	lw.set(s.Final, val{s: "1", t: ir.Bool, imm: true})
	lw.indexLoop(s.Var, lo, one, hi, s.Body)
	lw.set(s.Dst, total)
}

func (lw *lowerer) teamReduce(s *ir.TeamReduce) {
	v := lw.expr(s.Val)
	r := teamReducer(s.Op, v.t)
	res := lw.blockReduce(r, []val{v}, lw.geo.ntidx, true)
	lw.set(s.Dst, res[0])
}

func (lw *lowerer) teamScan(s *ir.TeamScan) {
	v := lw.reg(lw.expr(s.Val))
	excl, total := lw.blockScan(v, lw.geo.ntidx)
	excl = lw.memberLead(excl)
	total = lw.fresh([]val{total})[0]
	lw.set(s.Prefix, excl)
	lw.set(s.Total, total)
}

func (lw *lowerer) broadcast(s *ir.Broadcast) {
	g := lw.geo
	v := lw.expr(s.Val)
	from := lw.expr(s.From)
	y := lw.newReg(ir.I64)
	lw.ins("cvt.u64.u32 %s, %s", y, g.tidy)
	me := lw.setp("eq", y, from)
	x0 := lw.setp("eq", g.tidx, immInt(ir.U32, 0))
	src := lw.bin("and.pred", ir.Bool, me, x0)
	lw.ins("bar.sync 0")
	lw.ifPred(src, func() { lw.storeMem(v.t, ".shared", g.stage, stageR, v) })
	lw.ins("bar.sync 0")
	lw.set(s.Dst, lw.loadMem(v.t, ".shared", "", g.stage, stageR))
}

func (lw *lowerer) single(s *ir.Single) {
	first := lw.setp("eq", lw.geo.t, immInt(ir.U32, 0))
	lw.ifPred(first, func() { lw.block(s.Body) })
	lw.ins("bar.sync 0")
}

func (lw *lowerer) scratchAlloc(s *ir.ScratchAlloc) {
	tm := lw.team
	per := 0
	if s.PerThread {
		per = 1
	}
	n := lw.reg(lw.expr(s.Count))
	size := int64(s.Dst.Elem.Size())
	used := tm.used[s.Level][per]
	a := lw.bin("add.s64", ir.Ptr, tm.base[s.Level][per], used)
	bytes := lw.newReg(ir.I64)
	lw.ins("mad.lo.s64 %s, %s, %d, 15", bytes, n, size)
	lw.ins("and.b64 %s, %s, -16", bytes, bytes)
	lw.ins("add.s64 %s, %s, %s", used, used, bytes)
	from := ir.Shared
	if s.Level == 1 {
		from = ir.Global
	}
	lw.set(s.Dst.Addr, lw.convertAddr(a, from, s.Dst.Space))
	lw.set(s.Dst.Extent[0], n)
	lw.set(s.Dst.Stride[0], immInt(ir.I64, 1))
}

// leagueSym is the module-scope pair of words behind LeagueBarrier: the count of teams that
// have arrived at the current barrier, and the number of barriers completed. Both start at
// zero when the module is loaded and the count is back at zero after every barrier, so
// launches of any league size may follow each other.
const leagueSym = "gk_league_sync"

// leagueBarrier lowers LeagueBarrier for a concurrent launch (one block per team, every
// block resident): the block's threads meet at bar.sync, thread 0 publishes the block's
// writes (fence.acq_rel.gpu), arrives on the count, and waits until the last block to arrive
// has reset the count and advanced the epoch; its fence after the wait makes the other
// blocks' writes visible to it, and the closing bar.sync to the whole block.
func (lw *lowerer) leagueBarrier() {
	lw.m.useGlobal(leagueSym, fmt.Sprintf(".global .align 8 .u32 %s[2];", leagueSym))
	lw.ins("bar.sync 0")
	first := lw.setp("eq", lw.geo.t, immInt(ir.U32, 0))
	lw.ifPred(first, func() {
		lw.ins("fence.acq_rel.gpu")
		epoch := lw.newReg(ir.U32)
		lw.ins("ld.relaxed.gpu.global.u32 %s, [%s+4]", epoch, leagueSym)
		old := lw.newReg(ir.U32)
		lw.ins("atom.global.add.u32 %s, [%s], 1", old, leagueSym)
		last := lw.bin("sub.u32", ir.U32, lw.sreg("%nctaid.x"), immInt(ir.U32, 1))
		isLast := lw.setp("eq", old, last)
		wait, done := lw.f.label(), lw.f.label()
		lw.ins("@!%s bra %s", isLast, wait)
		lw.ins("st.relaxed.gpu.global.u32 [%s], 0", leagueSym)
		lw.ins("fence.acq_rel.gpu")
		lw.ins("atom.global.add.u32 %s, [%s+4], 1", lw.newReg(ir.U32), leagueSym)
		lw.ins("bra.uni %s", done)
		lw.f.place(wait)
		now := lw.newReg(ir.U32)
		lw.ins("ld.relaxed.gpu.global.u32 %s, [%s+4]", now, leagueSym)
		same := lw.setp("eq", now, epoch)
		lw.ins("@%s bra %s", same, wait)
		lw.f.place(done)
		lw.ins("fence.acq_rel.gpu")
	})
	lw.ins("bar.sync 0")
}

package ptx

import (
	"fmt"

	"github.com/gokkos/gokkos/kernelc/ir"
)

// newEntry starts an entry with the given prefix parameters followed by k's slots.
func newEntry(m *module, k *ir.Kernel, name string, prefix ...string) *lowerer {
	f := newFunction(name, true)
	for _, p := range prefix {
		f.params = append(f.params, ".param .b64 "+p)
	}
	slot := 0
	for _, p := range k.Params {
		for range p.Slots() {
			f.params = append(f.params, fmt.Sprintf(".param .b64 gk_s%d", slot))
			slot++
		}
	}
	return newLowerer(m, f, k)
}

// param loads a prefix parameter as a 64-bit integer of type t.
func (lw *lowerer) param(name string, t ir.Type) val {
	r := lw.newReg(t)
	lw.ins("ld.param.%s %s, [%s]", memType(t), r, name)
	return r
}

// globalParam loads a prefix parameter holding a device address and converts it to a global
// address.
func (lw *lowerer) globalParam(name string) val {
	return lw.convertAddr(lw.param(name, ir.Ptr), ir.Generic, ir.Global)
}

// loadParams fills the kernel's parameter locals from their slots.
func (lw *lowerer) loadParams() {
	slot := 0
	for _, p := range lw.k.Params {
		for i, l := range p.Slots() {
			name := fmt.Sprintf("gk_s%d", slot)
			slot++
			var v val
			if l.T == ir.Bool {
				b := lw.newReg(ir.U32)
				lw.ins("ld.param.u8 %s, [%s]", b, name)
				v = lw.setp("ne", b, immInt(ir.U32, 0))
			} else {
				v = lw.newReg(l.T)
				lw.ins("ld.param.%s %s, [%s]", memType(l.T), v, name)
			}
			if p.View != nil && i == 0 && p.View.Space != ir.Generic {
				v = lw.convertAddr(v, ir.Generic, p.View.Space)
			}
			lw.set(l, v)
		}
	}
}

// sreg reads a special register into a U32 register.
func (lw *lowerer) sreg(name string) val {
	r := lw.newReg(ir.U32)
	lw.ins("mov.u32 %s, %s", r, name)
	return r
}

// wide converts a U32 to I64.
func (lw *lowerer) wide(v val) val {
	r := lw.newReg(ir.I64)
	lw.ins("cvt.u64.u32 %s, %s", r, v)
	return r
}

// body runs the kernel body once with Index = i (range forms); Return ends the invocation.
func (lw *lowerer) body(i val) {
	if lw.k.Index != nil && i.s != "" {
		lw.set(lw.k.Index, i)
	}
	saved := lw.ret
	lw.ret = lw.f.label()
	lw.block(lw.k.Body)
	lw.f.place(lw.ret)
	lw.ret = saved
}

// strideLoop runs each(i) for i = start, start+step, ... while i < end (signed 64-bit).
func (lw *lowerer) strideLoop(start, step, end val, each func(i val)) {
	i := lw.newReg(ir.I64)
	lw.mov(i, start)
	head, done := lw.f.label(), lw.f.label()
	lw.f.place(head)
	p := lw.setp("ge", i, end)
	lw.ins("@%s bra %s", p, done)
	each(i)
	lw.ins("add.s64 %s, %s, %s", i, i, step)
	lw.ins("bra.uni %s", head)
	lw.f.place(done)
}

// rangeEntry is FormRange: (begin, end), a grid-stride loop over [begin, end).
func rangeEntry(m *module, k *ir.Kernel, name string) *function {
	lw := newEntry(m, k, name, "gk_begin", "gk_end")
	begin, end := lw.param("gk_begin", ir.I64), lw.param("gk_end", ir.I64)
	lw.loadParams()
	gid := lw.newReg(ir.I64)
	lw.ins("mul.wide.u32 %s, %s, %s", gid, lw.sreg("%ctaid.x"), lw.sreg("%ntid.x"))
	gid = lw.bin("add.s64", ir.I64, gid, lw.wide(lw.sreg("%tid.x")))
	step := lw.newReg(ir.I64)
	lw.ins("mul.wide.u32 %s, %s, %s", step, lw.sreg("%nctaid.x"), lw.sreg("%ntid.x"))
	start := lw.bin("add.s64", ir.I64, begin, gid)
	lw.strideLoop(start, step, end, func(i val) { lw.body(i) })
	lw.ins("ret")
	return lw.f
}

// accVals returns the accumulator locals' registers.
func (lw *lowerer) accVals() []val {
	out := make([]val, len(lw.k.Acc))
	for i, a := range lw.k.Acc {
		out[i] = lw.local(a)
	}
	return out
}

// slotBytes is the size of one partial value in device memory.
func (lw *lowerer) slotBytes() int64 { return int64(lw.k.Value.SlotBytes()) }

// blockSlot returns base + ctaid.x * slot size.
func (lw *lowerer) indexedSlot(base val, idx val) val {
	off := lw.newReg(ir.I64)
	lw.ins("mul.wide.u32 %s, %s, %d", off, idx, lw.slotBytes())
	return lw.bin("add.s64", ir.Ptr, base, off)
}

// storeFromThread0 stores v to addr on thread 0 of the block.
func (lw *lowerer) storeFromThread0(addr val, v []val) {
	first := lw.setp("eq", lw.geo.t, immInt(ir.U32, 0))
	lw.ifPred(first, func() { lw.storeTuple(".global", addr, 0, v) })
}

// reduceMainEntry is the Main entry of FormReduce: (begin, end, partials, result, op). Block
// b runs the contiguous chunk b of [begin, end), its threads taking indices lo+t, lo+t+threads,
// ... from op's identity, and stores the block's value combined with op in partials[b]; the
// last block to finish combines the partials into result[0] (combineLast). The body does not
// depend on op: only the identity and the block's tree dispatch on it.
func reduceMainEntry(m *module, k *ir.Kernel, name string, rs *opReducers) *function {
	lw := newEntry(m, k, name, "gk_begin", "gk_end", "gk_partials", "gk_result", "gk_op")
	lw.setupGeometry()
	begin, end := lw.param("gk_begin", ir.I64), lw.param("gk_end", ir.I64)
	partials, result := lw.globalParam("gk_partials"), lw.globalParam("gk_result")
	op := rs.opParam(lw)
	r := rs.forOp(op)
	lw.loadParams()
	cta, ncta := lw.sreg("%ctaid.x"), lw.sreg("%nctaid.x")
	lo, hi := lw.chunk(begin, end, cta, ncta)
	acc := lw.accVals()
	lw.assign(acc, r.identity(lw))
	start := lw.bin("add.s64", ir.I64, lo, lw.wide(lw.geo.t))
	lw.strideLoop(start, lw.wide(lw.geo.nthr), hi, func(i val) { lw.body(i) })
	res := lw.blockReduce(r, acc, immInt(ir.U32, 1), false)
	lw.storeFromThread0(lw.indexedSlot(partials, cta), res)
	lw.combineLast(rs, op, partials, result, ncta)
	lw.ins("ret")
	return lw.f
}

// reduceDoneSym is the module-scope count of the blocks of the running reduction that have
// stored their partial value (see combineLast). It is zero when the module is loaded, and the
// last block of every reduction sets it back to zero, so reductions of any grid may follow
// each other on the device's stream.
const reduceDoneSym = "gk_reduce_done"

// combineLast ends a reduce Main entry once thread 0 has stored the block's value in
// partials[ctaid]: thread 0 makes that store visible to the device (fence.acq_rel.gpu) and
// counts the block in reduceDoneSym, and the block that counts last, which then sees every
// block's value, combines partials[0:ncta] with op in a fixed order: thread t joins partials t,
// t+threads, ... from the identity, then the block's tree; its thread 0 stores result[0] and
// sets the count back to zero. This takes the place of a second launch of one block (and the
// device's gap between two launches) in every reduction. Each op has its own loop over the
// partials, so that the loop does not branch on op.
func (lw *lowerer) combineLast(rs *opReducers, op, partials, result, ncta val) {
	g := lw.geo
	lw.m.useGlobal(reduceDoneSym, fmt.Sprintf(".global .align 4 .u32 %s[1];", reduceDoneSym))
	lw.comment("the last block combines the partials")
	first := lw.setp("eq", g.t, immInt(ir.U32, 0))
	lw.ifPred(first, func() {
		lw.ins("fence.acq_rel.gpu")
		old := lw.newReg(ir.U32)
		lw.ins("atom.global.add.u32 %s, [%s], 1", old, reduceDoneSym)
		isLast := lw.setp("eq", old, lw.bin("sub.u32", ir.U32, ncta, immInt(ir.U32, 1)))
		lw.ins("fence.acq_rel.gpu")
		lw.storeMem(ir.U32, ".shared", g.stage, stageR, lw.selp(isLast, immInt(ir.U32, 1), immInt(ir.U32, 0)))
	})
	lw.ins("bar.sync 0")
	last := lw.setp("ne", lw.loadMem(ir.U32, ".shared", "", g.stage, stageR), immInt(ir.U32, 0))
	lw.ifPred(last, func() {
		acc := make([]val, len(rs.types))
		for i, t := range rs.types {
			acc[i] = lw.newReg(t)
		}
		count := lw.wide(ncta)
		start, step := lw.wide(g.t), lw.wide(g.nthr)
		lw.switchOp(op, rs.ops, func(i int) {
			r := rs.rs[i]
			lw.assign(acc, r.identity(lw))
			lw.strideLoop(start, step, count, func(j val) {
				a := lw.newReg(ir.Ptr)
				lw.ins("mad.lo.s64 %s, %s, %d, %s", a, j, lw.slotBytes(), partials)
				x := lw.loadTuple(".relaxed.gpu.global", a, 0, rs.types)
				r.combine(lw, acc, acc, x)
			})
		})
		res := lw.blockReduce(rs.forOp(op), acc, immInt(ir.U32, 1), false)
		lw.ifPred(first, func() {
			lw.storeTuple(".global", result, 0, res)
			lw.ins("st.relaxed.gpu.global.u32 [%s], 0", reduceDoneSym)
		})
	})
}

// teamEntry is FormTeam, or with reducers the Main entry of FormTeamReduce: block b runs
// league ranks b, b+grid, ..., with a barrier after each when the body uses scratch; scratch is
// carved as the ABI says.
// For a reduction (prefix ending in partials, result, op) every lane keeps its accumulator across its
// league ranks, starting from op's identity; lane 0 of each member contributes, combined with
// op in member order, thread 0 stores partials[b], and the last block to finish combines the
// partials into result[0] (combineLast).
func teamEntry(m *module, k *ir.Kernel, name string, rs *opReducers) *function {
	prefix := []string{"gk_league", "gk_team_size", "gk_vector_length", "gk_s0_team", "gk_s0_thread", "gk_s1_base", "gk_s1_team", "gk_s1_thread"}
	if rs != nil {
		prefix = append(prefix, "gk_partials", "gk_result", "gk_op")
	}
	lw := newEntry(m, k, name, prefix...)
	lw.setupGeometry()
	tm := &teamValues{}
	lw.team = tm
	tm.league = lw.param("gk_league", ir.I64)
	tm.teamSize = lw.param("gk_team_size", ir.I64)
	tm.vecLen = lw.param("gk_vector_length", ir.I64)
	tm.s0Team = lw.param("gk_s0_team", ir.I64)
	tm.s0Thread = lw.param("gk_s0_thread", ir.I64)
	tm.s1Base = lw.param("gk_s1_base", ir.Ptr)
	tm.s1Team = lw.param("gk_s1_team", ir.I64)
	tm.s1Thread = lw.param("gk_s1_thread", ir.I64)
	var partials, result, op val
	var r *reducer
	if rs != nil {
		partials, result = lw.globalParam("gk_partials"), lw.globalParam("gk_result")
		op = rs.opParam(lw)
		r = rs.forOp(op)
	}
	lw.setupMember()
	g := lw.geo
	cta, ncta := lw.sreg("%ctaid.x"), lw.sreg("%nctaid.x")
	y := lw.wide(g.tidy)
	// Level 0: dynamic shared memory (the kernel's own part is empty).
	m.dynShared = true
	dyn := lw.newReg(ir.Ptr)
	lw.ins("mov.u64 %s, %s", dyn, dynSym)
	tm.base[0][0] = dyn
	t0 := lw.bin("add.s64", ir.Ptr, dyn, tm.s0Team)
	tm.base[0][1] = lw.newReg(ir.Ptr)
	lw.ins("mad.lo.s64 %s, %s, %s, %s", tm.base[0][1], y, tm.s0Thread, t0)
	// Level 1: global memory, one part per block.
	per := lw.newReg(ir.I64)
	lw.ins("mad.lo.s64 %s, %s, %s, %s", per, tm.teamSize, tm.s1Thread, tm.s1Team)
	b1 := lw.newReg(ir.Ptr)
	lw.ins("mad.lo.s64 %s, %s, %s, %s", b1, lw.wide(cta), per, lw.convertAddr(tm.s1Base, ir.Generic, ir.Global))
	tm.base[1][0] = b1
	t1 := lw.bin("add.s64", ir.Ptr, b1, tm.s1Team)
	tm.base[1][1] = lw.newReg(ir.Ptr)
	lw.ins("mad.lo.s64 %s, %s, %s, %s", tm.base[1][1], y, tm.s1Thread, t1)
	for l := 0; l < 2; l++ {
		for p := 0; p < 2; p++ {
			tm.used[l][p] = lw.newReg(ir.I64)
		}
	}
	lw.loadParams()
	var acc []val
	if r != nil {
		acc = lw.accVals()
		lw.assign(acc, r.identity(lw))
	}
	// A block reuses its scratch for every league rank it runs: the next rank may start only
	// when every lane is done with it. Collectives need no extra barrier (their staging is
	// protected by their own).
	barrier := usesScratch(k.Body)
	tm.leagueRank = lw.newReg(ir.I64)
	lw.strideLoop(lw.wide(cta), lw.wide(ncta), tm.league, func(lr val) {
		lw.mov(tm.leagueRank, lr)
		for l := 0; l < 2; l++ {
			for p := 0; p < 2; p++ {
				lw.mov(tm.used[l][p], immInt(ir.I64, 0))
			}
		}
		lw.body(val{})
		if barrier {
			lw.ins("bar.sync 0")
		}
	})
	if r != nil {
		res := lw.blockReduce(r, acc, g.ntidx, false)
		lw.storeFromThread0(lw.indexedSlot(partials, cta), res)
		lw.combineLast(rs, op, partials, result, ncta)
	}
	lw.ins("ret")
	return lw.f
}

// scanValue returns the scan's value type.
func scanType(k *ir.Kernel) ir.Type { return k.Acc[0].T }

// scanUpEntry is Scan.Up: (begin, end, blockSums). Block b sums its chunk (as for reduce)
// with final=false, its threads taking strided indices, and stores the sum in blockSums[b].
func scanUpEntry(m *module, k *ir.Kernel, name string) *function {
	lw := newEntry(m, k, name, "gk_begin", "gk_end", "gk_sums")
	lw.setupGeometry()
	begin, end := lw.param("gk_begin", ir.I64), lw.param("gk_end", ir.I64)
	sums := lw.globalParam("gk_sums")
	lw.loadParams()
	cta, ncta := lw.sreg("%ctaid.x"), lw.sreg("%nctaid.x")
	lo, hi := lw.chunk(begin, end, cta, ncta)
	t := scanType(k)
	acc := lw.local(k.Acc[0])
	lw.mov(acc, zero(t))
	start := lw.bin("add.s64", ir.I64, lo, lw.wide(lw.geo.t))
	lw.strideLoop(start, lw.wide(lw.geo.nthr), hi, func(i val) {
		lw.set(k.Final, val{s: "0", t: ir.Bool, imm: true})
		lw.body(i)
	})
	res := lw.blockReduce(teamReducer(ir.OpSum, t), []val{acc}, immInt(ir.U32, 1), false)
	lw.storeFromThread0(lw.indexedSlot(sums, cta), res)
	lw.ins("ret")
	return lw.f
}

// scanMidEntry is Scan.Mid: (blockSums, count, total), one block. It replaces blockSums by
// their exclusive prefix sums, a block-wide scan per tile of threads with a running carry, and
// stores the total in total[0].
func scanMidEntry(m *module, k *ir.Kernel, name string) *function {
	lw := newEntry(m, k, name, "gk_sums", "gk_count", "gk_total")
	lw.setupGeometry()
	sums := lw.globalParam("gk_sums")
	count := lw.param("gk_count", ir.I64)
	total := lw.globalParam("gk_total")
	t := scanType(k)
	carry := lw.newReg(t)
	lw.mov(carry, zero(t))
	lw.strideLoop(lw.reg(immInt(ir.I64, 0)), lw.wide(lw.geo.nthr), count, func(base val) {
		j := lw.bin("add.s64", ir.I64, base, lw.wide(lw.geo.t))
		in := lw.setp("lt", j, count)
		a := lw.newReg(ir.Ptr)
		lw.ins("mad.lo.s64 %s, %s, %d, %s", a, j, lw.slotBytes(), sums)
		v := lw.newReg(t)
		lw.mov(v, zero(t))
		lw.ifPred(in, func() { lw.mov(v, lw.loadMem(t, ".global", "", a, 0)) })
		excl, tot := lw.blockScan(v, immInt(ir.U32, 1))
		lw.ifPred(in, func() { lw.storeMem(t, ".global", a, 0, lw.addVals(carry, excl)) })
		lw.mov(carry, lw.addVals(carry, tot))
	})
	lw.storeFromThread0(total, []val{carry})
	lw.ins("ret")
	return lw.f
}

// scanDownEntry is Scan.Down: (begin, end, blockSums). Block b walks its chunk in tiles of one
// index per thread: each thread runs the body with final=false from zero to get its index's
// contribution, a block-wide scan gives each its exclusive prefix within the chunk, and the
// body runs again with final=true from blockSums[b] + the carry of earlier tiles + that prefix.
func scanDownEntry(m *module, k *ir.Kernel, name string) *function {
	lw := newEntry(m, k, name, "gk_begin", "gk_end", "gk_sums")
	lw.setupGeometry()
	begin, end := lw.param("gk_begin", ir.I64), lw.param("gk_end", ir.I64)
	sums := lw.globalParam("gk_sums")
	lw.loadParams()
	cta, ncta := lw.sreg("%ctaid.x"), lw.sreg("%nctaid.x")
	lo, hi := lw.chunk(begin, end, cta, ncta)
	t := scanType(k)
	carry := lw.newReg(t)
	lw.mov(carry, lw.loadMem(t, ".global", "", lw.indexedSlot(sums, cta), 0))
	acc := lw.local(k.Acc[0])
	lw.strideLoop(lo, lw.wide(lw.geo.nthr), hi, func(base val) {
		i := lw.bin("add.s64", ir.I64, base, lw.wide(lw.geo.t))
		in := lw.setp("lt", i, hi)
		lw.mov(acc, zero(t))
		lw.ifPred(in, func() {
			lw.set(k.Final, val{s: "0", t: ir.Bool, imm: true})
			lw.body(i)
		})
		v := lw.fresh([]val{acc})[0]
		excl, tot := lw.blockScan(v, immInt(ir.U32, 1))
		lw.ifPred(in, func() {
			lw.mov(acc, lw.addVals(carry, excl))
			lw.set(k.Final, val{s: "1", t: ir.Bool, imm: true})
			lw.body(i)
		})
		lw.mov(carry, lw.addVals(carry, tot))
	})
	lw.ins("ret")
	return lw.f
}

// usesScratch reports whether b allocates team or thread scratch.
func usesScratch(b ir.Block) bool {
	found := false
	ir.Walk(b, func(s ir.Stmt) bool {
		if _, ok := s.(*ir.ScratchAlloc); ok {
			found = true
		}
		return !found
	})
	return found
}

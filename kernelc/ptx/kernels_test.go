package ptx

import (
	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// testKernel is a hand-built IR kernel for the back end's tests.
type testKernel struct {
	name string
	k    *ir.Kernel
}

// axpyKernel is Y[i] = A*X[i] + Y[i].
func axpyKernel() *ir.Kernel {
	b := newKB("main.axpy", abi.FormRange)
	a := b.scalar("A", ir.F64)
	x := b.view("X", 1, ir.F64, false)
	y := b.view("Y", 1, ir.F64, true)
	xi, yi := b.local("", ir.F64), b.local("", ir.F64)
	i := b.k.Index
	b.k.Body = ir.Block{
		loadRO(xi, x, i),
		load(yi, y, i),
		store(y, bin(ir.Add, bin(ir.Mul, a, xi), yi), i),
	}
	return b.k
}

// intOpsKernel applies every integer operator of type t to X[i] and a scalar S and stores the
// results in row i of the 2-D view Out.
func intOpsKernel(t ir.Type) *ir.Kernel {
	b := newKB("main.intops_"+t.String(), abi.FormRange)
	s := b.scalar("S", t)
	sh := b.scalar("Sh", ir.I64)
	x := b.view("X", 1, t, false)
	out := b.view("Out", 2, t, true)
	xi := b.local("x", t)
	i := b.k.Index
	body := ir.Block{loadRO(xi, x, i)}
	col := int64(0)
	put := func(e ir.Expr) {
		body = append(body, store(out, e, i, ci(ir.I64, col)))
		col++
	}
	for _, op := range []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div, ir.Rem, ir.And, ir.Or, ir.Xor, ir.AndNot} {
		put(bin(op, xi, s))
	}
	put(bin(ir.Div, xi, ci(t, 7)))
	put(bin(ir.Rem, xi, ci(t, -3)))
	put(bin(ir.Div, xi, ci(t, -1)))
	put(bin(ir.Shl, xi, sh))
	put(bin(ir.Shr, xi, sh))
	put(bin(ir.Shl, xi, conv(ir.U8, sh)))
	put(bin(ir.Shr, xi, conv(ir.I32, sh)))
	put(bin(ir.Shl, xi, ci(ir.U32, 3)))
	put(bin(ir.Shr, xi, ci(ir.U64, 70)))
	put(un(ir.Neg, xi))
	put(un(ir.Compl, xi))
	put(sel(bin(ir.Lt, xi, s), xi, s))
	put(sel(bin(ir.Ge, xi, s), xi, s))
	put(sel(bin(ir.Ne, xi, s), xi, s))
	put(call(ir.Min, xi, s))
	put(call(ir.Max, xi, s))
	for _, u := range allInts {
		put(conv(t, conv(u, xi)))
	}
	put(conv(t, conv(ir.F32, xi)))
	put(conv(t, conv(ir.F64, xi)))
	if t.IsUnsigned() {
		for _, fn := range []ir.Builtin{ir.OnesCount, ir.LeadingZeros, ir.TrailingZeros, ir.Len} {
			put(conv(t, call(fn, xi)))
		}
		put(call(ir.RotateLeft, xi, sh))
		put(call(ir.Reverse, xi))
		if t != ir.U8 {
			put(call(ir.ReverseBytes, xi))
		}
	}
	b.k.Body = body
	return b.k
}

// floatOpsKernel applies float operators and the builtins of type t.
func floatOpsKernel(t ir.Type, transcendental bool) *ir.Kernel {
	name := "main.floatops_" + t.String()
	if transcendental {
		name = "main.mathops_" + t.String()
	}
	b := newKB(name, abi.FormRange)
	s := b.scalar("S", t)
	x := b.view("X", 1, t, false)
	out := b.view("Out", 2, t, true)
	flags := b.view("Flags", 2, ir.U8, true)
	xi := b.local("x", t)
	i := b.k.Index
	body := ir.Block{loadRO(xi, x, i)}
	col, fcol := int64(0), int64(0)
	put := func(e ir.Expr) {
		body = append(body, store(out, e, i, ci(ir.I64, col)))
		col++
	}
	flag := func(e ir.Expr) {
		body = append(body, store(flags, sel(e, ci(ir.U8, 1), ci(ir.U8, 0)), i, ci(ir.I64, fcol)))
		fcol++
	}
	if !transcendental {
		for _, op := range []ir.BinOp{ir.Add, ir.Sub, ir.Mul, ir.Div} {
			put(bin(op, xi, s))
		}
		for _, op := range []ir.BinOp{ir.Eq, ir.Ne, ir.Lt, ir.Le, ir.Gt, ir.Ge} {
			flag(bin(op, xi, s))
		}
		put(un(ir.Neg, xi))
		for _, fn := range []ir.Builtin{ir.Sqrt, ir.Abs, ir.Floor, ir.Ceil, ir.Trunc, ir.Round, ir.RoundToEven} {
			put(call(fn, xi))
		}
		put(call(ir.Copysign, xi, s))
		put(call(ir.FMA, xi, s, xi))
		put(call(ir.Min, xi, s))
		put(call(ir.Max, xi, s))
		flag(call(ir.IsNaN, xi))
		flag(call(ir.Signbit, xi))
		flag(call(ir.IsInf, xi, ci(ir.I64, 1)))
		flag(call(ir.IsInf, xi, ci(ir.I64, -1)))
		flag(call(ir.IsInf, xi, ci(ir.I64, 0)))
		if t == ir.F32 {
			put(call(ir.Float32FromBits, call(ir.Float32Bits, xi)))
		} else {
			put(call(ir.Float64FromBits, call(ir.Float64Bits, xi)))
		}
		put(conv(t, conv(ir.F32, xi)))
		put(conv(t, conv(ir.F64, xi)))
	} else {
		for fn := ir.Exp; fn <= ir.Erfc; fn++ {
			put(call(fn, xi))
		}
		for _, fn := range []ir.Builtin{ir.Pow, ir.Atan2, ir.Hypot, ir.Mod} {
			put(call(fn, xi, s))
		}
	}
	b.k.Body = body
	return b.k
}

// atomicKernel applies every atomic operation to element i%4 of A (element type t).
func atomicKernel(t ir.Type) *ir.Kernel {
	b := newKB("main.atomics_"+t.String(), abi.FormRange)
	a := b.view("A", 1, t, true)
	old := b.view("Old", 2, t, true)
	ok := b.view("OK", 1, ir.U8, true)
	s := b.scalar("S", t)
	i := b.k.Index
	j := bin(ir.Rem, i, ci(ir.I64, 4))
	r := b.local("r", t)
	var body ir.Block
	col := int64(0)
	ops := []ir.AtomicOp{ir.AtomicAdd, ir.AtomicSub, ir.AtomicMin, ir.AtomicMax, ir.AtomicExchange, ir.AtomicLoad}
	if t.IsInt() {
		ops = append(ops, ir.AtomicAnd, ir.AtomicOr, ir.AtomicXor)
	}
	for _, op := range ops {
		st := &ir.Atomic{Op: op, Dst: r, View: a, Index: []ir.Expr{j}}
		if op != ir.AtomicLoad {
			st.Val = s
		}
		body = append(body, st, store(old, r, i, ci(ir.I64, col)))
		col++
	}
	c := b.local("c", ir.Bool)
	body = append(body,
		&ir.Atomic{Op: ir.AtomicCAS, Dst: c, View: a, Index: []ir.Expr{j}, Val: s, Cmp: r},
		store(ok, sel(c, ci(ir.U8, 1), ci(ir.U8, 0)), i),
		&ir.Atomic{Op: ir.AtomicStore, View: a, Index: []ir.Expr{bin(ir.Add, j, ci(ir.I64, 4))}, Val: s},
		&ir.Atomic{Op: ir.AtomicAdd, View: a, Index: []ir.Expr{j}, Val: s},
	)
	b.k.Body = body
	return b.k
}

// reduceKernel sums (or applies any supported op to) X[i] of type t.
func reduceKernel(t ir.Type) *ir.Kernel {
	b := newKB("main.reduce_"+t.String(), abi.FormReduce)
	x := b.view("X", 1, t, false)
	acc := b.acc(t, false)[0]
	xi := b.local("x", t)
	i := b.k.Index
	b.k.Body = ir.Block{loadRO(xi, x, i)}
	switch {
	case t.IsFloat():
		b.k.ReduceOps = []abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax}
	default:
		b.k.ReduceOps = []abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax, abi.OpBAnd, abi.OpBOr}
	}
	// The body adds its element with the op chosen by a parameter, as a kernel body would for
	// one reduction; the test drives it with Op.
	op := b.scalar("Op", ir.I64)
	b.k.Body = append(b.k.Body, &ir.If{
		Cond: bin(ir.Eq, op, ci(ir.I64, int64(abi.OpSum))),
		Then: ir.Block{assign(acc, bin(ir.Add, acc, xi))},
		Else: ir.Block{&ir.If{
			Cond: bin(ir.Eq, op, ci(ir.I64, int64(abi.OpProd))),
			Then: ir.Block{assign(acc, bin(ir.Mul, acc, xi))},
			Else: ir.Block{&ir.If{
				Cond: bin(ir.Eq, op, ci(ir.I64, int64(abi.OpMin))),
				Then: ir.Block{assign(acc, call(ir.Min, acc, xi))},
				Else: ir.Block{&ir.If{
					Cond: bin(ir.Eq, op, ci(ir.I64, int64(abi.OpMax))),
					Then: ir.Block{assign(acc, call(ir.Max, acc, xi))},
					Else: reduceBitOps(t, op, acc, xi),
				}},
			}},
		}},
	})
	return b.k
}

func reduceBitOps(t ir.Type, op, acc, xi *ir.Local) ir.Block {
	if t.IsFloat() {
		return nil
	}
	return ir.Block{&ir.If{
		Cond: bin(ir.Eq, op, ci(ir.I64, int64(abi.OpBAnd))),
		Then: ir.Block{assign(acc, bin(ir.And, acc, xi))},
		Else: ir.Block{assign(acc, bin(ir.Or, acc, xi))},
	}}
}

// minLocKernel is a MinLoc/MaxLoc reduction over X.
func minLocKernel(t ir.Type) *ir.Kernel {
	b := newKB("main.minloc_"+t.String(), abi.FormReduce)
	x := b.view("X", 1, t, false)
	acc := b.acc(t, true)
	isMax := b.scalar("IsMax", ir.Bool)
	xi := b.local("x", t)
	i := b.k.Index
	b.k.ReduceOps = []abi.ReduceOp{abi.OpMinLoc, abi.OpMaxLoc}
	b.k.Body = ir.Block{
		loadRO(xi, x, i),
		&ir.If{
			Cond: bin(ir.LOr,
				bin(ir.LAnd, un(ir.Not, isMax), bin(ir.Lt, xi, acc[0])),
				bin(ir.LAnd, isMax, bin(ir.Gt, xi, acc[0]))),
			Then: ir.Block{assign(acc[0], xi), assign(acc[1], i)},
		},
	}
	return b.k
}

// logicalKernel is an LAnd/LOr reduction of X[i] != 0.
func logicalKernel() *ir.Kernel {
	b := newKB("main.logical", abi.FormReduce)
	x := b.view("X", 1, ir.I32, false)
	and := b.scalar("And", ir.Bool)
	acc := b.acc(ir.Bool, false)[0]
	xi := b.local("x", ir.I32)
	i := b.k.Index
	b.k.ReduceOps = []abi.ReduceOp{abi.OpLAnd, abi.OpLOr}
	nz := bin(ir.Ne, xi, ci(ir.I32, 0))
	b.k.Body = ir.Block{
		loadRO(xi, x, i),
		assign(acc, sel(and, bin(ir.LAnd, acc, nz), bin(ir.LOr, acc, nz))),
	}
	return b.k
}

// customKernel reduces with its own Init and Join: the sum of squares, with a parameter
// offset in the identity (so Final needs the kernel's slots).
func customKernel() *ir.Kernel {
	b := newKB("main.custom", abi.FormReduce)
	x := b.view("X", 1, ir.I64, false)
	off := b.scalar("Off", ir.I64)
	acc := b.acc(ir.I64, false)[0]
	xi := b.local("x", ir.I64)
	i := b.k.Index
	b.k.Body = ir.Block{loadRO(xi, x, i), assign(acc, bin(ir.Add, acc, bin(ir.Mul, xi, xi)))}
	d, s := b.local("dst", ir.I64), b.local("src", ir.I64)
	di := b.local("idst", ir.I64)
	b.k.Init = &ir.Func{Dst: []*ir.Local{di}, Body: ir.Block{assign(di, off)}}
	b.k.Join = &ir.Func{Dst: []*ir.Local{d}, Src: []*ir.Local{s}, Body: ir.Block{
		&ir.If{Cond: bin(ir.Eq, s, off), Then: ir.Block{&ir.Return{}}},
		assign(d, bin(ir.Sub, bin(ir.Add, d, s), off)),
	}}
	b.k.ReduceOps = []abi.ReduceOp{abi.OpCustom}
	return b.k
}

// scanKernel is an exclusive prefix sum of X into Out.
func scanKernel(t ir.Type) *ir.Kernel {
	b := newKB("main.scan_"+t.String(), abi.FormScan)
	x := b.view("X", 1, t, false)
	out := b.view("Out", 1, t, true)
	acc := b.acc(t, false)[0]
	xi := b.local("x", t)
	i := b.k.Index
	b.k.Body = ir.Block{
		loadRO(xi, x, i),
		&ir.If{Cond: b.k.Final, Then: ir.Block{store(out, acc, i)}},
		assign(acc, bin(ir.Add, acc, xi)),
	}
	return b.k
}

// teamKernel exercises every team construct. Team lr writes its results into row lr of Out
// (int64, 40 columns); teamExpect computes them.
func teamKernel(form abi.Form) *ir.Kernel {
	name := "main.team"
	if form == abi.FormTeamReduce {
		name = "main.teamreduce"
	}
	b := newKB(name, form)
	in := b.view("In", 1, ir.I64, false)
	out := b.view("Out", 2, ir.I64, true)
	k := b.k
	lr, rank := b.local("lr", ir.I64), b.local("rank", ir.I64)
	n, ts := b.local("n", ir.I64), b.local("ts", ir.I64)
	v, w := b.local("v", ir.I64), b.local("w", ir.I64)
	f := b.local("f", ir.F64)
	tile := k.NewView("tile", 1, ir.I64, ir.Shared)
	mine := k.NewView("mine", 1, ir.I64, ir.Shared)
	big := k.NewView("big", 1, ir.F64, ir.Global)
	gen := k.NewView("gen", 1, ir.I64, ir.Generic)
	row := k.NewView("row", 1, ir.I64, ir.Global)
	j, jacc := b.local("j", ir.I64), b.local("jacc", ir.I64)
	fin := b.local("fin", ir.Bool)
	red, pre, tot := b.local("red", ir.I64), b.local("pre", ir.I64), b.local("tot", ir.I64)
	col := func(c int64) ir.Expr { return ci(ir.I64, c) }
	single := func(s ...ir.Stmt) ir.Stmt { return &ir.Single{Body: s} }
	k.Body = ir.Block{
		assign(lr, spec(ir.LeagueRank)),
		assign(rank, spec(ir.TeamRank)),
		assign(ts, spec(ir.TeamSize)),
		assign(n, bin(ir.Mul, ts, spec(ir.VectorLength))),
		&ir.ScratchAlloc{Dst: tile, Level: 0, Count: n},
		&ir.ScratchAlloc{Dst: mine, Level: 0, PerThread: true, Count: col(4)},
		&ir.ScratchAlloc{Dst: big, Level: 1, Count: col(8)},
		&ir.SubView{Kind: ir.SubRow, Dst: row, Src: out, Args: []ir.Expr{lr}},
		// tile[j] = In[j % len(In)] + lr over every lane.
		&ir.TeamLoop{Kind: ir.TeamVectorRange, Var: j, Begin: col(0), End: n, Body: ir.Block{
			loadRO(w, in, bin(ir.Rem, j, in.Extent[0])),
			store(tile, bin(ir.Add, w, lr), j),
		}},
		&ir.Barrier{},
		&ir.RangeReduce{Kind: ir.ThreadRange, Var: j, Begin: col(0), End: n, Op: ir.OpSum, Acc: jacc, Dst: red, Body: ir.Block{
			load(w, tile, j), assign(jacc, bin(ir.Add, jacc, w)),
		}},
		single(store(row, red, col(0))),
		&ir.RangeReduce{Kind: ir.TeamVectorRange, Var: j, Begin: col(0), End: n, Op: ir.OpMax, Acc: jacc, Dst: red, Body: ir.Block{
			load(w, tile, j), assign(jacc, call(ir.Max, jacc, w)),
		}},
		single(store(row, red, col(1))),
		&ir.RangeReduce{Kind: ir.VectorRange, Var: j, Begin: col(0), End: col(10), Op: ir.OpSum, Acc: jacc, Dst: red, Body: ir.Block{
			assign(jacc, bin(ir.Add, jacc, bin(ir.Mul, j, bin(ir.Add, rank, col(1))))),
		}},
		&ir.If{Cond: bin(ir.Eq, rank, bin(ir.Sub, ts, col(1))), Then: ir.Block{store(row, red, col(2))}},
		&ir.RangeScan{Kind: ir.ThreadRange, Var: j, Begin: col(0), End: n, Acc: jacc, Final: fin, Dst: red, Body: ir.Block{
			load(w, tile, j),
			&ir.If{Cond: bin(ir.LAnd, fin, bin(ir.Lt, j, col(8))), Then: ir.Block{store(row, jacc, bin(ir.Add, j, col(16)))}},
			assign(jacc, bin(ir.Add, jacc, w)),
		}},
		single(store(row, red, col(3))),
		&ir.RangeScan{Kind: ir.VectorRange, Var: j, Begin: col(0), End: col(7), Acc: jacc, Final: fin, Dst: red, Body: ir.Block{
			&ir.If{Cond: bin(ir.LAnd, fin, bin(ir.Eq, rank, col(0))), Then: ir.Block{store(row, jacc, bin(ir.Add, j, col(8)))}},
			assign(jacc, bin(ir.Add, jacc, bin(ir.Add, j, col(1)))),
		}},
		&ir.If{Cond: bin(ir.Eq, rank, col(0)), Then: ir.Block{store(row, red, col(4))}},
		&ir.TeamReduce{Dst: v, Val: bin(ir.Sub, col(100), bin(ir.Add, rank, lr)), Op: ir.OpMin},
		single(store(row, v, col(5))),
		&ir.TeamScan{Prefix: pre, Total: tot, Val: bin(ir.Add, rank, col(1))},
		&ir.If{Cond: bin(ir.Eq, rank, bin(ir.Sub, ts, col(1))), Then: ir.Block{
			store(row, pre, col(6)), store(row, tot, col(7)),
		}},
		&ir.Broadcast{Dst: v, Val: bin(ir.Add, bin(ir.Mul, rank, col(10)), lr), From: bin(ir.Sub, ts, col(1))},
		single(store(row, v, col(15))),
		store(mine, bin(ir.Mul, rank, col(3)), col(1)),
		&ir.ViewCopy{Dst: gen, Src: mine},
		load(v, gen, col(1)),
		&ir.If{Cond: bin(ir.Lt, rank, col(8)), Then: ir.Block{store(row, v, bin(ir.Add, rank, col(24)))}},
		single(store(big, cf(ir.F64, 2.5), col(3))),
		load(f, big, col(3)),
		single(store(row, conv(ir.I64, bin(ir.Mul, f, cf(ir.F64, 4))), col(32))),
		&ir.TeamLoop{Kind: ir.ThreadRange, Var: j, Begin: col(0), End: ts, Body: ir.Block{
			&ir.Atomic{Op: ir.AtomicAdd, View: row, Index: []ir.Expr{col(33)}, Val: col(1)},
		}},
		&ir.TeamLoop{Kind: ir.VectorRange, Var: j, Begin: col(0), End: bin(ir.Mul, spec(ir.VectorLength), col(2)), Body: ir.Block{
			&ir.If{Cond: bin(ir.Eq, j, col(1)), Then: ir.Block{&ir.Continue{}}},
			&ir.Atomic{Op: ir.AtomicAdd, View: row, Index: []ir.Expr{col(34)}, Val: col(1)},
		}},
		single(store(row, spec(ir.LeagueSize), col(35))),
	}
	if form == abi.FormTeamReduce {
		acc := b.acc(ir.I64, false)[0]
		k.ReduceOps = []abi.ReduceOp{abi.OpSum, abi.OpProd, abi.OpMin, abi.OpMax, abi.OpBAnd, abi.OpBOr}
		k.Body = append(k.Body, assign(acc, bin(ir.Add, acc, bin(ir.Add, lr, rank))))
	}
	return k
}

func allTestKernels() []testKernel {
	var out []testKernel
	add := func(k *ir.Kernel) { out = append(out, testKernel{k.Name, k}) }
	add(axpyKernel())
	for _, t := range allInts {
		add(intOpsKernel(t))
		add(atomicKernel(t))
		add(reduceKernel(t))
		add(minLocKernel(t))
		add(scanKernel(t))
	}
	for _, t := range allFloats {
		add(floatOpsKernel(t, false))
		add(floatOpsKernel(t, true))
		add(atomicKernel(t))
		add(reduceKernel(t))
		add(minLocKernel(t))
		add(scanKernel(t))
	}
	add(logicalKernel())
	add(customKernel())
	add(teamKernel(abi.FormTeam))
	add(teamKernel(abi.FormTeamReduce))
	add(sharedAtomicKernel())
	return out
}

// sharedAtomicKernel counts with atomics in level-0 scratch (through a shared and a generic
// view) and in a 2-D global view: Out[lr][0] = team threads, Out[lr][1] = team threads * 2,
// Count[lr][lr%2] += team threads.
func sharedAtomicKernel() *ir.Kernel {
	b := newKB("main.sharedatomics", abi.FormTeam)
	out := b.view("Out", 2, ir.I32, true)
	cnt := b.view("Count", 2, ir.I64, true)
	k := b.k
	lr, v := b.local("lr", ir.I64), b.local("v", ir.I32)
	sh := k.NewView("sh", 1, ir.I32, ir.Shared)
	gv := k.NewView("gv", 1, ir.I32, ir.Generic)
	small := k.NewView("small", 1, ir.U16, ir.Shared)
	u := b.local("u", ir.U16)
	k.Body = ir.Block{
		assign(lr, spec(ir.LeagueRank)),
		&ir.ScratchAlloc{Dst: sh, Level: 0, Count: ci(ir.I64, 2)},
		&ir.ScratchAlloc{Dst: small, Level: 0, Count: ci(ir.I64, 2)},
		&ir.Single{Body: ir.Block{
			store(sh, ci(ir.I32, 0), ci(ir.I64, 0)), store(sh, ci(ir.I32, 0), ci(ir.I64, 1)),
			store(small, ci(ir.U16, 0), ci(ir.I64, 0)),
		}},
		&ir.ViewCopy{Dst: gv, Src: sh},
		&ir.Atomic{Op: ir.AtomicAdd, View: sh, Index: []ir.Expr{ci(ir.I64, 0)}, Val: ci(ir.I32, 1)},
		&ir.Atomic{Op: ir.AtomicAdd, View: gv, Index: []ir.Expr{ci(ir.I64, 1)}, Val: ci(ir.I32, 2)},
		&ir.Atomic{Op: ir.AtomicAdd, View: small, Index: []ir.Expr{ci(ir.I64, 0)}, Val: ci(ir.U16, 1)},
		&ir.Atomic{Op: ir.AtomicAdd, View: cnt, Index: []ir.Expr{lr, bin(ir.Rem, lr, ci(ir.I64, 2))}, Val: ci(ir.I64, 1)},
		&ir.Barrier{},
		&ir.Atomic{Op: ir.AtomicLoad, Dst: v, View: gv, Index: []ir.Expr{ci(ir.I64, 0)}},
		&ir.Atomic{Op: ir.AtomicLoad, Dst: u, View: small, Index: []ir.Expr{ci(ir.I64, 0)}},
		&ir.Single{Body: ir.Block{
			store(out, v, lr, ci(ir.I64, 0)),
			store(out, bin(ir.Add, conv(ir.I32, u), ci(ir.I32, 0)), lr, ci(ir.I64, 2)),
		}},
		load(v, sh, ci(ir.I64, 1)),
		&ir.Single{Body: ir.Block{store(out, v, lr, ci(ir.I64, 1))}},
	}
	return k
}

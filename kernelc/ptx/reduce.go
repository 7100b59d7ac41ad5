package ptx

import (
	"fmt"
	"math"
	"slices"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// reducer is a reduction: the accumulator's component types, its identity and its join.
type reducer struct {
	types []ir.Type
	// identity returns the identity's components.
	identity func(lw *lowerer) []val
	// combine stores join(a, b) (a the earlier, b the later contribution) into the registers
	// dst, which may be a's.
	combine func(lw *lowerer, dst, a, b []val)
	// loop makes collectives run their shuffle rounds as a loop instead of unrolling them, so
	// that a combine which dispatches on the launch's op appears only a few times.
	loop bool
}

// maxOf and lowestOf return the largest and lowest values of an integer type, and ±Inf for
// floats.
func maxOf(t ir.Type) val {
	switch t {
	case ir.F32:
		return immF32(float32(math.Inf(1)))
	case ir.F64:
		return immF64(math.Inf(1))
	}
	if t.IsUnsigned() {
		return immUint(t, ir.Normalize(t, math.MaxUint64, false))
	}
	return immInt(t, int64(ir.Normalize(t, math.MaxUint64>>(65-uint(t.Bits())), true)))
}

func lowestOf(t ir.Type) val {
	switch t {
	case ir.F32:
		return immF32(float32(math.Inf(-1)))
	case ir.F64:
		return immF64(math.Inf(-1))
	}
	if t.IsUnsigned() {
		return immInt(t, 0)
	}
	return immInt(t, -1<<(uint(t.Bits())-1))
}

// allOnes returns the all-ones value of an integer type, normalized.
func allOnes(t ir.Type) val {
	if t.IsUnsigned() {
		return immUint(t, ir.Normalize(t, math.MaxUint64, false))
	}
	return immInt(t, -1)
}

func one(t ir.Type) val {
	switch t {
	case ir.F32:
		return immF32(1)
	case ir.F64:
		return immF64(1)
	}
	return immInt(t, 1)
}

// simple returns a one-component reducer with a fixed identity and a join built from a binary
// operation.
func simple(t ir.Type, id val, op func(lw *lowerer, a, b val) val) *reducer {
	return &reducer{
		types:    []ir.Type{t},
		identity: func(lw *lowerer) []val { return []val{id} },
		combine: func(lw *lowerer, dst, a, b []val) {
			lw.mov(dst[0], op(lw, a[0], b[0]))
		},
	}
}

func binop(op ir.BinOp) func(lw *lowerer, a, b val) val {
	return func(lw *lowerer, a, b val) val { return lw.binary(op, a, b) }
}

func minmaxOp(isMax bool) func(lw *lowerer, a, b val) val {
	return func(lw *lowerer, a, b val) val { return lw.minmax(isMax, a, b) }
}

// teamReducer returns the reducer of a team operation on type t.
func teamReducer(op ir.TeamOp, t ir.Type) *reducer {
	switch op {
	case ir.OpSum:
		return simple(t, zero(t), binop(ir.Add))
	case ir.OpProd:
		return simple(t, one(t), binop(ir.Mul))
	case ir.OpMin:
		return simple(t, maxOf(t), minmaxOp(false))
	case ir.OpMax:
		return simple(t, lowestOf(t), minmaxOp(true))
	case ir.OpBAnd:
		return simple(t, allOnes(t), binop(ir.And))
	case ir.OpBOr:
		return simple(t, zero(t), binop(ir.Or))
	}
	panic(fmt.Sprintf("ptx: team reduction %d", op))
}

// kernelReducer returns the reducer of a kernel reduction op for k's accumulator.
func kernelReducer(k *ir.Kernel, op abi.ReduceOp) (*reducer, error) {
	t := k.Acc[0].T
	switch op {
	case abi.OpSum:
		return simple(t, zero(t), binop(ir.Add)), nil
	case abi.OpProd:
		return simple(t, one(t), binop(ir.Mul)), nil
	case abi.OpMin:
		return simple(t, maxOf(t), minmaxOp(false)), nil
	case abi.OpMax:
		return simple(t, lowestOf(t), minmaxOp(true)), nil
	case abi.OpBAnd:
		return simple(t, allOnes(t), binop(ir.And)), nil
	case abi.OpBOr:
		return simple(t, zero(t), binop(ir.Or)), nil
	case abi.OpLAnd:
		return simple(ir.Bool, val{s: "1", t: ir.Bool, imm: true}, binop(ir.LAnd)), nil
	case abi.OpLOr:
		return simple(ir.Bool, val{s: "0", t: ir.Bool, imm: true}, binop(ir.LOr)), nil
	case abi.OpMinLoc, abi.OpMaxLoc:
		return locReducer(t, op == abi.OpMaxLoc), nil
	case abi.OpCustom:
		if k.Init == nil || k.Join == nil {
			return nil, fmt.Errorf("reduction %s without Init and Join methods", op)
		}
		return customReducer(k), nil
	}
	return nil, fmt.Errorf("reduction %s is not supported on the device", op)
}

// opReducers are the reductions a reduce kernel's one pair of entries implements: rs[i] is
// the reducer of ops[i]. Every reducer has the accumulator's component types.
type opReducers struct {
	ops   []abi.ReduceOp
	rs    []*reducer
	types []ir.Type
}

// kernelReducers returns the reducers of ops (increasing, not empty) for k's accumulator.
func kernelReducers(k *ir.Kernel, ops []abi.ReduceOp) (*opReducers, error) {
	o := &opReducers{ops: ops}
	for _, op := range ops {
		r, err := kernelReducer(k, op)
		if err != nil {
			return nil, err
		}
		if o.types == nil {
			o.types = r.types
		} else if !slices.Equal(o.types, r.types) {
			return nil, fmt.Errorf("reduction %s has accumulator components %v, reduction %s %v", op, r.types, ops[0], o.types)
		}
		o.rs = append(o.rs, r)
	}
	return o, nil
}

// switchOp runs each(i) for the reduction ops[i] equal to op, the launch's op argument (a U32
// register with the same value on every thread): a chain of uniform branches that compare op
// with every op but the last, which takes any other value. With a single op, each(0) runs
// without a test.
func (lw *lowerer) switchOp(op val, ops []abi.ReduceOp, each func(i int)) {
	last := len(ops) - 1
	if last == 0 {
		each(0)
		return
	}
	done := lw.f.label()
	for i, o := range ops[:last] {
		next := lw.f.label()
		p := lw.setp("ne", op, immInt(ir.U32, int64(o)))
		lw.ins("@%s bra.uni %s", p, next)
		each(i)
		lw.ins("bra.uni %s", done)
		lw.f.place(next)
	}
	each(last)
	lw.f.place(done)
}

// opParam loads the op argument gk_op as a U32, or returns no value when the entries implement
// a single op and need not read it.
func (o *opReducers) opParam(lw *lowerer) val {
	if len(o.ops) == 1 {
		return val{}
	}
	return lw.param("gk_op", ir.U32)
}

// forOp returns the reducer of the launch's op (a U32 register): its identity and combine
// dispatch on op with switchOp, and collectives loop over their shuffle rounds so that the
// dispatch appears once per loop. With a single op it is that op's reducer.
func (o *opReducers) forOp(op val) *reducer {
	if len(o.rs) == 1 {
		return o.rs[0]
	}
	return &reducer{
		types: o.types,
		identity: func(lw *lowerer) []val {
			out := make([]val, len(o.types))
			for i, t := range o.types {
				out[i] = lw.newReg(t)
			}
			lw.switchOp(op, o.ops, func(i int) { lw.assign(out, o.rs[i].identity(lw)) })
			return out
		},
		combine: func(lw *lowerer, dst, a, b []val) {
			lw.switchOp(op, o.ops, func(i int) { o.rs[i].combine(lw, dst, a, b) })
		},
		loop: true,
	}
}

// locReducer is MinLoc or MaxLoc: the better value wins, and among equal values the smaller
// location (portable's rule, so the result does not depend on the combination order).
func locReducer(t ir.Type, isMax bool) *reducer {
	id := maxOf(t)
	cmp := ir.Lt
	if isMax {
		id, cmp = lowestOf(t), ir.Gt
	}
	return &reducer{
		types:    []ir.Type{t, ir.I64},
		identity: func(lw *lowerer) []val { return []val{id, immInt(ir.I64, math.MaxInt64)} },
		combine: func(lw *lowerer, dst, a, b []val) {
			better := lw.compare(cmp, b[0], a[0])
			tie := lw.binary(ir.LAnd, lw.compare(ir.Eq, b[0], a[0]), lw.compare(ir.Lt, b[1], a[1]))
			take := lw.binary(ir.LOr, better, tie)
			v := lw.selp(take, b[0], a[0])
			l := lw.selp(take, b[1], a[1])
			lw.mov(dst[0], v)
			lw.mov(dst[1], l)
		},
	}
}

// customReducer inlines the kernel's Init and Join methods.
func customReducer(k *ir.Kernel) *reducer {
	types := make([]ir.Type, len(k.Acc))
	for i, a := range k.Acc {
		types[i] = a.T
	}
	return &reducer{
		types: types,
		identity: func(lw *lowerer) []val {
			for _, d := range k.Init.Dst {
				lw.set(d, zero(d.T))
			}
			lw.inlineFunc(k.Init)
			out := make([]val, len(k.Init.Dst))
			for i, d := range k.Init.Dst {
				out[i] = lw.local(d)
			}
			return lw.fresh(out)
		},
		combine: func(lw *lowerer, dst, a, b []val) {
			// Read both operands before writing Join's locals: a or b may be Join's own.
			av, bv := lw.fresh(a), lw.fresh(b)
			for i, d := range k.Join.Dst {
				lw.set(d, av[i])
			}
			for i, s := range k.Join.Src {
				lw.set(s, bv[i])
			}
			lw.inlineFunc(k.Join)
			for i, d := range k.Join.Dst {
				lw.mov(dst[i], lw.local(d))
			}
		},
	}
}

// inlineFunc lowers a reduction method body in place; its Return ends the inlined body.
func (lw *lowerer) inlineFunc(fn *ir.Func) {
	saved, savedLoops := lw.ret, lw.loops
	lw.ret = lw.f.label()
	lw.loops = nil
	lw.block(fn.Body)
	lw.f.place(lw.ret)
	lw.ret, lw.loops = saved, savedLoops
}

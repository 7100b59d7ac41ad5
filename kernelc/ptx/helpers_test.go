package ptx

import (
	"math"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// kb builds IR kernels by hand for tests.
type kb struct {
	k *ir.Kernel
}

func newKB(name string, form abi.Form) *kb {
	k := &ir.Kernel{Name: name, Pos: name + ".go:1", Form: form}
	b := &kb{k: k}
	switch form {
	case abi.FormRange, abi.FormReduce, abi.FormScan:
		k.Index = k.NewLocal("i", ir.I64)
	}
	return b
}

// scalar adds a scalar parameter.
func (b *kb) scalar(name string, t ir.Type) *ir.Local {
	l := b.k.NewLocal("k."+name, t)
	b.k.Params = append(b.k.Params, &ir.Param{
		Param: abi.Param{Name: name, Field: []int{len(b.k.Params)}, Kind: t.Kind()},
		Local: l,
	})
	return l
}

// view adds a view parameter of rank 1 or 2.
func (b *kb) view(name string, rank int, elem ir.Type, written bool) *ir.View {
	v := b.k.NewView("k."+name, rank, elem, ir.Global)
	kind := abi.KindView1D
	if rank == 2 {
		kind = abi.KindView2D
	}
	b.k.Params = append(b.k.Params, &ir.Param{
		Param: abi.Param{Name: name, Field: []int{len(b.k.Params)}, Kind: kind, Elem: elem.Kind(), Written: written},
		View:  v,
	})
	return v
}

func (b *kb) local(name string, t ir.Type) *ir.Local { return b.k.NewLocal(name, t) }

// acc sets up the accumulator of a reduce or scan kernel.
func (b *kb) acc(t ir.Type, loc bool) []*ir.Local {
	b.k.Value = abi.Value{Kind: t.Kind(), Loc: loc}
	b.k.Acc = []*ir.Local{b.k.NewLocal("acc", t)}
	if loc {
		b.k.Acc = append(b.k.Acc, b.k.NewLocal("acc.loc", ir.I64))
	}
	if b.k.Form == abi.FormScan {
		b.k.Final = b.k.NewLocal("final", ir.Bool)
	}
	return b.k.Acc
}

// Expression shorthands.

func ci(t ir.Type, v int64) *ir.Const   { return ir.IntConst(t, v) }
func cf(t ir.Type, v float64) *ir.Const { return ir.FloatConst(t, v) }
func cb(v bool) *ir.Const               { return ir.BoolConst(v) }
func bin(op ir.BinOp, x, y ir.Expr) ir.Expr {
	return &ir.Binary{Op: op, X: x, Y: y}
}
func un(op ir.UnOp, x ir.Expr) ir.Expr      { return &ir.Unary{Op: op, X: x} }
func conv(t ir.Type, x ir.Expr) ir.Expr     { return &ir.Convert{To: t, X: x} }
func sel(c, x, y ir.Expr) ir.Expr           { return &ir.Select{Cond: c, X: x, Y: y} }
func spec(k ir.SpecialKind) ir.Expr         { return &ir.Special{Kind: k} }
func assign(d *ir.Local, e ir.Expr) ir.Stmt { return &ir.Assign{Dst: d, Src: e} }
func load(d *ir.Local, v *ir.View, idx ...ir.Expr) ir.Stmt {
	return &ir.Load{Dst: d, View: v, Index: idx}
}
func loadRO(d *ir.Local, v *ir.View, idx ...ir.Expr) ir.Stmt {
	return &ir.Load{Dst: d, View: v, Index: idx, ReadOnly: true}
}
func store(v *ir.View, x ir.Expr, idx ...ir.Expr) ir.Stmt {
	return &ir.Store{View: v, Index: idx, Val: x}
}
func call(fn ir.Builtin, args ...ir.Expr) ir.Expr {
	ts := make([]ir.Type, len(args))
	for i, a := range args {
		ts[i] = a.Type()
	}
	return &ir.Call{Fn: fn, Args: args, T: fn.ResultType(ts...)}
}

// forLoop is "for v := from; v < to; v++ { body }".
func forLoop(v *ir.Local, from, to ir.Expr, body ...ir.Stmt) []ir.Stmt {
	b := append(ir.Block{&ir.If{Cond: bin(ir.Ge, v, to), Then: ir.Block{&ir.Break{}}}}, body...)
	return []ir.Stmt{
		assign(v, from),
		&ir.Loop{Body: b, Post: ir.Block{assign(v, bin(ir.Add, v, ci(v.T, 1)))}},
	}
}

var (
	allInts   = []ir.Type{ir.I8, ir.I16, ir.I32, ir.I64, ir.U8, ir.U16, ir.U32, ir.U64}
	allFloats = []ir.Type{ir.F32, ir.F64}
	nan       = math.NaN()
)

func f64bits(x float64) uint64 { return math.Float64bits(x) }

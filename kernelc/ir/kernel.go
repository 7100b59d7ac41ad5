package ir

import (
	"fmt"

	"github.com/gokkos/gokkos/execspace/abi"
)

// View is a view value: the locals that hold its address and shape, with static facts about
// it. A view parameter is a View whose locals the entry fills from its slots; views in locals,
// scratch views and subviews are Views too. Element (i) of a rank-1 view is at Addr +
// i*Stride[0]*Elem.Size(); element (i, j) of a rank-2 view at Addr +
// (i*Stride[0]+j*Stride[1])*Elem.Size().
type View struct {
	// ID is the view's index in Kernel.Views.
	ID int
	// Name is the Go name it came from ("k.X", "tile"), for dumps.
	Name string
	// Rank is 1 or 2.
	Rank int
	// Elem is the element type (a numeric type).
	Elem Type
	// Space is where Addr points.
	Space MemSpace
	// Addr is the Ptr local holding the address of element 0 (or (0, 0)).
	Addr *Local
	// Extent and Stride are I64 locals; index 1 is nil for rank 1. Strides are in elements.
	Extent [2]*Local
	Stride [2]*Local
}

// Locals returns the view's component locals in slot order: Addr, Extent[0], Stride[0] for rank
// 1; Addr, Extent[0], Extent[1], Stride[0], Stride[1] for rank 2 (execspace's slot layout).
func (v *View) Locals() []*Local {
	if v.Rank == 2 {
		return []*Local{v.Addr, v.Extent[0], v.Extent[1], v.Stride[0], v.Stride[1]}
	}
	return []*Local{v.Addr, v.Extent[0], v.Stride[0]}
}

// Param is a kernel parameter: its execspace description and the local (scalar) or view that
// holds its value in the body.
type Param struct {
	abi.Param
	// Local holds a scalar parameter's value; nil for views.
	Local *Local
	// View holds a view parameter; nil for scalars.
	View *View
}

// Slots returns the locals the parameter's 8-byte slots initialize, in slot order.
func (p *Param) Slots() []*Local {
	if p.View != nil {
		return p.View.Locals()
	}
	return []*Local{p.Local}
}

// Func is a reduction method body of a kernel (Init or Join). Dst holds *dst (the accumulator
// locals, one or two as for Kernel.Acc); Src holds Join's src argument (nil for Init). On
// entry of Init, Dst holds zero values. The body may read kernel parameters and ends by
// falling off its end or with Return.
type Func struct {
	Dst  []*Local
	Src  []*Local
	Body Block
}

// Kernel is one translated kernel (one instantiation of a generic kernel type).
type Kernel struct {
	// Name is the Go type as KernelSpec.Name spells it, such as "main.axpy".
	Name string
	// Pos is the file:line of the type declaration.
	Pos string
	// Form is the body form.
	Form abi.Form
	// Params are the flattened kernel fields in slot order (after the form's prefix).
	Params []*Param
	// Index is the I64 index i of range forms (FormRange, FormReduce, FormScan); nil otherwise.
	Index *Local
	// Value is the accumulator type of reduce and scan forms.
	Value abi.Value
	// Acc holds the accumulator of reduce and scan forms: the value local, then with
	// Value.Loc the I64 location local. The launch sets it before each body invocation (to
	// the running partial value) and reads it afterwards.
	Acc []*Local
	// Final is the Bool final argument of the scan form; nil otherwise.
	Final *Local
	// Body is the body method's code.
	Body Block
	// Init and Join are the kernel's own reduction methods (OpCustom), or nil.
	Init, Join *Func
	// ReduceOps lists, for reduce forms, the reductions the value type supports, in
	// increasing order.
	ReduceOps []abi.ReduceOp
	// Locals and Views are every local and view of the kernel, indexed by ID.
	Locals []*Local
	Views  []*View
}

// NewLocal adds a local of type t to k and returns it.
func (k *Kernel) NewLocal(name string, t Type) *Local {
	l := &Local{ID: len(k.Locals), Name: name, T: t}
	k.Locals = append(k.Locals, l)
	return l
}

// NewView adds a view of the given rank, element type and space to k, with fresh component
// locals, and returns it.
func (k *Kernel) NewView(name string, rank int, elem Type, space MemSpace) *View {
	if rank != 1 && rank != 2 {
		panic(fmt.Sprintf("ir: NewView %s of rank %d", name, rank))
	}
	v := &View{ID: len(k.Views), Name: name, Rank: rank, Elem: elem, Space: space}
	v.Addr = k.NewLocal(name+".addr", Ptr)
	for d := 0; d < rank; d++ {
		v.Extent[d] = k.NewLocal(fmt.Sprintf("%s.ext%d", name, d), I64)
		v.Stride[d] = k.NewLocal(fmt.Sprintf("%s.stride%d", name, d), I64)
	}
	k.Views = append(k.Views, v)
	return v
}

// ParamOf returns the parameter whose view is v, or nil.
func (k *Kernel) ParamOf(v *View) *Param {
	for _, p := range k.Params {
		if p.View == v {
			return p
		}
	}
	return nil
}

// Spec returns the parts of the kernel's abi.KernelSpec that the IR determines: Name,
// Pos, Form, Value, Params and LeagueBarrier. The back end fills in PTX, entries,
// SharedPerThread and Lanes.
func (k *Kernel) Spec() *abi.KernelSpec {
	s := &abi.KernelSpec{Name: k.Name, Pos: k.Pos, Form: k.Form, Value: k.Value, LeagueBarrier: k.UsesLeagueBarrier()}
	for _, p := range k.Params {
		s.Params = append(s.Params, p.Param)
	}
	return s
}

// UsesLeagueBarrier reports whether the kernel's body reaches a LeagueBarrier.
func (k *Kernel) UsesLeagueBarrier() bool {
	found := false
	Walk(k.Body, func(s Stmt) bool {
		if _, ok := s.(*LeagueBarrier); ok {
			found = true
		}
		return !found
	})
	return found
}

// Walk calls fn for every statement of b in order, depth first (a statement before the
// statements nested in it). If fn returns false, the statements nested in that one are
// skipped.
func Walk(b Block, fn func(Stmt) bool) {
	for _, s := range b {
		if !fn(s) {
			continue
		}
		for _, nested := range Nested(s) {
			Walk(nested, fn)
		}
	}
}

// Nested returns the blocks nested directly in s, in execution order.
func Nested(s Stmt) []Block {
	switch s := s.(type) {
	case *If:
		return []Block{s.Then, s.Else}
	case *Loop:
		return []Block{s.Body, s.Post}
	case *TeamLoop:
		return []Block{s.Body}
	case *RangeReduce:
		return []Block{s.Body}
	case *RangeScan:
		return []Block{s.Body}
	case *Single:
		return []Block{s.Body}
	}
	return nil
}

// Reads returns the expressions statement s evaluates directly (not those of nested blocks).
func Reads(s Stmt) []Expr {
	var out []Expr
	add := func(es ...Expr) {
		for _, e := range es {
			if e != nil {
				out = append(out, e)
			}
		}
	}
	switch s := s.(type) {
	case *Assign:
		add(s.Src)
	case *Load:
		add(s.Index...)
	case *Prefetch:
		add(s.Index...)
	case *Store:
		add(s.Index...)
		add(s.Val)
	case *Atomic:
		add(s.Index...)
		add(s.Val, s.Cmp)
	case *SubView:
		add(s.Args...)
	case *If:
		add(s.Cond)
	case *TeamLoop:
		add(s.Begin, s.End)
	case *RangeReduce:
		add(s.Begin, s.End)
	case *RangeScan:
		add(s.Begin, s.End)
	case *TeamReduce:
		add(s.Val)
	case *TeamScan:
		add(s.Val)
	case *Broadcast:
		add(s.Val, s.From)
	case *ScratchAlloc:
		add(s.Count)
	}
	return out
}

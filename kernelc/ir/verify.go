package ir

import (
	"errors"
	"fmt"

	"github.com/gokkos/gokkos/execspace/abi"
)

// Verify checks that k is well formed: every local and view is registered in k, operand types
// fit each operation, Break and Continue have valid targets, team operations appear only in
// team forms and only where the IR allows them, and every local is definitely assigned before
// it is read. It returns all problems found, joined.
func Verify(k *Kernel) error {
	v := &verifier{k: k}
	v.run()
	return errors.Join(v.errs...)
}

type frameKind uint8

const (
	frameLoop frameKind = iota
	frameTeam
	frameSingle
)

type frame struct {
	kind   frameKind
	brk    *bitset // intersection of states at Breaks targeting it; nil until one is seen
	cont   *bitset // intersection of states at Continues targeting it
	hasBrk bool
}

type verifier struct {
	k      *Kernel
	errs   []error
	where  string
	frames []*frame
	team   bool
}

func (v *verifier) errorf(format string, args ...any) {
	v.errs = append(v.errs, fmt.Errorf("ir: %s: %s: %s", v.k.Name, v.where, fmt.Sprintf(format, args...)))
}

func (v *verifier) run() {
	k := v.k
	if k.Form < abi.FormRange || k.Form > abi.FormScan {
		v.where = "kernel"
		v.errorf("invalid form %d", k.Form)
	}
	v.team = k.Form == abi.FormTeam || k.Form == abi.FormTeamReduce
	v.where = "locals"
	for i, l := range k.Locals {
		if l == nil || l.ID != i {
			v.errorf("Locals[%d] has ID %v", i, l)
		} else if l.T == Invalid {
			v.errorf("local %d has no type", i)
		}
	}
	for i, w := range k.Views {
		if w == nil || w.ID != i {
			v.errorf("Views[%d] is not view %d", i, i)
			continue
		}
		if w.Rank != 1 && w.Rank != 2 {
			v.errorf("view v%d has rank %d", i, w.Rank)
			continue
		}
		if !w.Elem.IsNumeric() {
			v.errorf("view v%d has element type %s", i, w.Elem)
		}
		for j, l := range w.Locals() {
			want := I64
			if j == 0 {
				want = Ptr
			}
			if v.checkLocal(l) && l.T != want {
				v.errorf("view v%d component %d is %s, want %s", i, j, l.T, want)
			}
		}
	}
	entry := newBitset(len(k.Locals))
	v.where = "params"
	for _, p := range k.Params {
		switch {
		case p.Kind == abi.KindView1D || p.Kind == abi.KindView2D:
			rank := 1
			if p.Kind == abi.KindView2D {
				rank = 2
			}
			if p.View == nil || !v.checkView(p.View) {
				v.errorf("view parameter %s has no view", p.Name)
				continue
			}
			if p.View.Rank != rank || p.View.Elem != TypeOf(p.Elem) {
				v.errorf("parameter %s is %s[%s] but its view is rank %d of %s", p.Name, p.Kind, p.Elem, p.View.Rank, p.View.Elem)
			}
		default:
			if p.Local == nil || !v.checkLocal(p.Local) {
				v.errorf("scalar parameter %s has no local", p.Name)
				continue
			}
			if p.Local.T != TypeOf(p.Kind) || p.Local.T == Invalid {
				v.errorf("parameter %s of kind %s has a local of type %s", p.Name, p.Kind, p.Local.T)
			}
		}
		for _, l := range p.Slots() {
			entry.add(l)
		}
	}
	v.where = "signature"
	ranged := k.Form == abi.FormRange || k.Form == abi.FormReduce || k.Form == abi.FormScan
	if ranged != (k.Index != nil) {
		v.errorf("form %s with index %v", k.Form, k.Index)
	}
	if k.Index != nil && v.checkLocal(k.Index) {
		if k.Index.T != I64 {
			v.errorf("index is %s, want i64", k.Index.T)
		}
		entry.add(k.Index)
	}
	acc := k.Form == abi.FormReduce || k.Form == abi.FormTeamReduce || k.Form == abi.FormScan
	v.checkAcc("acc", k.Acc, acc)
	for _, l := range k.Acc {
		entry.add(l)
	}
	if (k.Form == abi.FormScan) != (k.Final != nil) {
		v.errorf("form %s with final %v", k.Form, k.Final)
	}
	if k.Final != nil && v.checkLocal(k.Final) {
		if k.Final.T != Bool {
			v.errorf("final is %s, want bool", k.Final.T)
		}
		entry.add(k.Final)
	}
	if (k.Init == nil) != (k.Join == nil) {
		v.errorf("Init and Join must come together")
	}
	v.where = "body"
	v.block(k.Body, entry.clone())
	params := newBitset(len(k.Locals))
	for _, p := range k.Params {
		for _, l := range p.Slots() {
			if l != nil {
				params.add(l)
			}
		}
	}
	if k.Init != nil {
		v.where = "init"
		v.checkAcc("init dst", k.Init.Dst, true)
		in := params.clone()
		for _, l := range k.Init.Dst {
			in.add(l)
		}
		v.fn(k.Init.Body, in)
	}
	if k.Join != nil {
		v.where = "join"
		v.checkAcc("join dst", k.Join.Dst, true)
		v.checkAcc("join src", k.Join.Src, true)
		in := params.clone()
		for _, l := range append(append([]*Local{}, k.Join.Dst...), k.Join.Src...) {
			in.add(l)
		}
		v.fn(k.Join.Body, in)
	}
}

func (v *verifier) fn(b Block, in *bitset) {
	team := v.team
	v.team = false // no collectives in reduction methods
	v.block(b, in)
	v.team = team
}

func (v *verifier) checkAcc(what string, acc []*Local, want bool) {
	if !want {
		if len(acc) != 0 {
			v.errorf("%s given for form %s", what, v.k.Form)
		}
		return
	}
	n := 1
	if v.k.Value.Loc {
		n = 2
	}
	if len(acc) != n {
		v.errorf("%s has %d locals, want %d", what, len(acc), n)
		return
	}
	for i, l := range acc {
		if !v.checkLocal(l) {
			continue
		}
		want := TypeOf(v.k.Value.Kind)
		if i == 1 {
			want = I64
		}
		if l.T != want || want == Invalid {
			v.errorf("%s local %d is %s, want %s", what, i, l.T, want)
		}
	}
}

func (v *verifier) checkLocal(l *Local) bool {
	if l == nil {
		v.errorf("missing local")
		return false
	}
	if l.ID < 0 || l.ID >= len(v.k.Locals) || v.k.Locals[l.ID] != l {
		v.errorf("local %s.%d is not registered in the kernel", l.Name, l.ID)
		return false
	}
	return true
}

func (v *verifier) checkView(w *View) bool {
	if w == nil {
		v.errorf("missing view")
		return false
	}
	if w.ID < 0 || w.ID >= len(v.k.Views) || v.k.Views[w.ID] != w {
		v.errorf("view %s is not registered in the kernel", w.Name)
		return false
	}
	return true
}

// expr type-checks e and its uses against the assigned set; it returns e's type or Invalid.
func (v *verifier) expr(e Expr, set *bitset) Type {
	switch e := e.(type) {
	case nil:
		v.errorf("missing expression")
	case *Local:
		if !v.checkLocal(e) {
			return Invalid
		}
		if !set.has(e) {
			v.errorf("local %s.%d read before it is assigned", e.Name, e.ID)
		}
		return e.T
	case *Const:
		if e.T == Invalid || (e.T == Ptr && e.Bits != 0) {
			v.errorf("constant %#x of type %s", e.Bits, e.T)
			return Invalid
		}
		if e.T != F64 && e.T != I64 && e.T != U64 && Normalize(e.T, e.Bits, false) != e.Bits {
			v.errorf("constant %#x does not fit %s", e.Bits, e.T)
		}
		return e.T
	case *Unary:
		t := v.expr(e.X, set)
		ok := map[UnOp]bool{Neg: t.IsNumeric(), Not: t == Bool, Compl: t.IsInt()}[e.Op]
		if !ok && t != Invalid {
			v.errorf("unary %s on %s", e.Op, t)
			return Invalid
		}
		return t
	case *Binary:
		x, y := v.expr(e.X, set), v.expr(e.Y, set)
		if x == Invalid || y == Invalid {
			return Invalid
		}
		var ok bool
		switch {
		case e.Op.IsShift():
			ok = x.IsInt() && y.IsInt()
		case x != y:
			ok = false
		case e.Op == Add || e.Op == Sub || e.Op == Mul || e.Op == Div:
			ok = x.IsNumeric()
		case e.Op == Rem || e.Op == And || e.Op == Or || e.Op == Xor || e.Op == AndNot:
			ok = x.IsInt()
		case e.Op == Eq || e.Op == Ne:
			ok = x != Ptr
		case e.Op.IsCompare():
			ok = x.IsNumeric()
		case e.Op == LAnd || e.Op == LOr:
			ok = x == Bool
		}
		if !ok {
			v.errorf("binary %s on %s and %s", e.Op, x, y)
			return Invalid
		}
		return e.Type()
	case *Convert:
		t := v.expr(e.X, set)
		if t != Invalid && (!t.IsNumeric() || !e.To.IsNumeric()) {
			v.errorf("conversion from %s to %s", t, e.To)
			return Invalid
		}
		return e.To
	case *Select:
		c, x, y := v.expr(e.Cond, set), v.expr(e.X, set), v.expr(e.Y, set)
		if c != Bool || x != y || x == Invalid {
			v.errorf("select(%s, %s, %s)", c, x, y)
			return Invalid
		}
		return x
	case *Special:
		if e.Kind < LeagueRank || e.Kind > VectorLength {
			v.errorf("special value %d", e.Kind)
		} else if !v.team {
			v.errorf("%s outside a team form", e.Kind)
		}
		return I64
	case *Call:
		ts := make([]Type, len(e.Args))
		for i, a := range e.Args {
			ts[i] = v.expr(a, set)
		}
		if r := e.Fn.ResultType(ts...); r == Invalid || r != e.T {
			v.errorf("call %s%v with result %s", e.Fn, ts, e.T)
			return Invalid
		}
		return e.T
	default:
		v.errorf("unknown expression %T", e)
	}
	return Invalid
}

func (v *verifier) want(e Expr, set *bitset, t Type, what string) {
	if got := v.expr(e, set); got != t && got != Invalid {
		v.errorf("%s is %s, want %s", what, got, t)
	}
}

func (v *verifier) def(l *Local, set *bitset, t Type, what string) {
	if l == nil || !v.checkLocal(l) {
		return
	}
	if t != Invalid && l.T != t {
		v.errorf("%s writes %s local %s.%d, want %s", what, l.T, l.Name, l.ID, t)
	}
	set.add(l)
}

func (v *verifier) useView(w *View, set *bitset) bool {
	if !v.checkView(w) {
		return false
	}
	for _, l := range w.Locals() {
		v.expr(l, set)
	}
	return true
}

func (v *verifier) defView(w *View, set *bitset) {
	if v.checkView(w) {
		for _, l := range w.Locals() {
			set.add(l)
		}
	}
}

func (v *verifier) indices(w *View, idx []Expr, set *bitset) {
	if len(idx) != w.Rank {
		v.errorf("%d indices for rank-%d view v%d", len(idx), w.Rank, w.ID)
	}
	for _, e := range idx {
		v.want(e, set, I64, "index")
	}
}

func (v *verifier) teamOnly(what string) {
	if !v.team {
		v.errorf("%s outside a team form", what)
	}
}

// block checks b starting from the assigned set in and returns the set at its end, or nil when
// the end is unreachable.
func (v *verifier) block(b Block, in *bitset) *bitset {
	set := in
	reachable := true
	for _, s := range b {
		if set == nil {
			// Dead code: check it with every local taken as assigned.
			reachable = false
			set = newBitset(len(v.k.Locals))
			for i := range set.w {
				set.w[i] = ^uint64(0)
			}
		}
		set = v.stmt(s, set)
	}
	if !reachable {
		return nil
	}
	return set
}

func (v *verifier) stmt(s Stmt, set *bitset) *bitset {
	switch s := s.(type) {
	case *Assign:
		t := v.expr(s.Src, set)
		v.def(s.Dst, set, t, "assignment")
	case *Load:
		if v.useView(s.View, set) {
			v.indices(s.View, s.Index, set)
			v.def(s.Dst, set, s.View.Elem, "load")
		}
	case *Store:
		if v.useView(s.View, set) {
			v.indices(s.View, s.Index, set)
			v.want(s.Val, set, s.View.Elem, "stored value")
		}
	case *Prefetch:
		if v.useView(s.View, set) {
			v.indices(s.View, s.Index, set)
		}
	case *Atomic:
		v.atomic(s, set)
	case *ViewCopy:
		if v.useView(s.Src, set) && v.checkView(s.Dst) {
			if s.Dst.Rank != s.Src.Rank || s.Dst.Elem != s.Src.Elem {
				v.errorf("view copy between v%d and v%d of different types", s.Dst.ID, s.Src.ID)
			}
			v.defView(s.Dst, set)
		}
	case *SubView:
		if !v.useView(s.Src, set) || !v.checkView(s.Dst) {
			break
		}
		wantRank, nargs := 2, 1
		if s.Kind == SubRange {
			wantRank, nargs = 1, 2
		} else if s.Kind != SubRow && s.Kind != SubCol {
			v.errorf("subview kind %d", s.Kind)
		}
		if s.Src.Rank != wantRank || s.Dst.Rank != 1 || s.Dst.Elem != s.Src.Elem || len(s.Args) != nargs {
			v.errorf("%s of v%d into v%d with %d arguments", s.Kind, s.Src.ID, s.Dst.ID, len(s.Args))
		}
		for _, a := range s.Args {
			v.want(a, set, I64, "subview argument")
		}
		v.defView(s.Dst, set)
	case *If:
		v.want(s.Cond, set, Bool, "condition")
		t := v.block(s.Then, set.clone())
		e := v.block(s.Else, set.clone())
		return meet(t, e)
	case *Loop:
		f := &frame{kind: frameLoop}
		v.frames = append(v.frames, f)
		end := v.block(s.Body, set.clone())
		v.frames = v.frames[:len(v.frames)-1]
		post := meet(end, f.cont)
		if post != nil {
			v.frames = append(v.frames, &frame{kind: frameSingle}) // no break/continue in Post
			v.block(s.Post, post)
			v.frames = v.frames[:len(v.frames)-1]
		}
		return f.brk
	case *Break:
		if f := v.target(s.Depth, "break"); f != nil {
			if f.kind != frameLoop {
				v.errorf("break out of a team loop")
			}
			f.brk = meet(f.brk, set)
			if f.brk == nil {
				f.brk = set.clone()
			}
		}
		return nil
	case *Continue:
		if f := v.target(s.Depth, "continue"); f != nil {
			f.cont = meet(f.cont, set)
			if f.cont == nil {
				f.cont = set.clone()
			}
		}
		return nil
	case *Return:
		for _, f := range v.frames {
			if f.kind != frameLoop {
				v.errorf("return inside a team loop or single body")
				break
			}
		}
		return nil
	case *TeamLoop:
		v.teamOnly("team loop")
		v.rangeKind(s.Kind, false)
		v.want(s.Begin, set, I64, "range begin")
		v.want(s.End, set, I64, "range end")
		in := set.clone()
		v.def(s.Var, in, I64, "team loop variable")
		v.teamBody(s.Body, in)
	case *RangeReduce:
		v.teamOnly("range reduce")
		v.rangeKind(s.Kind, false)
		v.want(s.Begin, set, I64, "range begin")
		v.want(s.End, set, I64, "range end")
		in := set.clone()
		v.def(s.Var, in, I64, "reduce variable")
		v.def(s.Acc, in, Invalid, "reduce accumulator")
		if s.Acc != nil {
			v.teamOpType(s.Op, s.Acc.T)
		}
		v.teamBody(s.Body, in)
		if s.Acc != nil {
			v.def(s.Dst, set, s.Acc.T, "range reduce")
		}
	case *RangeScan:
		v.teamOnly("range scan")
		v.rangeKind(s.Kind, true)
		v.want(s.Begin, set, I64, "range begin")
		v.want(s.End, set, I64, "range end")
		in := set.clone()
		v.def(s.Var, in, I64, "scan variable")
		v.def(s.Acc, in, Invalid, "scan accumulator")
		v.def(s.Final, in, Bool, "scan final flag")
		if s.Acc != nil && !s.Acc.T.IsNumeric() {
			v.errorf("scan over %s", s.Acc.T)
		}
		v.teamBody(s.Body, in)
		if s.Acc != nil {
			v.def(s.Dst, set, s.Acc.T, "range scan")
		}
	case *TeamReduce:
		v.teamOnly("team reduce")
		t := v.expr(s.Val, set)
		v.teamOpType(s.Op, t)
		v.def(s.Dst, set, t, "team reduce")
	case *TeamScan:
		v.teamOnly("team scan")
		t := v.expr(s.Val, set)
		if t != Invalid && !t.IsNumeric() {
			v.errorf("team scan over %s", t)
		}
		v.def(s.Prefix, set, t, "team scan")
		v.def(s.Total, set, t, "team scan")
	case *Broadcast:
		v.teamOnly("broadcast")
		t := v.expr(s.Val, set)
		v.want(s.From, set, I64, "broadcast source rank")
		v.def(s.Dst, set, t, "broadcast")
	case *Barrier:
		v.teamOnly("barrier")
		v.noCollectiveContext("barrier")
	case *LeagueBarrier:
		v.teamOnly("league barrier")
		v.noCollectiveContext("league barrier")
	case *Single:
		v.teamOnly("single")
		v.noCollectiveContext("single")
		v.frames = append(v.frames, &frame{kind: frameSingle})
		v.block(s.Body, set.clone())
		v.frames = v.frames[:len(v.frames)-1]
	case *ScratchAlloc:
		v.teamOnly("scratch allocation")
		if s.Level != 0 && s.Level != 1 {
			v.errorf("scratch level %d", s.Level)
		}
		v.want(s.Count, set, I64, "scratch count")
		if v.checkView(s.Dst) {
			if s.Dst.Rank != 1 {
				v.errorf("scratch view v%d has rank %d", s.Dst.ID, s.Dst.Rank)
			}
			v.defView(s.Dst, set)
		}
	default:
		v.errorf("unknown statement %T", s)
	}
	return set
}

func (v *verifier) atomic(s *Atomic, set *bitset) {
	if !v.useView(s.View, set) {
		return
	}
	v.indices(s.View, s.Index, set)
	elem := s.View.Elem
	switch s.Op {
	case AtomicAdd, AtomicSub, AtomicMin, AtomicMax, AtomicExchange:
		v.want(s.Val, set, elem, "atomic operand")
		v.def(s.Dst, set, elem, "atomic")
	case AtomicAnd, AtomicOr, AtomicXor:
		if !elem.IsInt() {
			v.errorf("atomic %s on %s elements", s.Op, elem)
		}
		v.want(s.Val, set, elem, "atomic operand")
		v.def(s.Dst, set, elem, "atomic")
	case AtomicCAS:
		v.want(s.Cmp, set, elem, "compare-and-swap old value")
		v.want(s.Val, set, elem, "compare-and-swap new value")
		v.def(s.Dst, set, Bool, "compare-and-swap")
	case AtomicLoad:
		if s.Val != nil {
			v.errorf("atomic load with an operand")
		}
		v.def(s.Dst, set, elem, "atomic load")
	case AtomicStore:
		if s.Dst != nil {
			v.errorf("atomic store with a result")
		}
		v.want(s.Val, set, elem, "atomic store value")
	default:
		v.errorf("atomic op %d", s.Op)
	}
	if s.Op != AtomicCAS && s.Cmp != nil {
		v.errorf("atomic %s with a compare value", s.Op)
	}
}

func (v *verifier) rangeKind(k RangeKind, scan bool) {
	if k < ThreadRange || k > TeamVectorRange || (scan && k == TeamVectorRange) {
		v.errorf("range kind %s", k)
	}
}

func (v *verifier) teamOpType(op TeamOp, t Type) {
	switch {
	case t == Invalid:
	case op < OpSum || op > OpBOr:
		v.errorf("team reduction op %d", op)
	case (op == OpBAnd || op == OpBOr) && !t.IsInt():
		v.errorf("%s reduction on %s", op, t)
	case !t.IsNumeric():
		v.errorf("%s reduction on %s", op, t)
	}
}

// noCollectiveContext reports team-wide collectives inside team-loop bodies, where only part of
// the team runs.
func (v *verifier) noCollectiveContext(what string) {
	for _, f := range v.frames {
		if f.kind != frameLoop {
			v.errorf("%s inside a team loop or single body", what)
			return
		}
	}
}

func (v *verifier) teamBody(b Block, in *bitset) {
	v.frames = append(v.frames, &frame{kind: frameTeam})
	v.block(b, in)
	v.frames = v.frames[:len(v.frames)-1]
}

// target returns the frame a Break or Continue of the given depth refers to, or nil.
func (v *verifier) target(depth int, what string) *frame {
	n := 0
	for i := len(v.frames) - 1; i >= 0; i-- {
		f := v.frames[i]
		if f.kind == frameSingle {
			break
		}
		if n == depth {
			return f
		}
		if f.kind == frameTeam {
			v.errorf("%s %d crosses a team loop", what, depth)
			return nil
		}
		n++
	}
	v.errorf("%s %d has no target loop", what, depth)
	return nil
}

// bitset is a set of locals by ID.
type bitset struct{ w []uint64 }

func newBitset(n int) *bitset { return &bitset{w: make([]uint64, (n+63)/64)} }

func (b *bitset) add(l *Local) {
	if l != nil && l.ID >= 0 && l.ID/64 < len(b.w) {
		b.w[l.ID/64] |= 1 << (l.ID % 64)
	}
}

func (b *bitset) has(l *Local) bool {
	return l.ID >= 0 && l.ID/64 < len(b.w) && b.w[l.ID/64]&(1<<(l.ID%64)) != 0
}

func (b *bitset) clone() *bitset { return &bitset{w: append([]uint64(nil), b.w...)} }

// meet intersects two states; nil (unreachable) is the identity.
func meet(a, b *bitset) *bitset {
	if a == nil {
		if b == nil {
			return nil
		}
		return b.clone()
	}
	if b == nil {
		return a.clone()
	}
	r := a.clone()
	for i := range r.w {
		r.w[i] &= b.w[i]
	}
	return r
}

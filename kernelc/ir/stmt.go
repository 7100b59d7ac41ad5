package ir

// Stmt is a statement. Statements run in order; control statements hold nested Blocks.
type Stmt interface{ isStmt() }

// Block is a sequence of statements.
type Block []Stmt

// Assign stores Src in Dst; both have the same type.
type Assign struct {
	Dst *Local
	Src Expr
}

// Load reads element Index of View into Dst (Dst's type is View.Elem). Index has one I64 per
// dimension. ReadOnly reports that no statement of the kernel writes memory the view may
// address, so the load may use the read-only (non-coherent) data path. Indices are not checked
// on the device; the interpreter panics on an index outside the extents.
type Load struct {
	Dst      *Local
	View     *View
	Index    []Expr
	ReadOnly bool
}

// Store writes Val (of type View.Elem) to element Index of View.
type Store struct {
	View  *View
	Index []Expr
	Val   Expr
}

// Prefetch asks the memory system for the element Index of View ahead of a load: a hint with
// no effect on any value, which the device lowers to a prefetch of the element's line into the
// L2 cache (for views of global memory) and the interpreter ignores. An index outside the
// extents asks for nothing.
type Prefetch struct {
	View  *View
	Index []Expr
}

// AtomicOp is an atomic read-modify-write operation on a view element.
type AtomicOp uint8

// The atomic operations, those of views.View1D. All but AtomicStore return the element's
// previous value (AtomicCAS: whether it swapped, AtomicLoad: the value). Integer arithmetic
// wraps; AtomicMin/AtomicMax on floats follow Go's min/max except that the device may not
// propagate NaN; AtomicAnd/Or/Xor need integer elements; AtomicCAS compares bit patterns.
const (
	AtomicAdd AtomicOp = iota + 1
	AtomicSub
	AtomicMin
	AtomicMax
	AtomicAnd
	AtomicOr
	AtomicXor
	AtomicExchange
	AtomicCAS
	AtomicLoad
	AtomicStore
)

var atomicNames = [...]string{"?", "add", "sub", "min", "max", "and", "or", "xor", "exch", "cas", "load", "store"}

// String returns the operation's IR name, such as "add" or "cas".
func (o AtomicOp) String() string {
	if int(o) < len(atomicNames) {
		return atomicNames[o]
	}
	return "?"
}

// Atomic performs Op on element Index of View. Val is the operand (for AtomicCAS the new
// value; nil for AtomicLoad); Cmp is the expected old value of AtomicCAS (nil otherwise). Dst
// receives the result (type View.Elem, Bool for AtomicCAS) and may be nil when it is unused; it
// is always nil for AtomicStore.
type Atomic struct {
	Op    AtomicOp
	Dst   *Local
	View  *View
	Index []Expr
	Val   Expr
	Cmp   Expr
}

// ViewCopy makes Dst denote the same elements as Src (a view assignment: all components are
// copied). Both have the same rank and element type.
type ViewCopy struct {
	Dst, Src *View
}

// SubKind selects what a SubView takes from its source.
type SubKind uint8

// The subview kinds.
const (
	// SubRow is View2D.Row(i): a rank-1 view of extent Src.Extent[1] and stride Src.Stride[1]
	// at element (i, 0).
	SubRow SubKind = iota + 1
	// SubCol is View2D.Col(j): extent Src.Extent[0], stride Src.Stride[0], at element (0, j).
	SubCol
	// SubRange is View1D.Sub(begin, end): extent end-begin, Src's stride, at element begin.
	SubRange
)

var subNames = [...]string{"?", "row", "col", "sub"}

// String returns "row", "col" or "sub".
func (k SubKind) String() string {
	if int(k) < len(subNames) {
		return subNames[k]
	}
	return "?"
}

// SubView makes Dst (rank 1, Src's element type) a view into Src. Args are I64: one index for
// SubRow and SubCol, begin and end for SubRange. Bounds are not checked on the device; the
// interpreter panics on bounds Go would reject.
type SubView struct {
	Kind SubKind
	Dst  *View
	Src  *View
	Args []Expr
}

// If runs Then when Cond (Bool) is true, Else otherwise.
type If struct {
	Cond Expr
	Then Block
	Else Block
}

// Loop runs Body repeatedly, running Post after each iteration (when Body completes or a
// Continue targets this loop), until a Break targets it. A for statement's condition is an If
// with a Break at the start of Body.
type Loop struct {
	Body Block
	Post Block
}

// Break leaves the loop Depth levels out: 0 is the innermost enclosing loop-like statement
// (Loop, TeamLoop, RangeReduce, RangeScan). Its target must be a Loop, and no team-loop body or
// Single body may lie between the Break and its target.
type Break struct {
	Depth int
}

// Continue ends the current iteration of the loop-like statement Depth levels out (0: the
// innermost). For a Loop it runs Post and iterates again; for a team loop the lane proceeds to
// its next index. No team-loop body or Single body may lie between the Continue and its
// target, other than the target's own body.
type Continue struct {
	Depth int
}

// Return ends the kernel body for this invocation: the current index of a range form (the
// grid-stride loop proceeds), or RunTeam for this lane. It may not appear inside a team-loop
// body or a Single body. In team forms, lanes that return early must not be expected at later
// collective operations (the device would deadlock).
type Return struct{}

// RangeKind says how a team loop's iterations are distributed.
type RangeKind uint8

// The team loop kinds.
const (
	// ThreadRange splits the iterations over the team's members (teams.ThreadRange); every
	// vector lane of a member runs that member's iterations.
	ThreadRange RangeKind = iota + 1
	// VectorRange splits the iterations over the calling member's vector lanes.
	VectorRange
	// TeamVectorRange splits the iterations over every lane of the team.
	TeamVectorRange
)

var rangeNames = [...]string{"?", "thread", "vector", "teamvector"}

// String returns "thread", "vector" or "teamvector".
func (k RangeKind) String() string {
	if int(k) < len(rangeNames) {
		return rangeNames[k]
	}
	return "?"
}

// TeamLoop runs Body for every Var (I64) in [Begin, End), the iterations distributed by Kind
// over the lanes that execute the TeamLoop; each lane sets Var to each of its indices in
// increasing order. The distribution is the back end's choice. There is no implicit barrier.
// Begin and End are evaluated once. Body may Continue to the TeamLoop (a return in the Go
// function literal); it may not Break out of it or Return.
type TeamLoop struct {
	Kind       RangeKind
	Var        *Local
	Begin, End Expr
	Body       Block
}

// TeamOp is a reduction operator of a team-level reduction (teams.Op).
type TeamOp uint8

// The team reduction operators: Sum and Prod wrap for integers; Min and Max are Go's min/max;
// BAnd and BOr need integer types.
const (
	OpSum TeamOp = iota + 1
	OpProd
	OpMin
	OpMax
	OpBAnd
	OpBOr
)

var teamOpNames = [...]string{"?", "sum", "prod", "min", "max", "band", "bor"}

// String returns the operator's name.
func (o TeamOp) String() string {
	if int(o) < len(teamOpNames) {
		return teamOpNames[o]
	}
	return "?"
}

// RangeReduce is teams.ThreadReduce, VectorReduce or TeamVectorReduce: a TeamLoop whose lanes
// each start Acc at Op's identity, run Body for their indices (Body updates Acc), and combine
// their Accs with Op; every participating lane receives the result in Dst (Acc's type). It is
// collective: every lane of the team (ThreadRange, TeamVectorRange) or of the member
// (VectorRange) must execute it with the same bounds.
type RangeReduce struct {
	Kind       RangeKind
	Var        *Local
	Begin, End Expr
	Op         TeamOp
	Acc        *Local
	Body       Block
	Dst        *Local
}

// RangeScan is teams.ThreadScan (Kind ThreadRange) or VectorScan (Kind VectorRange): an
// exclusive prefix sum over [Begin, End). Body adds index Var's contribution to Acc; Final (a
// Bool local) tells Body whether Acc holds, on entry, the exact sum of the contributions of
// all earlier indices (the back end runs Body with Final false to compute partial sums and
// then with Final true for every index, in increasing order per lane). Dst receives the total
// on every participating lane. Collective like RangeReduce.
type RangeScan struct {
	Kind       RangeKind
	Var        *Local
	Begin, End Expr
	Acc        *Local
	Final      *Local
	Body       Block
	Dst        *Local
}

// TeamReduce is teams.TeamReduce: combines Val of every member with Op (each member
// contributes once, from its vector lane 0) and stores the result in Dst on every lane. It is
// collective over the team.
type TeamReduce struct {
	Dst *Local
	Val Expr
	Op  TeamOp
}

// TeamScan is teams.TeamScan: Prefix receives the exclusive sum of Val over the members of
// lower rank, Total the sum over the team. Collective over the team.
type TeamScan struct {
	Prefix, Total *Local
	Val           Expr
}

// Broadcast is teams.Broadcast: every lane receives in Dst the value Val of the member of rank
// From (its vector lane 0). Collective over the team.
type Broadcast struct {
	Dst  *Local
	Val  Expr
	From Expr
}

// Barrier is Member.Barrier: a team-wide barrier that also orders memory (shared and global)
// for the team.
type Barrier struct{}

// LeagueBarrier is Member.LeagueBarrier: every member of every team of the league waits until
// all have reached it, and memory writes (global) made before it by any of them are visible to
// reads after it by all. Collective over the league; only a concurrent launch, whose teams all
// run at once, reaches it.
type LeagueBarrier struct{}

// Single is teams.Single: Body runs on the team's lane 0 only (member 0, vector lane 0), then
// the team synchronizes as with Barrier. Collective over the team.
type Single struct {
	Body Block
}

// ScratchAlloc is teams.TeamScratch (PerThread false) or ThreadScratch (PerThread true): Dst (a
// rank-1 view of its Elem, stride 1, extent Count) receives the next Count elements of the
// team's (or the member's) scratch at Level (0: shared memory, 1: global memory). Each request
// takes Count*size bytes rounded up to 16 from a bump pointer that starts at 0 in every
// RunTeam call, per level and per kind. Exceeding the policy's scratch is undefined on the
// device (the interpreter panics).
type ScratchAlloc struct {
	Dst       *View
	Level     int
	PerThread bool
	Count     Expr
}

func (*Assign) isStmt()        {}
func (*Load) isStmt()          {}
func (*Store) isStmt()         {}
func (*Prefetch) isStmt()      {}
func (*Atomic) isStmt()        {}
func (*ViewCopy) isStmt()      {}
func (*SubView) isStmt()       {}
func (*If) isStmt()            {}
func (*Loop) isStmt()          {}
func (*Break) isStmt()         {}
func (*Continue) isStmt()      {}
func (*Return) isStmt()        {}
func (*TeamLoop) isStmt()      {}
func (*RangeReduce) isStmt()   {}
func (*RangeScan) isStmt()     {}
func (*TeamReduce) isStmt()    {}
func (*TeamScan) isStmt()      {}
func (*Broadcast) isStmt()     {}
func (*Barrier) isStmt()       {}
func (*LeagueBarrier) isStmt() {}
func (*Single) isStmt()        {}
func (*ScratchAlloc) isStmt()  {}

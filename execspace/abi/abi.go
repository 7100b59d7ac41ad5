// Package abi is the kernel ABI: the one description of how a kernel is called on a device,
// shared by the kernel toolchain (kernelc, which writes KernelSpecs into generated files), the
// runtime (portable, which turns kernel values into argument slots with Layout), the device
// spaces (backends/cuda and backends/sim, which launch them) and the interpreter. Nothing else
// codes the layout. Applications do not use this package. Every PTX kernel
// parameter is an 8-byte slot (.param .b64): integers are sign- or zero-extended to 64 bits,
// bool is 0 or 1, float64 is its IEEE bits, float32 its IEEE bits in the low 32 bits.
//
// Each entry's parameters are a form-specific prefix followed by the kernel's own slots, in the
// order of KernelSpec.Params. A scalar field takes one slot, a View1D three (device address of
// element 0, extent, stride in elements) and a View2D five (address, extent 0, extent 1,
// stride 0, stride 1).
//
// Prefixes and launch shapes, by form:
//
//   - FormRange, entry Entry: (begin, end). Any 1-D grid; the kernel loops i from
//     begin+global thread index in steps of the total thread count.
//   - FormTeam, entry Entry: (league, teamSize, vectorLength, scratch0Team, scratch0Thread,
//     scratch1Base, scratch1Team, scratch1Thread). Block (vectorLength, teamSize, 1); 1-D grid;
//     block b runs league ranks b, b+gridDim, .... Dynamic shared memory is, in order: the
//     kernel's own SharedPerThread bytes per thread (rounded up to 16 bytes), then scratch0Team
//     bytes, then scratch0Thread bytes per team member. Level-1 scratch is global memory at
//     scratch1Base + blockIdx.x*(scratch1Team + teamSize*scratch1Thread), team part first.
//   - FormReduce and FormTeamReduce: one entry per kernel, Reduce.Main, serving every
//     reduction of ReduceOps: the reduction is the launch argument op, the ReduceOp's numeric
//     value. Launchers must pass one of ReduceOps (the entry treats any other value as one of
//     them). Parameters: (begin, end, partials, result, op), or for FormTeamReduce the
//     FormTeam prefix followed by (partials, result, op). Block b of G handles the contiguous
//     chunk [begin + b*C, min(end, begin+(b+1)*C)), C = ceil((end-begin)/G), starting every
//     thread's accumulator at op's identity; it combines its threads with op in a fixed tree
//     order and stores the block's value in partials[b] (a slot of Value.SlotBytes()). For
//     team reduce the team members' accumulators are combined the same way and block b's
//     value covers the league ranks it ran. The last block to store its value (counted in a
//     module-scope word that every launch leaves at zero, so launches of one module must not
//     overlap) combines partials[0:G] with op in a fixed order into result[0].
//   - FormScan: entries Scan.Up (begin, end, blockSums), Scan.Mid (blockSums, count, total) and
//     Scan.Down (begin, end, blockSums), each followed by the kernel's slots, launched with the
//     same grid in that order (Mid as one block). Up stores each block's sum of its chunk (chunks as for reduce) computed with
//     final=false; Mid turns blockSums into exclusive prefix sums in place and stores the grand
//     total in total[0]; Down calls the body with final=true starting each thread from its
//     exact exclusive prefix.
package abi

import (
	"slices"
	"strings"
)

// Form is a kernel's body form.
type Form uint8

// The kernel body forms.
const (
	FormRange      Form = iota + 1 // Run(i int)
	FormTeam                       // RunTeam(m teams.Member)
	FormReduce                     // Run(i int, acc *T)
	FormTeamReduce                 // RunTeam(m teams.Member, acc *T)
	FormScan                       // Run(i int, acc *T, final bool)
)

// String returns the form's name.
func (f Form) String() string {
	switch f {
	case FormRange:
		return "range"
	case FormTeam:
		return "team"
	case FormReduce:
		return "reduce"
	case FormTeamReduce:
		return "team-reduce"
	case FormScan:
		return "scan"
	}
	return "invalid"
}

// Kind is the type of a kernel parameter or a reduction value.
type Kind uint8

// The parameter kinds. Scalar kinds are the Go types of the same name.
const (
	KindInvalid Kind = iota
	KindBool
	KindInt8
	KindInt16
	KindInt32
	KindInt64 // also int
	KindUint8
	KindUint16
	KindUint32
	KindUint64
	KindFloat32
	KindFloat64
	KindView1D
	KindView2D
)

// Slots returns the number of 8-byte argument slots a parameter of kind k takes.
func (k Kind) Slots() int {
	switch k {
	case KindView1D:
		return 3
	case KindView2D:
		return 5
	}
	return 1
}

// Size returns the byte size of a scalar kind, 0 for views.
func (k Kind) Size() int {
	switch k {
	case KindBool, KindInt8, KindUint8:
		return 1
	case KindInt16, KindUint16:
		return 2
	case KindInt32, KindUint32, KindFloat32:
		return 4
	case KindInt64, KindUint64, KindFloat64:
		return 8
	}
	return 0
}

// String returns the Go name of a scalar kind, or "View1D"/"View2D".
func (k Kind) String() string {
	return [...]string{"invalid", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "View1D", "View2D"}[k]
}

// Param is one field of a kernel struct as the device sees it. Structs are flattened: a field
// of struct type contributes one Param per scalar or view it contains.
type Param struct {
	// Name is the Go selector path from the kernel value, such as "A" or "G.Offsets".
	Name string
	// Field is the reflect field index path from the kernel struct type to the field.
	Field []int
	// Kind is the field's kind; views carry their element kind in Elem.
	Kind Kind
	// Elem is the element kind of a view parameter.
	Elem Kind
	// Written reports whether the kernel may write the view (loads from other views use the
	// read-only data path).
	Written bool
}

// ReduceOp names a reduction for device kernels.
type ReduceOp uint8

// The reductions. OpCustom is a kernel's own Init/Join methods. The values are part of the
// ABI: reduce entries receive them as their op argument.
const (
	OpSum ReduceOp = iota + 1
	OpProd
	OpMin
	OpMax
	OpLAnd
	OpLOr
	OpBAnd
	OpBOr
	OpMinLoc
	OpMaxLoc
	OpCustom
	// OpHostOnly marks a reducer with a Go closure join, which only host spaces can run.
	OpHostOnly
)

// String returns the reduction's name.
func (o ReduceOp) String() string {
	names := [...]string{"invalid", "sum", "prod", "min", "max", "land", "lor", "band", "bor", "minloc", "maxloc", "custom", "host-only"}
	if int(o) < len(names) {
		return names[o]
	}
	return "invalid"
}

// ReduceEntries names the PTX entry of a reduce kernel, shared by all its reductions.
type ReduceEntries struct {
	Main string
}

// ScanEntries names the three PTX entries of a scan.
type ScanEntries struct {
	Up, Mid, Down string
}

// Value describes the accumulator type of a reduce or scan kernel: a scalar kind, or (Loc) the
// portable.ValLoc pair {Val; Loc int} used by MinLoc and MaxLoc.
type Value struct {
	Kind Kind
	Loc  bool
}

// SlotBytes returns the bytes one partial value occupies in device memory: 8, or 16 with Loc
// (value in the first 8, location in the second).
func (v Value) SlotBytes() int {
	if v.Loc {
		return 16
	}
	return 8
}

// KernelSpec is a translated kernel: its PTX module and how to call it. The generator writes
// one per kernel type (per instantiation for generic kernels) and registers it with portable.
type KernelSpec struct {
	// Name is the kernel's Go type as written, such as "main.axpy" or
	// "algorithms.frontier[main.op]".
	Name string
	// Pos is the file:line of the kernel's type declaration.
	Pos string
	// Form is the body form.
	Form Form
	// PTX is the module text (".version 7.8", ".target sm_70", 64-bit addressing).
	PTX string
	// Entry is the entry name for FormRange and FormTeam.
	Entry string
	// Reduce holds the entries of a reduce kernel; the reduction is their op argument.
	Reduce ReduceEntries
	// ReduceOps lists, in increasing order, the reductions a reduce kernel's entries
	// implement: those its accumulator type supports, and OpCustom when it has Init and Join.
	ReduceOps []ReduceOp
	// Scan holds the entries of a scan kernel.
	Scan ScanEntries
	// Value is the accumulator type of reduce and scan kernels.
	Value Value
	// Params is the parameter layout after the form's prefix.
	Params []Param
	// SharedPerThread is the dynamic shared memory in bytes per thread the kernel needs for
	// its own use (team reductions, scans, broadcasts) ahead of level-0 scratch.
	SharedPerThread int
	// Lanes is the number of threads one kernel invocation spans on the device: 1 for range
	// forms; for team forms the backend launches teamSize × vectorLength threads per team.
	Lanes int
	// LeagueBarrier is set when the kernel calls teams.Member.LeagueBarrier: its teams wait
	// for each other, so it must be launched with a concurrent team policy (every team
	// resident at once); spaces refuse other launches of it.
	LeagueBarrier bool
	// Source lists the declarations of the generated package that the translation was made
	// from, sorted by file and key, and SourceHash is their combined hash (package
	// portable/gokkosimpl/srchash computes both). The runtime recomputes them from the source
	// files at a kernel type's first launch and refuses to launch a kernel whose source
	// changed since the file was generated. Declarations of other packages are not listed.
	Source     []SourcePiece
	SourceHash string
}

// SourcePiece is one declaration a kernel's translation was made from.
type SourcePiece struct {
	// File is the declaring file's name, relative to the package directory, with forward
	// slashes.
	File string
	// Key names the declaration in its file: "type T", "func F", "func (T) M", "const C" or
	// "var V" (a method's receiver without its pointer or type parameters).
	Key string
	// Hash is the hash of the declaration's tokens, comments and layout excluded.
	Hash string
}

// HasReduceOp reports whether the kernel's reduce entries implement op.
func (s *KernelSpec) HasReduceOp(op ReduceOp) bool {
	return slices.Contains(s.ReduceOps, op)
}

// ReduceOpsString returns the names of the kernel's reductions, comma-separated, or "none".
func (s *KernelSpec) ReduceOpsString() string {
	if len(s.ReduceOps) == 0 {
		return "none"
	}
	names := make([]string, len(s.ReduceOps))
	for i, op := range s.ReduceOps {
		names[i] = op.String()
	}
	return strings.Join(names, ", ")
}

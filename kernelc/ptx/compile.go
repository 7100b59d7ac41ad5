package ptx

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// Module is the PTX translation of one kernel: the module text and the parts of
// abi.KernelSpec the back end determines.
type Module struct {
	// PTX is the module text: ".version 7.8", ".target sm_70", 64-bit addresses, one .entry
	// per entry named below, and the math library functions and tables the kernel uses.
	PTX string
	// Entry is the entry of FormRange and FormTeam kernels.
	Entry string
	// Reduce holds the entry of reduce kernels, which takes the reduction as its op argument.
	Reduce abi.ReduceEntries
	// ReduceOps lists in increasing order the reductions the reduce entries implement: the
	// ops of ir.Kernel.ReduceOps, plus OpCustom when the kernel has Init and Join.
	ReduceOps []abi.ReduceOp
	// Scan holds the entries of scan kernels.
	Scan abi.ScanEntries
	// SharedPerThread is the dynamic shared memory per thread the entries need ahead of
	// level-0 scratch. It is 0: collectives use a static shared staging area of 1040 bytes per
	// block (reported by the driver as the entry's static shared size).
	SharedPerThread int
	// Lanes is 1: one body invocation runs on one device thread, in every form (team forms
	// run one RunTeam per thread of a team's block).
	Lanes int
}

// Spec returns k's complete KernelSpec: the IR's part (ir.Kernel.Spec) with the module's.
func (m *Module) Spec(k *ir.Kernel) *abi.KernelSpec {
	s := k.Spec()
	m.Fill(s)
	return s
}

// Fill stores the module's fields into s: PTX, Entry, Reduce, ReduceOps, Scan,
// SharedPerThread and Lanes.
func (m *Module) Fill(s *abi.KernelSpec) {
	s.PTX = m.PTX
	s.Entry = m.Entry
	s.Reduce = m.Reduce
	s.ReduceOps = m.ReduceOps
	s.Scan = m.Scan
	s.SharedPerThread = m.SharedPerThread
	s.Lanes = m.Lanes
}

// Compile translates a verified kernel (see ir.Verify) to PTX. The entries follow the
// kernel ABI (execspace/abi); README.md in this directory describes what each
// form's entries do. Errors describe constructs the back end cannot translate.
func Compile(k *ir.Kernel) (mod *Module, err error) {
	defer func() {
		if r := recover(); r != nil {
			mod, err = nil, fmt.Errorf("ptx: kernel %s: %v", k.Name, r)
		}
	}()
	m := newModule()
	out := &Module{Lanes: 1}
	base := entryBase(k.Name)
	switch k.Form {
	case abi.FormRange:
		out.Entry = base
		m.entries = append(m.entries, rangeEntry(m, k, base))
	case abi.FormTeam:
		out.Entry = base
		m.entries = append(m.entries, teamEntry(m, k, base, nil))
	case abi.FormReduce, abi.FormTeamReduce:
		ops := slices.Clone(k.ReduceOps)
		if k.Init != nil && k.Join != nil && !slices.Contains(ops, abi.OpCustom) {
			ops = append(ops, abi.OpCustom)
		}
		slices.Sort(ops)
		ops = slices.Compact(ops)
		if len(ops) == 0 {
			return nil, fmt.Errorf("ptx: kernel %s: reduce kernel without reductions", k.Name)
		}
		rs, err := kernelReducers(k, ops)
		if err != nil {
			return nil, fmt.Errorf("ptx: kernel %s: %v", k.Name, err)
		}
		out.Reduce = abi.ReduceEntries{Main: base + "_main"}
		out.ReduceOps = ops
		if k.Form == abi.FormReduce {
			m.entries = append(m.entries, reduceMainEntry(m, k, out.Reduce.Main, rs))
		} else {
			m.entries = append(m.entries, teamEntry(m, k, out.Reduce.Main, rs))
		}
	case abi.FormScan:
		out.Scan = abi.ScanEntries{Up: base + "_up", Mid: base + "_mid", Down: base + "_down"}
		m.entries = append(m.entries,
			scanUpEntry(m, k, out.Scan.Up),
			scanMidEntry(m, k, out.Scan.Mid),
			scanDownEntry(m, k, out.Scan.Down))
	default:
		return nil, fmt.Errorf("ptx: kernel %s: form %s", k.Name, k.Form)
	}
	out.PTX = m.text()
	return out, nil
}

// entryBase turns a kernel name into an identifier: "gk_" and the name with every character
// other than letters and digits replaced by '_'.
func entryBase(name string) string {
	var b strings.Builder
	b.WriteString("gk_")
	for _, r := range name {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

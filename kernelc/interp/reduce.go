package interp

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/execspace/abi"
	"github.com/gokkos/gokkos/kernelc/ir"
)

// identity returns the launch reduction's identity (portable's reducers' Init).
func (r *runner) identity() value {
	k := r.k
	if k.Form == abi.FormTeam || k.Form == abi.FormRange || len(k.Acc) == 0 {
		return value{}
	}
	t := k.Acc[0].T
	c := func(op ir.TeamOp) uint64 { return canon(t, op.Identity(t).Bits) }
	switch r.cfg.Op {
	case abi.OpSum, abi.OpBOr, abi.OpLOr:
		return value{}
	case abi.OpProd:
		return value{c(ir.OpProd)}
	case abi.OpMin:
		return value{c(ir.OpMin)}
	case abi.OpMax:
		return value{c(ir.OpMax)}
	case abi.OpBAnd:
		return value{c(ir.OpBAnd)}
	case abi.OpLAnd:
		return value{1}
	case abi.OpMinLoc:
		return value{c(ir.OpMin), math.MaxInt64}
	case abi.OpMaxLoc:
		return value{c(ir.OpMax), math.MaxInt64}
	case abi.OpCustom:
		if k.Init == nil {
			panic(fmt.Sprintf("kernel %s has no Init method", k.Name))
		}
		ln := newLane(k, r.args, r.mem)
		for _, l := range k.Init.Dst {
			ln.regs[l.ID] = 0
		}
		ln.block(k.Init.Body)
		var v value
		for i, l := range k.Init.Dst {
			v[i] = ln.regs[l.ID]
		}
		return v
	}
	panic(fmt.Sprintf("reduction %s is not available for kernel %s", r.cfg.Op, k.Name))
}

// join combines src into dst with the launch's reduction (portable's reducers' Join).
func (r *runner) join(dst, src value) value {
	k := r.k
	if k.Form == abi.FormTeam || k.Form == abi.FormRange || len(k.Acc) == 0 {
		return value{}
	}
	t := k.Acc[0].T
	switch r.cfg.Op {
	case abi.OpSum:
		return value{teamJoin(ir.OpSum, t, dst[0], src[0])}
	case abi.OpProd:
		return value{teamJoin(ir.OpProd, t, dst[0], src[0])}
	case abi.OpMin:
		return value{teamJoin(ir.OpMin, t, dst[0], src[0])}
	case abi.OpMax:
		return value{teamJoin(ir.OpMax, t, dst[0], src[0])}
	case abi.OpBAnd, abi.OpLAnd:
		return value{dst[0] & src[0]}
	case abi.OpBOr, abi.OpLOr:
		return value{dst[0] | src[0]}
	case abi.OpMinLoc, abi.OpMaxLoc:
		op := ir.Lt
		if r.cfg.Op == abi.OpMaxLoc {
			op = ir.Gt
		}
		better := Binary(op, t, t, src[0], dst[0]) != 0
		equal := Binary(ir.Eq, t, t, src[0], dst[0]) != 0
		if better || (equal && int64(src[1]) < int64(dst[1])) {
			return src
		}
		return dst
	case abi.OpCustom:
		ln := newLane(k, r.args, r.mem)
		for i, l := range k.Join.Dst {
			ln.regs[l.ID] = dst[i]
		}
		for i, l := range k.Join.Src {
			ln.regs[l.ID] = src[i]
		}
		ln.block(k.Join.Body)
		var v value
		for i, l := range k.Join.Dst {
			v[i] = ln.regs[l.ID]
		}
		return v
	}
	panic(fmt.Sprintf("reduction %s is not available for kernel %s", r.cfg.Op, k.Name))
}

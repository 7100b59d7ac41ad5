package interp

import (
	"fmt"
	"math"

	"github.com/gokkos/gokkos/kernelc/ir"
	"github.com/gokkos/gokkos/execspace"
)

// identity returns the launch reduction's identity (portable's reducers' Init).
func (r *runner) identity() value {
	k := r.k
	if k.Form == execspace.FormTeam || k.Form == execspace.FormRange || len(k.Acc) == 0 {
		return value{}
	}
	t := k.Acc[0].T
	c := func(op ir.TeamOp) uint64 { return canon(t, op.Identity(t).Bits) }
	switch r.cfg.Op {
	case execspace.OpSum, execspace.OpBOr, execspace.OpLOr:
		return value{}
	case execspace.OpProd:
		return value{c(ir.OpProd)}
	case execspace.OpMin:
		return value{c(ir.OpMin)}
	case execspace.OpMax:
		return value{c(ir.OpMax)}
	case execspace.OpBAnd:
		return value{c(ir.OpBAnd)}
	case execspace.OpLAnd:
		return value{1}
	case execspace.OpMinLoc:
		return value{c(ir.OpMin), math.MaxInt64}
	case execspace.OpMaxLoc:
		return value{c(ir.OpMax), math.MaxInt64}
	case execspace.OpCustom:
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
	if k.Form == execspace.FormTeam || k.Form == execspace.FormRange || len(k.Acc) == 0 {
		return value{}
	}
	t := k.Acc[0].T
	switch r.cfg.Op {
	case execspace.OpSum:
		return value{teamJoin(ir.OpSum, t, dst[0], src[0])}
	case execspace.OpProd:
		return value{teamJoin(ir.OpProd, t, dst[0], src[0])}
	case execspace.OpMin:
		return value{teamJoin(ir.OpMin, t, dst[0], src[0])}
	case execspace.OpMax:
		return value{teamJoin(ir.OpMax, t, dst[0], src[0])}
	case execspace.OpBAnd, execspace.OpLAnd:
		return value{dst[0] & src[0]}
	case execspace.OpBOr, execspace.OpLOr:
		return value{dst[0] | src[0]}
	case execspace.OpMinLoc, execspace.OpMaxLoc:
		op := ir.Lt
		if r.cfg.Op == execspace.OpMaxLoc {
			op = ir.Gt
		}
		better := Binary(op, t, t, src[0], dst[0]) != 0
		equal := Binary(ir.Eq, t, t, src[0], dst[0]) != 0
		if better || (equal && int64(src[1]) < int64(dst[1])) {
			return src
		}
		return dst
	case execspace.OpCustom:
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

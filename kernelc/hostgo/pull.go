package hostgo

import (
	"bytes"
	"fmt"
	"go/types"

	"github.com/gokkos/gokkos/kernelc/frontend"
)

// A pull loop is the host form of a pull step's words for one pull operator (the frontier
// template's PullOp: methods PendingWord(w int) uint32 and Pull(u, v int32, e int64) (bool,
// bool)), generated in the operator's package with the operator's concrete type, for host pull
// steps (gokkosimpl.RegisterHostPull). The template's own host form is generic over the
// operator, and Go calls a type parameter's methods through a dictionary: a call per word and
// per pulled vertex that the compiler can neither inline nor see through. In the generated
// loop they are static calls on the concrete type, which the compiler inlines where they are
// small. An operator gets a pull loop when it is a non-generic type of the package named as a
// type argument of a kernel the package translates and both methods have value receivers and
// those signatures.
type pullLoop struct {
	id    int // names the function: gokkosHostLoop<id>, after the kernels' and visit loops' ids
	named *types.Named
}

// selectPullLoops finds the pull operators of the package that get a pull loop; ids start at
// first.
func selectPullLoops(res *frontend.Result, first int) []*pullLoop {
	pkg := res.Package
	seen := map[*types.TypeName]bool{}
	var out []*pullLoop
	for _, k := range res.Kernels {
		named, ok := types.Unalias(k.Type).(*types.Named)
		if !ok {
			continue
		}
		args := named.TypeArgs()
		for i := 0; i < args.Len(); i++ {
			op, ok := types.Unalias(args.At(i)).(*types.Named)
			if !ok || op.Obj().Pkg() != pkg.Types || op.TypeParams().Len() > 0 || seen[op.Obj()] {
				continue
			}
			seen[op.Obj()] = true
			if isPullOp(op) {
				out = append(out, &pullLoop{id: first + len(out), named: op})
			}
		}
	}
	return out
}

// isPullOp reports whether op has value-receiver methods PendingWord(int) uint32 and
// Pull(int32, int32, int64) (bool, bool).
func isPullOp(op *types.Named) bool {
	i32, i64, b := types.Typ[types.Int32], types.Typ[types.Int64], types.Typ[types.Bool]
	want := map[string]struct{ params, results []types.Type }{
		"PendingWord": {[]types.Type{types.Typ[types.Int]}, []types.Type{types.Typ[types.Uint32]}},
		"Pull":        {[]types.Type{i32, i32, i64}, []types.Type{b, b}},
	}
	found := 0
	for i := 0; i < op.NumMethods(); i++ {
		m := op.Method(i)
		w, ok := want[m.Name()]
		if !ok {
			continue
		}
		sig := m.Signature()
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr || !sameTypes(sig.Params(), w.params) || !sameTypes(sig.Results(), w.results) {
			return false
		}
		found++
	}
	return found == len(want)
}

// sameTypes reports whether the tuple's types are ts, in order.
func sameTypes(t *types.Tuple, ts []types.Type) bool {
	if t.Len() != len(ts) {
		return false
	}
	for i, x := range ts {
		if !types.Identical(t.At(i).Type(), x) {
			return false
		}
	}
	return true
}

// emit writes the loop function: the template's host pull over the words [first, last) of a
// step, with the operator's methods called on its concrete type. The scan of a vertex's
// in-edges for a source in the worklist is gokkosimpl.FirstSet, a loop of its own that the
// compiler inlines and keeps in registers (around a call in the loop it kept the scan's
// values on the stack).
func (p *pullLoop) emit(b *bytes.Buffer, im *imports, implQ string) error {
	opType, err := im.typeExpr(p.named)
	if err != nil {
		return err
	}
	bitsQ := im.add("math/bits", "bits")
	fmt.Fprintf(b, "// %s runs the words [gokkosFirst, gokkosLast) of a host pull step with %s (see %s.RegisterHostPull).\n", loopName(p.id), opType, implQ)
	fmt.Fprintf(b, `func %[1]s(gokkosOp *%[2]s, gokkosOff []int64, gokkosAdj []int32, gokkosCur, gokkosNext []uint32, gokkosN, gokkosFirst, gokkosLast int) int64 {
	gokkosO := *gokkosOp
	var gokkosCount int64
	for gokkosW := gokkosFirst; gokkosW < gokkosLast; gokkosW++ {
		gokkosMask := gokkosO.PendingWord(gokkosW)
		gokkosBase := gokkosW * 32
		if gokkosRest := gokkosN - gokkosBase; gokkosRest < 32 {
			gokkosMask &= uint32(1)<<uint(gokkosRest) - 1
		}
		var gokkosWord uint32
		for gokkosMask != 0 {
			gokkosB := %[3]s.TrailingZeros32(gokkosMask)
			gokkosMask &= gokkosMask - 1
			gokkosV := gokkosBase + gokkosB
			gokkosJoined := false
			gokkosE := gokkosOff[gokkosV]
			gokkosRow := gokkosAdj[gokkosE:gokkosOff[gokkosV+1]]
			for gokkosI := 0; ; gokkosI++ {
				gokkosK := %[4]s.FirstSet(gokkosRow[gokkosI:], gokkosCur)
				if gokkosK < 0 {
					break
				}
				gokkosI += gokkosK
				gokkosJ, gokkosDone := gokkosO.Pull(gokkosRow[gokkosI], int32(gokkosV), gokkosE+int64(gokkosI))
				gokkosJoined = gokkosJoined || gokkosJ
				if gokkosDone {
					break
				}
			}
			if gokkosJoined {
				gokkosWord |= uint32(1) << uint(gokkosB)
				gokkosCount++
			}
		}
		gokkosNext[gokkosW] = gokkosWord
	}
	return gokkosCount
}

`, loopName(p.id), opType, bitsQ, implQ)
	return nil
}

// register writes the registration of the loop.
func (p *pullLoop) register(b *bytes.Buffer, im *imports, implQ string) error {
	opType, err := im.typeExpr(p.named)
	if err != nil {
		return err
	}
	fmt.Fprintf(b, "%s.RegisterHostPull[%s](%s)\n", implQ, opType, loopName(p.id))
	return nil
}

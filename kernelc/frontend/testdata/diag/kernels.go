package diag

import (
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

//gokkos:kernel
type NoBody struct{ X views.View1D[int32] } // want 6 "kernel diag.NoBody has no body method; give it Run(i int)"

//gokkos:kernel
type PtrRecv struct{ X views.View1D[int32] }

func (k *PtrRecv) Run(i int) { // want 9 "kernel diag.PtrRecv: Run has a pointer receiver; a kernel body needs a value receiver, since every index runs on its own copy of the kernel value: func (k PtrRecv) Run(...)"
	s := make([]int32, 1) // want 7 "allocation with make is not supported in kernels"
	_ = s                 //
	k.X.Set(i, (*k).X.At(i)+int32(i))
}

//gokkos:kernel
type Both struct{ X views.View1D[int32] } // want 6 "kernel diag.Both has both Run and RunTeam methods"

func (k Both) Run(i int)              {}
func (k Both) RunTeam(m teams.Member) {}

//gokkos:kernel
type BadSig struct{ X views.View1D[int32] } // want 6 "kernel diag.BadSig: Run has signature func(i int32); want Run(i int)"

func (k BadSig) Run(i int32) {}

//gokkos:kernel
type Fields struct {
	Data  []float64        // want 2 "kernel field Data of slice type is not supported in kernels; use a views.View1D or View2D field"
	Names map[string]int   // want 2 "kernel field Names of map type is not supported in kernels"
	Label string           // want 2 "kernel field Label of string type is not supported in kernels; kernels have no strings"
	P     *int             // want 2 "kernel field P of pointer type is not supported in kernels; only the reduction accumulator may be a pointer"
	F     func(int) int    // want 2 "kernel field F of function type is not supported in kernels; call functions directly; function literals are only allowed as the body argument of a teams range, reduce, scan or Single call"
	I     interface{ M() } // want 2 "kernel field I of interface type is not supported in kernels"
	M     teams.Member     // want 2 "kernel field M of teams.Member type is not supported in kernels"
}

func (k Fields) Run(i int) {}

type pt struct{ X, Y float64 }

//gokkos:kernel
type StructAcc struct{ X views.View1D[float64] } // want 6 "an accumulator of type diag.pt is not supported in kernels; accumulate a number, a bool, or a portable.ValLoc"

func (k StructAcc) Run(i int, acc *pt) { acc.X += k.X.At(i) }

//gokkos:kernel
type BoolScan struct{ X views.View1D[float64] } // want 6 "a scan over bool is not supported in kernels; scans accumulate numbers"

func (k BoolScan) Run(i int, acc *bool, final bool) {}

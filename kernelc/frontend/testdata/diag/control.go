package diag

import (
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

//gokkos:kernel
type Control struct {
	X  views.View1D[int32]
	Ch chan int // want 2 "kernel field Ch of channel type is not supported in kernels; kernels cannot communicate through channels"
}

func fact(n int) int {
	if n <= 1 {
		return 1
	}
	return n * fact(n-1) // want 13 "recursive call to diag.fact is not supported in kernels; rewrite the recursion as a loop"
}

func sum(xs ...int) int { return len(xs) }

type shape interface{ Area() float64 }

func (k Control) Run(i int) {
	go fact(i)                   // want 2 "a go statement is not supported in kernels"
	defer fact(i)                // want 2 "defer is not supported in kernels; call the function at the end of the body instead"
	_ = fact(i)                  //
	panic("no")                  // want 2 "panic is not supported in kernels; kernels cannot panic"
	f := func() int { return 1 } // want 7 "a function literal here is not supported in kernels; function literals are only allowed as the body argument"
	_ = f()                      // want 6 "calling a function value is not supported in kernels"
	_ = sum(1, 2)                // want 6 "calling the variadic function diag.sum is not supported in kernels"
	g := k.X.At                  // want 7 "a method value is not supported in kernels; call the method directly"
	_ = g                        //
	var s shape                  // want 6 "a variable of interface type is not supported in kernels"
	_ = s.Area()                 // want 6 "calling a method through an interface is not supported in kernels"
	var any1 any = 1             // want 6 "a variable of interface type is not supported in kernels"
	_ = any1.(int)               // want 6 "a type assertion is not supported in kernels"
	switch any1.(type) {         // want 2 "a type switch is not supported in kernels"
	} //
	k.Ch <- 1  // want 2 "a channel send is not supported in kernels"
	_ = <-k.Ch // want 6 "a channel receive is not supported in kernels"
	select {}  // want 2 "select is not supported in kernels"
loop: //
	for j := 0; j < 3; j++ { //
		if j == 1 { //
			goto loop // want 4 "goto is not supported in kernels; use structured loops"
		} //
	} //
	switch i { //
	case 1: //
		fallthrough // want 3 "fallthrough is not supported in kernels"
	case 2: //
	} //
	for range k.X.Len() { //
	} //
	for j := range []int{1, 2} { // want 17 "range over a slice is not supported in kernels"
		_ = j //
	} //
}

//gokkos:kernel
type Team struct{ X views.View1D[int32] }

func (k Team) RunTeam(m teams.Member) {
	n := 0
	teams.ThreadRange(m, 0, 10, func(j int) {
		n += j                                // want 3 "assigning to a variable declared outside a teams range or single body is not supported in kernels; every lane has its own copy"
		m.Barrier()                           // want 3 "a barrier inside a teams range or single body is not supported in kernels"
		m.LeagueBarrier()                     // want 3 "a league barrier inside a teams range or single body is not supported in kernels"
		_ = teams.TeamReduce(m, j, teams.Sum) // want 7 "teams.TeamReduce inside a teams range or single body is not supported in kernels"
	})
	body := func(j int) {}                  // want 10 "a function literal here is not supported in kernels"
	teams.VectorRange(m, 0, 4, body)        // want 29 "passing a function value to teams.VectorRange is not supported in kernels; write the body as a function literal in the call"
	op := teams.Sum                         //
	_ = teams.TeamReduce(m, 1, op)          // want 29 "a reduction operator that is not a constant is not supported in kernels"
	lvl := n % 2                            //
	_ = teams.TeamScratch[int32](m, lvl, 4) // want 34 "a scratch level that is not a constant is not supported in kernels; pass 0 or 1"
	_ = teams.Broadcast(m, k.X, 0)          // want 25 "broadcasting a view is not supported in kernels; broadcast numbers and bools one at a time"
}

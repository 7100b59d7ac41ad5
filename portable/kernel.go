package portable

import "github.com/gokkos/gokkos/teams"

// RangeKernel is a kernel of the range form: Run is called once per index of a RangePolicy.
type RangeKernel interface{ Run(i int) }

// TeamKernel is a kernel of the team form: RunTeam is called by every member of every team of a
// TeamPolicy.
type TeamKernel interface{ RunTeam(m teams.Member) }

// ReduceKernel is a kernel of the reduce form: Run adds index i's contribution to *acc.
type ReduceKernel[T any] interface{ Run(i int, acc *T) }

// TeamReduceKernel is a team kernel that contributes to a reduction: every member's *acc is
// combined with the reducer.
type TeamReduceKernel[T any] interface {
	RunTeam(m teams.Member, acc *T)
}

// ScanKernel is a kernel of the scan form: Run adds index i's contribution to *acc; when final
// is true, *acc holds on entry the exclusive prefix sum of the contributions of all earlier
// indices, and the body typically stores it.
type ScanKernel[T any] interface {
	Run(i int, acc *T, final bool)
}

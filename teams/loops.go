package teams

import "github.com/gokkos/gokkos/views"

// ThreadRange calls body(i) for every i in [begin, end), the iterations split over the team's
// members (Kokkos' TeamThreadRange).
func ThreadRange(m Member, begin, end int, body func(i int)) {
	for i := begin; i < end; i++ {
		body(i)
	}
}

// VectorRange calls body(i) for every i in [begin, end), the iterations split over the calling
// member's vector lanes (Kokkos' ThreadVectorRange).
func VectorRange(m Member, begin, end int, body func(i int)) {
	for i := begin; i < end; i++ {
		body(i)
	}
}

// TeamVectorRange calls body(i) for every i in [begin, end), the iterations split over every
// lane of every member of the team (Kokkos' TeamVectorRange).
func TeamVectorRange(m Member, begin, end int, body func(i int)) {
	for i := begin; i < end; i++ {
		body(i)
	}
}

// ThreadReduce combines with op the contributions body makes to its accumulator for every i in
// [begin, end), the iterations split over the team's members, and returns the result to every
// member. Each member's accumulator starts at op's identity.
func ThreadReduce[T views.Scalar](m Member, begin, end int, op Op, body func(i int, acc *T)) T {
	acc := Identity[T](op)
	for i := begin; i < end; i++ {
		body(i, &acc)
	}
	return acc
}

// VectorReduce is ThreadReduce over the calling member's vector lanes.
func VectorReduce[T views.Scalar](m Member, begin, end int, op Op, body func(i int, acc *T)) T {
	return ThreadReduce(m, begin, end, op, body)
}

// TeamVectorReduce is ThreadReduce over every lane of every member.
func TeamVectorReduce[T views.Scalar](m Member, begin, end int, op Op, body func(i int, acc *T)) T {
	return ThreadReduce(m, begin, end, op, body)
}

// ThreadScan runs an exclusive prefix sum over [begin, end), the iterations split over the
// team's members, as Kokkos' parallel_scan over a TeamThreadRange: body(i, acc, final) adds
// element i's contribution to *acc; when final is true, *acc holds the sum of the contributions
// of all earlier iterations on entry. ThreadScan returns the total to every member.
func ThreadScan[T views.Scalar](m Member, begin, end int, body func(i int, acc *T, final bool)) T {
	var acc T
	for i := begin; i < end; i++ {
		body(i, &acc, true)
	}
	return acc
}

// VectorScan is ThreadScan over the calling member's vector lanes.
func VectorScan[T views.Scalar](m Member, begin, end int, body func(i int, acc *T, final bool)) T {
	return ThreadScan(m, begin, end, body)
}

// TeamReduce combines one value per member with op and returns the result to every member.
func TeamReduce[T views.Scalar](m Member, v T, op Op) T { return v }

// TeamScan returns, for the calling member, the exclusive prefix sum of the members' values v in
// rank order, and the team's total.
func TeamScan[T views.Scalar](m Member, v T) (prefix, total T) { return 0, v }

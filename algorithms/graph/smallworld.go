package graph

import "fmt"

// SmallWorld returns a directed graph with n vertices shaped like a web or
// social graph's bow tie, the shape that defeats naive strongly connected
// component codes:
//
//   - one giant strongly connected component of n/2 vertices (all n for
//     n < 4): a directed cycle with as many random chords;
//   - small strongly connected components of 2 to 10 vertices each (a cycle,
//     plus a chord when there are three or more), filling about 40% of the
//     vertices. Each one either feeds the giant component (edges from it
//     into the giant one, and possibly into earlier feeding components) or
//     hangs off it (edges from the giant one, and possibly from earlier
//     hanging components, into it), never both, and some feeding components
//     also point straight at a hanging one;
//   - the remaining vertices, about 10%, are trivial components: isolated,
//     or with a single edge into or out of the giant component, some with a
//     self loop.
//
// Vertex ids are randomly permuted. The graph is unweighted and has no
// duplicate edges other than what the chords may repeat. It is generated
// serially from a PCG stream derived from seed, so it depends only on the
// arguments; it costs O(n) time and memory ([SmallWorldBytes]). SmallWorld
// panics if n is negative or exceeds MaxVertices, and, before allocating
// anything, with an error wrapping [ErrTooLarge] if the process cannot have
// the memory it needs.
func SmallWorld(n int, seed uint64) *EdgeList {
	if n < 0 || n > MaxVertices {
		panic(fmt.Sprintf("graph: SmallWorld(%d): want 0 <= n <= %d", n, MaxVertices))
	}
	mustFit(SmallWorldBytes(n), func() string { return fmt.Sprintf("SmallWorld(%d)", n) })
	r := streamRand(seed, tagSmallWorld, 0)
	el := &EdgeList{N: n, Src: make([]int32, 0, 3*n), Dst: make([]int32, 0, 3*n)}
	add := func(u, v int) {
		el.Src = append(el.Src, int32(u))
		el.Dst = append(el.Dst, int32(v))
	}

	giant := n
	if n >= 4 {
		giant = n / 2
	}
	if giant >= 2 {
		for i := 0; i < giant; i++ {
			add(i, (i+1)%giant)
		}
		for i := 0; i < giant; i++ {
			j := r.IntN(giant - 1)
			if j >= i {
				j++
			}
			add(i, j)
		}
	}
	randGiant := func() int { return r.IntN(giant) }

	type comp struct{ start, size int }
	var feeders, hangers []comp
	trivial := n / 10
	pos := giant
	for giant > 0 && n-pos-trivial >= 2 {
		s := min(2+r.IntN(9), n-pos-trivial)
		c := comp{pos, s}
		pos += s
		for i := 0; i < s; i++ {
			add(c.start+i, c.start+(i+1)%s)
		}
		if s >= 3 {
			a, b := r.IntN(s), r.IntN(s)
			if a != b && (b-a+s)%s != 1 {
				add(c.start+a, c.start+b)
			}
		}
		member := func(c comp) int { return c.start + r.IntN(c.size) }
		links := 1 + r.IntN(2)
		if r.IntN(2) == 0 {
			for range links {
				add(member(c), randGiant())
			}
			if len(feeders) > 0 && r.IntN(4) == 0 {
				add(member(c), member(feeders[r.IntN(len(feeders))]))
			}
			feeders = append(feeders, c)
		} else {
			for range links {
				add(randGiant(), member(c))
			}
			if len(hangers) > 0 && r.IntN(4) == 0 {
				add(member(hangers[r.IntN(len(hangers))]), member(c))
			}
			hangers = append(hangers, c)
		}
	}
	if len(hangers) > 0 {
		for _, c := range feeders {
			if r.IntN(8) == 0 {
				h := hangers[r.IntN(len(hangers))]
				add(c.start+r.IntN(c.size), h.start+r.IntN(h.size))
			}
		}
	}
	for v := pos; v < n; v++ {
		if giant == 0 {
			break
		}
		switch r.IntN(4) {
		case 1:
			add(v, randGiant())
		case 2, 3:
			add(randGiant(), v)
		}
		if r.IntN(8) == 0 {
			add(v, v)
		}
	}

	perm := permutation(n, r)
	relabel(el.Src, perm)
	relabel(el.Dst, perm)
	return el
}

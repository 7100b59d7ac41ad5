// Package bfs is breadth-first search on the frontier template: levels (hop distances) and a
// BFS tree (parents) from a root, for every loop strategy of the template, top-down or
// direction-optimizing.
//
// The edge operator claims an unvisited vertex with a compare-and-swap on its parent and
// stores its level; a claimed vertex joins the next worklist exactly once, so the template's
// queues need no de-duplication. Top-down steps are the template's push steps with the chosen
// strategy (or the adaptive runtime); direction-optimizing traversal (Beamer, Asanović and
// Patterson, "Direction-Optimizing Breadth-First Search", SC 2012) switches to pull steps over
// the in-edges when the frontier grows and its edges exceed the unexplored edges divided by
// Alpha, and back when the frontier shrinks below N/Beta.
//
// Levels are the same for every strategy and direction; parents form a valid BFS tree that
// may differ between runs, since any in-frontier neighbor may claim a vertex first.
//
// Typical use:
//
//	g, err := dgraph.New(space, host)
//	b, err := bfs.New(g, bfs.Options{})     // adaptive, direction-optimizing
//	defer b.Free()
//	stats, err := b.Run(root)
//	level, err := b.Level()                 // host copies
//	parent, err := b.Parent()
package bfs

//go:generate go tool gokkos-gen

// Package coloring is color propagation on the frontier template (Algorithm 2 of Slota,
// Rajamanickam and Madduri, IPDPS 2015): every vertex starts with its own id as its color,
// and colors propagate along out-edges, each vertex keeping the largest color it receives,
// until nothing changes. At the fixed point the color of v is the largest id of a vertex that
// reaches v, so the vertices of a strongly connected component share a color; this is the
// first phase of the coloring SCC algorithm.
//
// Each iteration is one template step over the vertices whose color changed in the previous
// one (all vertices at first): a push step (every strategy of the template) or, with
// Options.Pull, a pull step in which each vertex takes the largest color of its in-neighbors
// in the worklist. The fixed point does not depend on the strategy or on the order of
// updates; the number of iterations may, since updates within an iteration are visible to
// later edges of the same iteration.
//
//	c, err := coloring.New(g, coloring.Options{})
//	defer c.Free()
//	st, err := c.Run()          // st.Iterations, st.Colors
//	colors, err := c.Colors()   // host copy
package coloring

//go:generate go tool gokkos-gen

// Command newalgorithm shows how to write a new graph algorithm on gokkos' frontier template
// (package algorithms/frontier), once, for every execution space.
//
// The algorithm is a multi-source BFS that splits a graph into cells: every vertex within K
// hops of a set of seeds gets its hop distance to the nearest seed and, as its owner, the
// smallest seed among the nearest ones. It prints how many vertices lie at each distance and
// the size of each seed's cell.
//
//	go run ./examples/newalgorithm -seeds 0,100,2000 -k 4
//	go run ./examples/newalgorithm -graph road.mtx -seeds 5,6 -k 50
//
// Writing an algorithm on the template takes four steps, marked in the code below:
//
//  1. Keep the per-vertex results in views in the graph's space (here dist and owner).
//  2. Write the edge operator: a struct of views and scalars with a Visit(u, v, e) method in
//     the kernel subset of Go that updates v from u and reports whether v joins the next
//     worklist. Visit runs concurrently for many edges: use the views' atomics where threads
//     may meet. (Add Pending, PendingWord and Pull to make it a frontier.PullOp and get pull
//     steps too; see algorithms/bfs.)
//  3. Name the template's kernels instantiated with the operator, and run go generate, so that
//     the kernel translator produces their device code (the operator is inlined into them).
//  4. Drive the loop: frontier.New, Set the first worklist, then Push (or Pull) until the
//     worklist is empty, updating the operator's per-step scalars in between.
package main

//go:generate go tool gokkos-gen

import (
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/algorithms/graph"
	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// Step 2: the edge operator. Dist[v] is -1 until v is reached; Depth is the current step's
// distance, which the driver advances between steps (the operator is passed by value).
type nearest struct {
	Dist  views.View1D[int32]
	Owner views.View1D[int32]
	Depth int32
}

// Visit reaches v from u at distance Depth+1. The first thread to reach v claims it with a
// compare-and-swap, so v joins the next worklist exactly once (frontier.Options.Unique).
// Every thread that reaches v in this step, the claimer included, offers u's owner with an
// atomic minimum, so that the owner is the smallest nearest seed whatever the order. A
// vertex reached in an earlier step has a smaller distance and is left alone.
func (o nearest) Visit(u, v int32, e int64) bool {
	d := o.Depth + 1
	claimed := o.Dist.AtomicCompareAndSwap(int(v), -1, d)
	if claimed || o.Dist.AtomicLoad(int(v)) == d {
		o.Owner.AtomicMin(int(v), o.Owner.AtomicLoad(int(u)))
	}
	return claimed
}

// Step 3: the template's kernels with this operator, for the kernel translator.
var _ = []any{
	frontier.PushThread[nearest]{}, frontier.PushTeam[nearest]{},
	frontier.PushLocal[nearest]{}, frontier.PushGlobal[nearest]{},
}

// Kernels of the algorithm's own (plain gokkos kernels) set up the arrays and summarize them.

// reset marks every vertex unreached.
//
//gokkos:kernel
type reset struct {
	Dist, Owner views.View1D[int32]
}

// Run resets vertex v.
func (k reset) Run(v int) {
	k.Dist.Set(v, -1)
	k.Owner.Set(v, math.MaxInt32)
}

// seed makes the vertices of Seeds their own owners at distance 0.
//
//gokkos:kernel
type seed struct {
	Seeds       views.View1D[int32]
	Dist, Owner views.View1D[int32]
}

// Run seeds entry i.
func (k seed) Run(i int) {
	s := k.Seeds.At(i)
	// A vertex may be listed twice: store atomically so that duplicates do not race.
	k.Dist.AtomicStore(int(s), 0)
	k.Owner.AtomicMin(int(s), s)
}

// Cells is the algorithm's result.
type Cells struct {
	// Dist and Owner are host copies: -1 and MaxInt32 for vertices farther than K.
	Dist, Owner []int32
	// PerDistance[d] is the number of vertices at distance d.
	PerDistance []int64
}

// Run computes the cells of g around seeds, up to k hops, on g's space.
func Run(g *dgraph.Graph, seeds []int32, k int) (*Cells, error) {
	space := g.Space()
	n := g.N()
	// Step 1: results in the graph's space.
	dist, err := views.Alloc1D[int32](space.Memory(), "cells dist", n)
	if err != nil {
		return nil, err
	}
	defer dist.Free()
	owner, err := views.Alloc1D[int32](space.Memory(), "cells owner", n)
	if err != nil {
		return nil, err
	}
	defer owner.Free()
	if err := portable.ParallelFor(space, "cells: reset", portable.Range(0, n), reset{Dist: dist, Owner: owner}); err != nil {
		return nil, err
	}
	seedView, err := views.MirrorViewAndCopy(space.Memory(), views.Wrap1D("cells seeds", seeds))
	if err != nil {
		return nil, err
	}
	if err := portable.ParallelFor(space, "cells: seeds", portable.Range(0, len(seeds)), seed{Seeds: seedView, Dist: dist, Owner: owner}); err != nil {
		return nil, err
	}

	// Step 4: the loop. Unique: Visit accepts each vertex at most once per step.
	f, err := frontier.New(g, frontier.Options{Unique: true})
	if err != nil {
		return nil, err
	}
	defer f.Free()
	if err := f.Set(seeds...); err != nil { // repeated seeds are harmless
		return nil, err
	}
	c := &Cells{}
	op := nearest{Dist: dist, Owner: owner}
	for ; !f.Empty(); op.Depth++ {
		c.PerDistance = append(c.PerDistance, f.Size())
		if int(op.Depth) == k {
			break
		}
		if _, err := frontier.Push(f, op); err != nil {
			return nil, err
		}
	}
	if c.Dist, err = download(dist); err != nil {
		return nil, err
	}
	if c.Owner, err = download(owner); err != nil {
		return nil, err
	}
	// The worklist of a step can hold a seed twice; count distances from the results.
	c.PerDistance = c.PerDistance[:0]
	for _, d := range c.Dist {
		for d >= 0 && int(d) >= len(c.PerDistance) {
			c.PerDistance = append(c.PerDistance, 0)
		}
		if d >= 0 {
			c.PerDistance[d]++
		}
	}
	return c, nil
}

func download(v views.View1D[int32]) ([]int32, error) {
	h := views.New1D[int32](v.Label()+" host", v.Len())
	return h.Data(), views.DeepCopy(h, v)
}

func main() {
	file := flag.String("graph", "", "graph file (default: a generated R-MAT graph of scale 14)")
	seedList := flag.String("seeds", "0,1,2", "comma-separated seed vertices")
	k := flag.Int("k", 3, "largest distance")
	flag.Parse()
	log.SetFlags(0)
	var h *graph.CSR
	var err error
	if *file != "" {
		h, err = graph.ReadFile(*file, graph.ReadOptions{})
	} else {
		h, err = graph.Build(graph.RMAT(14, 8, 1), graph.BuildOptions{Symmetrize: true, Dedup: true, DropSelfLoops: true})
	}
	if err != nil {
		log.Fatal(err)
	}
	var seeds []int32
	for _, s := range strings.Split(*seedList, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < 0 || v >= h.N {
			log.Fatalf("bad seed %q: want a vertex in [0, %d)", s, h.N)
		}
		seeds = append(seeds, int32(v))
	}
	if *k < 0 {
		log.Fatal("-k must not be negative")
	}
	space, err := execspace.Default()
	if err != nil {
		log.Fatal(err)
	}
	g, err := dgraph.New(space, h)
	if err != nil {
		log.Fatal(err)
	}
	c, err := Run(g, seeds, *k)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stdout, "%d vertices, %d edges, on the %s space\n", h.N, h.NumEdges(), space.Name())
	for d, count := range c.PerDistance {
		fmt.Printf("distance %d: %d vertices\n", d, count)
	}
	size := map[int32]int{}
	for _, o := range c.Owner {
		if o != math.MaxInt32 {
			size[o]++
		}
	}
	for _, s := range seeds {
		fmt.Printf("cell of seed %d: %d vertices\n", s, size[s])
	}
}

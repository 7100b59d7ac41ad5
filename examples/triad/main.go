// Command triad runs the STREAM triad z = x + a·y through portable.ParallelFor on the default
// execution space and prints the bandwidth it reached.
//
//	go run ./examples/triad              # host goroutine pool
//	go run -tags cuda ./examples/triad   # a GPU, when built with the CUDA space
package main

//go:generate go tool gokkos-gen

import (
	"flag"
	"fmt"
	"log"
	"time"

	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/views"
)

// triad computes Z = X + A*Y.
//
//gokkos:kernel
type triad struct {
	A       float64
	X, Y, Z views.View1D[float64]
}

func (k triad) Run(i int) { k.Z.Set(i, k.X.At(i)+k.A*k.Y.At(i)) }

// check counts the elements of Z that differ from Want.
//
//gokkos:kernel
type check struct {
	Z    views.View1D[float64]
	Want float64
}

func (k check) Run(i int, bad *int64) {
	if k.Z.At(i) != k.Want {
		*bad += 1
	}
}

func main() {
	n := flag.Int("n", 1<<25, "elements per array")
	reps := flag.Int("reps", 10, "timed repetitions")
	flag.Parse()

	space, err := execspace.Default()
	if err != nil {
		log.Fatal(err)
	}
	defer space.Close()
	mem := space.Memory()
	alloc := func(label string, fill float64) views.View1D[float64] {
		v, err := views.Alloc1D[float64](mem, label, *n)
		if err != nil {
			log.Fatal(err)
		}
		if err := v.Fill(fill); err != nil {
			log.Fatal(err)
		}
		return v
	}
	x, y, z := alloc("x", 1), alloc("y", 2), alloc("z", 0)
	k := triad{A: 3, X: x, Y: y, Z: z}
	launch := func() {
		if err := portable.ParallelFor(space, "triad", portable.Range(0, *n), k); err != nil {
			log.Fatal(err)
		}
	}
	launch() // warm up: first touch of memory, module load on a GPU
	if err := space.Fence("warm-up"); err != nil {
		log.Fatal(err)
	}
	start := time.Now()
	for r := 0; r < *reps; r++ {
		launch()
	}
	if err := space.Fence("triad"); err != nil {
		log.Fatal(err)
	}
	sec := time.Since(start).Seconds() / float64(*reps)
	var bad int64
	if err := portable.ParallelReduce(space, "check", portable.Range(0, *n), check{Z: z, Want: 7}, portable.Sum(&bad)); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("space %s: triad of %d float64: %.3f ms, %.1f GB/s, %d wrong elements\n",
		space.Name(), *n, sec*1e3, 24*float64(*n)/sec/1e9, bad)
	if bad != 0 {
		log.Fatal("wrong result")
	}
}

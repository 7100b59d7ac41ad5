// Command teamscan shows team policies: each team takes one row of a matrix, computes the
// row's exclusive prefix sums with a team scan over a thread range, stages the row in team
// scratch memory, and one member per team records the row total. It prints the first rows and
// checks every value against a serial computation.
//
//	go run ./examples/teamscan
package main

//go:generate go tool gokkos-gen

import (
	"fmt"
	"log"

	_ "github.com/gokkos/gokkos/backends"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/portable"
	"github.com/gokkos/gokkos/teams"
	"github.com/gokkos/gokkos/views"
)

// rowPrefix writes the exclusive prefix sums of each row of In to Out and the row's total to
// Total, staging the row in level-0 team scratch.
//
//gokkos:kernel
type rowPrefix struct {
	In, Out views.View2D[int64]
	Total   views.View1D[int64]
}

func (k rowPrefix) RunTeam(m teams.Member) {
	r := m.LeagueRank()
	cols := k.In.Extent(1)
	row := teams.TeamScratch[int64](m, 0, cols)
	teams.ThreadRange(m, 0, cols, func(c int) { row.Set(c, k.In.At(r, c)) })
	m.Barrier()
	total := teams.ThreadScan(m, 0, cols, func(c int, acc *int64, final bool) {
		if final {
			k.Out.Set(r, c, *acc)
		}
		*acc += row.At(c)
	})
	teams.Single(m, func() { k.Total.Set(r, total) })
}

func main() {
	const rows, cols = 1000, 300
	space := execspace.MustDefault()
	defer space.Close()

	host := views.New2D[int64]("in", rows, cols, views.LayoutRight)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			host.Set(r, c, int64((r*7+c*3)%10))
		}
	}
	in, err := views.MirrorViewAndCopy2D(space.Memory(), host)
	if err != nil {
		log.Fatal(err)
	}
	out, err := views.Alloc2D[int64](space.Memory(), "out", rows, cols, views.LayoutRight)
	if err != nil {
		log.Fatal(err)
	}
	total, err := views.Alloc1D[int64](space.Memory(), "total", rows)
	if err != nil {
		log.Fatal(err)
	}
	policy := portable.Teams(rows, portable.Auto).WithScratch(0, cols*8, 0)
	if err := portable.ParallelForTeam(space, "row prefix", policy, rowPrefix{in, out, total}); err != nil {
		log.Fatal(err)
	}
	hOut := views.CreateMirror2D(out)
	hTot := views.CreateMirror(total)
	if err := views.DeepCopy2D(hOut, out); err != nil {
		log.Fatal(err)
	}
	if err := views.DeepCopy(hTot, total); err != nil {
		log.Fatal(err)
	}
	for r := 0; r < rows; r++ {
		var run int64
		for c := 0; c < cols; c++ {
			if hOut.At(r, c) != run {
				log.Fatalf("row %d column %d: %d, want %d", r, c, hOut.At(r, c), run)
			}
			run += host.At(r, c)
		}
		if hTot.At(r) != run {
			log.Fatalf("row %d total %d, want %d", r, hTot.At(r), run)
		}
	}
	for r := 0; r < 3; r++ {
		fmt.Printf("row %d: in %v… prefix %v… total %d\n", r, rowHead(host, r), rowHead(hOut, r), hTot.At(r))
	}
	fmt.Printf("space %s: %d rows of %d prefix-summed by teams; all values checked\n", space.Name(), rows, cols)
}

func rowHead(v views.View2D[int64], r int) []int64 {
	out := make([]int64, 6)
	for c := range out {
		out[c] = v.At(r, c)
	}
	return out
}

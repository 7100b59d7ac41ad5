package scc

import (
	"fmt"
	"testing"

	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/execspace"
	"github.com/gokkos/gokkos/internal/sweep"
)

// edgeListConfigs are EdgeList's variants: the default (segments from the space's cache),
// small segments that split every test graph into many groups, no reordering, and the
// transpose-based backward reach.
var edgeListConfigs = []Options{
	{Method: EdgeList},
	{Method: EdgeList, SegmentBytes: 256},
	{Method: EdgeList, NoReorder: true},
	{Method: EdgeList, TransposeBackward: true, SegmentBytes: 512},
}

// simEdgeListGraphs are the test graphs small enough for the simulated device.
var simEdgeListGraphs = map[string]bool{
	"empty": true, "one-vertex": true, "isolated": true, "self-loops": true, "two-cycle": true,
	"pair-chain": true, "giant": true, "rmat-12-sparse": true,
}

func edgeListName(o Options) string {
	return fmt.Sprintf("reorder=%v/transpose=%v/segment=%d", !o.NoReorder, o.TransposeBackward, o.SegmentBytes)
}

// TestEdgeList checks EdgeList's partitions against Tarjan's on every test graph, with every
// variant, on the default space, and on the small graphs on the simulated device (the PTX of its
// kernels) when the default space is another.
func TestEdgeList(t *testing.T) {
	spaces := []execspace.Space{testSpace(t)}
	if spaces[0].Name() != "sim" && !testing.Short() && !raceEnabled {
		sim, err := execspace.Open("sim", execspace.Config{})
		if err != nil {
			t.Fatal(err)
		}
		defer sim.Close()
		spaces = append(spaces, sim)
	}
	for _, space := range spaces {
		t.Run(space.Name(), func(t *testing.T) {
			onSim := space.Name() == "sim"
			for c, tg := range testGraphs {
				if onSim && !simEdgeListGraphs[tg.name] && !sweep.Exhaustive() {
					continue
				}
				t.Run(tg.name, func(t *testing.T) {
					g := build(t, tg.make())
					want := expect(t, g)
					dg, err := dgraph.New(space, g)
					if err != nil {
						t.Fatal(err)
					}
					defer dg.Free()
					for j, o := range edgeListConfigs {
						if onSim && !sweep.Pick(c, j, len(edgeListConfigs), 2) {
							continue
						}
						t.Run(edgeListName(o), func(t *testing.T) {
							res, err := Run(dg, o)
							if err != nil {
								t.Fatal(err)
							}
							check(t, res, want)
							st := res.Stats
							if res.Iterations != st.FBRounds || st.ColorRounds != 0 || st.Trimmed+st.Phase2Found != g.N {
								t.Fatalf("%d iterations, %d FB and %d colour rounds; %d trimmed + %d found of %d vertices",
									res.Iterations, st.FBRounds, st.ColorRounds, st.Trimmed, st.Phase2Found, g.N)
							}
						})
					}
				})
			}
		})
	}
}

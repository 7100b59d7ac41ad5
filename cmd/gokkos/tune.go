package main

import (
	"flag"

	"github.com/gokkos/gokkos/algorithms/frontier"
)

// tuneUsage is the help text of the -tune flag of the algorithms on the frontier template.
const tuneUsage = "frontier template launch parameters, name=value[,name=value...] of frontier.Tuning's fields (e.g. LevelRounds=64,LevelTeamSize=32); unset fields keep the space's defaults"

// tuneFlag registers -tune on fs and returns a function that parses its value into *dst.
func tuneFlag(fs *flag.FlagSet, dst *frontier.Tuning) func() error {
	s := fs.String("tune", "", tuneUsage)
	return func() error {
		t, err := frontier.ParseTuning(*s)
		if err != nil {
			return usagef("-tune: %v", err)
		}
		*dst = t
		return nil
	}
}

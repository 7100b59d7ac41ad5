package scc

import (
	"testing"
	"time"
)

func TestZZDebug(t *testing.T) {
	for _, tg := range testGraphs {
		switch tg.name {
		case "smallworld", "scrambled-long-cycle", "long-cycle", "oriented-grid", "pair-chain", "rmat-13":
		default:
			continue
		}
		_, dg := load(t, tg.make())
		for _, o := range []Options{{Method: EdgeList, Trace: true}, {Method: FBTrim}, {Method: Hybrid}} {
			t0 := time.Now()
			res := run(t, dg, o)
			st := res.Stats
			t.Logf("%s %v: %v rounds %d reach %d trimpasses %d trimmed %d trim %v reach %v fb %v", tg.name, o.Method, time.Since(t0), st.FBRounds, st.ReachIterations, st.TrimPasses, st.Trimmed, st.TrimTime, st.ReachTime, st.FBTime)
		}
	}
}

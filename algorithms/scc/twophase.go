package scc

// twoPhase runs FBTrim (hybrid false) or Hybrid (hybrid true).
//
// Phase 1: trim, then forward-backward steps from single pivots of largest degree product until
// one finds a component of more than SwitchFraction of the vertices (or Phase1Rounds steps have
// run), then Trim2 and trimming again. With Traversal Auto a phase-1 step is two
// direction-optimizing breadth-first searches, as in Multistep (see searchStep); with another
// traversal it is the restricted reach of the phase-2 steps from one pivot. Phase 2: FWcc gives every weakly connected piece of the
// remaining graph its own subgraph, and rounds repeat until every vertex is assigned, each one
// followed by trimming: many-pivot forward-backward steps (FBTrim) or colour propagation rounds
// (Hybrid).
func (s *state) twoPhase(hybrid bool) error {
	if _, err := s.trim(); err != nil {
		return err
	}
	big := int(s.opts.SwitchFraction * float64(s.n))
	for s.active > 0 && s.stats.Phase1Rounds < s.opts.Phase1Rounds {
		var found int
		var err error
		if s.ms != nil {
			found, err = s.searchStep()
		} else {
			found, err = s.singlePivotStep(s.opts.Traversal)
		}
		if err != nil {
			return err
		}
		s.stats.Phase1Rounds++
		s.stats.Phase1Found += found
		if found > big {
			s.stats.Switched, s.stats.SwitchSize = true, found
			break
		}
	}
	if _, err := s.trim2(); err != nil {
		return err
	}
	if _, err := s.trim(); err != nil {
		return err
	}
	if err := s.fwcc(); err != nil {
		return err
	}
	t := s.opts.Traversal
	for s.active > 0 {
		var found int
		var err error
		if hybrid {
			found, err = s.colourRound(t)
		} else {
			found, err = s.manyPivotStep(t)
		}
		if err != nil {
			return err
		}
		if found <= 0 {
			return errStalled(s.active)
		}
		s.stats.Phase2Rounds++
		s.stats.Phase2Found += found
		if _, err := s.trim(); err != nil {
			return err
		}
	}
	return nil
}

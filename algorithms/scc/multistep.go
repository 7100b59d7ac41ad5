package scc

import "fmt"

// multistep runs Multistep: trim, one forward-backward step from the vertex of largest degree
// product, colour propagation rounds while more than the serial cutoff of vertices remain, and
// Tarjan for the rest.
func (s *state) multistep() error {
	if _, err := s.trim(); err != nil {
		return err
	}
	if s.done() {
		return s.finishSerially()
	}
	found, err := s.singlePivotStep(s.opts.Traversal)
	if err != nil {
		return err
	}
	s.stats.Phase1Rounds++
	s.stats.Phase1Found += found
	for !s.done() {
		found, err := s.colourRound(s.opts.Traversal)
		if err != nil {
			return err
		}
		if found <= 0 {
			return errStalled(s.active)
		}
		s.stats.Phase2Rounds++
		s.stats.Phase2Found += found
	}
	return s.finishSerially()
}

// done reports whether nothing is left for the parallel steps: no active vertex, or (for
// Multistep) few enough for the serial finish.
func (s *state) done() bool {
	if s.active == 0 {
		return true
	}
	return s.opts.Method == Multistep && s.opts.SerialCutoff >= 0 && s.active <= s.opts.SerialCutoff
}

// errStalled reports a round that assigned no vertex, which the methods rule out: every
// many-pivot round assigns its pivots and every colour round its roots.
func errStalled(active int) error {
	return fmt.Errorf("scc: internal error: a round assigned none of the %d remaining vertices", active)
}

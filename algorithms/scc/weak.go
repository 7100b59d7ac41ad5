package scc

import (
	"time"

	"github.com/gokkos/gokkos/algorithms/wcc"
)

// weak runs Weak: on a symmetric graph every edge lies on a cycle of two, so two vertices that
// are joined by a path in either direction are joined in both, and the strongly connected
// components are the weakly connected ones. Afforest labels every vertex with the smallest
// vertex of its component, a representative the numbering takes as it is; its giant-component
// skip is valid because the out-edge CSR holds every edge at both ends.
func (s *state) weak() error {
	t0 := time.Now()
	defer func() { s.stats.WCCTime += time.Since(t0) }()
	if _, err := wcc.LabelWith(s.space, s.out, wcc.Filter{}, s.comp, wcc.Options{Symmetric: true}); err != nil {
		return err
	}
	s.active = 0
	return nil
}

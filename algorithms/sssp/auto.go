package sssp

import (
	"github.com/gokkos/gokkos/algorithms/dgraph"
	"github.com/gokkos/gokkos/views"
)

// The bounds of Auto's diameter estimate on a device (dgraph.Graph.SampleBalls): autoSamples
// forward searches, each stopping at autoBall vertices or autoLevels levels.
const (
	autoSamples = 4
	autoBall    = 16384
	autoLevels  = 64
)

// resolveAuto returns the method Auto runs (see Auto): BellmanFord for negative weights;
// DeltaStepping when Options.Delta is set; on a device space, BellmanFord when a sampled
// search filled its ball within autoLevels levels and none reached that bound (a graph of
// small diameter), else DeltaStepping. It sets s.probe when it measured. The probe's scratch
// is allocated and freed here.
func (s *SSSP) resolveAuto() (Method, error) {
	if s.wmin < 0 {
		return BellmanFord, nil
	}
	space := s.g.Space()
	n := s.g.N()
	if !space.Info().Device || n == 0 || s.opt.Delta > 0 {
		return DeltaStepping, nil
	}
	seen, err := views.Alloc1D[uint32](space.Memory(), "sssp probe marks", n)
	if err != nil {
		return 0, err
	}
	defer seen.Free()
	b, err := s.g.SampleBalls(autoSamples, autoBall, autoLevels, dgraph.CSR{}, seen)
	if err != nil {
		return 0, err
	}
	s.probe = b
	if b.Levels < autoLevels && b.Visited >= min(autoBall, n) {
		return BellmanFord, nil
	}
	return DeltaStepping, nil
}

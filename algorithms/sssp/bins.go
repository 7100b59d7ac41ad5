package sssp

import (
	"math"

	"github.com/gokkos/gokkos/algorithms/frontier"
	"github.com/gokkos/gokkos/views"
)

// Binned delta-stepping. The near-far form (delta.go) rebuilds its worklists between steps
// with passes over the improved vertices and the far pile; on the host, where a launch is a
// function call, those passes and the shared marks they need take about as long as the
// relaxations themselves. Where the distances are integers, the host instead runs the
// template's binned steps (frontier.RunBins) with relaxInt, whose key is the distance: every
// worker files each vertex it improves into its own bin of the vertex's bucket at once, and
// one launch runs the whole computation. The buckets' width is a power of two, the one
// nearest Delta, so that a bucket index is a shift; a relaxation raises a distance by at most
// the largest weight, so that a ring of 2 + wmax/width bins (rounded up to a power of two)
// per worker holds the live buckets.

// Key returns v's distance, the key of binned delta-stepping (frontier.BinOp).
func (o relaxInt) Key(v int32) uint32 { return o.Dist.AtomicLoad(int(v)) }

// binShift returns the shift of the buckets' width nearest delta (at least 1, at most 2^30).
func binShift(delta float64) int {
	shift := 0
	for shift < 30 && float64(int64(1)<<(shift+1)) <= delta*math.Sqrt2 {
		shift++
	}
	return shift
}

// binSlots returns the ring length for buckets of width 2^shift and largest weight wmax, or 0
// when it would exceed frontier.MaxBinSlots.
func binSlots(shift int, wmax float64) int {
	need := 2 + wmax/float64(int64(1)<<shift)
	if !(need <= frontier.MaxBinSlots) {
		return 0
	}
	s := 1
	for float64(s) < need {
		s *= 2
	}
	return s
}

// binEntries is the pool capacity of binned delta-stepping for a graph of n vertices: twice
// the vertices (live entries are the improved vertices not yet expanded, each once per bucket
// it improved into).
func binEntries(n int) int { return 2*n + 1<<12 }

// runBins runs binned delta-stepping from the initialized integer distances. It reports false,
// with the distances unspecified, when it did not finish: a worker's part of the pool ran out
// or the weights span too many buckets.
func (s *SSSP) runBins(st *Stats) (bool, error) {
	if !(s.delta < infInt) {
		return false, nil
	}
	shift := binShift(s.delta)
	slots := binSlots(shift, s.wmax)
	if slots == 0 {
		return false, nil
	}
	entries := s.binEntries
	if entries == 0 {
		entries = binEntries(s.g.N())
	}
	if s.bins == nil || s.bins.Slots() != slots {
		if s.bins != nil {
			s.bins.Free()
		}
		var err error
		if s.bins, err = frontier.NewBins(s.g, slots, entries); err != nil {
			s.bins = nil
			return false, err
		}
	}
	s.bins.SetFuse(s.f.Tuning().BinFuse)
	s.bins.SetHub(s.f.Tuning().BinHub)
	steps, done, err := frontier.RunBins(s.bins, s.g, relaxInt{W: s.iw, Dist: s.idist}, st.Source, shift)
	st.Iterations = steps
	return done, err
}

// KeyView returns the distances, so that host binned steps read the keys as a slice
// (frontier.KeyViewer).
func (o relaxInt) KeyView() views.View1D[uint32] { return o.Dist }
